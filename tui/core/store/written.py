"""What paperdesk last wrote into annotations.json, recorded beside it, so an open can tell a change made outside.

Before each write of the file (`AtomicJSONStorage.before_write`) the store
records, atomically, the digest of the bytes it is about to write, the digest
of the file they replace, and what they hold (`annotations_check.Summary`).
Both digests count as paperdesk's: a kill between the record and the rename
leaves the older file, still its own. Journal lines are not recorded (only
the file is replaced from outside), but a journal left to replay has its
values checked with the file's.

A file that matches neither digest was changed outside. Changed and still
holding every annotation it held (a sync tool, an edit by hand), it is taken
and recorded; changed and holding fewer annotated papers, notes or saved views
(`{}` written over it), it is treated as damaged. A library written before this
record existed has none: only the values' types are checked there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tui.core.models import utc_now
from tui.core.store.annotations_check import Summary, summarize, wrong_values
from tui.core.store.atomic import atomic_write_bytes
from tui.core.store.journal import JournaledJSONStorage
from tui.core.store.jsonfile import DamagedFile

WRITTEN_FILE = ".annotations-written.json"


def read_record(folder: Path) -> dict[str, Any] | None:
    """The record of the last write, or None (none yet, as in a library an older version wrote, or unreadable)."""
    try:
        record = orjson.loads((folder / WRITTEN_FILE).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    return record if isinstance(record, dict) and isinstance(record.get("digest"), str) else None


def recorded_summary(record: dict[str, Any]) -> Summary:
    """The counts a record holds (a missing or odd one reads as 0, which can only make the check lenient)."""
    counts = [record.get(name) for name in ("annotated", "notes", "views", "follows")]
    return Summary(*(n if type(n) is int else 0 for n in counts))


def record_write(
    folder: Path, digest: str, size: int, data: dict[str, Any], previous: str | None, before: dict[str, Any] | None = None
) -> None:
    """Record that bytes of `digest` and `size` (holding `data`) are about to replace the file of digest `previous`.

    The file's first write (`previous` None) also records what was there before it (`before`: the journal's
    documents, as replayed), so a kill before its rename, which leaves no file, is told from a file removed.
    A record that cannot be written only leaves the next open less sure
    the file is paperdesk's: it never stops the write itself.
    """
    record = {"digest": digest, "previous": previous, "size": size, **vars(summarize(data)), "written": utc_now()}
    if previous is None:
        record["before"] = vars(summarize(before or {}))
    try:
        atomic_write_bytes(folder / WRITTEN_FILE, orjson.dumps(record))
    except OSError:
        pass


def _is_own(record: dict[str, Any] | None, digest: str | None) -> bool:
    # A missing file is never taken as paperdesk's own: the first write's record says what the journal held
    # before it (`before`), and the check compares with that (`what_is_wrong`).
    return record is not None and digest is not None and digest in (record["digest"], record.get("previous"))


def matches_record(folder: Path, digest: str | None) -> bool:
    """Whether the record names the file with this digest as paperdesk's last write (or the one before it)."""
    return _is_own(read_record(folder), digest)


def what_is_wrong(folder: Path, digest: str | None, data: dict[str, Any], *, journaled: bool = True) -> str | None:
    """Why the annotations file just read (`digest` of its bytes, `data` with its journal replayed) must not be
    written over nor copied: a value of the wrong type, or annotations lost behind paperdesk's back.

    A file that is paperdesk's own last write, with no journal to replay, holds
    only what paperdesk wrote after checking it: its values are not read again.
    """
    record = read_record(folder)
    own = _is_own(record, digest)
    if own and not journaled:
        return None
    wrong = wrong_values(data)
    if wrong or own or record is None:
        return wrong
    was = record.get("before") if digest is None and record.get("previous") is None else record
    lost = recorded_summary(was if isinstance(was, dict) else record).losses(summarize(data))
    if not lost:
        return None
    how = "is missing" if digest is None else "was changed outside paperdesk"
    return f"{how} and lost annotations: {lost}"


def check_opened(folder: Path, storage: JournaledJSONStorage) -> str | None:
    """"PATH: what is wrong" with the annotations file a library just opened, or None when it can be used.

    A file that does not parse (`DamagedFile`) reads as empty from then on, so
    reads (saved views, annotations) do not parse it again and raise; one that
    parses but `what_is_wrong` names keeps its data, shown read-only.
    """
    try:
        data = storage.read() or {}
    except DamagedFile as exc:
        storage.read_as_empty()
        return f"{exc.path}: damaged library file ({exc.problem})"
    problem = what_is_wrong(folder, storage.digest, data, journaled=bool(storage.journal_bytes))
    return f"{storage.path}: {problem}" if problem else None
