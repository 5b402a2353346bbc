"""The backups' use cases: the copies of the annotations and the trash listed with what each holds, one restored, an edited file accepted.

`paperdesk backups` and the app's offers when a library opens with a damaged,
wiped or wrong-typed annotations file, or a damaged trash, call these. The copies themselves are
`store.backups`; what paperdesk last wrote, `store.written`. Restoring and
accepting write the library, so they take its lock: refused while the app
(or another command) has it, as every other write is.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tui.core.errors import LibraryError, ReadOnlyLibrary, os_reason
from tui.core.records import FieldRecord
from tui.core.store.annotations_check import Summary, summarize, wrong_values
from tui.core.store.backups import ANNOTATIONS, BACKUP_DIR, OUTSIDE, TRASH, Copy, copies, put_back, read_copy
from tui.core.store.journal import read_stored
from tui.core.store.jsonfile import DamagedFile, digest_of
from tui.core.store.lock import release_write_lock, take_write_lock
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.trash_file import parse_trash
from tui.core.store.written import record_write
from tui.core.words import plural

if TYPE_CHECKING:
    from tui.core.library import Library

LATEST = "latest"


class TrashSummary(FieldRecord):
    """What a copy of the trash holds: removals, papers, annotations. A plain class (why: `tui.core.records`)."""

    def __init__(self, batches: list[dict[str, Any]]) -> None:
        self.removals = len(batches)
        self.papers = sum(len(b.get("papers", [])) for b in batches)
        self.annotations = sum(len(b.get("annotations", [])) for b in batches)

    def line(self) -> str:
        """"2 removals, 5 papers, 3 annotations"."""
        return f"{plural(self.removals, 'removal')}, {plural(self.papers, 'paper')}, {plural(self.annotations, 'annotation')}"


class Backup(FieldRecord):
    """One copy as listed: its file, and what it holds (`summary`) or why it cannot be restored (`problem`).

    A plain class (why: `tui.core.records`).
    """

    def __init__(self, copy: Copy, summary: Summary | TrashSummary | None = None, problem: str | None = None) -> None:
        self.copy, self.summary, self.problem = copy, summary, problem

    @property
    def name(self) -> str:
        return self.copy.name

    @property
    def when(self) -> str:
        """When it was taken, local time to the minute."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.copy.when))

    def describe(self) -> str:
        """"a recent copy from 2030-01-01 12:04: 12 annotated papers, 5 notes"."""
        held = self.summary.line() if self.summary is not None else f"cannot be restored ({self.problem})"
        article = "an" if self.copy.kind[0] in "aeiou" else "a"
        of = " of the trash" if self.copy.of == TRASH else ""
        return f"{article} {self.copy.kind} copy{of} from {self.when}: {held}"


def _checked(copy: Copy) -> Backup:
    try:
        if copy.of == TRASH:
            return Backup(copy, TrashSummary(_read_trash_copy(copy.path)))
        return Backup(copy, summarize(read_copy(copy.path)))
    except ValueError as exc:
        return Backup(copy, problem=str(exc))


def _read_trash_copy(path: Path) -> list[dict[str, Any]]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot be read ({os_reason(exc)})") from None
    return parse_trash(raw)


def list_backups(folder: Path) -> list[Backup]:
    """Every copy of the library's annotations, newest first, each read and checked."""
    return [_checked(copy) for copy in copies(folder)]


def annotations_damage(folder: Path, outcome: str) -> str | None:
    """The one line saying the library's annotations file is damaged, wiped or wrong-typed (`store.guard.damage_line`),
    read as an open does (read-only, nothing written); None when it is sound or the folder holds no library yet."""
    from tui.core.store.guard import damage_line
    from tui.core.store.storage import PAPERS_FILE, LibraryStore

    if not (folder / PAPERS_FILE).is_file():
        return None
    with LibraryStore.open(folder, read_only=True) as store:
        return damage_line(store, outcome)


def newest_good(folder: Path, of: str = ANNOTATIONS) -> Backup | None:
    """The newest copy of the file `of` that can be restored (read newest first, up to the first good one); None when
    there is none.

    An outside version (`store.outside`) is another program's file, not a copy of paperdesk's: never offered here.
    """
    own = (c for c in copies(folder, of) if c.kind != OUTSIDE)
    return next((b for b in map(_checked, own) if b.problem is None), None)


class Restored(FieldRecord):
    """What `restore_backup` did: the copy restored, the file it now is, and where the replaced file is kept (None: there was none)."""

    def __init__(self, backup: Backup, target: Path, kept: Path | None) -> None:
        self.backup, self.target, self.kept = backup, target, kept

    def line(self) -> str:
        aside = f"the file it replaced is kept as {self.kept}" if self.kept else "there was no file to keep aside"
        return f"restored {self.backup.name} ({self.backup.describe()}) into {self.target}; {aside}"


