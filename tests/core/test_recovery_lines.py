"""The backups' use cases to the letter: what each copy is said to be, each refusal's line, what a restore or an accept
records (so a file lost afterwards is still noticed), and the app's own doors (`trash_offer`, `reopen_restored`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.core.errors import LibraryError, LibraryHeld
from tui.core.library import Library
from tui.core.store.backups import BACKUP_DIR, Copy
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.trash_file import TRASH_FILE
from tui.core.usecases import backups as recovery

NOTES = {"annotations": {"1": {"id": "p", "notes": "n", "status": "read"}}}


def _copy(folder: Path, name: str, data: object) -> Path:
    (folder / BACKUP_DIR).mkdir(parents=True, exist_ok=True)
    path = folder / BACKUP_DIR / name
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def test_each_copy_says_its_kind_with_its_article_and_what_it_is_a_copy_of(tmp_path: Path) -> None:
    _copy(tmp_path, "annotations-outside-20300101-090000.json", NOTES)
    _copy(tmp_path, "annotations-recent-20300101-080000.json", NOTES)
    _copy(tmp_path, "trash-session-20300101-070000.json", {"batches": [{"papers": [{"id": "a"}, {"id": "b"}], "annotations": [{"id": "a"}]}]})
    _copy(tmp_path, "annotations-session-20300101-060000.json", b"{")
    (tmp_path / BACKUP_DIR / "trash-2030-01-01.json").mkdir()
    said = {b.name: b.describe().split(" from ")[0] + " …" + b.describe().split(":", 2)[-1] for b in recovery.list_backups(tmp_path)}
    assert said == {
        "annotations-outside-20300101-090000.json": "an outside copy … 1 annotated paper, 1 note",
        "annotations-recent-20300101-080000.json": "a recent copy … 1 annotated paper, 1 note",
        "trash-session-20300101-070000.json": "a session copy of the trash … 1 removal, 2 papers, 1 annotation",
        "annotations-session-20300101-060000.json": "a session copy … cannot be restored (not valid JSON: unexpected end of data: line 1 column 2 (char 1))",
        "trash-2030-01-01.json": "a daily copy of the trash … cannot be restored (cannot be read (Is a directory))",
    }
    bad = next(b for b in recovery.list_backups(tmp_path) if b.name == "trash-2030-01-01.json")
    assert isinstance(bad.copy, Copy) and bad.summary is None


def test_there_is_no_newest_good_copy_in_an_empty_or_bad_folder_and_restoring_latest_says_so(tmp_path: Path) -> None:
    assert recovery.newest_good(tmp_path) is None
    _copy(tmp_path, "annotations-recent-20300101-080000.json", b"[")
    assert recovery.newest_good(tmp_path) is None
    with pytest.raises(LibraryError) as refused:
        recovery.restore_backup(tmp_path, recovery.LATEST)
    assert str(refused.value) == f"{tmp_path / BACKUP_DIR}: no backup that can be restored; nothing restored"


def test_a_restore_the_disk_refuses_is_one_line_naming_the_file_and_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _copy(tmp_path, "annotations-recent-20300101-080000.json", NOTES)

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(recovery, "put_back", full)
    with pytest.raises(LibraryError) as refused:
        recovery.restore_backup(tmp_path, "annotations-recent-20300101-080000.json")
    assert str(refused.value) == f"{tmp_path / ANNOTATIONS_FILE}: cannot be written (No space left on device); nothing restored, it was left as it was"


def test_restored_says_where_the_replaced_file_went_or_that_there_was_none(tmp_path: Path) -> None:
    _copy(tmp_path, "annotations-recent-20300101-080000.json", NOTES)
    first = recovery.restore_backup(tmp_path, "annotations-recent-20300101-080000.json")
    assert first.kept is None and first.line() == (
        f"restored annotations-recent-20300101-080000.json ({first.backup.describe()}) into {tmp_path / ANNOTATIONS_FILE}; "
        "there was no file to keep aside"
    )
    again = recovery.restore_backup(tmp_path, "annotations-recent-20300101-080000.json")
    assert again.kept is not None and again.line().endswith(f"; the file it replaced is kept as {again.kept}")


@pytest.mark.parametrize("how", ["restore", "accept"])
def test_a_file_restored_or_accepted_is_guarded_afterwards_a_loss_still_noticed(library_dir: Path, how: str) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:2]]
        for pid in ids:
            lib.save_annotation(pid, notes="kept")
    if how == "restore":
        name = recovery.newest_good(library_dir).name  # type: ignore[union-attr]
        recovery.restore_backup(library_dir, name)
    else:
        recovery.accept_file(library_dir)
    path = library_dir / ANNOTATIONS_FILE
    saved = path.read_bytes()
    path.write_bytes(b'{"annotations": {}}')  # wiped afterwards: noticed, as for any file paperdesk wrote
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "was changed outside paperdesk and lost annotations" in (lib.damaged or "")
    path.unlink()  # and gone altogether: noticed too
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "is missing and lost annotations" in (lib.damaged or "")
    path.write_bytes(saved)
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only


def test_accept_refuses_a_missing_or_damaged_file_and_a_held_library_each_in_one_line(library_dir: Path) -> None:
    from tui.core.store.lock import release_write_lock, take_write_lock

    target = library_dir / ANNOTATIONS_FILE
    library_dir.mkdir()
    with pytest.raises(LibraryError) as missing:
        recovery.accept_file(library_dir)
    assert str(missing.value) == f"{target}: no such file; nothing accepted"
    target.write_bytes(b'{"annotations": ')
    with pytest.raises(LibraryError) as damaged:
        recovery.accept_file(library_dir)
    assert str(damaged.value).startswith(f"{target}: damaged library file (not valid JSON") and str(damaged.value).endswith("; nothing accepted")
    lock, refusal = take_write_lock(library_dir)
    assert refusal is None
    try:
        with pytest.raises(LibraryHeld) as held:
            recovery.accept_file(library_dir)
        assert str(held.value).endswith("nothing accepted") and "\n" not in str(held.value)
    finally:
        release_write_lock(lock, library_dir)


def test_the_apps_trash_offer_names_the_damage_and_the_newest_good_copy_of_the_trash(library_dir: Path) -> None:
    assert recovery.trash_offer(library_dir) is None  # no library, no trash
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[1].id, notes="copies of the annotations too")
        lib.remove_papers([lib.papers[0].id], "one")
    assert recovery.trash_offer(library_dir) is None  # a trash that checks out
    (library_dir / TRASH_FILE).write_bytes(b"[1]")
    offer = recovery.trash_offer(library_dir)
    assert offer is not None
    problem, backup = offer
    assert problem.startswith(f"{library_dir / TRASH_FILE}: damaged trash (it is [1], not a trash)")
    assert backup.copy.of == TRASH_FILE and backup.name.startswith("trash-session-") and backup.problem is None
    for copy in (library_dir / BACKUP_DIR).glob("trash-*.json"):
        copy.write_bytes(b"{}")
    assert recovery.newest_good(library_dir) is not None
    assert recovery.trash_offer(library_dir) is None  # damaged, and no copy of the trash to offer (the annotations' are not)


def test_the_apps_restore_reopens_the_library_writable_or_says_why_not(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="in the copy")
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{}")
    damaged = Library.open(library_dir, seed=False)
    assert damaged.read_only
    name = recovery.newest_good(library_dir).name  # type: ignore[union-attr]
    library, restored, error = recovery.reopen_restored(damaged, name)
    try:
        assert error is None and restored is not None and restored.backup.name == name
        assert not library.read_only and library.annotation(pid).notes == "in the copy"
        library.save_annotation(pid, notes="writable")
    finally:
        library.close()
    held = Library.open(library_dir, seed=False)
    again, restored, error = recovery.reopen_restored(held, "annotations-no-such.json")
    try:
        assert restored is None
        assert error == f"{library_dir / BACKUP_DIR}: no backup named 'annotations-no-such.json' (`paperdesk backups` lists them); nothing restored"
        assert not again.read_only and again.annotation(pid).notes == "writable"
    finally:
        again.close()
