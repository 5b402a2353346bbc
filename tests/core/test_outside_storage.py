"""The storage's side of a change made outside (`AtomicJSONStorage.outside_bytes`, `JournaledJSONStorage.take_outside`):
what counts as changed, what is handed to the merge, and when nothing is asked."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import orjson
import pytest

from tui.core.store.journal import JournaledJSONStorage

ONE = {"annotations": {"1": {"id": "a", "notes": "one"}}}


def _replace(path: Path, data: Any) -> bytes:
    raw = orjson.dumps(data) if not isinstance(data, bytes) else data
    tmp = path.with_name("x.tmp")
    tmp.write_bytes(raw)
    os.replace(tmp, path)
    return raw


def _storage(tmp_path: Path) -> tuple[JournaledJSONStorage, Path, list[tuple[bytes, dict, dict]]]:
    path = tmp_path / "annotations.json"
    path.write_bytes(orjson.dumps(ONE))
    storage = JournaledJSONStorage(path)
    storage.read()
    calls: list[tuple[bytes, dict, dict]] = []

    def merge(raw: bytes, base: dict, ours: dict) -> dict:
        calls.append((raw, base, dict(ours)))
        return {"annotations": {**ours.get("annotations", {}), **orjson.loads(raw).get("annotations", {})}}

    storage.outside = merge
    return storage, path, calls


def test_an_untouched_file_and_the_same_bytes_written_again_are_not_changes(tmp_path: Path) -> None:
    storage, path, calls = _storage(tmp_path)
    assert storage.outside_bytes(thorough=False) is None and storage.outside_bytes(thorough=True) is None
    _replace(path, orjson.dumps(ONE))  # new inode, same bytes
    assert storage.outside_bytes(thorough=False) is None
    reads: list[Path] = []
    real = Path.read_bytes
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Path, "read_bytes", lambda self: reads.append(self) or real(self))
        assert storage.outside_bytes(thorough=False) is None
    assert reads == []  # the file seen again is remembered: a quick look does not read it
    assert not storage.take_outside() and calls == []


def test_a_replaced_file_is_handed_over_with_the_base_and_ours_and_the_merge_written(tmp_path: Path) -> None:
    storage, path, calls = _storage(tmp_path)
    storage.append({"annotations": {"2": {"id": "b", "notes": "ours"}}})
    theirs = _replace(path, {"annotations": {"3": {"id": "c", "notes": "theirs"}}})
    assert storage.outside_bytes(thorough=False) == theirs
    assert storage.take_outside()
    ((raw, base, ours),) = calls
    assert raw == theirs and base == ONE and ours["annotations"]["2"] == {"id": "b", "notes": "ours"}
    written = orjson.loads(path.read_bytes())
    assert set(written["annotations"]) == {"1", "2", "3"} and storage.journal_bytes == 0
    assert storage.base_raw == path.read_bytes()  # the merge is the new base
    assert not storage.take_outside() and len(calls) == 1


def test_an_append_and_a_write_each_merge_first(tmp_path: Path) -> None:
    storage, path, calls = _storage(tmp_path)
    _replace(path, {"annotations": {"3": {"id": "c"}}})
    storage.append({"annotations": {"2": {"id": "b"}}})
    assert len(calls) == 1 and set(storage.read()["annotations"]) == {"1", "2", "3"}
    _replace(path, {"annotations": {"4": {"id": "d"}}})
    storage.write({"annotations": {"9": {"id": "z"}}})
    assert len(calls) == 2 and set(orjson.loads(path.read_bytes())["annotations"]) == {"9", "4"}


def test_nothing_is_asked_of_a_read_only_storage_one_without_a_merge_or_a_removed_file(tmp_path: Path) -> None:
    storage, path, calls = _storage(tmp_path)
    path.unlink()
    assert storage.outside_bytes(thorough=True) is None and not storage.take_outside()
    _replace(path, {"annotations": {}})
    storage.read_only = True
    assert not storage.take_outside()
    storage.read_only = False
    storage.outside = None
    assert not storage.take_outside()
    storage.write({"annotations": {}})  # without a merge, a write is as it always was
    assert calls == [] and orjson.loads(path.read_bytes()) == {"annotations": {}}


def test_a_file_that_cannot_be_read_is_left_for_the_next_look(tmp_path: Path) -> None:
    storage, path, calls = _storage(tmp_path)
    path.unlink()
    path.mkdir()  # a folder where the file was: it cannot be read, and is not taken
    assert storage.outside_bytes(thorough=True) is None


def test_an_append_to_a_read_only_storage_is_refused_naming_the_file(tmp_path: Path) -> None:
    from tui.core.errors import ReadOnlyLibrary

    storage, path, calls = _storage(tmp_path)
    storage.read_only = True
    with pytest.raises(ReadOnlyLibrary) as refused:
        storage.append({"annotations": {}})
    assert str(refused.value) == f"{path}: the library is open read-only" and calls == []


def test_an_edit_in_place_that_kept_size_and_time_is_seen_before_the_store_decides_and_before_a_write(tmp_path: Path) -> None:
    """A quick look (before a journal append) goes by the file's identity; the store's own look before a change, and
    the look before the file is replaced, read it: an editor's same-size edit with its time put back is seen there."""

    def edit_in_place(path: Path, old: bytes, new: bytes) -> None:
        stat = path.stat()
        with open(path, "r+b") as handle:
            handle.write(path.read_bytes().replace(old, new))
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))

    storage, path, calls = _storage(tmp_path)
    edit_in_place(path, b'"one"', b'"two"')
    assert storage.outside_bytes(thorough=False) is None  # the quick look cannot tell
    assert storage.take_outside() and len(calls) == 1 and b'"two"' in calls[0][0]
    edit_in_place(path, b'"two"', b'"six"')
    storage.write({"annotations": {"1": {"id": "a", "notes": "two"}}})
    assert len(calls) == 2 and b'"six"' in calls[1][0]
