"""The library on disk: the only code that touches TinyDB.

Two TinyDB files sit in the library folder: `papers.json` (the abstracts,
rewritten only by imports) and `annotations.json` (notes, ratings, status,
tags; rewritten on every save, so a save never rewrites the abstracts).
Both go through `AtomicJSONStorage`, which replaces the whole file atomically;
one process writes a library at a time, guarded by a `.lock` file.
"""

from __future__ import annotations

import datetime as _dt
import os
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

import orjson
from tinydb import TinyDB
from tinydb.storages import Storage

from tui.core.atomic import atomic_write_bytes
from tui.core.errors import LibraryError, ReadOnlyLibrary
from tui.core.lists import ParsedList
from tui.core.lock_pid import LOCK_PID_FILE, forget_holder_pid, read_holder_pid, write_holder_pid
from tui.core.models import Annotation, Paper, Status

if TYPE_CHECKING:
    from tui.core.merge import FileReport, MergePlan, ParsedFile, Progress

PAPERS_FILE = "papers.json"
ANNOTATIONS_FILE = "annotations.json"
LOCK_FILE = ".lock"
#: The table in the annotations file holding the log of command-line edits (see `core.changelog`).
CHANGE_LOG_TABLE = "history"
#: How many logged edits are kept; older ones are dropped as new ones are written.
CHANGE_LOG_KEPT = 200
BACKUP_DIR = "backups"
#: How many daily backups of the annotations file are kept.
BACKUPS_KEPT = 5


