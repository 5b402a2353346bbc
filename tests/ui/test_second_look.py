"""What a careful user notices, round two (issue 36): tags that read as one, titles cut with "…", the layout
key back to auto, the palette's own entries, the export dialog's memory and words, the first key after launch,
and Esc in the filter box."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tests.ui.pilot import notices, settle, type_text
from tests.ui.test_export_ui import users_mode
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.annotation_line import annotation_text
from tui.ui.widgets.paper_list import PaperList

TAGS = ["reading group", "optimization theory", "to discuss with Ana", "llm"]


def lines_of(app: PaperdeskApp, selector: str) -> list[str]:
    """The lines a widget on the current screen draws, as text."""
    widget = app.screen.query_one(selector)
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def test_a_tag_with_spaces_is_never_split_across_lines() -> None:
    from tui.core.models import Annotation, Status

    line = annotation_text(Annotation(id="x", rating=3, status=Status.READING, tags=TAGS))
    for width in range(20, 120):
        shown = line.laid_out(width).plain.split("\n")
        for tag in TAGS:
            assert sum(("#" + tag) in row for row in shown) == 1, (width, shown)
    assert str(line).endswith("  #reading group  #optimization theory  #to discuss with Ana  #llm")


async def test_tags_read_as_one_unit_in_the_reading_pane(make_app, library: Library) -> None:
    paper = library.papers[0]
    library.save_annotation(paper.id, tags=TAGS)
    for size in ((80, 24), (120, 36), (200, 50), (62, 30)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            shown = lines_of(app, "#reader-annotation")
            for tag in TAGS:
                assert sum(("#" + tag) in row for row in shown) == 1, (size, shown)


LONG = ("A very long title about optimization theory that no dialog box at eighty or a hundred and twenty columns "
        "can ever hold whole, however wide it is drawn")


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])  # one app per size: the two run side by side
async def test_dialog_titles_cut_by_the_width_end_in_an_ellipsis(make_app, library: Library, size: tuple[int, int]) -> None:
    from tui.core.highlights import make

    long, short = library.papers[0], library.papers[1]
    library.save_annotation(long.id, title=LONG, highlights=(make(long.abstract, 0, 20),))
    library.save_annotation(short.id, title="Short", highlights=(make(short.abstract, 0, 20),))
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for paper, title in ((long, LONG), (short, "Short")):
            if paper is short:
                await pilot.press("j")
                await settle(app, pilot)
            assert app.screen.query_one(PaperList).current == paper
            for key, selector, start in (("t", ".dialog-title", "Tags for "), ("K", ".dialog-title", "Citation key of "),
                                         ("H", ".dialog-title", "Highlights of "), ("m", "#related-source", "")):
                await pilot.press(key)
                await settle(app, pilot)
                widget = app.screen.query_one(selector)
                shown = lines_of(app, selector)
                assert len(shown) == 1 and shown[0].startswith(start + title[:20]), (key, shown)
                assert widget.size.width <= widget.parent.content_region.width, (key, widget.size)  # nothing clipped
                assert shown[0].endswith("…" if title == LONG else title), (key, shown)
                await pilot.press("escape")
                await settle(app, pilot)


async def test_pressing_l_twice_gives_the_layout_back_to_auto(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert screen.has_class("-stacked")
        await pilot.press("l")  # the reader's choice holds whatever the width
        await settle(app, pilot)
        assert screen.has_class("-side")
        await pilot.resize_terminal(90, 24)
        await settle(app, pilot)
        assert screen.has_class("-side")
        await pilot.press("l")  # back at the starting layout: back to auto
        await settle(app, pilot)
        assert screen.has_class("-stacked")
        await pilot.resize_terminal(120, 36)
        await settle(app, pilot)
        assert screen.has_class("-side")  # widening lays the panes side by side again
        assert "auto: stacked below 100 columns" in notices(app)[-1]
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert screen.has_class("-stacked")


async def palette_list(app: PaperdeskApp, pilot, query: str = "", wanted: str = "") -> list[str]:
    """Open the palette, type `query`, and return its entries once `wanted` (or anything) is listed."""
    from tests.ui.test_palette_views import palette_entries

    await pilot.press("ctrl+p")
    await type_text(pilot, query)
    for _ in range(60):  # the providers answer in the palette's worker
        await pilot.pause(0.05)
        entries = palette_entries(app)
        if entries and (not wanted or wanted in entries):
            break
    return palette_entries(app)


async def test_the_palette_offers_only_entries_that_behave(make_app) -> None:
    from textual.command import CommandList

    from tui.ui.library.screen import LibraryScreen
    from tui.ui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        entries = await palette_list(app, pilot, wanted="Screenshot")
        assert {"Help: all keys", "Screenshot", "Theme", "Quit"} <= set(entries), entries
        assert "Keys" not in entries and "Maximize" not in entries, entries  # Textual's panel: one Esc left it open
        await pilot.press("escape")
        entries = await palette_list(app, pilot, "keys", wanted="Help: all keys")
        assert "Keys" not in entries, entries
        app.screen.query_one(CommandList).highlighted = entries.index("Help: all keys")
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")  # one Esc closes the help
        await settle(app, pilot)
        assert isinstance(app.screen, LibraryScreen)


async def test_screenshot_goes_to_the_export_folder_made_if_missing(make_app, monkeypatch, tmp_path) -> None:
    from textual.command import CommandList

    import tui.ui.library.exporting as exporting

    folder = tmp_path / "home" / "Documents"  # not there yet (nor ~/Downloads)
    monkeypatch.setattr(exporting, "export_folder", lambda: folder)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        entries = await palette_list(app, pilot, "screenshot", wanted="Screenshot")
        app.screen.query_one(CommandList).highlighted = entries.index("Screenshot")
        await pilot.press("enter")
        await settle(app, pilot)
        for _ in range(40):
            if list(folder.glob("*.svg")):
                break
            await pilot.pause(0.05)
        saved = list(folder.glob("paperdesk-*.svg"))
        assert len(saved) == 1, list(tmp_path.rglob("*"))
        svg = saved[0].read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "papers" in svg and "Search for commands" not in svg  # the library, not the palette
        assert stat.S_IMODE(saved[0].stat().st_mode) == users_mode()  # as exports and saved copies, not a private 0600
        await settle(app, pilot)
        assert f"Screenshot saved to {saved[0]}" in notices(app)


def choices(app: PaperdeskApp) -> dict[str, str]:
    """Each radio button of the export dialog: its id -> the marker it draws (● or ○)."""
    from textual.widgets import RadioButton

    return {button.id or "": str(button.render()).strip()[1] for button in app.screen.query(RadioButton)}


async def test_the_export_dialog_remembers_the_folder_names_its_action_and_marks_the_choice(
    library_dir, monkeypatch, tmp_path
) -> None:
    from textual.widgets import Button, Input

    import tui.ui.library.exporting as exporting

    monkeypatch.setattr(exporting, "export_folder", lambda: tmp_path / "Documents")
    chosen = tmp_path / "reading group" / "exports"
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        path = app.screen.query_one("#export-path", Input)
        assert path.value.startswith(str(tmp_path / "Documents"))
        marks = choices(app)
        assert marks["scope-current"] == "●" and marks["format-file"] == "●", marks  # the choice shows without colour
        assert set(marks.values()) == {"●", "○"} and list(marks.values()).count("●") == 2, marks
        assert str(app.screen.query_one("#export-go", Button).label) == "Export 1 paper"
        await pilot.click("#scope-view")
        await settle(app, pilot)
        count = app.screen.counts["view"]
        assert str(app.screen.query_one("#export-go", Button).label) == f"Export {count} papers"
        assert choices(app)["scope-view"] == "●" and choices(app)["scope-current"] == "○"
        await pilot.click("#format-sync")
        await settle(app, pilot)
        assert str(app.screen.query_one("#export-go", Button).label) == "Sync"
        await pilot.click("#format-file")
        await settle(app, pilot)
        path.value = str(chosen / "mine.md")
        await pilot.click("#export-go")
        await settle(app, pilot)
        for _ in range(40):
            if (chosen / "mine.md").exists():
                break
            await pilot.pause(0.05)
        assert (chosen / "mine.md").exists()
        await pilot.press("x")  # the folder just used is offered again
        await settle(app, pilot)
        assert Path(app.screen.query_one("#export-path", Input).value).parent == chosen
        await pilot.press("escape", "q")
        await pilot.pause()
    again = PaperdeskApp(library_dir=library_dir)  # and at the next launch
    async with again.run_test(size=(120, 36)) as pilot:
        await settle(again, pilot)
        await pilot.press("x")
        await settle(again, pilot)
        assert Path(again.screen.query_one("#export-path", Input).value).parent == chosen


async def test_typing_a_filter_as_the_first_steps_note_shows_closes_it_and_filters(make_app, library: Library, tmp_path) -> None:
    from tests.ui.pilot import burst
    from tui.core.config import Settings, load_settings
    from tui.ui.app import FIRST_STEPS_AFTER
    from tui.ui.library.screen import LibraryScreen
    from tui.ui.screens.help import FirstSteps
    from tui.ui.widgets.filter_bar import FilterInput

    config = tmp_path / "config.toml"
    app = make_app(settings=Settings(), config_file=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.pause(FIRST_STEPS_AFTER + 0.2)
        assert isinstance(app.screen, FirstSteps)
        burst(app, [*"/graph"])  # at full speed, as a new user types a filter right away
        await settle(app, pilot)
        assert isinstance(app.screen, LibraryScreen)
        box = app.screen.query_one(FilterInput)
        assert box.value == "graph" and box.has_focus
        assert app.screen.panes.mode == "auto" and app.screen.has_class("-stacked")  # no key went to the list
        assert all("graph" in (p.title + p.abstract).lower() for p in app.screen.query_one(PaperList).papers)
    assert load_settings(config)[0].first_steps is False  # seen: not shown again
