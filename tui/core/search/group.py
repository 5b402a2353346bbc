"""A reading group in search: `votes:`, `group:NAME`, `discuss:` and the group-score sort.

The other members' marks come from their shared files (`core.group`) and are
set on the index as `GroupColumns`; this member's own vote is the index's
live rating, so rating a paper moves it in `votes:` at once, before any sync.
A vote is a rating of `models.VOTE` (4) stars or more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np

from tui.core.models import VOTE, MemberMark
from tui.core.search.query import Filter, NumberTest


class GroupColumns:
    """Per paper (by index position): the other members' votes, how many rated it and their ratings' sum;
    per member (case-folded), the papers they rated; this member's name; `discuss:`'s threshold."""

    def __init__(self, size: int, position: Mapping[str, int], marks: Mapping[str, Sequence[MemberMark]], me: str, discuss: int) -> None:
        self.me, self.discuss = me.casefold(), discuss
        self.votes = np.zeros(size, dtype=np.int16)
        self.rated = np.zeros(size, dtype=np.int16)
        self.total = np.zeros(size, dtype=np.int32)
        self.members: dict[str, list[int]] = {}
        for pid, found in marks.items():
            i = position.get(pid)
            if i is None:
                continue
            for mark in found:
                if mark.rating:
                    self.rated[i] += 1
                    self.total[i] += mark.rating
                    self.members.setdefault(mark.member.casefold(), []).append(i)
                self.votes[i] += mark.votes


class GroupIndex(Protocol):
    """What the group's filters read from an index (`SearchIndex`)."""

    @property
    def size(self) -> int: ...
    @property
    def rating(self) -> np.ndarray: ...  # this member's own, live
    @property
    def group(self) -> GroupColumns | None: ...


def votes(index: GroupIndex) -> np.ndarray:
    """Per paper, the members who rated it 4 or more, this member included (int64: the group sort's key scales it)."""
    own = (index.rating >= VOTE).astype(np.int64)
    return own if index.group is None else own + index.group.votes


def group_mask(index: GroupIndex, flt: Filter) -> np.ndarray:
    """Papers passing `votes:`, `discuss:` or `group:NAME`."""
    value = flt.value
    if flt.field == "votes" and isinstance(value, NumberTest):
        count = votes(index)
        mask = (count >= value.low) & (count <= value.high)
    elif flt.field == "discuss":
        least = value.low if isinstance(value, NumberTest) else (index.group.discuss if index.group else 2)
        mask = votes(index) >= least
    else:  # group:NAME, the papers a member (whose name starts so) rated; this member's from the live ratings
        wanted = str(value)
        mask = np.zeros(index.size, dtype=bool)
        columns = index.group
        if columns is not None:
            for name, docs in columns.members.items():
                if name.startswith(wanted) and name != columns.me:
                    mask[docs] = True
            if columns.me.startswith(wanted):
                mask |= index.rating > 0
    return ~mask if flt.negate else mask


def group_order(index: GroupIndex, docs: np.ndarray) -> np.ndarray:
    """The group-score sort's primary key (smaller first): most votes, then the highest mean rating of those who rated.

    The mean is in hundredths of a star (0..500), under one vote's step of 1000. A paper nobody rated has
    no rating in its total either, so its mean is 0 without a case of its own.
    """
    own = index.rating[docs].astype(np.int64)
    rated = own > 0  # this member's own rating counts once (a bool adds as 0 or 1)
    total = own
    if index.group is not None:
        rated = rated + index.group.rated[docs]
        total = total + index.group.total[docs]
    mean = (total * 100) // np.maximum(rated, 1)
    return -(votes(index)[docs] * 1000 + mean)