class DamagedFile(LibraryError):
    """A library file exists but does not parse; it is kept untouched."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        super().__init__(f"{path}: damaged library file ({problem}); it was left untouched")


class WriteFailed(LibraryError, OSError):
    """A library file could not be written (disk full, read-only, permissions); the old file is intact.

    Both a `LibraryError` (one line for the user) and the `OSError` it was,
    so callers that handle either keep working.
    """

    def __init__(self, path: Path, exc: OSError) -> None:
        OSError.__init__(self, exc.errno, exc.strerror, str(path))
        self.message = f"{path}: cannot be written ({exc.strerror or exc}); it was left as it was"

    def __str__(self) -> str:
        return self.message


class AtomicJSONStorage(Storage):
    """TinyDB storage that writes compact JSON atomically and reads the file once.

    TinyDB's `JSONStorage` rewrites its file in place (a crash mid-write leaves
    it truncated) and re-parses the whole file on every operation. This one
    keeps the parsed data in memory, writes temp+fsync+rename, and forgets
    its cache when a write fails so memory never runs ahead of the disk.
    """

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self.read_only = read_only
        self._cache: dict[str, Any] | None = None

    def read(self) -> dict[str, Any] | None:
        if self._cache is not None:
            return self._cache
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot be read ({exc.strerror or exc})") from None
        if not raw.strip():
            raise DamagedFile(self.path, "the file is empty")
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise DamagedFile(self.path, f"not valid JSON: {exc}") from None
        if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
            raise DamagedFile(self.path, "not a TinyDB document store")
        self._cache = data
        return data

    def write(self, data: dict[str, Any]) -> None:
        if self.read_only:
            self._cache = None
            raise ReadOnlyLibrary(f"{self.path}: the library is open read-only")
        try:
            atomic_write_bytes(self.path, orjson.dumps(data))
        except OSError as exc:  # disk full, read-only, permissions: one line naming the file
            self._cache = None
            raise WriteFailed(self.path, exc) from None
        except BaseException:
            self._cache = None
            raise
        self._cache = data

    def close(self) -> None:
        self._cache = None


@dataclass
class ImportReport:
    """What importing one list did, for the CLI and the app to print."""

    list_name: str
    source: str
    added: int = 0
    duplicates: int = 0
    warnings: list[str] = field(default_factory=list)

    def line(self) -> str:
        """The one-line summary, e.g. "list X: 19 papers, 0 duplicates skipped"."""
        return f"list {self.list_name}: {self.added} papers, {self.duplicates} duplicates skipped"


def _list_report(report: "FileReport") -> ImportReport:
    """The historic per-list report, from the general one."""
    return ImportReport(report.name, report.source, added=report.added, duplicates=report.merged, warnings=report.warnings)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _doc_id(pid: str) -> int:
    """TinyDB wants integer document ids; a paper id is 12 hex digits."""
    return int(pid, 16)


class Library:
    """A library folder: papers in memory, annotations saved one at a time.

    Open it with `Library.open`. Every method is thread-safe (one lock), so
    the UI can save from worker threads. A library is read-only when another
    process holds its lock, when its folder cannot be written, or when its
    annotations file is damaged; `notice` then says why.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.notice: str | None = None
        self.read_only = False
        #: True when another process holds the write lock; `holder_pid` is its PID when known.
        self.held = False
        self.holder_pid: int | None = None
        self.papers: list[Paper] = []
        self._by_id: dict[str, Paper] = {}
        self._annotations: dict[str, Annotation] = {}
        self._lock = threading.RLock()
        self._file_lock: Any = None
        self._papers_db: TinyDB | None = None
        self._notes_db: TinyDB | None = None
        self._backup_day: str | None = None

    # -- opening and closing -------------------------------------------------

    @classmethod
    def open(cls, folder: str | Path, *, read_only: bool = False, seed: bool = True) -> "Library":
        """Open (or create) the library in `folder`.

        A fresh folder is seeded with the bundled lists. When the library is
        locked by another process it opens read-only with a notice; a damaged
        papers file raises `DamagedFile`; a damaged annotations file opens
        read-only so it is never overwritten.
        """
        lib = cls(Path(folder))
        try:
            lib._open(read_only=read_only, seed=seed)
        except BaseException:
            lib.close()
            raise
        return lib

    def _open(self, *, read_only: bool, seed: bool) -> None:
        if not read_only:
            reason = self._acquire()
            if reason:
                read_only = True
                self.notice = reason
        self.read_only = read_only
        papers_path = self.folder / PAPERS_FILE
        fresh = not papers_path.exists()
        self._papers_db = TinyDB(papers_path, storage=AtomicJSONStorage, read_only=read_only)
        self._load_papers()
        notes_path = self.folder / ANNOTATIONS_FILE
        self._notes_db = TinyDB(notes_path, storage=AtomicJSONStorage, read_only=read_only)
        try:
            self._load_annotations()
        except DamagedFile as exc:
            self._set_read_only(f"{exc}; opened read-only, restore it from {self.folder / BACKUP_DIR}")
            # Reads (saved views, annotations) then see an empty store instead of re-parsing the
            # damaged file and raising again; writes are refused, so the file stays as it is.
            self._notes_db.storage._cache = {}  # type: ignore[attr-defined]
        if fresh and seed:
            from tui.core.lists import read_list_file
            from tui.core.paths import bundled_lists

            lists = [read_list_file(p) for p in bundled_lists()]
            if self.read_only:
                self._add_in_memory(lists)
            else:
                self.add_lists(lists)
        if not self.read_only:
            self._rotate_backups()
            self._remove_stale_temps()

    def _acquire(self) -> str | None:
        """Take the folder's write lock; return why not when it cannot be had."""
        from filelock import FileLock, Timeout

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not os.access(self.folder, os.W_OK | os.X_OK):  # a lock file left writable is not enough
                return f"{self.folder}: cannot write here (permission denied); opened read-only"
            lock = FileLock(str(self.folder / LOCK_FILE), timeout=0, thread_local=False)
            lock.acquire()
        except Timeout:
            self.held = True
            self.holder_pid = read_holder_pid(self.folder)
            who = f"another paperdesk (PID {self.holder_pid})" if self.holder_pid else "another paperdesk"
            return f"{self.folder}: {who} is using this library; opened read-only"
        except OSError as exc:
            return f"{self.folder}: cannot write here ({exc.strerror or exc}); opened read-only"
        self._file_lock = lock
        write_holder_pid(self.folder)
        return None

    def _set_read_only(self, notice: str) -> None:
        self.read_only = True
        self.notice = notice
        for db in (self._papers_db, self._notes_db):
            if db is not None:
                db.storage.read_only = True  # type: ignore[attr-defined]

    def close(self) -> None:
        """Release the write lock; the library must not be used afterwards."""
        with self._lock:
            for db in (self._papers_db, self._notes_db):
                if db is not None:
                    db.close()
            self._papers_db = self._notes_db = None
            if self._file_lock is not None:
                forget_holder_pid(self.folder)
                self._file_lock.release()
                self._file_lock = None

    def __enter__(self) -> "Library":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- papers ----------------------------------------------------------------

    def _load_papers(self) -> None:
        assert self._papers_db is not None
        data = self._papers_db.storage.read() or {}
        docs = data.get("papers", {}).values()
        try:
            papers = [Paper.from_doc(doc) for doc in docs]
        except (KeyError, TypeError, ValueError) as exc:
            raise DamagedFile(self.folder / PAPERS_FILE, f"a paper record is malformed: {exc!r}") from None
        papers.sort(key=lambda p: p.seq)
        self.papers = papers
        self._by_id = {p.id: p for p in papers}
        # The parsed file is now held twice (as dicts and as Papers): let the dicts go; an import
        # re-reads the file. At 100,000 papers this is a few hundred MiB.
        self._papers_db.storage._cache = None  # type: ignore[attr-defined]

    def get(self, pid: str) -> Paper | None:
        """The paper with this id, or None."""
        return self._by_id.get(pid)

    def __len__(self) -> int:
        return len(self.papers)

    def _plan(self, files: Iterable["ParsedFile"], progress: "Progress | None" = None) -> "MergePlan":
        from tui.core.merge import plan_import
        from tui.core.titles import derive_title

        seq = self.papers[-1].seq + 1 if self.papers else 0
        return plan_import(self.papers, files, seq, derive_title, progress)

    def _apply_in_memory(self, plan: "MergePlan") -> None:
        if plan.replaced:
            self.papers = [plan.replaced.get(p.id, p) for p in self.papers]
        self.papers.extend(plan.added)
        self._by_id = {p.id: p for p in self.papers}

    def _add_in_memory(self, lists: Iterable[ParsedList]) -> list[ImportReport]:
        from tui.core.imports import parsed_from_list

        plan = self._plan(parsed_from_list(p) for p in lists)
        self._apply_in_memory(plan)
        return [_list_report(r) for r in plan.reports]

    def add_lists(self, lists: Iterable[ParsedList]) -> list[ImportReport]:
        """Add the papers of several lists in one atomic write; duplicates are skipped.

        Papers already stored (same id) are left exactly as they are, and
        annotations are never touched, so importing a list twice is harmless.
        """
        from tui.core.imports import parsed_from_list

        return [_list_report(r) for r in self.add_papers(parsed_from_list(p) for p in lists)]

    def add_papers(self, files: Iterable["ParsedFile"], progress: "Progress | None" = None) -> list["FileReport"]:
        """Add and merge the papers of parsed files in ONE atomic write of the papers file.

        New papers are appended; papers already stored (same id, DOI, title,
        or a near-identical abstract) get their empty fields filled in. On any
        failure neither the file nor memory changes; annotations never do.
        """
        with self._lock:
            self._check_writable()
            plan = self._plan(files, progress)
            if plan.added or plan.replaced:
                self._write_papers(plan)
                self._apply_in_memory(plan)
            return plan.reports

    def _write_papers(self, plan: "MergePlan") -> None:
        """Build the new papers table beside the old one and write it once."""
        assert self._papers_db is not None
        storage = self._papers_db.storage
        data = storage.read() or {}
        table = dict(data.get("papers", {}))
        if plan.replaced:
            for key, doc in table.items():
                new = plan.replaced.get(doc.get("id"))
                if new is not None:
                    table[key] = new.to_doc()
        next_key = max((int(k) for k in table), default=0) + 1
        for offset, paper in enumerate(plan.added):
            table[str(next_key + offset)] = paper.to_doc()
        storage.write({**data, "papers": table})
        self._papers_db.table("papers").clear_cache()
        self._papers_db._tables.clear()  # TinyDB caches the next document id per table

    def _check_writable(self) -> None:
        if self.read_only:
            raise ReadOnlyLibrary(self.notice or f"{self.folder}: the library is open read-only")

    # -- annotations -----------------------------------------------------------

    def _load_annotations(self) -> None:
        assert self._notes_db is not None
        data = self._notes_db.storage.read() or {}
        table = data.get("annotations", {})
        loaded = {}
        for doc in table.values():
            if isinstance(doc, dict) and isinstance(doc.get("id"), str):
                ann = Annotation.from_doc(doc)
                loaded[ann.id] = ann
        self._annotations = loaded

    def annotation(self, pid: str) -> Annotation:
        """The paper's annotation (an empty one if the reader wrote nothing yet)."""
        with self._lock:
            return self._annotations.get(pid) or Annotation(pid)

    def annotations(self) -> dict[str, Annotation]:
        """A snapshot of every stored annotation, by paper id."""
        with self._lock:
            return dict(self._annotations)

    def save_annotation(self, pid: str, **changes: Any) -> Annotation:
        """Apply `changes` to the paper's annotation and write it; return the stored result.

        The write is atomic and finishes before this returns, so a returned
        annotation survives any crash. On failure nothing in memory changes
        and the error propagates for the caller to show.
        """
        return self.save_annotations({pid: changes})[pid]

    def _remove_stale_temps(self) -> None:
        """Delete temp files a killed writer left behind (we hold the lock, so none is in use)."""
        for name in (PAPERS_FILE, ANNOTATIONS_FILE, LOCK_PID_FILE):
            for tmp in self.folder.glob(f".{name}.*.tmp"):
                try:
                    tmp.unlink()
                except OSError:
                    pass

    def save_annotations(
        self,
        changes: dict[str, dict[str, Any]],
        *,
        log: Callable[[dict[str, Annotation]], dict[str, Any]] | None = None,
    ) -> dict[str, Annotation]:
        """`save_annotation` for many papers in one atomic write (a notes import of a whole vault).

        One write instead of one per paper keeps a large import linear; on
        failure nothing is written, nothing in memory changes, and the error
        propagates. `log`, when given, is called with the new annotations and
        what it returns is appended to the change log in the same write
        (`core.changelog` builds and reads the log).
        """
        with self._lock:
            self._check_writable()
            if self._notes_db is None:
                raise LibraryError(f"{self.folder}: the library is closed; nothing saved")
            self._rotate_backups()
            now = _now()
            new = {
                pid: apply_changes(self._annotations.get(pid) or Annotation(pid), dict(fields), now)
                for pid, fields in changes.items()
            }
            if not new:
                return new
            assert self._notes_db is not None
            storage = self._notes_db.storage
            data = dict(storage.read() or {})
            docs = dict(data.get("annotations", {}))
            for pid, annotation in new.items():
                docs[str(_doc_id(pid))] = annotation.to_doc()
            data["annotations"] = docs
            if log is not None:
                data[CHANGE_LOG_TABLE] = _appended(_log_table(data), log(new))
            storage.write(data)
            self._notes_db.table("annotations").clear_cache()
            self._notes_db._tables.pop(CHANGE_LOG_TABLE, None)  # TinyDB caches the next document id
            self._annotations.update(new)
            return new

    # -- the change log ----------------------------------------------------------

    def change_log(self) -> list[dict[str, Any]]:
        """The logged edits (dicts, each with its `seq`), oldest first; `core.changelog` reads them."""
        with self._lock:
            if self._notes_db is None:
                return []
            table = _log_table(self._notes_db.storage.read() or {})
            return [{**doc, "seq": int(key)} for key, doc in sorted(table.items(), key=lambda kv: int(kv[0]))]

    def forget_change_log(self, through: int) -> None:
        """Drop logged edits up to and including `seq` `through` (once the app has taken them)."""
        with self._lock:
            self._check_writable()
            assert self._notes_db is not None
            storage = self._notes_db.storage
            data = dict(storage.read() or {})
            table = data.get(CHANGE_LOG_TABLE) or {}
            kept = {key: doc for key, doc in _log_table(data).items() if int(key) > through}
            if len(kept) != len(table):
                storage.write({**data, CHANGE_LOG_TABLE: kept})
                self._notes_db._tables.pop(CHANGE_LOG_TABLE, None)

    # -- saved views -----------------------------------------------------------

    def views(self) -> dict[str, str]:
        """Saved filter queries by name, in name order (stored beside the annotations)."""
        with self._lock:
            if self._notes_db is None:
                return {}
            docs = self._notes_db.table("views").all()
            found = {str(d["name"]): str(d.get("query", "")) for d in docs if isinstance(d.get("name"), str)}
            return dict(sorted(found.items(), key=lambda item: item[0].casefold()))

    def save_view(self, name: str, query: str) -> None:
        """Store `query` under `name` (replacing a view of that name); atomic like a note save."""
        name = " ".join(name.split())
        if not name:
            raise ValueError("a view needs a name")
        with self._lock:
            self._check_writable()
            assert self._notes_db is not None
            table = self._notes_db.table("views")
            doc_ids = [d.doc_id for d in table.all() if d.get("name") == name]
            if doc_ids:
                table.update({"query": query}, doc_ids=doc_ids)
            else:
                table.insert({"name": name, "query": query})

    def delete_view(self, name: str) -> bool:
        """Forget the view called `name`; False when there was none."""
        with self._lock:
            self._check_writable()
            assert self._notes_db is not None
            table = self._notes_db.table("views")
            doc_ids = [d.doc_id for d in table.all() if d.get("name") == name]
            if doc_ids:
                table.remove(doc_ids=doc_ids)
            return bool(doc_ids)

    # -- backups ---------------------------------------------------------------

    def _rotate_backups(self) -> None:
        """Keep one copy of the annotations file per day, the newest few days.

        Runs on open and before each save, but touches the disk at most once a
        day: the copy is of the file as it was before the day's first change.
        """
        day = _dt.date.today().isoformat()
        source = self.folder / ANNOTATIONS_FILE
        if self._backup_day == day or not source.exists():
            return
        folder = self.folder / BACKUP_DIR
        try:
            folder.mkdir(exist_ok=True)
            today = folder / f"annotations-{day}.json"
            if not today.exists():
                atomic_write_bytes(today, source.read_bytes())
            self._backup_day = day
            for old in sorted(folder.glob("annotations-*.json"))[:-BACKUPS_KEPT]:
                old.unlink()
        except OSError:
            pass  # a backup that cannot be made must not stop the reader


