"""The library on disk: the only code that touches TinyDB.

Two TinyDB files sit in the library folder: `papers.json` (the abstracts, replaced atomically
by imports; read through `store.papers_file`, which keeps the abstracts on disk) and
`annotations.json` (notes, ratings, status, tags), whose saves append to a journal beside it
(`store.journal`). One process writes a library at a time (a `.lock` file).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tinydb import TinyDB
from tinydb.table import Table

from tui.core.errors import LibraryError, ReadOnlyLibrary, os_reason
from tui.core.models import Annotation, Paper, utc_now
from tui.core.store.backups import RESTORE_HINT, BackupKeeper, remove_stale_temps
from tui.core.store.catalog import CATALOG_FILE
from tui.core.store.changes import apply_changes
from tui.core.store.formats import read_formats, with_formats
from tui.core.store.journal import JournaledJSONStorage
from tui.core.store.lock import release_write_lock, take_write_lock
from tui.core.store.lock_pid import LOCK_PID_FILE
from tui.core.store.papers_file import PapersFile
from tui.core.store.trash_file import TRASH_FILE
from tui.core.store.written import WRITTEN_FILE, check_opened

if TYPE_CHECKING:
    from tui.core.store.outside import Merged
    from tui.core.store.trash import Restored, RestorePlan

PAPERS_FILE = "papers.json"
ANNOTATIONS_FILE = "annotations.json"
#: The annotations file's table of followed authors (issue 44): one document per follow, {"name": ...}.
FOLLOWS_TABLE = "follows"


class PaperChanges(Protocol):
    """Papers to append, stored papers to replace and ids to remove: what an import (or the trash) decided."""

    added: list[Paper]
    replaced: dict[str, Paper]
    removed: set[str]


Changes = TypeVar("Changes", bound=PaperChanges)

#: Gives citation keys to the papers a change brings (the stored papers, the change), before they are stored. The
#: store knows no key rules: whoever opens it passes them (`core.library` passes `cite.keys`'s).
KeyGiver = Callable[[list[Paper], PaperChanges], None]
#: Where trashed papers go back to (the stored papers, the trashed ones, newest removal first). By id unless the opener
#: passes a rule that also knows a paper imported again since its removal (`core.library.plan_restore`).
RestorePlanner = Callable[[list[Paper], list[Paper]], "RestorePlan"]
_Self = TypeVar("_Self", bound="LibraryStore")


def _annotations_of(data: dict[str, Any]) -> dict[str, Annotation]:
    """The annotations a TinyDB file's data holds, by paper id."""
    loaded = {}
    for doc in (data.get("annotations") or {}).values():
        if isinstance(doc, dict) and isinstance(doc.get("id"), str):
            ann = Annotation.from_doc(doc)
            loaded[ann.id] = ann
    return loaded


def _doc_id(pid: str) -> int:
    """TinyDB wants integer document ids; a paper id is 12 hex digits."""
    return int(pid, 16)


