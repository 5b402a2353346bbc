"""What restoring and accepting leave behind them: a record that makes the library writable again, and no record when refused."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tui.core.errors import LibraryError
from tui.core.library import Library
from tui.core.store import backups
from tui.core.store.backups import copies
from tui.core.store.journal import journal_path
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.written import WRITTEN_FILE, read_record
from tui.core.usecases import backups as recovery

START = time.mktime((2030, 1, 1, 9, 0, 0, 0, 0, -1))


def test_restoring_an_older_copy_holding_fewer_annotations_leaves_the_library_writable(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [START]
    monkeypatch.setattr(backups, "clock", lambda: now[0])
    with Library.open(library_dir) as lib:
        first = lib.papers[0].id
        lib.save_annotation(first, notes="the only note then")
    now[0] += 3600
    with Library.open(library_dir) as lib:  # later: more notes than the older copy holds
        for n, paper in enumerate(lib.papers[1:6]):
            lib.save_annotation(paper.id, notes=f"later {n}")
    older = next(c for c in copies(library_dir) if c.kind == "recent" and len(json.loads(c.path.read_bytes())["annotations"]) == 1)
    now[0] += 60
    restored = recovery.restore_backup(library_dir, older.name)
    assert restored.backup.summary is not None and restored.backup.summary.annotated == 1
    record = read_record(library_dir)
    assert record is not None and record["annotated"] == 1  # the restored file is recorded as paperdesk's own
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only and lib.damaged is None  # not "changed outside and lost annotations"
        assert lib.annotation(first).notes == "the only note then"
        lib.save_annotation(first, notes="writable")


def test_accept_checks_the_values_the_journal_holds_too_and_records_nothing_when_it_refuses(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:2]]
        for pid in ids:
            lib.save_annotation(pid, notes="n", rating=3)
    path = library_dir / ANNOTATIONS_FILE
    data = json.loads(path.read_bytes())
    data["annotations"] = {k: d for k, d in data["annotations"].items() if d["id"] == ids[0]}  # one removed by hand
    path.write_text(json.dumps(data))
    ((key, doc),) = data["annotations"].items()
    journal_path(path).write_text(json.dumps({"annotations": {key: {**doc, "rating": "five"}}}) + "\n")
    before = folder_snapshot(library_dir)
    with pytest.raises(LibraryError, match='rating is "five", not a whole number from 0 to 5; correct it or restore a backup; nothing accepted'):
        recovery.accept_file(library_dir)
    assert folder_snapshot(library_dir) == before and (library_dir / WRITTEN_FILE).read_bytes() == before[WRITTEN_FILE]
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only  # still guarded: the refused file was not recorded as paperdesk's
    journal_path(path).unlink()
    assert recovery.accept_file(library_dir).endswith("taken as it is: 1 annotated paper, 1 note")
    with Library.open(library_dir, seed=False) as lib:
        assert not lib.read_only
