"""trash.json itself (`store.trash_file`): reading what another version or a hand edit left, and one clear line when
it cannot be read or written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import LibraryError
from tui.core.store.jsonfile import WriteFailed
from tui.core.store.trash_file import TRASH_FILE, DamagedTrash, move_under_way, read_trash, readable_trash, trash_damage, write_trash


def test_batches_written_are_read_back_oldest_first(tmp_path: Path) -> None:
    assert read_trash(tmp_path) == [] and not move_under_way(tmp_path)
    write_trash(tmp_path, [{"what": "a"}, {"what": "b", "state": "removing"}])
    assert read_trash(tmp_path) == [{"what": "a"}, {"what": "b", "state": "removing"}]
    assert move_under_way(tmp_path)
    write_trash(tmp_path, [{"what": "a"}])
    assert not move_under_way(tmp_path)


DAMAGED = [
    (b"[1, 2]", "it is [1,2], not a trash"),
    (b'"text"', 'it is "text", not a trash'),
    (b"{}", "its batches are null, not a list"),
    (b'{"other": []}', "its batches are null, not a list"),
    (b'{"batches": 5}', "its batches are 5, not a list"),
    (b'{"batches": {"a": {}}}', 'its batches are {"a":{}}, not a list'),
    (b'{"batches": [{"what": "a"}, 5]}', "removal 2: is 5, not a removal"),
    (b'{"batches": [{"papers": {}}]}', "removal 1: papers are {}, not a list"),
    (b'{"batches": [{"papers": [1]}]}', "removal 1: a paper is 1, not a paper with its id"),
    (b'{"batches": [{"papers": [{"id": ""}]}]}', 'removal 1: a paper is {"id":""}, not a paper with its id'),
    (b'{"batches": [{"annotations": [{"id": "a"}, 5]}]}', "removal 1: document 2 is 5, not an annotation"),
    (b'{"batches": ["' + b"x" * 38 + b'"]}', 'removal 1: is "' + "x" * 38 + '", not a removal'),
    (b'{"batches": ["' + b"x" * 39 + b'"]}', 'removal 1: is "' + "x" * 38 + '…, not a removal'),
    (b'{"batches": [{"papers": [{"id": "a", "seq": "x"}]}]}', "removal 1: paper a: its place or extra fields are not as paperdesk writes them"),
    (b'{"batches": [{"papers": [{"id": "a", "extra": []}]}]}', "removal 1: paper a: its place or extra fields are not as paperdesk writes them"),
    (b'{"batches": [{"annotations": 3}]}', "removal 1: annotations are 3, not a list"),
    (b'{"batches": [{"annotations": [{"id": "a", "rating": "five"}]}]}', "removal 1: paper a: rating is \"five\", not a whole number from 0 to 5"),
    (b'{"batches": [{"state": "gone"}]}', 'removal 1: its state is "gone"'),
    (b'{"batches": [', "not valid JSON: "),
    (b"", "not valid JSON: "),
]


@pytest.mark.parametrize(("raw", "problem"), DAMAGED)
def test_a_trash_of_another_shape_is_named_never_read_as_empty(tmp_path: Path, raw: bytes, problem: str) -> None:
    path = tmp_path / TRASH_FILE
    path.write_bytes(raw)
    with pytest.raises(DamagedTrash) as damaged:
        read_trash(tmp_path)
    line = str(damaged.value)
    assert line.startswith(f"{path}: damaged trash ({problem}") and "\n" not in line
    assert line.endswith("; nothing was changed, it was left untouched (`paperdesk backups` lists the copies of the trash to restore)")
    assert trash_damage(tmp_path) == line and readable_trash(tmp_path) == []
    assert path.read_bytes() == raw


def test_a_trash_paperdesk_wrote_is_no_damage(tmp_path: Path) -> None:
    assert trash_damage(tmp_path) is None  # none yet
    write_trash(tmp_path, [{"what": "a", "papers": [{"id": "p", "seq": 3}, {"id": "q"}], "annotations": [{"id": "p", "notes": "n"}], "state": "removing"}])
    assert trash_damage(tmp_path) is None and len(readable_trash(tmp_path)) == 1  # a paper without its place is one too
    assert (tmp_path / TRASH_FILE).read_text().startswith('{\n  "batches": [')  # indented: a file a reader may open


def test_a_trash_that_cannot_be_read_is_one_line_naming_it(tmp_path: Path) -> None:
    (tmp_path / TRASH_FILE).mkdir()
    with pytest.raises(LibraryError, match=rf"^{tmp_path / TRASH_FILE}: the trash cannot be read \(.+\); nothing was changed$"):
        read_trash(tmp_path)


def test_a_trash_that_cannot_be_written_is_one_line_naming_it_and_why(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    with pytest.raises(WriteFailed) as failed:
        write_trash(folder, [])
    assert str(failed.value) == f"{folder / TRASH_FILE}: cannot be written (No such file or directory); it was left as it was"
    assert failed.value.filename == str(folder / TRASH_FILE) and failed.value.errno == 2
