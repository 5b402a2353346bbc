"""A TinyDB file kept as its last full snapshot plus an append-only journal of the documents changed since.

A note save appends one line to `annotations.json.journal` (the changed
documents, whole) and fsyncs it, so its cost does not grow with the number
of annotations. Replaying the journal over the snapshot gives the store; a
line replaces whole documents, so replaying it twice changes nothing. That
makes compaction crash-safe without ordering tricks: the snapshot is
replaced atomically with everything in it, then the journal is emptied; a
kill between the two leaves a journal whose replay is a no-op.

A line cut short by a kill has no newline: it was never acknowledged and is
ignored (and cut off before the next append). A complete line that does not
parse means the file was damaged: the store opens read-only.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from tui.core.errors import LibraryError, ReadOnlyLibrary, os_reason
from tui.core.store.atomic import fsync_dir
from tui.core.store.jsonfile import AtomicJSONStorage, DamagedFile, WriteFailed, identity

JOURNAL_SUFFIX = ".journal"
#: The journal is folded into the snapshot once it is larger than the snapshot and than this.
COMPACT_AT_LEAST = 256 * 1024

Tables = dict[str, dict[str, Any]]


def journal_path(path: Path) -> Path:
    """Where the journal of the TinyDB file `path` lives (beside it)."""
    return path.with_name(path.name + JOURNAL_SUFFIX)


def read_journal(path: Path) -> tuple[list[Tables], int]:
    """The complete records of a journal and the length of its complete part (a torn tail is left out)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return [], 0
    except OSError as exc:
        raise LibraryError(f"{path}: cannot be read ({os_reason(exc)})") from None
    end = raw.rfind(b"\n") + 1
    records = []
    for number, line in enumerate(raw[:end].splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise DamagedFile(path, f"line {number} is not valid JSON: {exc}") from None
        if not isinstance(record, dict) or not all(isinstance(t, dict) for t in record.values()):
            raise DamagedFile(path, f"line {number} is not a change of TinyDB tables")
        records.append(record)
    return records, end


def replay(data: Tables, record: Tables) -> None:
    """Apply one journal record to the parsed store in place: whole documents replaced (None removes one)."""
    for name, docs in record.items():
        table = data.setdefault(name, {})
        for key, doc in docs.items():
            if doc is None:
                table.pop(key, None)
            else:
                table[key] = doc


class JournaledJSONStorage(AtomicJSONStorage):
    """`AtomicJSONStorage` whose small changes are appended to a journal instead of rewriting the file.

    TinyDB's own writes (`write`, used by tables such as the saved views)
    still replace the whole file, and fold the journal in. `append` is the
    quick path for the store's note saves.
    """

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        super().__init__(path, read_only)
        self.journal = journal_path(self.path)
        self._fd: int | None = None
        self._journal_bytes = 0  # the complete part of the journal on disk
        self._journal_size = 0  # the journal's size on disk, a torn tail included
        self._base_bytes = 0
        self.outside: Callable[[bytes, dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None
        """Called when the file is no longer the one last read or written here (another program replaced it), with its
        bytes, the data last read or written (the base) and the data now; returns what to write (`store.outside`)."""

    # -- reading ---------------------------------------------------------------

    def read(self) -> dict[str, Any]:
        """The store: the snapshot with the journal replayed ({} when there is neither)."""
        if self._cache is not None:
            return self._cache
        # The snapshot first, then the journal, so an old journal is never applied over a newer snapshot. A
        # reader racing a compaction (another process's: the app folding its journal as it quits) could still
        # read the old snapshot and then the emptied journal, missing the newest changes; the compaction
        # replaced the snapshot before it emptied the journal, so a snapshot replaced meanwhile means read again.
        for _ in range(5):
            before = identity(self.path)
            data = self._read_once()
            if identity(self.path) == before:
                return data
            self._cache = None
        return data

    def _read_once(self) -> dict[str, Any]:
        data = super().read()
        try:
            self._base_bytes = self.path.stat().st_size
        except OSError:
            self._base_bytes = 0
        records, complete = read_journal(self.journal)
        try:
            self._journal_size = self.journal.stat().st_size
        except OSError:
            self._journal_size = 0
        self._journal_bytes = complete
        data = data if data is not None else {}
        for record in records:
            replay(data, record)
        # Kept, even for a file not there yet: read again later, a file another program put there meanwhile would
        # be taken as the base, silently, instead of being seen as changed outside (`take_outside`).
        self._cache = data
        return data

    @property
    def journal_bytes(self) -> int:
        """How much the journal holds (0 once compacted)."""
        return self._journal_bytes

    # -- writing ---------------------------------------------------------------

    def append(self, changes: Tables) -> None:
        """Write `changes` (whole documents by table) as one fsynced journal line, then apply them in memory.

        One line is all or nothing: a kill mid-append leaves a torn line that
        is ignored on the next open. On failure memory is unchanged and the
        journal is cut back to what it was.
        """
        if self.read_only:
            raise ReadOnlyLibrary(f"{self.path}: the library is open read-only")
        self.take_outside(thorough=False)  # a change made outside is merged in (and written) first
        data = self.read()
        line = orjson.dumps(changes) + b"\n"
        start = self._journal_bytes
        try:
            fd = self._journal_fd()
            if self._journal_size != start:  # a torn line a killed writer left: cut it off
                os.ftruncate(fd, start)
                self._journal_size = start
            view = memoryview(line)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        except OSError as exc:
            self._cut_back(start)
            raise WriteFailed(self.journal, exc) from None
        except BaseException:
            self._cut_back(start)
            raise
        self._journal_bytes = self._journal_size = start + len(line)
        replay(data, changes)
        if self._journal_bytes > max(COMPACT_AT_LEAST, self._base_bytes):
            try:
                self.compact()
            except (OSError, LibraryError):
                pass  # the change is on disk in the journal; the next open folds it in

    def _journal_fd(self) -> int:
        if self._fd is None:
            existed = self.journal.exists()
            self._fd = os.open(self.journal, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            if not existed:
                fsync_dir(self.journal.parent)
        return self._fd

    def _cut_back(self, length: int) -> None:
        """After a failed append: drop what it may have written, so the next line starts clean."""
        try:
            if self._fd is not None:
                os.ftruncate(self._fd, length)
                self._journal_size = length
        except OSError:
            self._journal_size = -1  # unknown: the next append tries the cut again

    def take_outside(self, *, thorough: bool = True) -> bool:
        """Merge in a change made outside to the file (`outside`), written at once; False when there was none.

        The store asks before it decides a change (so the change is made on the merged annotations);
        `append` and `write` ask again, so no write ever replaces an outside version unseen.
        """
        if self.read_only or self.outside is None:
            return False
        raw = self.outside_bytes(thorough=thorough)
        if raw is None:
            return False
        ours = self.read() or {}
        base = orjson.loads(self.base_raw) if self.base_raw else {}
        self._replace(self.outside(raw, base, ours))
        return True

    def write(self, data: dict[str, Any]) -> None:
        """Replace the snapshot with `data` (everything), merged with a change made outside since, then empty the journal."""
        if not self.read_only and self.outside is not None:
            raw = self.outside_bytes(thorough=True)
            if raw is not None:
                base = orjson.loads(self.base_raw) if self.base_raw else {}
                data = self.outside(raw, base, data)
        self._replace(data)

    def _replace(self, data: dict[str, Any]) -> None:
        super().write(data)
        try:
            self._base_bytes = self.path.stat().st_size
        except OSError:
            pass
        if self._journal_size or self.journal.exists():
            try:
                fd = self._journal_fd()
                os.ftruncate(fd, 0)
                os.fsync(fd)
            except OSError:
                # The snapshot holds everything already; a journal left behind replays as a no-op.
                return
            self._journal_bytes = self._journal_size = 0

    def compact(self) -> None:
        """Fold the journal into the snapshot (one atomic rewrite); a no-op when there is nothing to fold."""
        if self.read_only:
            return
        data = self.read()
        if data is not None and (self._journal_size or self._journal_bytes):
            self.write(data)

    def fold(self) -> None:
        """`compact`, where a failure only leaves the journal to be folded in on the next open."""
        try:
            self.compact()
        except (OSError, LibraryError):
            pass

    def close(self) -> None:
        """Fold the journal in when writable (failures are harmless: the journal is replayed on open)."""
        try:
            if not self.read_only and self._cache is not None and self._journal_size:
                self.compact()
        except (OSError, LibraryError):
            pass
        finally:
            if self._fd is not None:
                try:
                    os.close(self._fd)
                except OSError:
                    pass
                self._fd = None
            super().close()


def read_stored(path: Path) -> dict[str, Any]:
    """What a TinyDB file holds on disk, its journal replayed (without taking the library's lock)."""
    return JournaledJSONStorage(path, read_only=True).read() or {}
