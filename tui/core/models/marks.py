"""What another member of a reading group said about a paper: the value type search, the pane and the CLI share."""

from __future__ import annotations

from typing import NamedTuple

from tui.core.models.annotation import Status

#: A rating of this many stars or more counts as a vote to discuss the paper (`votes:`, `discuss:`).
VOTE = 4


class MemberMark(NamedTuple):
    """One member's shared view of one paper: their rating, status, shared tags and one-line comment.

    `notes` and `highlights` ((text, comment) pairs) are there only when the
    member opted that paper in; otherwise they never left the member's machine.
    A NamedTuple rather than a dataclass: the models load on every start.
    """

    member: str
    rating: int = 0
    status: Status = Status.UNREAD
    tags: tuple[str, ...] = ()
    comment: str = ""
    notes: str = ""
    highlights: tuple[tuple[str, str], ...] = ()

    @property
    def votes(self) -> bool:
        """The member rated the paper `VOTE` stars or more."""
        return self.rating >= VOTE
