"""Annotating papers, the one way the app and the command line both take: what a change changes, its save, its undo.

The app keeps one `Annotating` for its screen: a change is asked for on the UI
thread (`request`: the fields it really changes, and the values an undo puts
back), put on the one undo history there and then, so the history is in the
order the keys were typed, written from a worker thread in the order it was
asked (`write`, through `store.saver`), and settled once it landed (`saved`)
or dropped from the history when it failed (`failed`). The command line saves one change at a time together with its
change-log entry (`save_logged`), which the app takes into its history when it
next opens the library (`command_line_edits`, `take`). Both decide what a
change changes with `same_value`.

The undo history and the change log are imported at the first change or the
first `u`: nothing here is needed for the app's first frame but the saver.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.core.models import Annotation, Status, utc_now
from tui.core.store.saver import AnnotationSaver, SaveRequest
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.tags import complete, format_tags, known_tags, parse_tags, source_tags

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.core.store.changelog import LoggedChange as LoggedChange
    from tui.core.store.history import Change as Change
    from tui.core.store.history import Joined as Joined
    from tui.core.store.history import Removal as Removal
    from tui.core.store.history import StatusWalk, UndoHistory
    from tui.core.store.history import Step as Step

__all__ = [
    "Annotating", "Pending", "complete", "drop_source_tags", "format_tags", "kinds", "known_tags", "parse_tags", "same_value",
    "save_logged", "source_tags",
]


@dataclass
class _SourceTagEdit:
    """One paper's imported tags, fewer: the shape `LibraryStore.change_papers` takes."""

    replaced: dict[str, Any]
    added: list[Any] = field(default_factory=list)
    removed: set[str] = field(default_factory=set)


def drop_source_tags(library: Library, pid: str, dropped: Iterable[str]) -> tuple[str, ...]:
    """Remove tags that came with the data from the paper (the reader removed them: `tag ID -x`, the tag box);
    the ones removed, case as stored. One atomic write of papers.json; nothing when none of them is there."""
    wanted = {t.casefold() for t in dropped}
    paper = library.get(pid)
    if paper is None or not wanted:
        return ()
    gone = tuple(t for t in paper.tags if t.casefold() in wanted)
    if gone:
        kept = tuple(t for t in paper.tags if t.casefold() not in wanted)
        library.change_papers(lambda papers: _SourceTagEdit({pid: paper.with_changes(tags=kept)}))
    return gone


def _plain(value: Any) -> Any:
    """A value as it is stored: a status by its name, a list or tuple as a tuple."""
    if isinstance(value, Status):
        return value.value
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value


def same_value(old: Any, new: Any) -> bool:
    """Whether setting a field holding `old` to `new` changes nothing (a status and its name, a list and a tuple are equal)."""
    return _plain(old) == _plain(new)


def kinds(step: Step | None) -> tuple[Change | None, Removal | None]:
    """An entry of the history as (a change of one paper's annotation, a removal of papers): one of them, or neither
    (versions an import joined: `joined_step`)."""
    from tui.core.store.history import Joined, Removal  # loaded with the history: there is an entry only once it exists

    if step is None or isinstance(step, Joined):
        return None, None
    return (None, step) if isinstance(step, Removal) else (step, None)


def joined_step(step: Step | None) -> Joined | None:
    """The entry when it is versions an import joined, else None."""
    from tui.core.store.history import Joined

    return step if isinstance(step, Joined) else None


class Pending:
    """A change asked for and not yet settled: the saver's request, and its step on the undo history.

    A plain class, not a dataclass (why: `tui.core.records`): one is made for every key that changes a paper.
    """

    __slots__ = ("request", "entry")

    def __init__(self, request: SaveRequest, entry: Change | None = None) -> None:
        self.request = request
        self.entry = entry
        """Its step in the undo history (None: not undoable), dropped should the save fail."""

    @property
    def pid(self) -> str:
        return self.request.pid

    @property
    def changes(self) -> dict[str, Any]:
        return self.request.changes