class LibraryStore:
    """A library folder: papers in memory, annotations saved one at a time.

    Open it with `open`. Every method is thread-safe (one lock), so the UI
    can save from worker threads. A library is read-only when another
    process holds its lock, when its folder cannot be written, or when its
    annotations file is damaged; `notice` then says why. `fresh` tells that
    the folder had no papers file yet (the use cases seed it).
    """

    def __init__(self, folder: Path, *, give_keys: KeyGiver | None = None, restore_plan: RestorePlanner | None = None) -> None:
        self.folder = folder
        self._give_keys = give_keys
        self._restore_planner = restore_plan
        self.notice: str | None = None
        self.read_only = False
        self.damaged: str | None = None  # "PATH: what is wrong" with the annotations file (`store.written.check_opened`)
        #: True when another process holds the write lock; `holder_pid` is its PID when known.
        self.held = False
        self.holder_pid: int | None = None
        self.fresh = False
        self.papers: list[Paper] = []
        self.formats: dict[str, int] = {}  # what papers.json says it was written to (`core.migrations`)
        self._by_id: dict[str, Paper] = {}
        self._annotations: dict[str, Annotation] = {}
        self._lock = threading.RLock()
        self._file_lock: Any = None
        self._papers_file: PapersFile | None = None
        self._notes_db: TinyDB | None = None
        self._keeper: BackupKeeper | None = None  # copies and write records, when open for writing
        self._outside: list[Merged] = []  # changes made outside to annotations.json, merged in, not yet told

    # -- opening and closing -------------------------------------------------

    @classmethod
    def open(
        cls, folder: str | os.PathLike[str], *, read_only: bool = False, give_keys: KeyGiver | None = None, restore_plan: RestorePlanner | None = None
    ) -> LibraryStore:
        """Open (or create) the library in `folder`, with the rules it is given for keys and restores (`KeyGiver`,
        `RestorePlanner`; none: no keys are given, trashed papers go back by id).

        When the library is locked by another process it opens read-only with
        a notice; a damaged papers file raises `DamagedFile`; a damaged
        annotations file opens read-only so it is never overwritten.
        """
        lib = cls(Path(folder), give_keys=give_keys, restore_plan=restore_plan)
        try:
            lib._open(read_only=read_only)
        except BaseException:
            lib.close()
            raise
        return lib

    def _open(self, *, read_only: bool) -> None:
        if not read_only:
            self._file_lock, refusal = take_write_lock(self.folder)
            if refusal:
                read_only = True
                self.notice = refusal.reason
                self.held, self.holder_pid = refusal.held, refusal.pid
        self.read_only = read_only
        papers_path = self.folder / PAPERS_FILE
        self.fresh = not papers_path.exists()
        self._papers_file = PapersFile(papers_path, read_only=read_only)
        self._load_papers()
        notes_path = self.folder / ANNOTATIONS_FILE
        self._notes_db = TinyDB(notes_path, storage=JournaledJSONStorage, read_only=read_only)
        storage = self._notes_storage()
        self.damaged = check_opened(self.folder, storage)  # a damaged file then reads as empty
        self._load_annotations()
        if self.damaged:  # never written over nor copied into the backups; the app offers the newest good copy
            self._set_read_only(f"{self.damaged}; opened read-only and left untouched ({RESTORE_HINT})")
        if not self.read_only:
            self._keeper = BackupKeeper(self.folder, storage)
            storage.outside = self._merge_outside
            storage.fold()  # compacted on open
            self._keeper.opened()
            remove_stale_temps(self.folder, (PAPERS_FILE, CATALOG_FILE, ANNOTATIONS_FILE, LOCK_PID_FILE, WRITTEN_FILE, TRASH_FILE))
            self.settle_trash()

    def _notes_storage(self) -> JournaledJSONStorage:
        storage = self._notes_db.storage if self._notes_db is not None else None
        assert isinstance(storage, JournaledJSONStorage)
        return storage

    def _set_read_only(self, notice: str) -> None:
        self.read_only = True
        self.notice = notice
        if self._papers_file is not None:
            self._papers_file.read_only = True
        if self._notes_db is not None:
            self._notes_storage().read_only = True

    def _merge_outside(self, raw: bytes, base: dict[str, Any], ours: dict[str, Any]) -> dict[str, Any]:
        """annotations.json was replaced outside while open (`storage.outside`): keep that version as a copy, merge
        it in (`store.outside`), and hold the line saying so for `outside_changes`. When it cannot be kept, nothing
        is written over it: a one-line error, and the journal keeps paperdesk's changes."""
        from tui.core.store.outside import take_outside as merged_with

        assert self._keeper is not None
        path = self._notes_storage().path
        try:
            aside = self._keeper.keep_outside(raw)
        except OSError as exc:
            raise LibraryError(f"{path}: changed outside paperdesk, and that version cannot be kept ({os_reason(exc)}); nothing written over it") from None
        merged = merged_with(path, raw, aside, base, ours)
        self._outside.append(merged)
        self._annotations = _annotations_of(merged.data)
        return merged.data

    def outside_changes(self) -> list[Merged]:
        """The changes made outside to annotations.json merged in since last asked (each with its line and papers).

        Without the store's lock, as `annotation`: the app asks on its UI thread after each save, and each
        `pop` is one step no other thread's `append` can split.
        """
        told = []
        while self._outside:
            told.append(self._outside.pop(0))
        return told

    def take_outside(self) -> None:
        """Merge in a change made outside to annotations.json now (`store.outside`; `outside_changes` then says it).

        Every change of the annotations asks first, so it is made on the merged annotations; a no-op when the file
        is still paperdesk's or the library is read-only.
        """
        if not self.read_only and self._notes_db is not None:
            self._notes_storage().take_outside()

    def close(self) -> None:
        """Copy the session's annotations when they changed, release the write lock; the library must not be used afterwards."""
        with self._lock:
            if self._keeper is not None:
                self._keeper.closing()
            if self._notes_db is not None:
                self._notes_db.close()  # the fold merges a change made outside, the keeper keeping its copy
            self._keeper = None
            self._papers_file = None
            self._notes_db = None
            if self._file_lock is not None:
                release_write_lock(self._file_lock, self.folder)
                self._file_lock = None

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def writing(self) -> Iterator[None]:
        """The store's lock for a use case that replaces a library file itself (`usecases.backups.restore_trash`); refused,
        with the notice, when the library is read-only."""
        with self._lock:
            self._check_writable()
            yield

    def _check_writable(self) -> None:
        if self.read_only:
            raise ReadOnlyLibrary(self.notice or f"{self.folder}: the library is open read-only")

    # -- papers ----------------------------------------------------------------

    def _load_papers(self) -> None:
        assert self._papers_file is not None
        # A copy in list order: the loaded list is the file's layout (slot -> paper), which must keep file order.
        papers = sorted(self._papers_file.load(), key=lambda p: p.seq)
        self.papers = papers
        self.formats = read_formats(self._papers_file.tables)
        self._by_id = {p.id: p for p in papers}

    @property
    def papers_digest(self) -> str | None:
        """A hash of papers.json as loaded or last written (None when there is no file): keys the saved index."""
        return self._papers_file.digest if self._papers_file is not None else None

    def get(self, pid: str) -> Paper | None:
        """The paper with this id, or None."""
        return self._by_id.get(pid)

    def __len__(self) -> int:
        return len(self.papers)

    def change_papers(self, plan: Callable[[list[Paper]], Changes], *, write: bool = True) -> Changes:
        """Decide changes from the papers as stored (under the lock), then store them in ONE atomic write.

        `plan` gets the stored papers and returns what to append and replace.
        With `write=False` the papers change in memory only (seeding a
        library opened read-only). On any failure neither the file nor
        memory changes; annotations never do.
        """
        with self._lock:
            if write:
                self._check_writable()
            changes = plan(self.papers)
            if self._give_keys is not None:
                self._give_keys(self.papers, changes)
            if changes.added or changes.replaced or changes.removed or getattr(changes, "formats", None):
                if write:
                    self._write_papers(changes)
                elif self._papers_file is not None:
                    self._papers_file.digest = None  # memory no longer matches the file: derive nothing from it
                self._apply_in_memory(changes)
            return changes

    def _apply_in_memory(self, changes: PaperChanges) -> None:
        if changes.replaced or changes.removed:
            self.papers = [changes.replaced.get(p.id, p) for p in self.papers if p.id not in changes.removed]
        if changes.added:
            last = self.papers[-1].seq if self.papers else -1
            self.papers.extend(changes.added)
            if any(p.seq < last for p in changes.added) or any(a.seq > b.seq for a, b in pairwise(changes.added)):
                self.papers.sort(key=lambda p: p.seq)  # papers restored from the trash go back to their places
        self._by_id = {p.id: p for p in self.papers}

    def _write_papers(self, changes: PaperChanges) -> None:
        """Write the papers file once: unchanged records copied as they are, new ones added (`store.papers_file`)."""
        assert self._papers_file is not None
        formats = {**self.formats, **getattr(changes, "formats", {})}
        tables = with_formats(dict(self._papers_file.tables), formats)
        self._papers_file.write(changes.added, changes.replaced, changes.removed, tables)
        self.formats.update(getattr(changes, "formats", {}))

    # -- the trash -------------------------------------------------------------

    def remove_papers(self, ids: Iterable[str], what: str) -> int:
        """Move papers and their annotations to the trash; `restore_papers` brings them back.

        The batch goes into the trash first, marked as under way, then the papers and the
        annotations leave their files, then the mark goes (`store.trash`).
        """
        from tui.core.store.trash import new_batch
        from tui.core.store.trash_file import read_trash, write_trash

        wanted = set(ids)
        with self._lock:
            self._check_writable()
            self.take_outside()
            gone = [p for p in self.papers if p.id in wanted]
            if not gone:
                return 0
            notes = [self._annotations[p.id] for p in gone if p.id in self._annotations]
            batches = [*read_trash(self.folder), new_batch(what, gone, notes)]
            write_trash(self.folder, batches)
            self._finish_or_settle(batches)
            return len(gone)

    def restore_papers(self, *, everything: bool = False, ids: Collection[str] | None = None) -> Restored:
        """Bring back the newest removal (all with `everything`, the one of exactly `ids`), annotations too.

        A paper the library holds again meanwhile (imported since) is not stored twice: it keeps its
        id and what it has, and the trashed copy fills in its gaps (its fields, its annotation;
        `restore_plan` decides which paper that is).
        """
        from tui.core.store.trash import Restored, chosen_batches
        from tui.core.store.trash_file import RESTORING, STATE, read_trash, write_trash

        with self._lock:
            self._check_writable()
            self.take_outside()
            batches = read_trash(self.folder)
            taken = chosen_batches(batches, everything=everything, ids=ids)
            if not taken:
                return Restored()
            for at in taken:
                batches[at][STATE] = RESTORING
            write_trash(self.folder, batches)
            return self._finish_or_settle(batches)

    def restore_plan(self, stored: list[Paper], trashed: list[Paper]) -> RestorePlan:
        """Where trashed papers go back to: by the rule the store was opened with, else by id."""
        if self._restore_planner is not None:
            return self._restore_planner(stored, trashed)
        from tui.core.store.trash import plan_by_id

        return plan_by_id(stored, trashed)

    def settle_trash(self) -> None:
        """Finish a removal or restore a kill interrupted (a batch still marked in the trash); a no-op otherwise."""
        from tui.core.store.trash_file import DamagedTrash, move_under_way, read_trash

        with self._lock:
            if self.read_only or not move_under_way(self.folder):
                return
            try:
                batches = read_trash(self.folder)
            except DamagedTrash:
                return  # left untouched: removing and restoring refuse, naming it, and the app offers a copy
            self._finish_moves(batches, settling=True)

    def _finish_or_settle(self, batches: list[dict[str, Any]]) -> Restored:
        """`_finish_moves`; when a write fails midway (a full disk), settle what the files now say, as the next
        open would, so memory and files agree, then let the one-line error go on to the caller."""
        from tui.core.store.trash_file import read_trash

        try:
            return self._finish_moves(batches)
        except LibraryError:
            try:
                self._finish_moves(read_trash(self.folder), settling=True)
            except LibraryError:
                pass  # the disk still refuses: the next open settles it
            raise

    def _finish_moves(self, batches: list[dict[str, Any]], *, settling: bool = False) -> Restored:
        """Carry out the marked batches of the trash (`batches`, as in the file): each step can be done again.

        `settling` (a move a kill or a full disk interrupted): a removal whose papers are all still
        stored had not begun, and its batch goes; any other move is finished.
        """
        from tui.core.store.trash import Restored, restored_annotation, trashed_papers
        from tui.core.store.trash_file import REMOVING, RESTORING, STATE, write_trash

        removing = [b for b in batches if b.get(STATE) == REMOVING]
        restoring = [b for b in batches if b.get(STATE) == RESTORING]
        for batch in removing:
            self._finish_removal(batch, settling=settling)
        outcome = Restored(batches=restoring)
        if restoring:
            papers, notes = trashed_papers(restoring)
            plan = self.restore_plan(self.papers, papers)
            put: dict[str, Annotation] = {}
            for note in notes:  # newest removal first: its annotation wins, older ones fill gaps
                target = plan.into.get(note.id)
                if target is not None:
                    put[target] = restored_annotation(put.get(target) or self._annotations.get(target), note, target)
            put = {pid: a for pid, a in put.items() if a != self._annotations.get(pid)}
            if put:  # annotations first: a kill before the papers are back leaves them to be matched again
                self._rewrite_annotations(set(), put)
            if plan.added or plan.replaced:
                self.change_papers(lambda _: plan)
            outcome.added = [p.id for p in plan.added]
            outcome.updated = sorted(set(plan.into.values()) - set(outcome.added))  # the library held them again
        if removing or restoring:
            write_trash(self.folder, [b for b in batches if b.get(STATE) != RESTORING])
        return outcome

    def _finish_removal(self, batch: dict[str, Any], *, settling: bool) -> None:
        """Take a batch marked as moving to the trash out of papers.json and annotations.json (see `_finish_moves`)."""
        from tui.core.store.trash import TrashChange
        from tui.core.store.trash_file import RESTORING, STATE

        pids = {doc.get("id") for doc in batch.get("papers", [])}
        stored = {pid for pid in pids if pid in self._by_id}
        if settling and stored == pids:
            batch[STATE] = RESTORING  # not begun: nothing to bring back, and the batch goes in `_finish_moves`
            return
        if stored:
            self.change_papers(lambda _: TrashChange(removed=stored))
        orphans = {pid for pid in pids if pid in self._annotations and pid not in self._by_id}
        if orphans:  # the trash holds them now
            self._rewrite_annotations(orphans, {})
        batch.pop(STATE)

    def trash_highest_seq(self) -> int:
        """The last list position a paper in the trash holds (-1: none; `store.trash.highest_seq`)."""
        from tui.core.store.trash import highest_seq
        from tui.core.store.trash_file import readable_trash

        return highest_seq(readable_trash(self.folder))

    def replace_annotations(self, drop: set[str], put: dict[str, Annotation]) -> None:
        """One atomic write of the annotations file without the annotations of `drop` and with `put` as given (no
        stamps changed): a merge of two versions, or its split (`usecases.versions`)."""
        with self._lock:
            self._check_writable()
            self.take_outside()
            self._rewrite_annotations(drop, put)

    def _rewrite_annotations(self, drop: set[str], put: dict[str, Annotation]) -> None:
        """One atomic write of the annotations file without `drop` and with `put`."""
        assert self._notes_db is not None
        storage = self._notes_storage()
        data = dict(storage.read() or {})
        docs = {k: d for k, d in data.get("annotations", {}).items() if d.get("id") not in drop}
        storage.write({**data, "annotations": {**docs, **{str(_doc_id(pid)): a.to_doc() for pid, a in put.items()}}})
        self._annotations = {pid: a for pid, a in {**self._annotations, **put}.items() if pid not in drop}

    # -- annotations -----------------------------------------------------------

    def _load_annotations(self) -> None:
        self._annotations = _annotations_of(self._notes_storage().read() or {})

    def annotation(self, pid: str) -> Annotation:
        """The paper's annotation (an empty one if the reader wrote nothing yet).

        Read without the store's lock: the list draws each row's marks from here, and an import holds the
        lock while it matches and writes papers (seconds, for a large one) while the list stays in use.
        One lookup in the dict (or in the one that replaced it) is atomic, and an annotation is never
        changed in place: a save puts a new one.
        """
        return self._annotations.get(pid) or Annotation(pid)

    def annotations(self) -> dict[str, Annotation]:
        """A snapshot of every stored annotation, by paper id (without the lock, as `annotation`: copying
        a dict of plain keys is one step that no other thread's change can split)."""
        return dict(self._annotations)

    def save_annotation(self, pid: str, **changes: Any) -> Annotation:
        """Apply `changes` to the paper's annotation and write it; return the stored result.

        The write is atomic and finishes before this returns, so a returned
        annotation survives any crash. On failure nothing in memory changes
        and the error propagates for the caller to show.
        """
        return self.save_annotations({pid: changes})[pid]

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
        (`store.changelog` builds and reads the log).
        """
        from tui.core.store.changelog import CHANGE_LOG_TABLE, log_changes

        with self._lock:
            self._check_writable()
            self.take_outside()
            if self._notes_db is None:
                raise LibraryError(f"{self.folder}: the library is closed; nothing saved")
            now = utc_now()
            new = {
                pid: apply_changes(self._annotations.get(pid) or Annotation(pid), fields, now)
                for pid, fields in changes.items()
            }
            if not new:
                return new
            docs = {str(_doc_id(pid)): annotation.to_doc() for pid, annotation in new.items()}
            record: dict[str, dict[str, Any]] = {"annotations": docs}
            if log is not None:  # the changed log documents only (the new one, the dropped ones)
                record[CHANGE_LOG_TABLE] = log_changes(self._notes_storage().read() or {}, log(new))
            self._notes_storage().append(record)
            self._annotations.update(new)
            if self._keeper is not None:
                self._keeper.saved()  # a recent copy every few minutes
            return new

    # -- the change log ----------------------------------------------------------

    def change_log(self) -> list[dict[str, Any]]:
        """The logged edits (dicts, each with its `seq`), oldest first; `store.changelog` reads them."""
        from tui.core.store.changelog import log_table

        with self._lock:
            if self._notes_db is None:
                return []
            table = log_table(self._notes_storage().read() or {})
            return [{**doc, "seq": int(key)} for key, doc in sorted(table.items(), key=lambda kv: int(kv[0]))]

    def forget_change_log(self, through: int) -> None:
        """Drop logged edits up to and including `seq` `through` (once the app has taken them)."""
        from tui.core.store.changelog import CHANGE_LOG_TABLE, log_table

        with self._lock:
            self._check_writable()
            self.take_outside()
            assert self._notes_db is not None
            storage = self._notes_storage()
            data = dict(storage.read() or {})
            table = data.get(CHANGE_LOG_TABLE) or {}
            kept = {key: doc for key, doc in log_table(data).items() if int(key) > through}
            if len(kept) != len(table):
                storage.write({**data, CHANGE_LOG_TABLE: kept})

    # -- saved views -----------------------------------------------------------

    def views(self) -> dict[str, str]:
        """Saved filter queries by name, in name order (stored beside the annotations)."""
        with self._lock:
            if self._notes_db is None:
                return {}
            docs = self._table("views").all()
            found = {str(d["name"]): str(d.get("query", "")) for d in docs if isinstance(d.get("name"), str)}
            return dict(sorted(found.items(), key=lambda item: item[0].casefold()))

    def save_view(self, name: str, query: str) -> None:
        """Store `query` under `name` (replacing a view of that name); atomic like a note save."""
        name = " ".join(name.split())
        if not name:
            raise ValueError("a view needs a name")
        with self._lock:
            table, doc_ids = self._views_named(name)
            if doc_ids:
                table.update({"query": query}, doc_ids=doc_ids)
            else:
                table.insert({"name": name, "query": query})

    def delete_view(self, name: str) -> bool:
        """Forget the view called `name`; False when there was none."""
        with self._lock:
            table, doc_ids = self._views_named(name)
            if doc_ids:
                table.remove(doc_ids=doc_ids)
            return bool(doc_ids)

    def _views_named(self, name: str) -> tuple[Table, list[int]]:
        """The views table, for a change, and the documents in it called `name`."""
        self._check_writable()
        self.take_outside()
        table = self._table("views")
        return table, [d.doc_id for d in table.all() if d.get("name") == name]

    # -- followed authors ---------------------------------------------------------

    def follows(self) -> list[str]:
        """The authors the reader follows, as they wrote each name, in the order followed (stored beside the
        annotations, as the saved views: the reader's data, in its backups; a library without them has none)."""
        with self._lock:
            if self._notes_db is None:
                return []
            docs = sorted(self._table(FOLLOWS_TABLE).all(), key=lambda d: d.doc_id)
            return [d["name"] for d in docs if isinstance(d.get("name"), str) and d["name"].strip()]

    def save_follow(self, name: str) -> None:
        """Follow `name` (spaces collapsed); atomic like a note save. Whether it names someone followed already
        is the use case's question (`usecases.follow`: spellings of one person are one follow)."""
        name = " ".join(name.split())
        if not name:
            raise ValueError("an author's name is needed")
        with self._lock:
            self._check_writable()
            self.take_outside()
            self._table(FOLLOWS_TABLE).insert({"name": name})

    def drop_follows(self, names: Collection[str]) -> int:
        """Stop following each of `names` (as `follows` gives them); how many were dropped."""
        with self._lock:
            self._check_writable()
            self.take_outside()
            table = self._table(FOLLOWS_TABLE)
            doc_ids = [d.doc_id for d in table.all() if d.get("name") in names]
            if doc_ids:
                table.remove(doc_ids=doc_ids)
            return len(doc_ids)

    def _table(self, name: str) -> Table:
        """A table of the annotations file, made anew for each use. TinyDB's `table()` keeps one per name, and that
        one keeps the next document id it once read; the store replaces the file under it (a change made outside
        merged in, a rewrite, the journal folded), so a kept table could hand out an id already taken. A fresh
        `Table` reads the next id from the file as it is now."""
        assert self._notes_db is not None
        return Table(self._notes_db.storage, name)
