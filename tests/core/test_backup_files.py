"""The files of `backups/` (`store.backups`): which names are copies, copies in the same second, reading a copy back,
and restoring one over the annotations file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import orjson
import pytest

from tui.core.store import backups
from tui.core.store.backups import BACKUP_DIR, DAILY, RECENT, SESSION, Copy, copies, parse_name, put_back, read_copy, take_copy

WHEN = time.mktime((2030, 1, 1, 9, 0, 0, 0, 0, -1))
STAMP = "20300101-090000"


@pytest.mark.parametrize(
    ("name", "kind", "stamp", "n"),
    [
        ("annotations-recent-20300101-090000.json", RECENT, STAMP, 1),
        ("annotations-session-20300101-090000.json", SESSION, STAMP, 1),
        ("annotations-recent-20300101-090000-3.json", RECENT, STAMP, 3),
        ("annotations-session-20300101-090000-12.json", SESSION, STAMP, 12),
        ("annotations-2030-01-01.json", DAILY, "2030-01-01", 1),
    ],
)
def test_a_copys_name_gives_its_kind_stamp_and_number(name: str, kind: str, stamp: str, n: int) -> None:
    copy = parse_name(Path("backups") / name)
    assert copy is not None and (copy.kind, copy.stamp, copy.n, copy.name) == (kind, stamp, n, name)


@pytest.mark.parametrize(
    "name",
    [
        "notes.json",
        "backup-copy-2030-01-01.json",  # another prefix of the same length
        "annotations-2030-01-01.json.tmp",
        "annotations-daily-20300101-090000.json",  # a kind that is not named so
        "annotations-other-20300101-090000.json",
        "annotations-recent-garbage.json",
        "annotations-recent-20300101-x90000.json",
        "annotations-recent-2030010x-090000.json",
        "annotations-recent-20300101-090000-x.json",
        "annotations-2030x01x01.json",
        "annotations-abcdefghij.json",
        "annotations-2030-x1-01.json",
        "annotations-2030-01-x1.json",
        "annotations-x030-01-01.json",
    ],
)
def test_other_files_of_the_folder_are_no_copies(name: str) -> None:
    assert parse_name(Path(name)) is None


def test_a_copy_made_without_a_number_is_the_first_of_its_second() -> None:
    assert Copy(Path("x"), RECENT, STAMP).n == 1


def test_copies_in_the_same_second_are_numbered_never_written_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backups, "RECENT_KEPT", 10)
    first = take_copy(tmp_path, RECENT, b'{"n": 1}', WHEN)
    second = take_copy(tmp_path, SESSION, b'{"n": 2}', WHEN)
    third = take_copy(tmp_path, RECENT, b'{"n": 3}', WHEN)
    assert [p.name for p in (first, second, third)] == [
        f"annotations-recent-{STAMP}.json", f"annotations-session-{STAMP}-2.json", f"annotations-recent-{STAMP}-3.json",
    ]
    assert [p.read_bytes() for p in (first, second, third)] == [b'{"n": 1}', b'{"n": 2}', b'{"n": 3}']
    assert [c.name for c in copies(tmp_path)] == [third.name, second.name, first.name]  # newest first
    daily = take_copy(tmp_path, DAILY, b"{}", WHEN + 60)
    assert daily.name == "annotations-2030-01-01.json" and daily.stat().st_mtime == WHEN + 60


def test_reading_a_copy_back_says_why_it_cannot_be_used(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"^cannot be read \(No such file or directory\)$"):
        read_copy(tmp_path / "gone.json")
    bad = tmp_path / "bad.json"
    for raw in (b"[1, 2]", b'"text"', b'{"annotations": 5}', b'{"annotations": {}, "views": []}'):
        bad.write_bytes(raw)
        with pytest.raises(ValueError, match="^not an annotations file$"):
            read_copy(bad)
    bad.write_bytes(b'{"annotations": {"1": {"id": "p", "rating": 9}}}')
    with pytest.raises(ValueError, match="^paper p: rating is 9, not a whole number from 0 to 5$"):
        read_copy(bad)
    bad.write_bytes(b'{"annotations": {"1": {"id": "p"}}, "views": {}}')
    assert read_copy(bad) == {"annotations": {"1": {"id": "p"}}, "views": {}}


def test_reading_a_copy_that_cannot_be_opened_names_the_cause(tmp_path: Path) -> None:
    folder = tmp_path / "a folder.json"
    folder.mkdir()
    with pytest.raises(ValueError, match=r"^cannot be read \(Is a directory\)$"):
        read_copy(folder)


@pytest.fixture
def at_nine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backups, "clock", lambda: WHEN)


def test_put_back_keeps_the_file_it_replaces_and_says_where(tmp_path: Path, at_nine: None) -> None:
    target = tmp_path / "annotations.json"
    target.write_bytes(b"old")
    kept = put_back(target, b"restored")
    assert kept == tmp_path / f"annotations.json.replaced-{STAMP}"
    assert (target.read_bytes(), kept.read_bytes()) == (b"restored", b"old")
    again = put_back(target, b"restored again")  # the same second: numbered, the first kept file untouched
    assert again == tmp_path / f"annotations.json.replaced-{STAMP}-2" and again.read_bytes() == b"restored"
    assert kept.read_bytes() == b"old" and target.read_bytes() == b"restored again"
    third = put_back(target, b"3")
    assert third == tmp_path / f"annotations.json.replaced-{STAMP}-3"


def test_put_back_with_no_file_to_replace_keeps_nothing(tmp_path: Path, at_nine: None) -> None:
    target = tmp_path / "annotations.json"
    assert put_back(target, b"restored") is None and target.read_bytes() == b"restored"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["annotations.json"]


def test_put_back_moves_a_journal_aside_with_its_file_and_leaves_an_empty_one(tmp_path: Path, at_nine: None) -> None:
    target, journal = tmp_path / "annotations.json", tmp_path / "annotations.json.journal"
    journal.write_bytes(b"")
    assert put_back(target, b"one") is None and journal.exists()  # an empty journal replays nothing: it stays
    journal.write_bytes(b"line\n")
    kept = put_back(target, b"two")
    assert kept == tmp_path / f"annotations.json.replaced-{STAMP}"
    assert Path(f"{kept}.journal").read_bytes() == b"line\n" and not journal.exists()
    journal.unlink(missing_ok=True)
    target.unlink()
    journal.write_bytes(b"only a journal\n")  # a file never folded: its journal alone is what is kept
    kept = put_back(target, b"three")
    assert kept == tmp_path / f"annotations.json.replaced-{STAMP}-2.journal" and kept.read_bytes() == b"only a journal\n"


def test_a_failed_put_back_leaves_the_file_and_its_journal_as_they_were(tmp_path: Path, at_nine: None, monkeypatch) -> None:
    target, journal = tmp_path / "annotations.json", tmp_path / "annotations.json.journal"
    target.write_bytes(b"old")
    journal.write_bytes(b"line\n")

    def full_disk(path, raw, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backups, "atomic_write_bytes", full_disk)
    with pytest.raises(OSError):
        put_back(target, b"new")
    assert (target.read_bytes(), journal.read_bytes()) == (b"old", b"line\n")


def test_put_back_copies_the_old_file_where_hard_links_are_refused(tmp_path: Path, at_nine: None, monkeypatch) -> None:
    target = tmp_path / "annotations.json"
    target.write_bytes(b"old")

    def no_links(src, dst):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    kept = put_back(target, b"new")
    assert kept is not None and kept.read_bytes() == b"old" and target.read_bytes() == b"new"


def test_the_write_record_holds_the_size_of_the_bytes_written(library_dir: Path) -> None:
    from tui.core.library import Library
    from tui.core.store.written import WRITTEN_FILE

    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="x")
    record = orjson.loads((library_dir / WRITTEN_FILE).read_bytes())
    assert record["size"] == (library_dir / "annotations.json").stat().st_size


def test_the_backups_folder_is_made_when_missing(tmp_path: Path) -> None:
    take_copy(tmp_path, RECENT, b"{}", WHEN)
    assert (tmp_path / BACKUP_DIR).is_dir()


def test_put_back_never_takes_a_name_whose_journal_is_kept_already(tmp_path: Path, at_nine: None) -> None:
    target, journal = tmp_path / "annotations.json", tmp_path / "annotations.json.journal"
    journal.write_bytes(b"first\n")
    only_journal = put_back(target, b"one")  # no file: only its journal is kept, under the first name
    assert only_journal == tmp_path / f"annotations.json.replaced-{STAMP}.journal"
    journal.write_bytes(b"second\n")
    kept = put_back(target, b"two")
    assert kept == tmp_path / f"annotations.json.replaced-{STAMP}-2" and kept.read_bytes() == b"one"
    assert only_journal.read_bytes() == b"first\n" and Path(f"{kept}.journal").read_bytes() == b"second\n"
