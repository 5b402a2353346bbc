"""`Library.save_annotations`: many papers in one atomic write (one journal line), all or nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import annotation_files
from tui.core.library import Library
from tui.core.models import Status


def test_batch_save_is_one_write_and_survives_reopening(library_dir: Path, monkeypatch) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:3]]
        lib.save_annotation(ids[0], notes="old", rating=1)
        lib.save_annotation(ids[0], notes="old")  # the day's backup is made by now (it folds the journal in)
        journal = library_dir / "annotations.json.journal"
        lines = journal.read_bytes().count(b"\n") if journal.exists() else 0
        saved = lib.save_annotations({ids[0]: {"notes": "new"}, ids[1]: {"status": "read", "tags": ["x"]}, ids[2]: {"title": "T"}})
        assert journal.read_bytes().count(b"\n") == lines + 1  # one appended line: all or nothing
        assert saved[ids[0]].rating == 1 and saved[ids[1]].finished
    with Library.open(library_dir) as lib:
        assert lib.annotation(ids[0]).notes == "new" and lib.annotation(ids[0]).rating == 1
        assert lib.annotation(ids[1]).status is Status.READ and lib.annotation(ids[1]).tags == ("x",)
        assert lib.annotation(ids[2]).title == "T"
        lib.save_annotation(ids[2], rating=4)  # single saves still work after a batch
    with Library.open(library_dir) as lib:
        assert lib.annotation(ids[2]).rating == 4 and lib.annotation(ids[2]).title == "T"


def test_a_failed_batch_changes_nothing(library_dir: Path, monkeypatch) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="kept")
        before = annotation_files(library_dir)

        def full(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "fsync", full)
        with pytest.raises(OSError):
            lib.save_annotations({pid: {"notes": "lost"}, lib.papers[1].id: {"rating": 2}})
        assert lib.annotation(pid).notes == "kept" and lib.annotation(lib.papers[1].id).rating == 0
        assert annotation_files(library_dir) == before
