"""Status cycling and the short undo history of rating/status/tag/title changes."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from tui.core.models import Annotation, Status

#: The order `s` walks forward through (and `S` backward).
STATUS_CYCLE = (Status.UNREAD, Status.TO_READ, Status.READING, Status.READ, Status.SKIPPED)

#: Fields whose changes `u` can undo; notes have the editor's own undo.
UNDOABLE_FIELDS = ("rating", "status", "tags", "title")

#: How many changes `u` can walk back.
HISTORY_SIZE = 50


def cycle_status(status: Status, step: int = 1) -> Status:
    """The status after `status` in the cycle (`step=-1` goes back), wrapping around."""
    index = STATUS_CYCLE.index(Status(status))
    return STATUS_CYCLE[(index + step) % len(STATUS_CYCLE)]


def previous_values(annotation: Annotation, changes: dict[str, Any]) -> dict[str, Any]:
    """What the undoable fields among `changes` hold now, to restore them later."""
    before: dict[str, Any] = {}
    for name in changes:
        if name in UNDOABLE_FIELDS:
            value = getattr(annotation, name)
            before[name] = value.value if isinstance(value, Status) else value
    if "status" in before:  # undoing "read" also forgets the day it was read
        before["started"] = annotation.started
        before["finished"] = annotation.finished
    return before


@dataclass(frozen=True, slots=True)
class Change:
    """One undoable change: the paper, and the field values before it."""

    pid: str
    before: dict[str, Any]


class UndoHistory:
    """The last few annotation changes, newest last; `pop` hands back what to restore.

    Changes are pushed only once their save succeeded, so undo never restores
    a state that was never stored.
    """

    def __init__(self, size: int = HISTORY_SIZE) -> None:
        self._changes: deque[Change] = deque(maxlen=size)

    def push(self, pid: str, before: dict[str, Any]) -> None:
        """Remember that `pid`'s fields held `before` until a change just saved."""
        if before:
            self._changes.append(Change(pid, dict(before)))

    def pop(self) -> Change | None:
        """The newest change to undo, or None when there is nothing left."""
        return self._changes.pop() if self._changes else None

    def __len__(self) -> int:
        return len(self._changes)
