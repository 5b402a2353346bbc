"""Copies of the annotations in `backups/`: recent ones while the reader works, one when a session ends, one a day.

A copy is of what the store holds (annotations.json with its journal folded
in: annotations, saved views, the change log), written atomically, and only
by a library open for writing, which checked its file as it opened
(`store.annotations_check`, `store.written`): a damaged or wiped file opens
read-only and is never copied over the good copies. Copying is never on a
keystroke's way: saves run in a worker thread, and a save copies at most once
every `RECENT_EVERY`.

    annotations-recent-YYYYmmdd-HHMMSS.json   a save, when the newest recent or session copy is RECENT_EVERY old
    annotations-session-YYYYmmdd-HHMMSS.json  a library that changed, as it closes
    annotations-YYYY-MM-DD.json               the day's first open (older versions' daily copies are named so too)
    annotations-outside-YYYYmmdd-HHMMSS.json  the file as another program left it while the library was open
                                              (`store.outside`): kept as it was, never pruned, never offered as
                                              the newest good copy

The trash (`trash.json`, the removed papers with their notes) is copied beside
them, checked first (`store.trash_file`): `trash-YYYY-MM-DD.json` at the day's
first open, `trash-session-YYYYmmdd-HHMMSS.json` as a library whose trash changed
closes, each only when it differs from the newest copy of the trash.

The newest `RECENT_KEPT` recent and session copies are kept, and `DAILY_KEPT`
daily ones, of each file. `put_back` restores one, keeping the file it replaces aside.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tui.core.records import FieldRecord
from tui.core.store.annotations_check import wrong_values
from tui.core.store.atomic import atomic_write_bytes
from tui.core.store.jsonfile import digest_of, identity
from tui.core.store.written import matches_record, record_write

if TYPE_CHECKING:
    from tui.core.store.journal import JournaledJSONStorage

BACKUP_DIR = "backups"
#: A save makes a recent copy when the newest recent or session copy is this old (seconds).
RECENT_EVERY = 5 * 60
#: How many recent and session copies are kept (together), and how many daily ones.
RECENT_KEPT = 10
DAILY_KEPT = 7
RECENT, SESSION, DAILY, OUTSIDE = "recent", "session", "daily", "outside"
_ORDER = {DAILY: 0, OUTSIDE: 1, RECENT: 2, SESSION: 3}
_STAMPED = (RECENT, SESSION, OUTSIDE)
#: Where the notice of a damaged file points the reader.
RESTORE_HINT = "`paperdesk backups` lists the copies to restore"
_STAMP = "%Y%m%d-%H%M%S"
_DAY = "%Y-%m-%d"
_SUFFIX = ".json"
#: The library files copied, and the prefix of their copies' names.
ANNOTATIONS, TRASH = "annotations.json", "trash.json"
_PREFIXES = {ANNOTATIONS: "annotations-", TRASH: "trash-"}

clock = time.time
"""The time copies are named and spaced by (tests set it)."""


def _stamp(when: float, form: str = _STAMP) -> str:
    return time.strftime(form, time.localtime(when))


class Copy(FieldRecord):
    """One backup file: where it is, its kind, and the stamp in its name (a day for a daily copy).

    A plain class (why: `tui.core.records`).
    """

    def __init__(self, path: Path, kind: str, stamp: str, n: int = 1, of: str = ANNOTATIONS) -> None:
        self.path, self.kind, self.stamp = path, kind, stamp
        self.n = n
        """The copy's number within its second (copies a second apart or less are numbered, never written over)."""
        self.of = of
        """The library file it is a copy of (`ANNOTATIONS`, `TRASH`): where a restore puts it."""

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def when(self) -> float:
        """When it was taken: from its name, and for a daily copy its file's time when that is on the day it names."""
        if self.kind != DAILY:
            return time.mktime(time.strptime(self.stamp, _STAMP))
        midnight = time.mktime(time.strptime(self.stamp, _DAY))
        try:
            mtime = self.path.stat().st_mtime
        except OSError:
            return midnight
        return mtime if _stamp(mtime, _DAY) == self.stamp else midnight


def parse_name(path: Path) -> Copy | None:
    """The copy a file of `backups/` is, from its name; None for anything else (left alone)."""
    name = path.name
    of = next((f for f, prefix in _PREFIXES.items() if name.startswith(prefix)), None)
    if of is None or not name.endswith(_SUFFIX):
        return None
    middle = name[len(_PREFIXES[of]) : -len(_SUFFIX)]
    kind, _, stamp = middle.partition("-")
    stamp, _, n = stamp[:15], stamp[15:16], stamp[16:]
    if kind in _STAMPED and len(stamp) == 15 and stamp[8] == "-" and (stamp[:8] + stamp[9:]).isdigit() and (n.isdigit() or not n):
        return Copy(path, kind, stamp, int(n) if n else 1, of)
    if len(middle) == 10 and middle[4] == middle[7] == "-" and (middle[:4] + middle[5:7] + middle[8:]).isdigit():
        return Copy(path, DAILY, middle, of=of)
    return None


