"""Pilot tests of annotating: every key, autosave, failures, read-only, and persistence across restarts."""

from __future__ import annotations

import errno
from pathlib import Path

from textual.widgets import Input, Markdown, TextArea

from tests.ui.pilot import settle, text_of, type_text
from tui.core.library import Library
from tui.core.models import Status
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.paper_list import PaperList


def progress(app: PaperdeskApp) -> str:
    return text_of(app, "#progress")


async def test_rating_keys_set_and_clear_stars(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("4")
        await settle(app, pilot)
        assert library.annotation(pid).rating == 4
        assert "★★★★☆" in text_of(app, "#reader-annotation")
        assert "rated 1" in progress(app)
        for key in "12345":
            await pilot.press(key)
            await settle(app, pilot)
            assert library.annotation(pid).rating == int(key)
        await pilot.press("0")
        await settle(app, pilot)
        assert library.annotation(pid).rating == 0
        assert "rated 0" in progress(app)


async def test_status_keys_cycle_mark_read_and_show_dates(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("s", "s")  # two quick presses cycle twice, even before the saves land
        await settle(app, pilot)
        ann = library.annotation(pid)
        assert ann.status is Status.READING and ann.started
        assert "reading" in text_of(app, "#reader-annotation") and "started " + ann.started[:10] in text_of(app, "#reader-annotation")
        await pilot.press("S")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.TO_READ
        await pilot.press("S", "S")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.SKIPPED  # wrapped back past unread
        await pilot.press("r")
        await settle(app, pilot)
        ann = library.annotation(pid)
        assert ann.status is Status.READ and ann.finished
        assert "read " + ann.finished[:10] in text_of(app, "#reader-annotation")
        assert progress(app).startswith("read 1 / 33")


async def test_reading_a_paper_records_opened_but_never_changes_status(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("j", "j", "k", "enter")
        await settle(app, pilot)
        await pilot.pause(0.3)
        await settle(app, pilot)
        papers = library.papers
        assert library.annotation(papers[1].id).opened
        assert all(library.annotation(p.id).status is Status.UNREAD for p in papers)
        assert not library.annotation(papers[2].id).opened  # only highlighted, never opened
        assert "opened " in text_of(app, "#reader-annotation")


async def test_notes_editor_saves_on_escape_and_renders_markdown_literally(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        editor = app.screen.query_one("#notes-editor", TextArea)
        assert editor.has_focus
        await type_text(pilot, "# Idea\nuse *this* [bold]x[/]")
        assert "unsaved" in text_of(app, "#notes-state")
        await pilot.press("escape")
        await settle(app, pilot)
        assert library.annotation(pid).notes == "# Idea\nuse *this* [bold]x[/]"
        assert app.screen.query_one(PaperList).has_focus
        assert not editor.display
        assert text_of(app, "#notes-state") == "notes · saved"
        view = app.screen.query_one("#notes-view", Markdown)
        assert view.display and view.source == "# Idea\nuse *this* [bold]x[/]"
        assert "noted 1" in progress(app)
        # the editor's own undo works
        await pilot.press("n", "ctrl+z")
        assert editor.text != "# Idea\nuse *this* [bold]x[/]"


async def test_notes_autosave_after_typing_stops(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await type_text(pilot, "draft")
        await pilot.pause(1.4)  # the autosave delay is one second
        await settle(app, pilot)
        assert library.annotation(pid).notes == "draft"
        assert app.screen.query_one("#notes-editor", TextArea).has_focus  # still editing
        assert text_of(app, "#notes-state") == "notes · saved"


async def test_switching_papers_saves_the_notes(make_app, library: Library) -> None:
    app = make_app()
    first = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await type_text(pilot, "first paper")
        await pilot.click(PaperList, offset=(5, 3))
        await settle(app, pilot)
        assert library.annotation(first).notes == "first paper"
        assert app.screen.query_one(PaperList).cursor == 3
        assert app.screen.query_one("#notes-editor", TextArea).text == ""


async def test_quitting_saves_the_notes(make_app, library_dir: Path) -> None:
    library = Library.open(library_dir)
    pid = library.papers[0].id
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await type_text(pilot, "last words")
        await pilot.press("ctrl+q")
        await pilot.pause()
    with Library.open(library_dir) as reread:
        assert reread.annotation(pid).notes == "last words"


async def test_tags_dialog_saves_and_completes_known_tags(make_app, library: Library) -> None:
    app = make_app()
    papers = library.papers
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("t")
        await type_text(pilot, "rl, theory, rl")
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.annotation(papers[0].id).tags == ("rl", "theory")
        assert "#rl" in text_of(app, "#reader-annotation")
        await pilot.press("j", "t")
        await type_text(pilot, "th")
        await pilot.pause()
        await pilot.press("tab")
        assert app.screen.query_one(Input).value == "theory"
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.annotation(papers[1].id).tags == ("theory",)
        await pilot.press("t", "escape")  # Esc cancels: nothing changes
        await settle(app, pilot)
        assert library.annotation(papers[1].id).tags == ("theory",)


async def test_rename_and_restore_the_title(make_app, library: Library) -> None:
    app = make_app()
    paper = library.papers[0]
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("e", "ctrl+u")
        await type_text(pilot, "My [b]name")
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.annotation(paper.id).title == "My [b]name"
        assert text_of(app, "#reader-title") == "My [b]name"
        await pilot.press("e", "ctrl+u", "enter")
        await settle(app, pilot)
        assert library.annotation(paper.id).title == ""
        assert text_of(app, "#reader-title") == paper.shown_title


async def test_undo_walks_back_rating_status_tags_title(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("3", "r", "t")
        await type_text(pilot, "x")
        await pilot.press("enter")
        await settle(app, pilot)
        ann = library.annotation(pid)
        assert (ann.rating, ann.status, ann.tags) == (3, Status.READ, ("x",))
        await pilot.press("u")
        await settle(app, pilot)
        assert library.annotation(pid).tags == ()
        await pilot.press("u")
        await settle(app, pilot)
        ann = library.annotation(pid)
        assert ann.status is Status.UNREAD and not ann.finished
        await pilot.press("u")
        await settle(app, pilot)
        assert library.annotation(pid).rating == 0
        await pilot.press("u")  # nothing left: says so, changes nothing
        await settle(app, pilot)
        assert not library.annotation(pid).is_annotated


async def test_a_failed_save_keeps_the_text_marked_unsaved(make_app, library: Library, monkeypatch) -> None:
    app = make_app()
    pid = library.papers[0].id
    real_save = library.save_annotation

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(library.folder / ANNOTATIONS_FILE))

    async with app.run_test(size=(120, 36)) as pilot:
        monkeypatch.setattr(library, "save_annotation", disk_full)
        await pilot.press("n")
        await type_text(pilot, "precious")
        await pilot.press("escape")
        await settle(app, pilot)
        assert library.annotation(pid).notes == ""
        assert text_of(app, "#notes-state") == "notes · unsaved (save failed)"
        notices = [n.message for n in app._notifications]
        assert any("No space left on device" in m and "\n" not in m for m in notices)
        await pilot.press("j", "k")  # away and back: the text is still there, still unsaved
        assert app.screen.query_one("#notes-editor", TextArea).text == "precious"
        monkeypatch.setattr(library, "save_annotation", real_save)
        await pilot.press("n", "escape")  # leaving again retries
        await settle(app, pilot)
        assert library.annotation(pid).notes == "precious"
        assert text_of(app, "#notes-state") == "notes · saved"


async def test_damaged_annotations_file_is_shown_and_never_written(library_dir: Path) -> None:
    with Library.open(library_dir):
        pass
    damaged = library_dir / ANNOTATIONS_FILE
    damaged.write_bytes(b"{not json")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        line = progress(app)
        assert line.startswith("read 0 / 33") and "read-only: " + str(damaged) in line and "backups" in line
        await pilot.press("3", "s", "n")
        await settle(app, pilot)
        assert not any(editor.has_focus for editor in app.screen.query("#notes-editor"))  # none made, or not focused
        assert any("read-only" in n.message for n in app._notifications)
    assert damaged.read_bytes() == b"{not json"


async def test_everything_survives_a_restart(library_dir: Path) -> None:
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("j", "5", "s", "t")
        await type_text(pilot, "kept")
        await pilot.press("enter", "e", "ctrl+u")
        await type_text(pilot, "Renamed")
        await pilot.press("enter", "n")
        await type_text(pilot, "remember this")
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("q")
    again = PaperdeskApp(library_dir=library_dir)
    async with again.run_test(size=(120, 36)) as pilot:
        await settle(again, pilot)  # the relaunch restores the paper left highlighted: the second one
        library = again.library
        ann = library.annotation(library.papers[1].id)
        assert (ann.notes, ann.rating, ann.status, ann.tags, ann.title) == ("remember this", 5, Status.TO_READ, ("kept",), "Renamed")
        assert text_of(again, "#reader-title") == "Renamed"
        assert again.screen.query_one("#notes-view", Markdown).source == "remember this"
        assert "★★★★★" in text_of(again, "#reader-annotation") and "#kept" in text_of(again, "#reader-annotation")
        assert progress(again) == "read 0 / 33 · rated 1 · noted 1"


async def test_leaving_the_editor_saves_once(make_app, library: Library, monkeypatch) -> None:
    app = make_app()
    calls = []
    real_save = library.save_annotation

    def counting(pid, **changes):
        calls.append(changes)
        return real_save(pid, **changes)

    monkeypatch.setattr(library, "save_annotation", counting)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await type_text(pilot, "once")
        await pilot.press("escape")
        await settle(app, pilot)
    assert calls == [{"notes": "once"}]


async def test_quit_with_unsavable_notes_warns_once_then_quits(make_app, library: Library, monkeypatch) -> None:
    app = make_app()

    def read_only_fs(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    async with app.run_test(size=(120, 36)) as pilot:
        monkeypatch.setattr(library, "save_annotation", read_only_fs)
        monkeypatch.setattr("tui.ui.widgets.notes.AUTOSAVE_DELAY", 3600)
        await pilot.press("n")
        await type_text(pilot, "stuck")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running
        assert any("Read-only file system" in n.message and "press q again" in n.message for n in app._notifications)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_text_typed_right_after_n_goes_into_the_notes(make_app, library: Library) -> None:
    """`nsees` typed in one burst: the notes get "sees", the status stays unread."""
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for key in ("n", "s", "e", "e", "s"):
            app.simulate_key(key)
        await pilot.pause()
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        pid = library.papers[0].id
        assert library.annotation(pid).notes == "sees"
        assert library.annotation(pid).status.value == "unread"


async def test_no_saved_state_shows_above_no_notes_yet(make_app, library: Library) -> None:
    """Issue 45: "notes · saved" stood above "No notes yet" for a paper with no notes at all."""
    app = make_app()
    pid = library.papers[0].id
    assert not library.annotation(pid).notes
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        empty = app.screen.query_one("#notes-empty")
        assert empty.display and text_of(app, "#notes-empty").startswith("No notes yet")
        assert text_of(app, "#notes-state") == ""
        await pilot.press("n")
        assert text_of(app, "#notes-state") == "notes"  # the editor is open, nothing written yet
        await pilot.press("escape")
        await settle(app, pilot)
        assert empty.display and text_of(app, "#notes-state") == ""
        await pilot.press("n")
        await type_text(pilot, "x")
        await pilot.press("escape")
        await settle(app, pilot)
        assert text_of(app, "#notes-state") == "notes · saved" and not empty.display
        await pilot.press("n", "backspace", "escape")
        await settle(app, pilot)
        assert library.annotation(pid).notes == "" and empty.display and text_of(app, "#notes-state") == ""
