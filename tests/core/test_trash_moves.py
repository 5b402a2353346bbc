"""A removal or restore a kill interrupted is finished (or undone, if it had not begun) by the next open.

The trash marks a batch as moving before papers.json and annotations.json change; these tests leave the
files as a kill at each point would and open the library again.
"""

from __future__ import annotations

import json
from pathlib import Path

from tui.core.library import Library
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
