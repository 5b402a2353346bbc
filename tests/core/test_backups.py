"""Copies of the annotations: recent ones while saving, one per session end, daily ones; and restoring one."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.core.errors import LibraryError, LibraryHeld
from tui.core.library import Library
from tui.core.store import backups
from tui.core.store.backups import BACKUP_DIR, DAILY_KEPT, RECENT_EVERY, RECENT_KEPT
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.usecases import backups as recovery

START = time.mktime((2030, 1, 1, 9, 0, 0, 0, 0, -1))


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The copies' clock, set by the test: `clock[0]` is now (local 2030-01-01 09:00 to begin with)."""
    now = [START]
    monkeypatch.setattr(backups, "clock", lambda: now[0])
    return now


def names(folder: Path, kind: str = "") -> list[str]:
    return sorted(p.name for p in (folder / BACKUP_DIR).glob(f"annotations-{kind}*.json"))


def held(path: Path) -> dict[str, str]:
    """The notes a copy (or annotations.json) holds, by paper id."""
    return {d["id"]: d["notes"] for d in json.loads(path.read_bytes()).get("annotations", {}).values()}


def test_a_save_copies_at_most_every_few_minutes_and_the_newest_copy_holds_the_last_of_an_hour(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        for minute in range(61):  # an hour of work, a save a minute
            clock[0] = START + 60 * minute
            lib.save_annotation(pid, notes=f"minute {minute}")
        recent = names(library_dir, "recent")
        assert len(recent) == RECENT_KEPT  # 13 taken (0, 5, ..., 60 minutes), the newest 10 kept
        assert recent[-1] == "annotations-recent-20300101-100000.json"
        assert recent[0] == "annotations-recent-20300101-091500.json"
        assert held(library_dir / BACKUP_DIR / recent[-1]) == {pid: "minute 60"}
        clock[0] += RECENT_EVERY - 1
        lib.save_annotation(pid, notes="too soon for another")
        assert names(library_dir, "recent") == recent


def test_a_session_copy_when_a_library_that_changed_closes_and_none_when_nothing_did(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="first")  # a recent copy
        clock[0] += 60
        lib.save_annotation(pid, notes="last of the session")
    assert names(library_dir, "session") == ["annotations-session-20300101-090100.json"]
    assert held(library_dir / BACKUP_DIR / names(library_dir, "session")[0]) == {pid: "last of the session"}
    clock[0] += 60
    with Library.open(library_dir, seed=False):
        pass  # nothing written: no copy
    assert len(names(library_dir, "session")) == 1


def test_views_and_the_change_log_are_copied_with_the_annotations(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        lib.save_view("mine", "graph rating:>=4")
    (session,) = names(library_dir, "session")
    copied = json.loads((library_dir / BACKUP_DIR / session).read_bytes())
    assert [v["query"] for v in copied["views"].values()] == ["graph rating:>=4"]


def test_one_daily_copy_a_day_holding_the_day_as_it_began_and_seven_kept(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="day 0")
    for day in range(1, 10):
        clock[0] = START + day * 86400
        with Library.open(library_dir, seed=False) as lib:
            lib.save_annotation(pid, notes=f"day {day} morning")
        with Library.open(library_dir, seed=False) as lib:
            lib.save_annotation(pid, notes=f"day {day} evening")
    daily = [n for n in names(library_dir) if n[12:14] == "20"]
    assert daily == [f"annotations-2030-01-{d:02d}.json" for d in range(4, 11)]
    assert len(daily) == DAILY_KEPT
    assert held(library_dir / BACKUP_DIR / daily[-1]) == {pid: "day 8 evening"}  # the file as day 9 began


def test_copies_older_versions_made_are_listed_restorable_and_pruned_as_daily_ones(library_dir: Path, clock) -> None:
    library_dir.mkdir()
    for name in ("papers.json", ANNOTATIONS_FILE):
        shutil.copy(FIXTURES / "legacy_library" / name, library_dir / name)
    (library_dir / BACKUP_DIR).mkdir()
    for day in range(1, 9):  # as the previous version named its daily copies
        shutil.copy(FIXTURES / "legacy_library" / ANNOTATIONS_FILE, library_dir / BACKUP_DIR / f"annotations-2029-12-{20 + day}.json")
    listed = recovery.list_backups(library_dir)
    assert [b.name for b in listed][:2] == ["annotations-2029-12-28.json", "annotations-2029-12-27.json"]
    assert all(b.copy.kind == "daily" and b.summary is not None and b.summary.notes == 8 for b in listed)
    with Library.open(library_dir, seed=False):
        pass  # today's copy is made, the oldest old ones go
    assert names(library_dir) == ["annotations-2029-12-23.json", *(f"annotations-2029-12-{d}.json" for d in range(24, 29)), "annotations-2030-01-01.json"]
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{}")
    restored = recovery.restore_backup(library_dir, "annotations-2029-12-28.json")
    assert restored.kept is not None and restored.kept.read_bytes() == b"{}"
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only and len([a for a in lib.annotations().values() if a.notes]) == 8


def test_restore_latest_brings_back_every_note_after_a_wipe_keeping_the_wiped_file_aside(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:5]]
        for n, pid in enumerate(ids):
            clock[0] += 30
            lib.save_annotation(pid, notes=f"note {n}", rating=n)
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{}")
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "lost annotations" in (lib.damaged or "")
    clock[0] += 60
    restored = recovery.restore_backup(library_dir, recovery.LATEST)
    assert restored.backup.copy.kind == "session" and restored.backup.summary.notes == 5
    assert restored.kept == library_dir / "annotations.json.replaced-20300101-090330" and restored.kept.read_bytes() == b"{}"
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only and lib.notice is None
        assert {pid: lib.annotation(pid).notes for pid in ids} == {pid: f"note {n}" for n, pid in enumerate(ids)}
        lib.save_annotation(ids[0], notes="writable again")


def test_restore_puts_the_current_journal_aside_with_the_file(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="copied")
    snapshot = (library_dir / ANNOTATIONS_FILE).read_bytes()
    clock[0] += 60
    lib = Library.open(library_dir, seed=False)
    lib.save_annotation(pid, notes="only in the journal")
    lib._file_lock.release()  # killed: the journal is not folded in
    journal = library_dir / (ANNOTATIONS_FILE + ".journal")
    lines = journal.read_bytes()
    assert lines
    restored = recovery.restore_backup(library_dir, names(library_dir, "recent")[0])
    assert restored.kept.read_bytes() == snapshot
    assert (restored.kept.parent / (restored.kept.name + ".journal")).read_bytes() == lines
    assert not journal.exists()  # replayed over the copy, it would undo the restore
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.annotation(pid).notes == "copied"


def test_restore_is_refused_while_the_library_is_open_and_names_a_missing_or_damaged_copy(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="x")
    before = (library_dir / ANNOTATIONS_FILE).read_bytes()
    with Library.open(library_dir, seed=False):
        with pytest.raises(LibraryHeld, match="is using this library; nothing restored") as held_error:
            recovery.restore_backup(library_dir, recovery.LATEST)
        assert held_error.value.pid == os.getpid()
    with pytest.raises(LibraryError, match="no backup named 'nope.json'"):
        recovery.restore_backup(library_dir, "nope.json")
    bad = library_dir / BACKUP_DIR / "annotations-recent-20290101-000000.json"
    bad.write_bytes(b'{"annotations": {"1": {"id": "ab", "rating": "five"}}}')
    with pytest.raises(LibraryError, match=r'rating is "five".*nothing restored'):
        recovery.restore_backup(library_dir, bad.name)
    assert (library_dir / ANNOTATIONS_FILE).read_bytes() == before
    assert not list(library_dir.glob("*.replaced-*"))


def test_latest_skips_copies_that_cannot_be_restored(library_dir: Path, clock) -> None:
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="good")
    (library_dir / BACKUP_DIR / "annotations-session-20300101-100000.json").write_bytes(b'{"annotations": {"1": ')
    listed = recovery.list_backups(library_dir)
    assert listed[0].problem is not None and "not valid JSON" in listed[0].problem
    assert recovery.newest_good(library_dir).name == "annotations-recent-20300101-090000.json"
