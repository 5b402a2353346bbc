"""The app opening a wiped or damaged annotations file: the newest good backup named with what it holds, and restored on `y`."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import TextArea

from tests.ui.pilot import notices, settle, text_of
from tui.core.library import Library
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.ui.app import PaperdeskApp
from tui.ui.screens.confirm import ConfirmRestore
from tui.ui.widgets.paper_list import PaperList


def noted(library_dir: Path) -> dict[str, str]:
    """A closed library whose first three papers carry notes; the notes by paper id."""
    with Library.open(library_dir) as lib:
        notes = {p.id: f"note on {p.id}" for p in lib.papers[:3]}
        for pid, text in notes.items():
            lib.save_annotation(pid, notes=text)
    return notes


async def test_a_wiped_file_offers_the_newest_backup_and_restoring_brings_every_note_back(library_dir: Path) -> None:
    notes = noted(library_dir)
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{}")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRestore)
        message = " ".join(text_of(app, "#confirm-message").split())
        assert "annotations.json: was changed outside paperdesk and lost annotations: 0 annotated papers (was 3)" in message
        assert "The newest good backup is annotations-session-" in message and ": 3 annotated papers, 3 notes." in message
        assert "Keep read-only" in str(app.screen.query_one("#confirm-no").label)
        await pilot.press("y")
        await settle(app, pilot)
        library = app.library
        assert library is not None and not library.read_only
        assert {pid: library.annotation(pid).notes for pid in notes} == notes
        assert "read-only" not in text_of(app, "#list-header") and "read-only" not in text_of(app, "#progress")
        assert not app.screen.has_class("read-only")
        shown = notices(app)
        assert any(n.startswith("Restored annotations-session-") for n in shown)
        assert not any("opened read-only" in n for n in shown)  # the read-only toast went with the restore
        first = app.screen.query_one(PaperList).current
        assert first is not None and first.id in notes
        await pilot.press("n")  # the notes editor, on the restored note, and writable
        await settle(app, pilot)
        editor = app.screen.query_one("#notes-editor", TextArea)
        assert editor.text == notes[first.id] and not editor.read_only
        await pilot.press("end", "!", "escape")
        await settle(app, pilot)
        assert library.annotation(first.id).notes == notes[first.id] + "!"
    (aside,) = library_dir.glob("annotations.json.replaced-*")
    assert aside.read_bytes() == b"{}"


async def test_keep_read_only_leaves_the_damaged_file_as_it_is(library_dir: Path) -> None:
    noted(library_dir)
    damaged = library_dir / ANNOTATIONS_FILE
    damaged.write_bytes(b'{"annotations": {"1": ')
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRestore)
        assert "damaged library file (not valid JSON" in text_of(app, "#confirm-message")
        assert not app._notifications  # the dialog says it; a toast over it hid its answers at 80x24
        await pilot.press("enter")  # the safe answer has the focus
        await settle(app, pilot)
        assert not isinstance(app.screen, ConfirmRestore)
        assert [n.title for n in app._notifications] == ["Read-only"]
        assert app.library is not None and app.library.read_only
        assert "read-only: " + str(damaged) in text_of(app, "#progress")
    assert damaged.read_bytes() == b'{"annotations": {"1": ' and not list(library_dir.glob("*.replaced-*"))


async def test_without_a_good_backup_the_notice_alone_says_where_copies_are_listed(library_dir: Path) -> None:
    Library.open(library_dir).close()
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{not json")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert not isinstance(app.screen, ConfirmRestore) and app.library is not None and app.library.read_only
        assert "left untouched (`paperdesk backups` lists the copies to restore)" in " ".join(text_of(app, "#progress").split())


async def test_a_damaged_trash_offers_its_newest_good_copy_and_y_brings_the_removal_back(library_dir: Path) -> None:
    from tui.core.store.trash_file import TRASH_FILE
    from tui.ui.screens.confirm import ConfirmTrashRestore

    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="went to the trash")
        lib.remove_papers([pid], "one")
    trash = library_dir / TRASH_FILE
    trash.write_bytes(b"[1]")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmTrashRestore)
        message = " ".join(text_of(app, "#confirm-message").split())
        assert f"{trash}: damaged trash (it is [1], not a trash)" in message
        assert "The newest good copy is trash-session-" in message and "1 removal, 1 paper, 1 annotation" in message
        assert "Leave it" in str(app.screen.query_one("#confirm-no").label)
        await pilot.press("y")
        await settle(app, pilot)
        assert any(n.startswith("Restored trash-session-") for n in notices(app))
        library = app.library
        assert library is not None
        library.restore_papers()
        assert library.annotation(pid).notes == "went to the trash"
    (aside,) = library_dir.glob("trash.json.replaced-*")
    assert aside.read_bytes() == b"[1]"


async def test_leaving_a_damaged_trash_leaves_it_as_it_is(library_dir: Path) -> None:
    from tui.core.store.trash_file import TRASH_FILE
    from tui.ui.screens.confirm import ConfirmTrashRestore

    with Library.open(library_dir) as lib:
        lib.remove_papers([lib.papers[0].id], "one")
    trash = library_dir / TRASH_FILE
    trash.write_bytes(b"{}")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmTrashRestore)
        await pilot.press("n")
        await settle(app, pilot)
        assert not isinstance(app.screen, ConfirmTrashRestore)
    assert trash.read_bytes() == b"{}" and not list(library_dir.glob("trash.json.replaced-*"))
