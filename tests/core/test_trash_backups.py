"""The trash copied beside the annotations: a day's copy, a session's when it changed, listed, restored; a damaged one never copied."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import LibraryError
from tui.core.library import Library
from tui.core.store.backups import TRASH, copies
from tui.core.store.trash_file import TRASH_FILE, read_trash
from tui.core.usecases.backups import TrashSummary, list_backups, newest_good, restore_backup, restore_trash


def _removed(library_dir: Path) -> tuple[str, str]:
    """A library whose first paper, with a note, went to the trash; its id and the trash's bytes then."""
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="a note that went to the trash")
        assert lib.remove_papers([pid], "the first paper") == 1
    return pid, (library_dir / TRASH_FILE).read_text()


def test_a_trash_that_changed_is_copied_as_the_library_closes_and_the_copy_listed(library_dir: Path) -> None:
    _, trash = _removed(library_dir)
    (copy,) = copies(library_dir, TRASH)
    assert copy.kind == "session" and copy.path.read_text() == trash and copy.name.startswith("trash-session-")
    listed = next(b for b in list_backups(library_dir) if b.copy.of == TRASH)
    assert listed.summary == TrashSummary(read_trash(library_dir))
    assert listed.describe().startswith("a session copy of the trash from ") and listed.describe().endswith(": 1 removal, 1 paper, 1 annotation")
    Library.open(library_dir).close()  # the next day's first open (and an open of the same one) copies it no more: unchanged
    assert len(copies(library_dir, TRASH)) == 1
    good = newest_good(library_dir)
    assert good is not None and good.copy.of != TRASH  # `latest` and the app's offer for annotations never take the trash
    assert newest_good(library_dir, TRASH) == listed


def test_the_days_first_open_copies_the_trash_and_a_damaged_trash_is_never_copied(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.store import backups

    _removed(library_dir)
    for c in copies(library_dir):
        c.path.unlink()
    Library.open(library_dir).close()
    assert [c.kind for c in copies(library_dir, TRASH)] == ["daily"]
    monkeypatch.setattr(backups, "clock", lambda: 4102444800.0 + 86400 * 3)  # a later day
    (library_dir / TRASH_FILE).write_bytes(b"[1]")
    Library.open(library_dir).close()
    assert [c.kind for c in copies(library_dir, TRASH)] == ["daily"]


def test_restoring_a_copy_of_the_trash_keeps_the_damaged_one_aside_and_the_removal_comes_back(library_dir: Path) -> None:
    pid, trash = _removed(library_dir)
    (library_dir / TRASH_FILE).write_bytes(b"{}")
    name = copies(library_dir, TRASH)[0].name
    restored = restore_backup(library_dir, name)
    assert restored.target == library_dir / TRASH_FILE and (library_dir / TRASH_FILE).read_text() == trash
    assert restored.kept is not None and restored.kept.read_bytes() == b"{}" and restored.kept.name.startswith("trash.json.replaced-")
    with Library.open(library_dir) as lib:
        assert not lib.read_only
        lib.restore_papers()
        assert lib.annotation(pid).notes == "a note that went to the trash"


def test_the_app_restores_the_trash_under_its_own_lock(library_dir: Path) -> None:
    pid, trash = _removed(library_dir)
    (library_dir / TRASH_FILE).write_bytes(b"garbage")
    name = copies(library_dir, TRASH)[0].name
    with Library.open(library_dir) as lib:
        with pytest.raises(LibraryError, match="damaged trash"):
            lib.restore_papers()
        annotations_copy = newest_good(library_dir)
        assert annotations_copy is not None
        with pytest.raises(LibraryError, match="not a copy of the trash; nothing restored"):
            restore_trash(lib, annotations_copy.name)
        restored = restore_trash(lib, name)
        assert restored.kept is not None and restored.kept.read_bytes() == b"garbage"
        lib.restore_papers()
        assert lib.get(pid) is not None and lib.annotation(pid).notes == "a note that went to the trash"


def test_a_session_that_left_the_trash_as_it_was_copies_it_no_more(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.store import backups

    pid, _ = _removed(library_dir)
    before = copies(library_dir, TRASH)
    later = backups.clock() + 3600
    monkeypatch.setattr(backups, "clock", lambda: later)  # the annotations' copies of this session are the newest copies
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="a copy of the annotations at the close, newer than the trash's")
        lib.remove_papers([lib.papers[1].id], "another")
        lib.restore_papers()  # the trash as it was, byte for byte
    assert copies(library_dir, TRASH) == before
