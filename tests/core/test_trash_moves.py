"""A removal or restore a kill interrupted is finished (or undone, if it had not begun) by the next open.

The trash marks a batch as moving before papers.json and annotations.json change; these tests leave the
files as a kill at each point would and open the library again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.core.library import Library
from tui.core.store.storage import LibraryStore
from tui.core.store.trash_file import STATE, read_trash, write_trash


def _library(folder: Path) -> tuple[str, str]:
    with Library.open(folder) as lib:
        first, second = lib.papers[0].id, lib.papers[1].id
        lib.save_annotation(first, notes="mine", rating=3)
    return first, second


def test_a_removal_killed_after_the_trash_was_written_never_happened(library_dir: Path) -> None:
    first, _ = _library(library_dir)
    with Library.open(library_dir) as lib:
        papers = len(lib.papers)
        snapshot = {name: (library_dir / name).read_bytes() for name in ("papers.json", "annotations.json")}
        lib.remove_papers([first], "1 by id")
        marked = read_trash(library_dir)
    marked[-1][STATE] = "removing"  # the trash as it was written first, then the kill
    write_trash(library_dir, marked)
    for name, data in snapshot.items():
        (library_dir / name).write_bytes(data)
    (library_dir / "papers.catalog").unlink()
    with Library.open(library_dir) as lib:
        assert len(lib.papers) == papers and lib.annotation(first).notes == "mine"
        assert read_trash(library_dir) == []


def test_a_removal_killed_before_the_annotations_left_is_finished(library_dir: Path) -> None:
    first, _ = _library(library_dir)
    annotations = (library_dir / "annotations.json").read_bytes()
    with Library.open(library_dir) as lib:
        lib.remove_papers([first], "1 by id")
    marked = read_trash(library_dir)
    marked[-1][STATE] = "removing"
    write_trash(library_dir, marked)
    (library_dir / "annotations.json").write_bytes(annotations)  # papers.json written, annotations.json not yet
    with Library.open(library_dir) as lib:
        assert lib.get(first) is None and first not in lib.annotations()
        assert STATE not in read_trash(library_dir)[-1]
        lib.restore_papers()
        assert lib.get(first) is not None and lib.annotation(first).notes == "mine"


def test_a_restore_killed_midway_is_finished_once(library_dir: Path) -> None:
    first, second = _library(library_dir)
    with Library.open(library_dir) as lib:
        lib.remove_papers([first, second], "2 by id")
    batches = read_trash(library_dir)
    batches[-1][STATE] = "restoring"  # marked, then killed before the papers came back
    write_trash(library_dir, batches)
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers]
        assert first in ids and second in ids and len(ids) == len(set(ids))
        assert lib.annotation(first).notes == "mine"
        assert read_trash(library_dir) == []
    records = json.loads((library_dir / "papers.json").read_bytes())["papers"].values()
    assert sorted(r["id"] for r in records) == sorted(ids)


class _Killed(BaseException):
    """The process dying right after the trash was marked, before papers.json or annotations.json changed."""


def _killed_after_marking(monkeypatch: pytest.MonkeyPatch) -> None:
    def killed(self: LibraryStore, batches: list) -> None:
        raise _Killed

    monkeypatch.setattr(LibraryStore, "_finish_or_settle", killed)


def test_a_kill_right_after_the_trash_was_marked_keeps_every_batch(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = _library(library_dir)
    with Library.open(library_dir) as lib:
        lib.remove_papers([second], "an older removal")
        with monkeypatch.context() as m, pytest.raises(_Killed):
            _killed_after_marking(m)
            lib.remove_papers([first], "1 by id")
    older, marked = read_trash(library_dir)
    assert marked[STATE] == "removing" and [d["id"] for d in marked["papers"]] == [first]
    assert STATE not in older and [d["id"] for d in older["papers"]] == [second]
    with Library.open(library_dir) as lib:  # the removal had not begun: it never happened
        assert lib.get(first) is not None and lib.annotation(first).notes == "mine"
        assert read_trash(library_dir) == [older]
        with monkeypatch.context() as m, pytest.raises(_Killed):
            _killed_after_marking(m)
            lib.restore_papers()
    (batch,) = read_trash(library_dir)
    assert batch[STATE] == "restoring"
    with Library.open(library_dir) as lib:  # the restore is finished
        assert lib.get(second) is not None and read_trash(library_dir) == []


def test_a_marked_batch_without_papers_is_dropped_on_open(library_dir: Path) -> None:
    first, _ = _library(library_dir)
    with Library.open(library_dir) as lib:
        lib.remove_papers([first], "1 by id")
    batches = read_trash(library_dir)
    write_trash(library_dir, [*batches, {"what": "written by hand", STATE: "removing"}])
    with Library.open(library_dir) as lib:
        assert lib.get(first) is None and not lib.read_only
    assert read_trash(library_dir) == batches


def test_a_removal_whose_papers_write_fails_once_never_happened(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk refuses the papers.json write: the user is told, and the removal is undone at once (the batch
    leaves the trash, the papers stay), even when the disk has room again by the time it is settled."""
    from tui.core.store.jsonfile import WriteFailed
    from tui.core.store.papers_file import PapersFile

    first, second = _library(library_dir)
    real, calls = PapersFile.write, []

    def full_once(self: PapersFile, *args: object) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise WriteFailed(self.path, OSError(28, "No space left on device"))
        real(self, *args)  # type: ignore[arg-type]

    with Library.open(library_dir) as lib:
        lib.remove_papers([second], "an older removal")
        older = read_trash(library_dir)
        monkeypatch.setattr(PapersFile, "write", full_once)
        with pytest.raises(WriteFailed):
            lib.remove_papers([first], "1 by id")
        monkeypatch.undo()
        assert lib.get(first) is not None and lib.annotation(first).notes == "mine"
        assert read_trash(library_dir) == older
    with Library.open(library_dir) as lib:
        assert lib.get(first) is not None and lib.get(second) is None and read_trash(library_dir) == older
