"""trash.json itself (`store.trash_file`): reading what another version or a hand edit left, and one clear line when
it cannot be read or written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import LibraryError
from tui.core.store.jsonfile import WriteFailed
from tui.core.store.trash_file import TRASH_FILE, move_under_way, read_trash, write_trash


def test_batches_written_are_read_back_oldest_first(tmp_path: Path) -> None:
    assert read_trash(tmp_path) == [] and not move_under_way(tmp_path)
    write_trash(tmp_path, [{"what": "a"}, {"what": "b", "state": "removing"}])
    assert read_trash(tmp_path) == [{"what": "a"}, {"what": "b", "state": "removing"}]
    assert move_under_way(tmp_path)
    write_trash(tmp_path, [{"what": "a"}])
    assert not move_under_way(tmp_path)


@pytest.mark.parametrize("raw", [b"[1, 2]", b'"text"', b'{"batches": 5}', b'{"batches": {"a": {}}}', b'{"other": []}', b"{}"])
def test_a_trash_of_another_shape_holds_no_batches(tmp_path: Path, raw: bytes) -> None:
    (tmp_path / TRASH_FILE).write_bytes(raw)
    assert read_trash(tmp_path) == []


def test_only_batches_that_are_records_are_read(tmp_path: Path) -> None:
    (tmp_path / TRASH_FILE).write_bytes(b'{"batches": [{"what": "a"}, 5, "b", {"what": "c"}]}')
    assert read_trash(tmp_path) == [{"what": "a"}, {"what": "c"}]


def test_a_trash_that_does_not_parse_is_named_and_nothing_is_changed(tmp_path: Path) -> None:
    path = tmp_path / TRASH_FILE
    path.write_bytes(b'{"batches": [')
    with pytest.raises(LibraryError, match=rf"^{path}: the trash cannot be read \(.+\); nothing was changed$"):
        read_trash(tmp_path)
    assert path.read_bytes() == b'{"batches": ['


def test_a_trash_that_cannot_be_written_is_one_line_naming_it_and_why(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    with pytest.raises(WriteFailed) as failed:
        write_trash(folder, [])
    assert str(failed.value) == f"{folder / TRASH_FILE}: cannot be written (No such file or directory); it was left as it was"
    assert failed.value.filename == str(folder / TRASH_FILE) and failed.value.errno == 2
