"""Text from data is data, never code: markup, escapes, controls and odd Unicode everywhere a user can put them.

On screen (pilot): every part shows its text literally or as harmless
control pictures, the layout keeps its shape, no `[@click]` action runs, and
the bytes the app would send to the terminal carry none of the data's escape
sequences. Out of the app: exports and the clipboard hold no terminal controls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static

import tui.ui.library.clipboard as clipboard
import tui.ui.library.exporting as exporting
from tests.ui.pilot import settle
from tui.core.export.markdown import Entry, paper_section, plain_summary, render_document, render_paper_file
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.screens.export_dialog import ExportDialog
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList

from .nasty import ESCAPES, MARKUP, NASTY, PAYLOADS, nasty_papers, write_json

#: Terminal controls that must never leave paperdesk in a file or the clipboard.
CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def nasty_library(library_dir: Path, tmp_path: Path) -> Library:
    """A library whose first papers (and their list, tags, notes and titles) are all hostile."""
    lib = Library.open(library_dir, seed=False)
    lib.add_papers([read_import(write_json(tmp_path / "nasty.json", nasty_papers()))])
    first = lib.papers[0].id
    lib.save_annotation(first, notes=f"# Notes {NASTY}\n\n- item {ESCAPES}\n", tags=[f"tag{MARKUP}", "\x1b]0;PWNED-TITLE\x07t"], rating=3)
    lib.save_annotation(lib.papers[1].id, title=f"Custom {NASTY}")
    yield lib
    lib.close()


def terminal_output(app: PaperdeskApp) -> str:
    """Exactly what the app would write to a real terminal to draw the current screen."""
    update = app.screen._compositor.render_update(full=True)
    return update.render_segments(app.console)


def shown(app: PaperdeskApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def assert_harmless(output: str) -> None:
    """The app's own SGR/cursor codes are fine; nothing from the data may act."""
    for payload in PAYLOADS:
        assert payload not in output
    assert "\x07" not in output and "\x08" not in output and "\r" not in output
    # Every OSC the app emits is a hyperlink whose target holds no control character.
    for osc in re.findall(r"\x1b\](.*?)(?:\x1b\\|\x07)", output, flags=re.S):
        assert osc.startswith("8;"), osc
        assert not CONTROLS.search(osc), repr(osc)
        assert "cHduZWQ" not in osc, repr(osc)  # a bare URL in the text may link; its payload may not


async def test_hostile_text_shows_literally_and_triggers_nothing(nasty_library: Library) -> None:
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert app.is_running
        # The reading pane: markup literal, escapes as control pictures, no raw controls.
        title = shown(app, "#reader-title")
        abstract = shown(app, "#reader-abstract")
        meta = shown(app, "#reader-meta")
        for part in (title, abstract, meta):
            assert "[@click=app.quit]" in part and "[/]" in part and "[unclosed [red" in part
            assert "\x1b" not in part and "\x07" not in part and "\r" not in part
            assert "\u202e" not in part
        assert "␛]0;PWNED-TITLE␇" in title
        assert "中文论文" in title and "🎉" in title
        annotation = shown(app, "#reader-annotation")
        assert f"#tag{MARKUP}" in annotation and "\x1b" not in annotation
        assert_harmless(terminal_output(app))
        # The list keeps one row per paper: no embedded newline or CR broke a row.
        paper_list = app.screen.query_one(PaperList)
        strips = [paper_list.render_line(y) for y in range(paper_list.size.height)]
        rows = [strip.text for strip in strips]
        assert all("\n" not in r and "\r" not in r and "\x1b" not in r for r in rows)
        # Wide CJK/emoji and zero-width characters do not push a row past the list's width.
        assert all(strip.cell_length == paper_list.size.width for strip in strips)
        # Clicking where the [@click] text is drawn, moving around, opening the notes: no action fires.
        await pilot.click("#reader-title")
        await pilot.click("#reader-abstract")
        await settle(app, pilot)
        paper_list.focus()
        await pilot.press("j", "k", "j")
        await settle(app, pilot)
        assert app.is_running
        assert "Custom" in shown(app, "#reader-title")
        assert_harmless(terminal_output(app))
        await pilot.press("k", "n")
        await settle(app, pilot)
        assert app.screen.query_one(Notes).editing
        assert_harmless(terminal_output(app))  # the editor holds the raw notes; the terminal must not
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.is_running
        assert_harmless(terminal_output(app))
        # The tag and title dialogs show the hostile title, tags and fallback as text.
        for key in ("t", "e"):
            await pilot.press(key)
            await settle(app, pilot)
            assert app.screen is not app.screen_stack[0]  # a dialog is up, over the library screen
            assert_harmless(terminal_output(app))
            await pilot.press("escape")
            await settle(app, pilot)
        assert app.is_running
        assert nasty_library.annotation(nasty_library.papers[0].id).tags == (f"tag{MARKUP}", "\x1b]0;PWNED-TITLE\x07t")


async def test_screenshot_of_hostile_text(nasty_library: Library, tmp_path: Path) -> None:
    """An SVG screenshot renders, and carries none of the data's escape bytes."""
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        svg = app.export_screenshot()
        (tmp_path / "hostile.svg").write_text(svg, encoding="utf-8")
        assert "<svg" in svg and "\x1b" not in svg and "\x07" not in svg
        assert "@click=app.quit" in svg.replace("&#160;", " ")
        assert app.is_running


async def test_filtering_by_hostile_text_is_harmless(nasty_library: Library) -> None:
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        for ch in "[bold":
            await pilot.press({"[": "left_square_bracket"}.get(ch, ch))
        await settle(app, pilot)
        await app.workers.wait_for_complete()
        await settle(app, pilot)
        assert app.is_running
        assert_harmless(terminal_output(app))


