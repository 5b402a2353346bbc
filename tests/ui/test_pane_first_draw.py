"""The reading pane's first draw after a start: it waits briefly for keys typed at once.

A filter typed right after the list appears holds it until the filter's
ranking is shown (drawing the unfiltered first paper would only slow the
filter); any other key draws it first, so a key acting on the pane's paper
finds it there; with no key the pane shows the highlighted paper.
"""

from __future__ import annotations

import threading

import pytest

import tui.core.usecases.list
from tests.ui.pilot import burst, settle
from tui.core.library import Library
from tui.ui.library import pane_follow
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The ids of the papers the pane draws, in order."""
    shown: list[str | None] = []
    real = Reader.show

    def show(self, paper, *args, **kwargs):
        shown.append(paper.id if paper is not None else None)
        return real(self, paper, *args, **kwargs)

    monkeypatch.setattr(Reader, "show", show)
    return shown


async def type_at_once(app, pilot, keys: list[str]) -> None:
    """`keys` typed at once after the list's first frame, while the pane's first draw waits."""
    while app.screen.pane.before_first_frame:
        await pilot.pause(0.001)
    assert app.screen.pane.first_pending
    burst(app, keys)


@pytest.fixture
def slow_first_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first draw waits long enough for the pilot to type in the window (a real start: 50 ms)."""
    monkeypatch.setattr(pane_follow, "FIRST_AFTER", 5.0)


async def test_a_filter_typed_at_once_holds_the_pane_until_its_best_match(make_app, library: Library, drawn, monkeypatch) -> None:
    """Typed while the index still loads: the pane waits past `FIRST_AFTER` for the filter's ranking."""
    monkeypatch.setattr(pane_follow, "FIRST_AFTER", 0.3)
    loaded = threading.Event()
    real = tui.core.usecases.list.search_index
    monkeypatch.setattr(tui.core.usecases.list, "search_index", lambda *args: (loaded.wait(10), real(*args))[1])
    first = library.papers[0].id
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await type_at_once(app, pilot, ["slash", *"stein"])
        await pilot.pause(0.6)
        assert app.screen.filtering.index is None and app.screen.query_one(FilterInput).value == "stein"
        assert drawn == []  # past FIRST_AFTER: the unfiltered first paper is not drawn
        loaded.set()
        await settle(app, pilot)
        best = app.screen.query_one(PaperList).current
        assert best is not None and best.id != first
        assert drawn == [best.id]
        assert app.screen.query_one(Reader).shown_id == best.id


async def test_a_key_acting_on_the_pane_typed_at_once_finds_its_paper(make_app, library: Library, drawn, slow_first_draw) -> None:
    first = library.papers[0].id
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await type_at_once(app, pilot, ["n", *"typed at once", "escape"])
        await settle(app, pilot)
        await pilot.pause(0.2)  # the notes' autosave
        await settle(app, pilot)
        assert drawn[0] == first
        assert library.annotation(first).notes == "typed at once"


async def test_without_keys_the_pane_shows_the_highlighted_paper(make_app, library: Library, drawn) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert drawn == [library.papers[0].id]
        assert app.screen.query_one(Reader).shown_id == library.papers[0].id
