"""A backup, once written, is never overwritten by a later copy (kept apart from test_backups.py while backups are redesigned)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import folder_snapshot
from tui.core.library import Library
from tui.core.store.backups import BACKUP_DIR


def test_later_opens_and_saves_never_overwrite_an_existing_backup(library_dir: Path) -> None:
    """Guards the "only when it does not exist yet" check on the copy.

    Each open of the library starts without knowing what was backed up
    earlier that day; if it copied again, the day's backup would hold the
    latest state instead of the one worth going back to.
    """
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
    for notes in ("first session", "second session"):
        with Library.open(library_dir, seed=False) as lib:
            lib.save_annotation(pid, notes=notes)
    before = folder_snapshot(library_dir / BACKUP_DIR)
    assert before, "the sessions left no backup to protect"
    for notes in ("third session", "fourth session"):
        with Library.open(library_dir, seed=False) as lib:
            lib.save_annotation(pid, notes=notes)
            lib.save_annotation(pid, notes=notes + ", later")
    after = folder_snapshot(library_dir / BACKUP_DIR)
    kept = {name: data for name, data in before.items() if name in after}
    assert kept, "every earlier backup was removed"
    assert {name: after[name] for name in kept} == kept
