"""The log of edits made from the command line, kept so the app's undo can walk them back.

A command-line edit (`paperdesk rate/status/tag/note`) runs while the app is
closed: it cannot reach the app's in-memory undo history. So each one is
written, in the same atomic save as the annotation itself, to a small table
(`history`) beside the annotations: the paper, the field values before and
after, and a one-line summary. The app reads the log when it opens the
library, pushes the entries whose `after` values still hold onto its undo
history (oldest first, so `u` undoes the newest CLI edit first), then
forgets them (`forget`), so each edit is offered once: `take_into` does all three.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from tui.core.errors import PaperdeskError
from tui.core.models import Annotation, Status

if TYPE_CHECKING:
    from tui.core.store.history import UndoHistory

#: The table in the annotations file holding the log.
CHANGE_LOG_TABLE = "history"
#: How many logged edits are kept; older ones are dropped as new ones are written.
CHANGE_LOG_KEPT = 200
#: Where a logged edit came from (the only writer today; the field leaves room for others).
SOURCE_CLI = "cli"


class LogStore(Protocol):
    """What the log needs of a library (`store.storage.LibraryStore` has it)."""

    read_only: bool

    def annotation(self, pid: str) -> Annotation: ...

    def change_log(self) -> list[dict[str, Any]]: ...

    def forget_change_log(self, through: int) -> None: ...


# -- the stored table ------------------------------------------------------------------


def log_table(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The log table of the annotations file's data, minus records this version cannot read."""
    table = data.get(CHANGE_LOG_TABLE)
    if not isinstance(table, dict):
        return {}
    return {key: doc for key, doc in table.items() if key.isdigit() and isinstance(doc, dict)}


def appended_to_log(data: dict[str, Any], doc: dict[str, Any]) -> dict[str, Any]:
    """The log table with `doc` added under the next key, the oldest dropped beyond `CHANGE_LOG_KEPT`."""
    table = log_table(data)
    keys = sorted(int(k) for k in table)
    kept = {str(k): table[str(k)] for k in keys[-(CHANGE_LOG_KEPT - 1):]} if CHANGE_LOG_KEPT > 1 else {}
    kept[str((keys[-1] if keys else 0) + 1)] = doc
    return kept


def log_changes(data: dict[str, Any], doc: dict[str, Any]) -> dict[str, Any]:
    """What appending `doc` changes in the log table, as a journal record: the new document, and None
    for each dropped one (`store.journal`: a save appends only what changed)."""
    old, kept = data.get(CHANGE_LOG_TABLE, {}), appended_to_log(data, doc)
    return {**{key: None for key in old if key not in kept}, **{key: v for key, v in kept.items() if old.get(key) != v}}


# -- reading it back for the app's undo ---------------------------------------------------

#: Fields an undo of a status change restores along with it (the dates it set).
_STATUS_DATES = ("started", "finished")


def stored_value(annotation: Annotation, name: str) -> Any:
    """A field of `annotation` as stored (a status as its string, tags as a list)."""
    value = getattr(annotation, name)
    if isinstance(value, Status):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def snapshot(annotation: Annotation, fields: Any) -> dict[str, Any]:
    """The values of `fields` in `annotation`, with the status dates when the status is among them."""
    names = list(fields)
    if "status" in names:
        names += [name for name in _STATUS_DATES if name not in names]
    return {name: stored_value(annotation, name) for name in names}


@dataclass(frozen=True, slots=True)
class LoggedChange:
    """One command-line edit: `before` restores it (pass it to `Library.save_annotation`)."""

    seq: int
    at: str
    pid: str
    before: dict[str, Any]
    after: dict[str, Any]
    summary: str
    source: str = SOURCE_CLI


def log_entry(pid: str, before: Annotation, after: Annotation, fields: Any, summary: str) -> dict[str, Any]:
    """The document to store for an edit of `fields` that turned `before` into `after`."""
    return {
        "at": after.updated,
        "pid": pid,
        "before": snapshot(before, fields),
        "after": snapshot(after, fields),
        "summary": summary,
        "source": SOURCE_CLI,
    }


def _entry(doc: dict[str, Any]) -> LoggedChange | None:
    before, after = doc.get("before"), doc.get("after")
    if not isinstance(doc.get("pid"), str) or not isinstance(before, dict) or not isinstance(after, dict):
        return None  # a hand-edited or foreign record: skip it rather than fail the app
    return LoggedChange(
        seq=int(doc["seq"]),
        at=str(doc.get("at", "")),
        pid=doc["pid"],
        before=dict(before),
        after=dict(after),
        summary=str(doc.get("summary", "")),
        source=str(doc.get("source", SOURCE_CLI)),
    )


def logged_changes(library: LogStore) -> list[LoggedChange]:
    """Every logged command-line edit still kept, oldest first."""
    return [entry for entry in map(_entry, library.change_log()) if entry is not None]


def undoable_changes(library: LogStore) -> list[LoggedChange]:
    """The logged edits the app can still undo, oldest first.

    Walking back from the newest: an edit is undoable when the paper holds
    what it wrote, once the newer undoable edits of that paper are undone.
    A paper changed since by other means (the app, a notes import) stops the
    walk for that paper, so an undo never overwrites an edit it knows nothing of.
    """
    state: dict[str, dict[str, Any]] = {}
    blocked: set[str] = set()
    taken: list[LoggedChange] = []
    for entry in reversed(logged_changes(library)):
        if entry.pid in blocked:
            continue
        current = state.setdefault(entry.pid, {})
        annotation = library.annotation(entry.pid)
        if all(current.get(name, stored_value(annotation, name)) == value for name, value in entry.after.items()):
            current.update(entry.before)
            taken.append(entry)
        else:
            blocked.add(entry.pid)
    return taken[::-1]


def forget(library: LogStore, changes: list[LoggedChange]) -> None:
    """Drop `changes` (and anything older) from the log, once the app has taken them into its history."""
    if changes:
        library.forget_change_log(max(change.seq for change in changes))


def take_into(history: UndoHistory, library: LogStore) -> list[LoggedChange]:
    """Push the undoable logged edits onto the app's `history` (oldest first) and empty the log.

    What the app calls once it has opened the library for writing, before its
    own first change. A read-only library offers nothing (an undo could not be
    saved). When emptying the log fails (disk full), the log stays: an edit
    offered again is harmless, since one already undone no longer applies.
    """
    if library.read_only:
        return []
    changes = undoable_changes(library)
    for change in changes:
        history.push(change.pid, change.before, change.after)
    logged = logged_changes(library)
    if logged:
        try:
            library.forget_change_log(logged[-1].seq)
        except (OSError, PaperdeskError):
            pass
    return changes
