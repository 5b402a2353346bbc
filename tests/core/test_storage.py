"""The TinyDB library: seeding, idempotent imports, atomic writes, locks and damaged files."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import DATA, annotation_files, folder_snapshot, stored_annotations
from tui.core.errors import ReadOnlyLibrary
from tui.core.ingest.lists import parse_list, read_list_file
from tui.core.library import Library
from tui.core.models import Status
from tui.core.store.backups import DAILY_KEPT
from tui.core.store.jsonfile import DamagedFile
from tui.core.store.storage import ANNOTATIONS_FILE, PAPERS_FILE


def test_fresh_library_is_seeded_with_the_33_bundled_papers(library: Library) -> None:
    assert len(library) == 33
    assert {p.list for p in library.papers} == {"ICML 2025 Papers", "ICML 2025 论文列表"}
    assert all(p.derived_title for p in library.papers)
    assert [p.seq for p in library.papers] == list(range(33))


def test_reopening_does_not_reimport(library_dir: Path) -> None:
    with Library.open(library_dir):
        pass
    before = (library_dir / PAPERS_FILE).read_bytes()
    with Library.open(library_dir) as again:
        assert len(again) == 33
    assert (library_dir / PAPERS_FILE).read_bytes() == before


def test_reimport_adds_no_duplicates_and_keeps_annotations(library: Library) -> None:
    pid = library.papers[0].id
    library.save_annotation(pid, notes="keep me", rating=4)
    reports = library.add_lists([read_list_file(DATA / "icml2025-papers.txt")])
    assert reports[0].line() == f"{DATA / 'icml2025-papers.txt'} (list ICML 2025 Papers): 0 papers added, 19 merged (0 with new fields), 0 skipped"
    assert len(library) == 33
    assert library.annotation(pid).notes == "keep me"


def test_duplicates_within_one_list_are_counted(library: Library) -> None:
    parsed = parse_list("New\n\nAlpha one.\n\nAlpha   one.\n\nBeta.\n")
    (report,) = library.add_lists([parsed])
    assert (report.added, report.duplicates) == (2, 1)
    assert report.line().endswith("(list New): 2 papers added, 1 merged (0 with new fields), 0 skipped")


def test_papers_and_annotations_live_in_separate_files(library: Library, library_dir: Path) -> None:
    papers_before = (library_dir / PAPERS_FILE).read_bytes()
    library.save_annotation(library.papers[3].id, notes="n", status="reading")
    assert (library_dir / PAPERS_FILE).read_bytes() == papers_before
    (doc,) = stored_annotations(library_dir).values()
    assert doc["notes"] == "n" and doc["status"] == "reading" and doc["started"]


def test_failed_write_leaves_the_old_file_and_memory_intact(library: Library, library_dir: Path, monkeypatch) -> None:
    pid = library.papers[0].id
    library.save_annotation(pid, notes="first")
    before = annotation_files(library_dir)

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        library.save_annotation(pid, notes="second")
    monkeypatch.undo()
    assert annotation_files(library_dir) == before
    assert library.annotation(pid).notes == "first"
    assert not [p for p in library_dir.iterdir() if p.name.endswith(".tmp")]
    library.save_annotation(pid, notes="third")
    with Library.open(library_dir, read_only=True) as reread:
        assert reread.annotation(pid).notes == "third"


def test_concurrent_saves_from_threads_all_land(library: Library, library_dir: Path) -> None:
    ids = [p.id for p in library.papers[:8]]

    def save(i: int) -> None:
        for n in range(10):
            library.save_annotation(ids[i], notes=f"note {n}", rating=n % 6)

    threads = [threading.Thread(target=save, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    library.close()
    with Library.open(library_dir) as reread:
        assert all(reread.annotation(pid).notes == "note 9" for pid in ids)
        assert all(reread.annotation(pid).rating == 3 for pid in ids)


def test_status_dates_are_set_once(library: Library) -> None:
    pid = library.papers[0].id
    reading = library.save_annotation(pid, status=Status.READING)
    assert reading.started and not reading.finished
    read = library.save_annotation(pid, status="read")
    assert read.finished and read.started == reading.started
    with pytest.raises(ValueError):
        library.save_annotation(pid, rating=6)


def test_damaged_papers_file_is_named_and_kept(library_dir: Path) -> None:
    library_dir.mkdir()
    (library_dir / PAPERS_FILE).write_bytes(b'{"papers": {"1": {"id": "ab"')
    before = folder_snapshot(library_dir)
    with pytest.raises(DamagedFile) as err:
        Library.open(library_dir)
    assert str(library_dir / PAPERS_FILE) in str(err.value)
    assert {k: v for k, v in folder_snapshot(library_dir).items() if k != ".lock"} == before


def test_damaged_annotations_file_opens_read_only_and_is_never_overwritten(library_dir: Path) -> None:
    with Library.open(library_dir):
        pass
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{not json")
    with Library.open(library_dir) as lib:
        assert lib.read_only and ANNOTATIONS_FILE in (lib.notice or "")
        assert len(lib) == 33
        with pytest.raises(ReadOnlyLibrary):
            lib.save_annotation(lib.papers[0].id, notes="x")
    assert (library_dir / ANNOTATIONS_FILE).read_bytes() == b"{not json"


def test_backups_keep_seven_daily_copies(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="backed up")
    backups = library_dir / "backups"
    for day in range(1, 9):
        (backups / f"annotations-2020-01-0{day}.json").write_text("{}")
    with Library.open(library_dir):
        pass
    daily = sorted(p.name for p in backups.iterdir() if "-recent-" not in p.name and "-session-" not in p.name)
    assert len(daily) == DAILY_KEPT and daily[0] == "annotations-2020-01-03.json"
    assert "backed up" in (backups / daily[-1]).read_text()  # today's


HOLD = """
import sys, time
from tui.core.library import Library
lib = Library.open(sys.argv[1])
print("locked", lib.read_only, flush=True)
sys.stdin.readline()
"""


def test_a_second_process_opens_a_locked_library_read_only(library_dir: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(library_dir)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "locked False"
        with Library.open(library_dir) as second:
            assert second.read_only
            assert "another paperdesk" in (second.notice or "")
            assert len(second) == 33
            with pytest.raises(ReadOnlyLibrary):
                second.save_annotation(second.papers[0].id, notes="no")
    finally:
        holder.communicate("\n", timeout=10)
    with Library.open(library_dir) as third:
        assert not third.read_only  # released on exit (and by the kernel after a crash)