def _log_table(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The change-log table of the annotations file, minus records this version cannot read."""
    table = data.get(CHANGE_LOG_TABLE)
    if not isinstance(table, dict):
        return {}
    return {key: doc for key, doc in table.items() if key.isdigit() and isinstance(doc, dict)}


def _appended(table: dict[str, Any], doc: dict[str, Any]) -> dict[str, Any]:
    """The log table with `doc` added under the next key, the oldest dropped beyond `CHANGE_LOG_KEPT`."""
    keys = sorted(int(k) for k in table)
    kept = {str(k): table[str(k)] for k in keys[-(CHANGE_LOG_KEPT - 1):]} if CHANGE_LOG_KEPT > 1 else {}
    kept[str((keys[-1] if keys else 0) + 1)] = doc
    return kept


def apply_changes(old: Annotation, changes: dict[str, Any], now: str) -> Annotation:
    """A new annotation with `changes` applied and the status dates filled in."""
    unknown = set(changes) - {"notes", "rating", "status", "tags", "title", "opened", "started", "finished"}
    if unknown:
        raise ValueError(f"unknown annotation fields: {sorted(unknown)}")
    if changes.get("opened") is True:  # "the reader opened it": keep the first date
        changes["opened"] = old.opened or now
    if "status" in changes:
        changes["status"] = Status(changes["status"])
    if "tags" in changes:
        changes["tags"] = tuple(changes["tags"])
    if "rating" in changes:
        rating = int(changes["rating"])
        if not 0 <= rating <= 5:
            raise ValueError("rating must be between 0 and 5")
        changes["rating"] = rating
    new = replace(old, **changes)
    new.created = old.created or now
    new.updated = now
    if new.status is Status.READING and not new.started:
        new.started = now
    if new.status is Status.READ and not new.finished:
        new.finished = now
    return new