def _chosen(folder: Path, name: str) -> Backup:
    """The copy `name` (or the newest good one for `latest`), checked; a one-line error when it cannot be restored."""
    where = folder / BACKUP_DIR
    if name == LATEST:
        backup = newest_good(folder)
        if backup is None:
            raise LibraryError(f"{where}: no backup that can be restored; nothing restored")
        return backup
    copy = next((c for c in copies(folder) if c.name == Path(name).name), None)
    if copy is None:
        raise LibraryError(f"{where}: no backup named {name!r} (`paperdesk backups` lists them); nothing restored")
    backup = _checked(copy)
    if backup.problem is not None:
        raise LibraryError(f"{copy.path}: cannot be restored ({backup.problem}); nothing restored")
    return backup


@contextmanager
def _writing(folder: Path, outcome: str) -> Iterator[None]:
    """The library's write lock for the block; `LibraryHeld` (exit status 3) when another process has it."""
    from tui.core.store.guard import held_by

    lock, refusal = take_write_lock(folder)
    if refusal is not None:
        if refusal.held:
            raise held_by(folder, refusal.pid, outcome)
        raise ReadOnlyLibrary(refusal.reason.replace("opened read-only", outcome))
    assert lock is not None
    try:
        yield
    finally:
        release_write_lock(lock, folder)


def restore_backup(folder: Path, name: str) -> Restored:
    """Make the copy `name` (`latest`: the newest that can be restored) the library's annotations, atomically.

    The file it replaces, and that file's journal, are kept aside under a
    name saying when (`store.backups.put_back`), never deleted; the restored
    file is recorded as paperdesk's own, so the library opens writable.
    """
    backup = _chosen(folder, name)
    with _writing(folder, "nothing restored"):
        return _put_back(folder, backup)


def _put_back(folder: Path, backup: Backup) -> Restored:
    """Make the checked copy `backup` its file again (the caller holds the library's write lock)."""
    raw = backup.copy.path.read_bytes()
    target = folder / backup.copy.of
    try:
        kept = put_back(target, raw)
    except OSError as exc:
        raise LibraryError(f"{target}: cannot be written ({os_reason(exc)}); nothing restored, it was left as it was") from None
    if backup.copy.of == ANNOTATIONS:
        digest = digest_of(raw)
        record_write(folder, digest, len(raw), orjson.loads(raw), digest)
    return Restored(backup, target, kept)


def trash_offer(folder: Path) -> tuple[str, Backup] | None:
    """When trash.json is damaged and a copy of it can be restored: the line naming the damage, and that copy."""
    from tui.core.store.trash_file import trash_damage

    problem = trash_damage(folder)
    backup = newest_good(folder, TRASH) if problem else None
    return (problem, backup) if problem and backup is not None else None


def restore_trash(library: Library, name: str) -> Restored:
    """The app's restore of the trash: the copy `name` made trash.json again under the open library's lock (the app
    holds the library; the trash is read from its file at each removal and restore, so nothing is reopened)."""
    backup = _chosen(library.folder, name)
    if backup.copy.of != TRASH:
        raise LibraryError(f"{backup.copy.path}: not a copy of the trash; nothing restored")
    with library.writing():
        return _put_back(library.folder, backup)


def accept_file(folder: Path) -> str:
    """Take annotations.json as it is now, after an edit outside paperdesk that removed annotations on purpose.

    Only a file that parses and holds values of the right types can be taken;
    one that cannot is a one-line error (fix it, or restore a backup).
    """
    target = folder / ANNOTATIONS_FILE
    if not target.exists():
        raise LibraryError(f"{target}: no such file; nothing accepted")
    with _writing(folder, "nothing accepted"):
        try:
            data = read_stored(target)
        except DamagedFile as exc:
            raise LibraryError(f"{exc.path}: damaged library file ({exc.problem}); nothing accepted") from None
        problem = wrong_values(data)
        if problem:
            raise LibraryError(f"{target}: {problem}; correct it or restore a backup; nothing accepted")
        raw = target.read_bytes()
        digest = digest_of(raw)
        record_write(folder, digest, len(raw), data, digest)
    return f"{target} taken as it is: {summarize(data).line()}"


def reopen_restored(library: Library, name: str) -> tuple[Library, Restored | None, str | None]:
    """The app's restore: close `library` (it holds the lock), restore `name`, open the library again.

    Returns the library opened again, what was restored, and the one-line
    error when the restore failed (the library is opened again either way).
    """
    from tui.core.errors import PaperdeskError
    from tui.core.library import Library

    folder = library.folder
    library.close()
    try:
        restored, error = restore_backup(folder, name), None
    except (PaperdeskError, OSError) as exc:
        restored, error = None, str(exc)
    return Library.open(folder, seed=False), restored, error

