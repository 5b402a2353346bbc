"""Pick up where you left off: quit and relaunch (run_test twice on one library folder) restores the view."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.pilot import burst, hold_library_open, settle, text_of, type_text
from tui.core.library import Library
from tui.core.store.session import SESSION_FILE
from tui.ui.app import PaperdeskApp
from tui.ui.library import opening as library_opening
from tui.ui.library import screen as library_screen
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader
from tui.ui.widgets.triage_bar import TriageBar


async def launch(library_dir: Path, keys: list[str], size: tuple[int, int] = (120, 36)) -> PaperdeskApp:
    """One run of the app on the folder (opened in its worker, as for real): settle, press `keys`, quit with q."""
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for key in keys:
            await pilot.press(key)
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
    return app


def view(app: PaperdeskApp) -> tuple:
    screen = app.screen
    paper = screen.query_one(PaperList).current
    return (paper.id if paper else None, screen.query_one(FilterInput).value, screen.filtering.sort, screen.panes.mode, screen.panes.focus_mode)


async def test_a_relaunch_restores_paper_filter_sort_layout_and_focus_mode(library_dir: Path) -> None:
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "graph")
        await pilot.press("enter", "j", "ctrl+s", "l", "z")
        await settle(app, pilot)
        before = view(app)
        position = text_of(app, "#position")
        order = [p.id for p in app.screen.query_one(PaperList).papers]
        await pilot.press("q")
    assert before[1:] == ("graph", "list", "stacked", True) and position.startswith("2 / 5")
    again = PaperdeskApp(library_dir=library_dir)
    async with again.run_test(size=(120, 36)) as pilot:
        await settle(again, pilot)
        assert view(again) == before
        assert isinstance(again.focused, Reader) and text_of(again, "#position").startswith("2 / 5")
        assert [p.id for p in again.screen.query_one(PaperList).papers] == order
        await pilot.press("escape")  # out of focus mode: the list as it was
        await settle(again, pilot)
        assert again.screen.has_class("-stacked") and again.screen.query_one("#list-header").render().plain.startswith("5 / 33")


async def test_the_list_scroll_comes_back(library_dir: Path) -> None:
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("G", *["k"] * 20)
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        before = (paper_list.cursor, paper_list.scroll_offset.y)
        await pilot.press("q")
    assert before[1] > 0 and before[1] <= before[0]
    again = PaperdeskApp(library_dir=library_dir)
    async with again.run_test(size=(120, 24)) as pilot:
        await settle(again, pilot)
        await pilot.pause(0.1)
        paper_list = again.screen.query_one(PaperList)
        assert (paper_list.cursor, paper_list.scroll_offset.y) == before


async def test_keys_typed_while_the_library_opens_act_on_the_restored_view(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await launch(library_dir, ["slash", *"graph", "enter", "j", "j"])
    monkeypatch.setattr(library_opening, "OPEN_AT_ONCE_BELOW", 0)  # a large library: it opens in a thread, after the first frame
    opening = hold_library_open(monkeypatch)
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert app.library is None
        burst(app, ["4", "j", "5"])  # typed before the library (and its index) is there
        await pilot.pause(0.1)
        opening.set()
        await settle(app, pilot)
        library = app.library
        shown = [p.id for p in app.screen.query_one(PaperList).papers]
        assert app.screen.query_one(FilterInput).value == "graph"
        assert library.annotation(shown[2]).rating == 4 and library.annotation(shown[3]).rating == 5
        assert app.screen.query_one(PaperList).current.id == shown[3]


async def test_a_triage_pass_resumes_after_a_relaunch(library_dir: Path) -> None:
    first = await launch(library_dir, ["T", "x", "space", "q"])  # q in the pass: quits, remembering it
    assert first.return_code == 0
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        library = app.library
        assert app.screen.query_one(PaperList).current.id == library.papers[2].id and not app.screen.has_class("-triage")
        await pilot.press("T")
        await settle(app, pilot)
        assert isinstance(app.focused, TriageBar)
        assert text_of(app, "#triage-bar").startswith("Triage: 1 / 33 triaged · paper 3 of 33")


@pytest.mark.parametrize("content", [b"{broken", b'{"version": 1, "selected": "000000000000", "query": "rating:abc", "sort": "nope", "scroll": 99999}'])
async def test_a_bad_or_outdated_session_file_is_passed_over(library_dir: Path, content: bytes) -> None:
    with Library.open(library_dir):
        pass
    (library_dir / SESSION_FILE).write_bytes(content)
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert view(app)[1:] == ("", "relevance", "auto", False)
        assert app.screen.query_one(PaperList).cursor == 0 and app.screen.query_one(PaperList).scroll_offset.y == 0
        await pilot.press("j", "3")
        await settle(app, pilot)
        assert app.library.annotation(app.library.papers[1].id).rating == 3
        assert not [n for n in app._notifications if n.severity == "error"]


async def test_a_changed_layout_setting_wins_over_the_saved_layout(library_dir: Path) -> None:
    from tui.core.config import Settings

    await launch(library_dir, ["l"])  # saved: stacked, under the default setting
    app = PaperdeskApp(library_dir=library_dir, settings=Settings(layout="side"))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert app.screen.panes.mode == "side"


async def test_a_library_opened_before_the_app_restores_focus_mode_too(library_dir: Path) -> None:
    await launch(library_dir, ["j", "z"])
    with Library.open(library_dir) as library:
        app = PaperdeskApp(library=library)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.focused, Reader) and app.screen.has_class("-focus")
            assert app.screen.query_one(PaperList).current.id == library.papers[1].id
            assert text_of(app, "#position").startswith("2 / 33")


async def test_a_small_library_opens_before_the_first_frame_and_a_large_one_in_a_thread(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Small: the screen comes up with the list (no thread opens it). Large: it opens in the thread."""
    await launch(library_dir, [])
    threaded: list[bool] = []
    in_thread = library_screen.open_in_thread

    def spy(screen) -> None:
        threaded.append(True)
        in_thread(screen)

    monkeypatch.setattr(library_screen, "open_in_thread", spy)
    for limit in (library_opening.OPEN_AT_ONCE_BELOW, 0):
        monkeypatch.setattr(library_opening, "OPEN_AT_ONCE_BELOW", limit)
        app = PaperdeskApp(library_dir=library_dir)
        async with app.run_test(size=(120, 36)) as pilot:
            if limit:
                assert text_of(app, "#list-header").startswith("33 papers")  # already, as the screen came up
            await settle(app, pilot)
            assert text_of(app, "#list-header").startswith("33 papers")
            await pilot.press("q")
        assert threaded == ([] if limit else [True])

