"""Daily copies of the annotations file, and the clean-up of temp files a killed writer left."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Callable

from tui.core.store.atomic import atomic_write_bytes

BACKUP_DIR = "backups"
#: How many daily backups of the annotations file are kept.
BACKUPS_KEPT = 5


def backup_due(done_day: str | None) -> bool:
    """Whether today's backup is still to be made (`done_day` as `rotate_backups` returned it)."""
    return done_day != _dt.date.today().isoformat()


def rotate_backups(source: Path, done_day: str | None, before: Callable[[], None] | None = None) -> str | None:
    """Keep one copy of `source` per day, the newest few days; return the day now backed up.

    Runs on open and before each save, but touches the disk at most once a
    day (`done_day` is what the last call returned): the copy is of the file
    as it was before the day's first change. A backup that cannot be made
    must not stop the reader, so failures only leave the day not done.
    """
    day = _dt.date.today().isoformat()
    if done_day == day:
        return done_day
    if before is not None:  # the annotations journal folded in: the copy holds everything
        before()
    if not source.exists():
        return done_day
    folder = source.parent / BACKUP_DIR
    try:
        folder.mkdir(exist_ok=True)
        today = folder / f"annotations-{day}.json"
        if not today.exists():
            atomic_write_bytes(today, source.read_bytes())
        done_day = day
        for old in sorted(folder.glob("annotations-*.json"))[:-BACKUPS_KEPT]:
            old.unlink()
    except OSError:
        pass
    return done_day


def remove_stale_temps(folder: Path, names: tuple[str, ...]) -> None:
    """Delete temp files of `names` a killed writer left behind (the caller holds the lock)."""
    for name in names:
        for tmp in folder.glob(f".{name}.*.tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
