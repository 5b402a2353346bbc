"""Pilot tests of the main screen: rows, navigation, the reading pane, quitting."""

from __future__ import annotations

from pathlib import Path

from tests.ui.pilot import settle, text_of
from tui.core.ingest.lists import parse_list
from tui.core.library import Library
from tui.core.render.latex import to_unicode
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import DERIVED_NOTE, Reader


async def test_lists_33_papers_and_shows_the_first(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)  # the pane draws shortly after the list's first frame
        papers = app.screen.query_one(PaperList)
        assert len(papers.papers) == 33
        assert papers.has_focus
        assert "33 papers" in text_of(app, "#list-header")
        assert text_of(app, "#reader-abstract") == to_unicode(library.papers[0].abstract)
        # The bundled papers have no title of their own: the pane says the shown one was derived.
        first = library.papers[0]
        assert first.citekey and text_of(app, "#reader-meta") == f"{first.list}\nkey:{first.citekey}\n{DERIVED_NOTE}"


async def test_keys_move_the_highlight_and_the_pane_follows(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        papers = app.screen.query_one(PaperList)
        await pilot.press("down", "j")
        assert papers.cursor == 2
        assert text_of(app, "#reader-abstract") == to_unicode(library.papers[2].abstract)
        await pilot.press("k")
        assert papers.cursor == 1
        await pilot.press("G")
        assert papers.cursor == 32
        assert text_of(app, "#reader-abstract") == to_unicode(library.papers[32].abstract)
        await pilot.press("g")
        assert papers.cursor == 0
        await pilot.press("end")
        assert papers.cursor == 32
        await pilot.press("home", "pagedown")
        assert papers.cursor > 10
        await pilot.press("pageup")
        assert papers.cursor == 0


async def test_tab_moves_focus_to_the_reader_and_back(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        assert app.screen.query_one(Reader).has_focus
        await pilot.press("tab")
        assert app.screen.query_one(PaperList).has_focus


async def test_click_selects_a_row(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.click(PaperList, offset=(5, 4))
        assert app.screen.query_one(PaperList).cursor == 4
        assert text_of(app, "#reader-abstract") == to_unicode(library.papers[4].abstract)


async def test_q_quits(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_app_opens_its_library_in_the_background(library_dir: Path) -> None:
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test() as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.screen.query_one(PaperList).papers) == 33
    assert app.library is not None


MARKUP = "[bold]not bold[/] [@click=app.quit]click[/] [link=http://x]l[/link] unclosed [ and \x1b[31mred\x1b]0;title\x07"


async def test_markup_and_escapes_in_data_show_literally(make_app, library: Library) -> None:
    library.add_lists([parse_list(f"[red]List[/red]\n\n{MARKUP}\n")])
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("G")
        body = text_of(app, "#reader-abstract")
        assert "[bold]not bold[/]" in body and "[@click=app.quit]" in body and "unclosed [" in body
        assert "\x1b" not in body and "␛[31mred" in body
        assert text_of(app, "#reader-meta").split("\n")[0] == "[red]List[/red]"
        await pilot.click(Reader)
        await pilot.pause()
        assert app.is_running

