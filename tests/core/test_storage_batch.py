"""`Library.save_annotations`: many papers in one atomic write, all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import tui.core.store.jsonfile as storage
from tui.core.models import Status
from tui.core.library import Library


def test_batch_save_is_one_write_and_survives_reopening(library_dir: Path, monkeypatch) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:3]]
        lib.save_annotation(ids[0], notes="old", rating=1)
        writes = []
        real = storage.atomic_write_bytes
        monkeypatch.setattr(storage, "atomic_write_bytes", lambda *a, **k: (writes.append(a[0]), real(*a, **k)))
        saved = lib.save_annotations({ids[0]: {"notes": "new"}, ids[1]: {"status": "read", "tags": ["x"]}, ids[2]: {"title": "T"}})
        assert [w.name for w in writes if w.parent == library_dir] == ["annotations.json"]  # (+ the daily backup)
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
        before = (library_dir / "annotations.json").read_bytes()

        def full(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(storage, "atomic_write_bytes", full)
        with pytest.raises(OSError):
            lib.save_annotations({pid: {"notes": "lost"}, lib.papers[1].id: {"rating": 2}})
        assert lib.annotation(pid).notes == "kept" and lib.annotation(lib.papers[1].id).rating == 0
        assert (library_dir / "annotations.json").read_bytes() == before
