"""Rolling daily backups of the annotations file, and restoring a damaged file from one."""

from __future__ import annotations

import datetime
import shutil
import types
from pathlib import Path

from tui.core.store import backups
from tui.core.library import Library
from tui.core.store.backups import BACKUP_DIR, BACKUPS_KEPT
from tui.core.store.storage import ANNOTATIONS_FILE


def fake_clock(monkeypatch) -> list[datetime.date]:
    """Make the store's "today" whatever the test puts in the returned one-item list."""
    today = [datetime.date(2030, 1, 1)]

    class FakeDate(datetime.date):
        @classmethod
        def today(cls):  # type: ignore[override]
            return today[0]

    monkeypatch.setattr(backups, "_dt", types.SimpleNamespace(date=FakeDate, datetime=datetime.datetime, timezone=datetime.timezone))
    return today


def test_one_backup_per_day_holding_the_day_before_and_only_five_days_kept(library_dir: Path, monkeypatch) -> None:
    today = fake_clock(monkeypatch)
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        for day in range(1, 8):
            today[0] = datetime.date(2030, 1, day)
            lib.save_annotation(pid, notes=f"day {day} morning")
            lib.save_annotation(pid, notes=f"day {day} evening")
    backups = sorted((library_dir / BACKUP_DIR).iterdir())
    assert [p.name for p in backups] == [f"annotations-2030-01-0{d}.json" for d in range(3, 8)]
    assert len(backups) == BACKUPS_KEPT
    for day, backup in zip(range(3, 8), backups):
        assert f"day {day - 1} evening" in backup.read_text()  # the file as the day began


def test_a_damaged_file_restored_from_a_backup_opens_writable(library_dir: Path, monkeypatch) -> None:
    today = fake_clock(monkeypatch)
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="yesterday's note")
    today[0] = datetime.date(2030, 1, 2)
    with Library.open(library_dir) as lib:
        lib.save_annotation(pid, notes="today's note")
    (library_dir / ANNOTATIONS_FILE).write_bytes(b'{"annotations": {"1": ')
    with Library.open(library_dir) as lib:
        assert lib.read_only and str(library_dir / BACKUP_DIR) in (lib.notice or "")
    newest = sorted((library_dir / BACKUP_DIR).iterdir())[-1]
    shutil.copy(newest, library_dir / ANNOTATIONS_FILE)
    with Library.open(library_dir) as lib:
        assert not lib.read_only
        assert lib.annotation(pid).notes == "yesterday's note"