async def test_clipboard_and_osc52_fallback_carry_no_controls(nasty_library: Library, monkeypatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "system_copy", copied.append)
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("c")  # the copy menu: t copies the paper as text
        await settle(app, pilot)
        await pilot.press("t")
        await settle(app, pilot)
        await pilot.press("C")
        await app.workers.wait_for_complete()
        await settle(app, pilot)

        def broken(text: str) -> None:
            raise RuntimeError("no clipboard here")

        monkeypatch.setattr(clipboard, "system_copy", broken)
        await pilot.press("C")
        await app.workers.wait_for_complete()
        await settle(app, pilot)
        via_terminal = app.clipboard
    assert len(copied) == 2
    for text in (*copied, via_terminal):
        assert not CONTROLS.search(text.replace("\n", "").replace("\t", "")), repr(text)
        assert "PWNED-TITLE" not in text or "\x1b" not in text
        assert "[@click=app.quit]" in text  # markup is text: it stays, literally
    assert "# Notes" in copied[1] and via_terminal == copied[1]


def test_exports_carry_no_controls(nasty_library: Library) -> None:
    entries = [Entry(p, nasty_library.annotation(p.id)) for p in nasty_library.papers]
    outputs = [render_document(entries, now="2026-01-01T00:00:00+00:00")]
    outputs += [render_paper_file(e, now="2026-01-01T00:00:00+00:00") for e in entries]
    outputs += [paper_section(e) for e in entries] + [plain_summary(e) for e in entries]
    for text in outputs:
        assert not CONTROLS.search(text.replace("\n", "").replace("\t", "")), repr(text[:200])
        assert "[@click=app.quit]" in text


async def test_export_dialog_with_a_hostile_title(nasty_library: Library, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(exporting, "export_folder", lambda: tmp_path / "out")
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        assert isinstance(app.screen, ExportDialog)
        assert_harmless(terminal_output(app))
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.is_running


def test_path_completion_never_offers_a_file_name_with_control_characters(tmp_path: Path) -> None:
    from tui.core.ingest.readers import complete_path

    (tmp_path / "evil\x1b]0;PWNED-TITLE\x07.txt").write_text("List\n\nabstract\n")
    (tmp_path / "evil plain.txt").write_text("List\n\nabstract\n")
    assert complete_path(str(tmp_path / "ev")) == str(tmp_path / "evil plain.txt")


async def test_a_saved_view_with_escapes_lands_in_the_filter_box_harmless(nasty_library: Library) -> None:
    nasty_library.save_view("evil", "graph \x1b]0;PWNED-TITLE\x07")
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.filtering.apply_query("graph \x1b]0;PWNED-TITLE\x07")
        await settle(app, pilot)
        await app.workers.wait_for_complete()
        await settle(app, pilot)
        assert_harmless(terminal_output(app))


def test_command_line_output_carries_no_controls(tmp_path: Path, library_dir: Path, capsys) -> None:
    """Report lines name lists and quote broken entries from the files: they reach the terminal as pictures."""
    from tui.cli import main

    evil_list = tmp_path / "evil.txt"
    evil_list.write_text(f"\x1b]0;PWNED-TITLE\x07List {MARKUP}\n\nAn abstract about terminal escapes {ESCAPES}\n")
    evil_bib = tmp_path / "evil.bib"
    # A malformed entry in the middle of the file (left open where the next starts) is skipped and named by its
    # start; the entry after it comes in. (A file cut short at its end is refused whole: no skip line.)
    evil_bib.write_text("@article{k\x1b]52;c;cHduZWQ=\x07, title={T\x1b[31m}, abstract={open\n@article{fine, title={Fine}, abstract={A good one}}\n")
    missing = tmp_path / "gone\x1b]0;PWNED-TITLE\x07.txt"
    main(["import", "--db", str(library_dir), str(evil_list), str(evil_bib), str(missing)])
    main(["list", "--db", str(library_dir)])
    main(["export", "--all", "--db", str(library_dir)])
    out, err = capsys.readouterr()
    assert "PWNED-TITLE" in out + err and "cHduZWQ" in out  # named, as pictures
    assert not CONTROLS.search((out + err).replace("\n", "").replace("\t", ""))


async def test_pasted_escapes_are_dropped_and_stored_ones_never_reach_the_terminal(nasty_library: Library) -> None:
    from textual import events
    from textual.widgets import TextArea

    pid = nasty_library.papers[0].id
    stored_before = nasty_library.annotation(pid).notes
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        notes = app.screen.query_one(Notes)
        assert not notes.dirty  # showing stored controls as pictures is not an edit
        editor = app.screen.query_one("#notes-editor", TextArea)
        editor.move_cursor(editor.document.end)
        app.post_message(events.Paste("pasted\x1b]52;c;cHduZWQ=\x07 \x1b[31mtext\r\nmore\x07"))
        await settle(app, pilot)
        assert editor.text.endswith("pasted text\nmore")
        assert_harmless(terminal_output(app))
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await settle(app, pilot)
    saved = nasty_library.annotation(pid).notes
    assert saved.endswith("pasted text\nmore") and "\x1b]52" not in saved.split("# Notes")[-1][-40:]
    assert saved != stored_before


async def test_opening_the_editor_on_stored_controls_saves_nothing(nasty_library: Library) -> None:
    pid = nasty_library.papers[0].id
    before = nasty_library.annotation(pid)
    app = PaperdeskApp(library=nasty_library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await settle(app, pilot)
        await pilot.press("q")
        await settle(app, pilot)
    assert nasty_library.annotation(pid) == before
