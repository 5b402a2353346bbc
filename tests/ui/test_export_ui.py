"""Pilot tests of export and clipboard: keys, dialog, confirmation, fallbacks, and the files written."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

import tui.ui.library.clipboard as clipboard
import tui.ui.library.exporting as exporting
from tests.ui.pilot import notices, settle, text_of
from tui.core.export.markdown import Entry, paper_section, plain_summary
from tui.core.export.notes_import import read_note_file
from tui.core.library import Library
from tui.ui.screens.confirm import ConfirmOverwrite
from tui.ui.screens.copy_dialog import CopyDialog
from tui.ui.screens.export_dialog import ExportDialog
from tui.ui.widgets.paper_list import PaperList


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "Documents"
    monkeypatch.setattr(exporting, "export_folder", lambda: folder)
    return folder


def users_mode() -> int:
    """The mode the user's umask gives a new file (0644 under the usual 022): every document paperdesk saves has it."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@pytest.fixture
def copied(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []
    monkeypatch.setattr(clipboard, "system_copy", texts.append)
    return texts


async def test_c_copies_title_list_and_abstract(make_app, library: Library, copied: list[str]) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("j", "c", "t")
        await settle(app, pilot)
        paper = library.papers[1]
        assert copied == [plain_summary(Entry(paper, library.annotation(paper.id)))]
        assert copied[0].startswith(paper.shown_title + "\n" + paper.list + "\n\n")
        assert "Copied the title, list and abstract." in notices(app)


async def test_shift_c_copies_the_markdown_section_with_notes(make_app, library: Library, copied: list[str]) -> None:
    pid = library.papers[0].id
    library.save_annotation(pid, notes="my \x1b[31mnotes\n---\n", rating=2)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("C")
        await settle(app, pilot)
        assert copied == [paper_section(Entry(library.papers[0], library.annotation(pid)))]
        assert "my notes\n---" in copied[0] and "\x1b" not in copied[0] and "★★☆☆☆" in copied[0]


async def test_clipboard_falls_back_to_osc52_when_pyperclip_raises(make_app, library: Library, monkeypatch) -> None:
    def broken(text: str) -> None:
        raise RuntimeError("Pyperclip could not find a copy/paste mechanism for your system. See https://x")

    monkeypatch.setattr(clipboard, "system_copy", broken)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("c", "t")
        await settle(app, pilot)
        paper = library.papers[0]
        assert app.clipboard == plain_summary(Entry(paper, library.annotation(paper.id)))
        assert isinstance(app.screen, CopyDialog)
        note = text_of(app, "#copy-why")
        assert not [m for m in notices(app) if "Copied" in m]  # said once, in the dialog, not again in a toast
        assert "through the terminal (OSC 52)" in note and "could not find a copy/paste mechanism" in note
        assert "https://x" not in note
        assert app.is_running


async def test_without_a_clipboard_the_text_is_shown_and_saved_to_a_file(make_app, library: Library, monkeypatch, tmp_path: Path) -> None:
    def broken(text: str) -> None:
        raise RuntimeError("Pyperclip could not find a copy/paste mechanism for your system")

    monkeypatch.setattr(clipboard, "system_copy", broken)
    monkeypatch.setattr(exporting, "copy_file", lambda pid, suffix=".md": tmp_path / "Documents" / f"paperdesk-{pid}{suffix}")
    paper = library.papers[0]
    library.save_annotation(paper.id, notes="my notes")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("C")
        await settle(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, CopyDialog)
        expected = paper_section(Entry(paper, library.annotation(paper.id)))
        area = dialog.query_one("#copy-text", TextArea)
        assert area.read_only and area.text == expected
        assert "OSC 52" in text_of(app, "#copy-why")  # the terminal was tried too
        path = tmp_path / "Documents" / f"paperdesk-{paper.id}.md"
        assert dialog.query_one("#copy-path", Input).value == str(path)
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert path.read_text(encoding="utf-8") == expected
        assert stat.S_IMODE(path.stat().st_mode) == users_mode()  # as exports and screenshots, not a private 0600
        assert text_of(app, "#copy-result") == f"Saved to {path}"
        blocker = tmp_path / "a-file"
        blocker.write_text("x")
        dialog.query_one("#copy-path", Input).value = str(blocker / "sub" / "x.md")
        await pilot.click("#copy-save-button")
        await settle(app, pilot)
        result = text_of(app, "#copy-result")
        assert result.startswith("Not saved: ") and "\n" not in result and str(blocker) in result
        await pilot.press("escape")
        assert not isinstance(app.screen, CopyDialog)
        assert library.annotation(paper.id).notes == "my notes"


async def test_clipboard_falls_back_when_pyperclip_hangs(make_app, library: Library, monkeypatch) -> None:
    release = threading.Event()
    monkeypatch.setattr(clipboard, "system_copy", lambda text: release.wait(10))
    monkeypatch.setattr(clipboard, "TIMEOUT", 0.2)
    app = make_app()
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await pilot.press("C")
            await settle(app, pilot)
            assert app.clipboard.startswith("## ")
            why = text_of(app, "#copy-why")
            assert "OSC 52" in why and "no answer within 0.2 s" in why
            assert isinstance(app.screen, CopyDialog)  # the text is shown to select, or to save
            await pilot.press("escape", "j")  # the UI still answers
            assert app.screen.query_one(PaperList).cursor == 1
    finally:
        release.set()


async def test_x_exports_every_annotated_paper_to_a_folder(make_app, library: Library, documents: Path) -> None:
    first, second = library.papers[0].id, library.papers[5].id
    library.save_annotation(first, notes="# mine\n", rating=5)
    library.save_annotation(second, status="reading", title="Renamed: paper")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert dialog.scope == "annotated"
        path_input = dialog.query_one("#export-path", Input)
        assert Path(path_input.value).parent == documents and path_input.value.endswith(".md")
        await pilot.click("#format-folder")
        assert path_input.value == str(documents / "paperdesk-notes")
        await pilot.click("#export-go")
        await settle(app, pilot)
        assert not isinstance(app.screen, ExportDialog)
        files = sorted((documents / "paperdesk-notes").iterdir())
        assert [f.name for f in files] == sorted(
            [f"{library.papers[0].shown_title.replace(':', ' -')}.md", "Renamed - paper.md"]
        )
        assert {read_note_file(f).id for f in files} == {first, second}
        assert f"Exported 2 files to {documents / 'paperdesk-notes'}" in notices(app)


async def test_export_asks_before_overwriting(make_app, library: Library, documents: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine.md"
    target.write_text("keep me")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("j", "j", "x")
        await pilot.pause()
        dialog = app.screen
        assert dialog.scope == "current"  # nothing annotated yet
        assert dialog.query_one("#export-path", Input).value == str(documents / f"{library.papers[2].shown_title.replace(':', ' -')}.md")
        dialog.query_one("#export-path", Input).value = str(target)
        await pilot.click("#export-go")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmOverwrite)
        await pilot.press("n")
        await pilot.pause()
        assert target.read_text() == "keep me"
        assert "Export cancelled; nothing was overwritten." in notices(app)

        await pilot.press("x")
        await pilot.pause()
        app.screen.query_one("#export-path", Input).value = str(target)
        await pilot.click("#export-go")
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        text = target.read_text(encoding="utf-8")
        assert text.startswith("# paperdesk notes\n\n1 paper, exported ")
        assert library.papers[2].abstract.split("\n")[0] in text
        assert f"Exported 1 paper to {target}" in notices(app)


async def test_export_of_the_view_and_a_write_error(make_app, library: Library, documents: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one(PaperList).set_papers(library.papers[:4])  # a filtered view
        await pilot.press("x")
        await pilot.pause()
        await pilot.click("#scope-view")
        app.screen.query_one("#export-path", Input).value = str(blocker / "sub" / "out.md")
        await pilot.click("#export-go")
        await settle(app, pilot)
        [error] = [n for n in app._notifications if n.severity == "error"]
        assert "\n" not in error.message and "a-file" in error.message
        await pilot.press("x")
        await pilot.pause()
        await pilot.click("#scope-view")
        out = tmp_path / "view.md"
        app.screen.query_one("#export-path", Input).value = str(out)
        await pilot.click("#export-go")
        await settle(app, pilot)
        assert out.read_text(encoding="utf-8").count("\n## ") == 4


async def test_escape_cancels_the_dialog_and_palette_has_the_commands(make_app, library: Library, documents: Path, copied) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ExportDialog) and not documents.exists()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"copy paper")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert copied and copied[0].startswith(library.papers[0].shown_title)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"export to markdown")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)


async def test_an_empty_path_keeps_the_dialog_open_with_a_message(make_app, library: Library, documents: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        app.screen.query_one("#export-path", Input).value = "  "
        await pilot.click("#export-go")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        assert "Give a file or folder" in str(app.screen.query_one("#export-error").render())
        assert not documents.exists()


async def test_the_export_button_shows_its_whole_label_at_80_columns(make_app, library: Library, documents: Path) -> None:
    """Issue 45: the button kept the width of its first label and read "Export 19" with the word cut."""
    from textual.widgets import Button

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        button = app.screen.query_one("#export-go", Button)
        seen = []
        for scope in ("#scope-view", "#scope-current", "#scope-view"):
            await pilot.click(scope)
            await settle(app, pilot)
            drawn = button.render_line(0).text.strip()
            seen.append(drawn)
            assert drawn == str(button.label) and drawn.startswith("Export ") and drawn.endswith(("paper", "papers")), drawn
            assert button.region.right <= app.screen.query_one("#export-box").region.right
        assert seen[0] == f"Export {app.screen.counts['view']} papers" and seen[1] == "Export 1 paper"