def _found(backups: Path) -> list[Copy]:
    """The copies in `backups/`, in no order (a missing folder has none)."""
    try:
        return [c for p in backups.iterdir() if (c := parse_name(p)) is not None]
    except OSError:
        return []


def copies(folder: Path, of: str | None = None) -> list[Copy]:
    """The library's copies (of the file `of`; None: of every file), newest first (a missing `backups/` has none)."""
    found = [c for c in _found(folder / BACKUP_DIR) if of is None or c.of == of]
    # Within one second (names are to the second): a session copy comes after the recent one, both after the daily one.
    return sorted(found, key=lambda c: (int(c.when), c.n, _ORDER[c.kind], c.name), reverse=True)


def take_copy(folder: Path, kind: str, raw: bytes, when: float, of: str = ANNOTATIONS) -> Path:
    """Write one copy of the file `of` atomically, then drop the oldest beyond the kind's count; OSError when it cannot be made."""
    backups = folder / BACKUP_DIR
    backups.mkdir(exist_ok=True)
    prefix = _PREFIXES[of]
    name = _stamp(when, _DAY) if kind == DAILY else kind + "-" + _stamp(when)
    path = backups / f"{prefix}{name}{_SUFFIX}"
    n = 1
    while kind != DAILY and any((backups / f"{prefix}{k}-{_stamp(when)}{'' if n == 1 else f'-{n}'}{_SUFFIX}").exists() for k in _STAMPED):
        n += 1  # another copy this second: numbered, never written over
        path = backups / f"{prefix}{name}-{n}{_SUFFIX}"
    atomic_write_bytes(path, raw)
    if kind == DAILY:
        os.utime(path, (when, when))  # `Copy.when` reads a daily copy's time from its file
    prune(_found(backups))
    return path


def prune(found: list[Copy]) -> None:
    """Keep the newest `RECENT_KEPT` recent and session copies and `DAILY_KEPT` daily ones of `found`, of each file;
    other files (outside versions among them) stay."""
    for of in _PREFIXES:
        recent = sorted((c for c in found if c.of == of and c.kind in (RECENT, SESSION)), key=lambda c: (c.stamp, c.n))
        daily = sorted((c for c in found if c.of == of and c.kind == DAILY), key=lambda c: c.stamp)
        for old in recent[:-RECENT_KEPT] + daily[:-DAILY_KEPT]:
            try:
                old.path.unlink()
            except OSError:
                pass


def read_copy(path: Path) -> dict[str, Any]:
    """A copy's data, as an annotations file holds it; ValueError saying why it cannot be used."""
    try:
        data = orjson.loads(path.read_bytes())
    except OSError as exc:
        raise ValueError(f"cannot be read ({exc.strerror or exc})") from None
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise ValueError("not an annotations file")
    problem = wrong_values(data)
    if problem:
        raise ValueError(problem)
    return data


def put_back(target: Path, raw: bytes) -> Path | None:
    """Make `raw` (a checked copy) the file `target`, atomically; return where the file it replaced is kept, if any.

    The replaced file is kept as `target.replaced-YYYYmmdd-HHMMSS` (a hard
    link, so nothing is copied), and its journal, which belongs to it, beside
    it with `.journal`: left in place, the journal would be replayed over the
    restored copy. Nothing is ever deleted.
    """
    aside = target.with_name(f"{target.name}.replaced-{_stamp(clock())}")
    n = 1
    while aside.exists() or aside.with_name(aside.name + ".journal").exists():
        n += 1
        aside = aside.with_name(f"{target.name}.replaced-{_stamp(clock())}-{n}")
    kept = None
    if target.exists():
        try:
            os.link(target, aside)
        except OSError:  # a file system without hard links
            atomic_write_bytes(aside, target.read_bytes())
        kept = aside
    journal, journal_aside = target.with_name(target.name + ".journal"), aside.with_name(aside.name + ".journal")
    moved = journal.exists() and journal.stat().st_size > 0
    if moved:
        os.replace(journal, journal_aside)
    try:
        atomic_write_bytes(target, raw)
    except BaseException:
        if moved:  # the file stays as it was: its journal goes back with it
            os.replace(journal_aside, journal)
        raise
    return kept or (journal_aside if moved else None)


