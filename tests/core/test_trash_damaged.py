"""A trash.json of the wrong shape: removing and restoring refuse naming it, and it is never written over."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tui.core.errors import LibraryError
from tui.core.library import Library, LibraryFolder
from tui.core.store.trash_file import TRASH_FILE

WRONG_SHAPES = [
    b"{}", b"[1]", b'{"batches": [1, "two"]}', b"\x00garbage",
    b'{"batches": [{"papers": [{"id": "abc", "title": "t"}], "state": "removing", "annotations": [7]}]}',
]


@pytest.mark.parametrize("raw", WRONG_SHAPES)
def test_a_damaged_trash_makes_removal_and_restore_refuse_and_is_never_overwritten(library_dir: Path, raw: bytes) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="still here")
    (library_dir / TRASH_FILE).write_bytes(raw)
    with Library.open(library_dir) as lib:  # opens (a kill's mark in a damaged trash is left alone) and writable
        assert not lib.read_only
        before = folder_snapshot(library_dir)
        for act in (lambda: lib.remove_papers([pid], "one"), lib.restore_papers, lambda: lib.restore_papers(everything=True)):
            with pytest.raises(LibraryError, match=rf"^{library_dir / TRASH_FILE}: damaged trash \("):
                act()
        assert lib.get(pid) is not None and lib.annotation(pid).notes == "still here"
        assert folder_snapshot(library_dir) == before
        lib.save_annotation(lib.papers[1].id, rating=3)  # the rest of the library is unaffected
    assert (library_dir / TRASH_FILE).read_bytes() == raw


def test_an_import_still_works_beside_a_damaged_trash(library_dir: Path, tmp_path: Path) -> None:
    from tui.core.usecases.imports import import_paths

    Library.open(library_dir).close()
    (library_dir / TRASH_FILE).write_bytes(b"[1]")
    source = tmp_path / "new.json"
    source.write_text('[{"title": "A Paper Beside a Damaged Trash", "abstract": "Something specific enough to be its own."}]')
    outcome = import_paths(LibraryFolder(library_dir), [source])
    assert not outcome.took_nothing
    assert (library_dir / TRASH_FILE).read_bytes() == b"[1]"