class Annotating:
    """The changes the app makes to one library's annotations, their order on disk, and the undo history.

    Made before the library is open; `attach` gives it the library (again after a backup was restored:
    the history is kept). Every method but `write` and `command_line_edits` runs on the UI thread.
    """

    def __init__(self) -> None:
        self.library: Library | None = None
        self.saver: AnnotationSaver | None = None

    def attach(self, library: Library) -> None:
        """Annotate `library` from now on."""
        self.library = library
        self.saver = AnnotationSaver(library)

    @cached_property
    def history(self) -> UndoHistory:
        """One history for changes and removals, made at its first use: nothing before the first frame needs it."""
        from tui.core.store.history import UndoHistory

        return UndoHistory()

    @cached_property
    def status_walk(self) -> StatusWalk:
        """Dates of statuses only passed through while cycling (made with the history)."""
        from tui.core.store.history import StatusWalk

        return StatusWalk()

    @property
    def notes_path(self) -> Path | None:
        """The annotations file, which an error without a file name is about."""
        return Path(self.library.folder) / ANNOTATIONS_FILE if self.library is not None else None

    def view(self, pid: str) -> Annotation:
        """The paper's annotation including changes still on their way to disk."""
        assert self.saver is not None
        return self.saver.view(pid)

    # -- a change, from the key to the disk -------------------------------------------

    def request(self, pid: str, *, undoable: bool = True, every: bool = False, **changes: Any) -> Pending | None:
        """Queue the fields of `changes` that change something (None when none does); `view` shows them at once.

        `every`: queue every field, even one the view already shows (an undo or redo: a paper on its way
        back from the trash shows no annotation until the restore lands, then the trash's).

        An undoable change goes on the history now, before its save lands: a `u` typed next undoes it,
        whatever the workers' timing (its `after` is what the store will make of it, dates filled in).
        `opened` is always written (it stamps a day, never a value the reader set). A change other
        than a status ends a walk through the statuses (`StatusWalk`).
        """
        from tui.core.store.changes import apply_changes
        from tui.core.store.history import previous_values

        assert self.saver is not None
        current = self.view(pid)
        if "status" not in changes and "opened" not in changes:
            self.status_walk.end()
        if "opened" not in changes and not every:
            changes = {name: value for name, value in changes.items() if not same_value(getattr(current, name), value)}
        if not changes:
            return None
        before = previous_values(current, changes) if undoable else {}
        request = self.saver.request(pid, **changes)
        if not before:
            return Pending(request)
        after = previous_values(apply_changes(current, changes, utc_now()), before)
        return Pending(request, self.history.push(pid, before, after))

    def write(self, pending: Pending) -> Annotation:
        """From a worker thread: write the change (minus fields a newer change already wrote); raises what the store raises."""
        assert self.saver is not None
        return self.saver.write(pending.request)

    def saved(self, pending: Pending, stored: Annotation) -> None:
        """The change landed as `stored`: it leaves the queue (its step is on the history since `request`)."""
        assert self.saver is not None
        self.saver.settle(pending.request)

    def failed(self, pending: Pending) -> None:
        """The change could not be written: it leaves the queue and the history, and `view` shows what is stored."""
        assert self.saver is not None
        self.saver.settle(pending.request)
        if pending.entry is not None:
            self.history.forget(pending.entry)

    def save_now(self, pid: str, **changes: Any) -> Annotation:
        """Write `changes` on this thread, after the changes asked before them (quitting, a signal)."""
        assert self.saver is not None
        return self.saver.save_now(pid, **changes)

    # -- statuses ----------------------------------------------------------------------

    def next_status(self, pid: str, step: int) -> Status:
        """The status `s` (step 1) or `S` (-1) gives the paper next."""
        from tui.core.store.history import cycle_status

        return cycle_status(self.view(pid).status, step)

    def status_change(self, pid: str, status: Status, now: float) -> dict[str, Any]:
        """The changes that give `pid` `status` at monotonic time `now`: dates only for the status it is left in."""
        return self.status_walk.step(self.view(pid), status, now)

    # -- undo --------------------------------------------------------------------------

    def undo(self) -> Step | None:
        """The newest entry to undo, or None (a change: `replay` says what to save)."""
        return self.history.undo()

    def redo(self) -> Step | None:
        """The last undone entry to apply again, or None."""
        return self.history.redo()

    def replay(self, change: Change, undo: bool) -> tuple[dict[str, Any], list[str]]:
        """Undoing (restoring `before`) or redoing (`after`) a change: the values to save, not themselves recorded
        (`request(..., undoable=False)`), and the fields a reader would say changed. Ends a walk through the statuses."""
        from tui.core.store.history import UNDOABLE_FIELDS

        self.status_walk.end()
        values = change.before if undo else change.after
        return values, [name for name in values if name in UNDOABLE_FIELDS]

    def removed(self, pids: tuple[str, ...], what: str) -> Removal | None:
        """Papers are going to the trash (asked now, moved after the saves ahead): one entry of the history
        brings them all back. The entry is returned for `forget`, should the move fail."""
        return self.history.push_removal(pids, what)

    def forget(self, step: Step | None) -> None:
        """Drop a step whose save or move failed from the history (None: nothing to drop)."""
        if step is not None:
            self.history.forget(step)

    def command_line_edits(self) -> list[LoggedChange]:
        """From a worker thread: the edits `paperdesk rate/status/tag/note` made since the app last ran, which
        `u` can still undo, oldest first; the change log is emptied (`store.changelog.take_into`)."""
        from tui.core.store.changelog import take_into
        from tui.core.store.history import UndoHistory

        assert self.library is not None
        return take_into(UndoHistory(), self.library)

    def take(self, changes: list[LoggedChange]) -> None:
        """Put the command line's edits on the history (on the UI thread), beneath the changes keys made since
        the app started (the edits are older), so `u` undoes the newest first."""
        from tui.core.store.history import Change

        self.history.put_beneath([Change(change.pid, dict(change.before), dict(change.after)) for change in changes if change.before])


def save_logged(library: Library, pid: str, changes: dict[str, Any], summary: Callable[[Annotation], str]) -> Annotation | None:
    """The command line's save: `changes` and their change-log entry (for the app's undo) in ONE atomic write.

    None, and nothing written, when the changes change nothing. `summary(after)` is the log's line.
    """
    from tui.core.store.changelog import log_entry

    before = library.annotation(pid)
    if all(same_value(getattr(before, name), value) for name, value in changes.items()):
        return None

    def entry(new: dict[str, Annotation]) -> dict[str, Any]:
        after = new[pid]
        return log_entry(pid, before, after, changes, summary(after))

    return library.save_annotations({pid: changes}, log=entry)[pid]