class BackupKeeper:
    """When a writable library copies its annotations, and the record of each write (`store.written`).

    Made by the store for a library open for writing (its file checked);
    every call runs under the store's lock. A copy that cannot be made never
    stops the reader: the next chance makes it.
    """

    def __init__(self, folder: Path, storage: JournaledJSONStorage) -> None:
        self.folder, self.storage = folder, storage
        self.changed = False  # since the last copy
        found = _found(folder / BACKUP_DIR)  # one listing at open, no clock arithmetic: it is on a start's way
        self._last = max((c.stamp for c in found if c.of == ANNOTATIONS and c.kind in (RECENT, SESSION)), default="")  # names sort by time
        self._trash_seen = identity(folder / TRASH)  # a session copy of the trash when it changed by the close
        self._day = ""  # the day whose daily copy is made
        prune(found)  # copies an older version or a changed count left beyond the counts
        storage.before_write = self.before_write

    def before_write(self, raw: bytes, data: dict[str, Any]) -> None:
        """The file is about to be replaced with `raw`: record it as paperdesk's."""
        previous = self.storage.digest
        before: dict[str, Any] | None = None
        if previous is None:  # the file's first write: what the journal held until now
            from tui.core.store.journal import read_journal, replay

            before = {}
            for line in read_journal(self.storage.journal)[0]:
                replay(before, line)
        record_write(self.folder, digest_of(raw), len(raw), data, previous, before)
        self.changed = True

    def keep_outside(self, raw: bytes) -> Path:
        """Keep the file as another program left it (`store.outside`), as an `outside` copy; OSError when it cannot be."""
        return take_copy(self.folder, OUTSIDE, raw, clock())

    def _copy_trash(self, kind: str) -> None:
        """Copy trash.json when it is a trash (`store.trash_file`) and differs from the newest copy of it."""
        from tui.core.store.trash_file import parse_trash

        try:
            raw = (self.folder / TRASH).read_bytes()
            parse_trash(raw)
        except (OSError, ValueError):
            return  # none, or damaged: a damaged trash is never copied over the good copies
        newest = next(iter(copies(self.folder, TRASH)), None)
        try:
            if newest is None or newest.path.read_bytes() != raw:
                take_copy(self.folder, kind, raw, clock(), TRASH)
        except OSError:
            pass

    def opened(self) -> None:
        """The file is checked (and its journal folded in): record it when it is not paperdesk's last write
        (an edit outside that kept everything, or a library older versions wrote), and make the day's copies."""
        digest, path = self.storage.digest, self.storage.path
        if digest is not None and not matches_record(self.folder, digest):
            record_write(self.folder, digest, path.stat().st_size, self.storage.read() or {}, digest)
        self._daily()
        if not (self.folder / BACKUP_DIR / f"{_PREFIXES[TRASH]}{_stamp(clock(), _DAY)}{_SUFFIX}").exists():
            self._copy_trash(DAILY)

    def saved(self) -> None:
        """A save landed: a recent copy when the newest is `RECENT_EVERY` old (and the day's, in a session past midnight)."""
        self.changed = True
        if _stamp(clock() - RECENT_EVERY) >= self._last:
            self._copy(RECENT)
        self._daily()

    def _daily(self) -> None:
        day = _stamp(clock(), _DAY)
        if day != self._day and ((self.folder / BACKUP_DIR / f"{_PREFIXES[ANNOTATIONS]}{day}{_SUFFIX}").exists() or self._copy(DAILY)):
            self._day = day

    def closing(self) -> None:
        """The session ends: a copy when anything changed since the last one (of the trash, when it changed)."""
        if self.changed:
            self._copy(SESSION)
        if identity(self.folder / TRASH) != self._trash_seen:
            self._copy_trash(SESSION)

    def _copy(self, kind: str) -> bool:
        """Copy what the store holds now; False when there was nothing to copy or it could not be written."""
        data = self.storage.read()
        if not data or not any(data.values()) or wrong_values(data):
            return False  # nothing to keep, or (never from paperdesk's own writes) values a copy must not hold
        now = clock()
        try:
            take_copy(self.folder, kind, orjson.dumps(data), now)
        except OSError:
            return False
        if kind != DAILY:
            self.changed, self._last = False, _stamp(now)
        return True


def remove_stale_temps(folder: Path, names: tuple[str, ...]) -> None:
    """Delete temp files of `names` a killed writer left behind (the caller holds the lock)."""
    for name in names:
        for tmp in folder.glob(f".{name}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
