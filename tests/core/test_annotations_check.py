"""An annotations file changed outside paperdesk: taken when it kept everything, named and read-only when it lost
annotations or holds values of the wrong type, never copied into the backups; a library older versions wrote opens intact."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, folder_snapshot
from tui.core.errors import LibraryError, ReadOnlyLibrary
from tui.core.library import Library
from tui.core.store import jsonfile
from tui.core.store.backups import BACKUP_DIR
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.written import WRITTEN_FILE
from tui.core.usecases import backups as recovery


@pytest.fixture
def annotated(library_dir: Path) -> list[str]:
    """A library whose first three papers carry notes (written and closed); their ids."""
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:3]]
        for n, pid in enumerate(ids):
            lib.save_annotation(pid, notes=f"note {n}", rating=n + 1, tags=["kept"])
    return ids


def file_data(library_dir: Path) -> dict:
    return json.loads((library_dir / ANNOTATIONS_FILE).read_bytes())


def write_data(library_dir: Path, data: dict) -> None:
    (library_dir / ANNOTATIONS_FILE).write_text(json.dumps(data), encoding="utf-8")


def backups_and_file(library_dir: Path) -> dict[str, bytes]:
    return {k: v for k, v in folder_snapshot(library_dir).items() if k.startswith(BACKUP_DIR) or k == ANNOTATIONS_FILE}


def test_a_wiped_file_opens_read_only_named_and_is_never_written_nor_copied(library_dir: Path, annotated: list[str]) -> None:
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{}")
    before = backups_and_file(library_dir)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only
        assert lib.notice == (
            f"{library_dir / ANNOTATIONS_FILE}: was changed outside paperdesk and lost annotations: 0 annotated papers (was 3), "
            "0 notes (was 3); opened read-only and left untouched (`paperdesk backups` lists the copies to restore)"
        )
        with pytest.raises(ReadOnlyLibrary):
            lib.save_annotation(annotated[0], notes="over the wipe")
    assert backups_and_file(library_dir) == before  # nothing copied over the good copies, the file as it was


def test_a_wrong_typed_value_is_named_and_the_rest_is_shown_read_only(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    doc = next(d for d in data["annotations"].values() if d["id"] == annotated[1])
    doc["rating"] = "five"
    write_data(library_dir, data)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only
        assert f'{ANNOTATIONS_FILE}: paper {annotated[1]}: rating is "five", not a whole number from 0 to 5;' in (lib.notice or "")
        assert lib.annotation(annotated[0]).notes == "note 0"  # what can be read is shown


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("status", "done", 'status is "done", not one of unread, to-read, reading, read, skipped'),
        ("tags", "a, b", 'tags are "a, b", not a list of words'),
        ("notes", 5, "notes is 5, not text"),
        ("rating", 7, "rating is 7, not a whole number from 0 to 5"),
        ("rating", True, "rating is true"),
        ("highlights", [{"text": "", "comment": ""}], "highlight 1 has no text"),
        ("highlights", [{"text": "a passage", "start": "3"}], 'highlight 1 start is "3", not a whole number'),
    ],
)
def test_each_wrong_type_is_named(library_dir: Path, annotated: list[str], field: str, value: object, said: str) -> None:
    data = file_data(library_dir)
    for doc in data["annotations"].values():
        doc[field] = value
    write_data(library_dir, data)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and f"paper {annotated[0]}: {said}" in (lib.notice or "")
        assert "(and 2 more wrong values)" in (lib.notice or "")


def test_a_truncated_file_opens_read_only_and_latest_restores_every_note(library_dir: Path, annotated: list[str]) -> None:
    raw = (library_dir / ANNOTATIONS_FILE).read_bytes()
    (library_dir / ANNOTATIONS_FILE).write_bytes(raw[: len(raw) // 2])
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "damaged library file (not valid JSON" in (lib.damaged or "")
    recovery.restore_backup(library_dir, recovery.LATEST)
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only
        assert [lib.annotation(pid).notes for pid in annotated] == ["note 0", "note 1", "note 2"]


def test_a_file_changed_outside_that_kept_everything_is_taken_and_then_guarded(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    for doc in data["annotations"].values():
        doc["notes"] += " (edited on the laptop)"
    del next(iter(data["annotations"].values()))["tags"]  # fewer fields is no loss: the paper is still annotated
    write_data(library_dir, data)
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only and lib.notice is None
        assert lib.annotation(annotated[2]).notes == "note 2 (edited on the laptop)"
    data["annotations"] = {k: d for k, d in data["annotations"].items() if d["id"] != annotated[0]}
    write_data(library_dir, data)  # now one annotated paper is gone, compared with the edit just taken
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "2 annotated papers (was 3), 2 notes (was 3)" in (lib.notice or "")


def test_a_missing_file_that_held_annotations_is_named(library_dir: Path, annotated: list[str]) -> None:
    (library_dir / ANNOTATIONS_FILE).unlink()
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "is missing and lost annotations: 0 annotated papers (was 3)" in (lib.notice or "")


def test_a_library_the_previous_version_wrote_opens_with_every_annotation_and_is_guarded_from_then_on(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    shutil.copytree(FIXTURES / "legacy_library", folder)  # no record of the last write: only types are checked
    expected = {d["id"]: d["notes"] for d in json.loads((folder / ANNOTATIONS_FILE).read_bytes())["annotations"].values()}
    with Library.open(folder, seed=False) as lib:
        assert not lib.read_only and lib.notice is None
        assert {pid: a.notes for pid, a in lib.annotations().items()} == expected
        assert lib.views()
    assert (folder / WRITTEN_FILE).exists()
    (folder / ANNOTATIONS_FILE).write_bytes(b'{"annotations": {}}')
    with Library.open(folder, seed=False) as lib:
        assert lib.read_only and "0 annotated papers (was 9)" in (lib.notice or "")


def test_a_library_the_previous_version_wrote_is_still_type_checked(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    shutil.copytree(FIXTURES / "legacy_library", folder)
    data = json.loads((folder / ANNOTATIONS_FILE).read_bytes())
    next(iter(data["annotations"].values()))["rating"] = "five"
    (folder / ANNOTATIONS_FILE).write_text(json.dumps(data))
    with Library.open(folder, seed=False) as lib:
        assert lib.read_only and 'rating is "five"' in (lib.notice or "")
    assert not (folder / WRITTEN_FILE).exists() and not (folder / BACKUP_DIR).exists()


def test_a_write_that_failed_after_its_record_leaves_a_file_still_taken_as_paperdesks(library_dir: Path, annotated: list[str], monkeypatch) -> None:
    """The record is written before the file: a write that never landed must not make the file look changed outside."""
    lib = Library.open(library_dir, seed=False)
    storage = lib._notes_storage()
    data = json.loads(json.dumps(storage.read()))
    data["annotations"]["999"] = {"id": "abcdefabcdef", "notes": "never written"}  # the record counts 4 annotated papers

    def full(path, raw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile, "atomic_write_bytes", full)
    with pytest.raises(OSError):
        storage.write(data)
    assert json.loads((library_dir / WRITTEN_FILE).read_bytes())["annotated"] == 4
    monkeypatch.undo()
    lib._file_lock.release()  # gone before writing again
    with Library.open(library_dir, seed=False) as reopened:
        assert not reopened.read_only and reopened.notice is None  # the file of 3 is the one the record replaced


def test_accept_takes_an_edit_that_removed_annotations_on_purpose(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    data["annotations"] = {k: d for k, d in data["annotations"].items() if d["id"] == annotated[0]}
    write_data(library_dir, data)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only
    assert recovery.accept_file(library_dir) == f"{library_dir / ANNOTATIONS_FILE} taken as it is: 1 annotated paper, 1 note"
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only and lib.annotation(annotated[0]).notes == "note 0"


def test_accept_refuses_a_file_with_wrong_values(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    next(iter(data["annotations"].values()))["tags"] = 3
    write_data(library_dir, data)
    with pytest.raises(LibraryError, match="tags are 3, not a list of words; correct it or restore a backup; nothing accepted"):
        recovery.accept_file(library_dir)


def test_a_file_with_wrong_values_and_a_journal_is_not_folded_at_close(library_dir: Path, annotated: list[str]) -> None:
    """The journal beside a damaged file is part of what is left untouched: closing a library opened read-only
    because of it folds nothing into the file (`LibraryStore._set_read_only` makes its storage read-only too)."""
    from tui.core.store.journal import journal_path

    doc = next(d for d in file_data(library_dir)["annotations"].values() if d["id"] == annotated[1])
    line = {"annotations": {str(int(annotated[1], 16)): {**doc, "rating": "five"}}}
    journal_path(library_dir / ANNOTATIONS_FILE).write_bytes(json.dumps(line).encode() + b"\n")
    before = folder_snapshot(library_dir)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and 'rating is "five"' in (lib.notice or "")
    assert folder_snapshot(library_dir) == before


def test_a_paper_annotated_twice_is_named_with_both_documents_never_folded_one_over_the_other(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    key = next(k for k, d in data["annotations"].items() if d["id"] == annotated[0])
    data["annotations"]["999"] = {**data["annotations"][key], "notes": "the other copy's note"}
    write_data(library_dir, data)
    before = backups_and_file(library_dir)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only
        assert f"{ANNOTATIONS_FILE}: paper {annotated[0]} has 2 annotations (documents {key}, 999);" in (lib.notice or "")
        with pytest.raises(ReadOnlyLibrary):
            lib.save_annotation(annotated[1], notes="over it")
    assert backups_and_file(library_dir) == before  # both notes still in the file, nothing copied
    with pytest.raises(LibraryError, match=f"paper {annotated[0]} has 2 annotations"):
        recovery.accept_file(library_dir)


def test_a_document_naming_no_paper_is_shown_as_no_annotation(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    data["annotations"]["5"] = {"id": 5, "notes": "whose?"}
    write_data(library_dir, data)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "document 5 names no paper (its id is 5)" in (lib.notice or "")
        assert set(lib.annotations()) == set(annotated)  # the three readable ones, nothing under a made-up id


def test_documents_without_an_id_or_not_documents_at_all_are_named_never_a_crash(library_dir: Path, annotated: list[str]) -> None:
    data = file_data(library_dir)
    data["annotations"]["6"] = {"notes": "no id"}
    data["annotations"]["7"] = [1]
    write_data(library_dir, data)
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and "document 6 names no paper (its id is null) (and 1 more wrong value)" in (lib.notice or "")
