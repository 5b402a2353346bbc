"""Status cycling and the undo/redo history of rating/status/tag/title/highlight changes and of removals."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from tui.core.models import Annotation, Status

#: The order `s` walks forward through (and `S` backward).
STATUS_CYCLE = (Status.UNREAD, Status.TO_READ, Status.READING, Status.READ, Status.SKIPPED)

#: Fields whose changes `u` can undo; notes have the editor's own undo.
UNDOABLE_FIELDS = ("rating", "status", "tags", "title", "highlights")

#: How many changes `u` can walk back.
HISTORY_SIZE = 50

#: Status changes of one paper less than this many seconds apart are one walk through the cycle.
STATUS_SETTLE_SECONDS = 2.0


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


class StatusWalk:
    """Keeps the dates of statuses a paper only passed through while cycling out of the store.

    `s` four times on an unread paper walks through to-read, reading, read and
    skipped; only "skipped" is where the reader left it, so "started" and
    "read" dates must not be recorded. Status changes of one paper in quick
    succession, with nothing else in between, form one walk: each step
    restores the dates the paper had before the walk began, and the store
    then fills in the date of the status it lands on.
    """

    def __init__(self, settle: float = STATUS_SETTLE_SECONDS) -> None:
        self.settle = settle
        self._pid: str | None = None
        self._dates: dict[str, str] = {}
        self._at = 0.0

    def step(self, annotation: Annotation, status: Status, now: float) -> dict[str, Any]:
        """The changes for giving `annotation`'s paper `status` at monotonic time `now`."""
        if self._pid != annotation.id or now - self._at > self.settle:
            self._pid = annotation.id
            self._dates = {"started": annotation.started, "finished": annotation.finished}
        self._at = now
        return {"status": Status(status).value, **self._dates}

    def end(self) -> None:
        """Another kind of change came in between: the next status change starts a new walk."""
        self._pid = None


@dataclass(frozen=True, slots=True)
class Change:
    """One undoable change: the paper, and the field values before and after it."""

    pid: str
    before: dict[str, Any]
    after: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Removal:
    """Papers moved to the trash: undoing restores exactly these (`pids`), redoing removes them again."""

    pids: tuple[str, ...]
    what: str


@dataclass(frozen=True, slots=True)
class Joined:
    """Versions an import merged into stored papers ((stored id, absorbed id) pairs): undoing splits them
    (`usecases.versions.undo_import`), redoing joins them again."""

    pairs: tuple[tuple[str, str], ...]


Step = Change | Removal | Joined


class UndoHistory:
    """The annotation changes and removals of this run of the app: `undo` walks back, `redo` forward again.

    A step is pushed when it is asked for, on the UI thread, so the history holds
    steps in the order their keys were typed, whichever save lands first: `u`
    typed before the saves of the keys ahead of it have landed still undoes the
    newest. A step whose save or move then fails is dropped (`forget`), so undo
    never replays a change that never reached the disk. A new step after some
    undos forgets the steps that could have been redone, as editors do.
    """

    def __init__(self, size: int = HISTORY_SIZE) -> None:
        self._size = size
        self._done: deque[Step] = deque(maxlen=size)
        self._undone: list[Step] = []

    def push(self, pid: str, before: dict[str, Any], after: dict[str, Any]) -> Change | None:
        """Remember that `pid`'s fields go from `before` to `after`; the entry, for `forget` (None: nothing undoable)."""
        if not before:
            return None
        change = Change(pid, dict(before), dict(after))
        self._done.append(change)
        self._undone.clear()
        return change

    def push_removal(self, pids: tuple[str, ...], what: str) -> Removal | None:
        """Remember a removal (one step, however many papers it takes); the entry, for `forget` (None: no papers)."""
        if not pids:
            return None
        removal = Removal(tuple(pids), what)
        self._done.append(removal)
        self._undone.clear()
        return removal

    def push_joined(self, pairs: tuple[tuple[str, str], ...]) -> Joined | None:
        """Remember the versions an import merged (one step for the whole import; None: none)."""
        if not pairs:
            return None
        joined = Joined(tuple(pairs))
        self._done.append(joined)
        self._undone.clear()
        return joined

    def put_beneath(self, changes: list[Change]) -> None:
        """Steps older than every step pushed so far (oldest first), put under them: the command line's edits,
        taken once the app is up, after keys may already have changed papers. The newest fit when space is short."""
        room = self._size - len(self._done)
        if room <= 0:
            return
        for change in reversed(changes[-room:]):
            self._done.appendleft(change)

    def forget(self, step: Step) -> None:
        """Drop this very entry (not an equal one), undone or not: its save or move failed."""
        for stack in (self._done, self._undone):
            for at, entry in enumerate(stack):
                if entry is step:
                    del stack[at]
                    return

    def undo(self) -> Step | None:
        """The newest change to undo (restore its `before`), or None when there is nothing left."""
        if not self._done:
            return None
        change = self._done.pop()
        self._undone.append(change)
        return change

    def redo(self) -> Step | None:
        """The last undone change to apply again (its `after`), or None."""
        if not self._undone:
            return None
        change = self._undone.pop()
        self._done.append(change)
        return change

    def __len__(self) -> int:
        return len(self._done)
