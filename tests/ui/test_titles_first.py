"""A large library's first start: a filter typed while the whole index builds is answered from the titles, then from it.

The whole build is held (`hold_abstracts`) so the pilot sees the titles' answer,
its header and its empty-list text, then the whole index's answer once released;
what the reader saved meanwhile is in it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from tests.ui.pilot import settle, text_of
from tui.core.library import Library
from tui.core.search import index as search_index_module
from tui.core.search import stored
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query
from tui.ui.widgets.paper_list import PaperList


@pytest.fixture
def hold_abstracts(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Every library counts as large (its titles indexed first); splitting abstracts waits for the returned event."""
    monkeypatch.setattr(stored, "TITLES_FIRST_FROM", 1)
    release = threading.Event()
    real = search_index_module.split_papers

    def split(papers, *, abstracts=True):
        if abstracts:
            release.wait(10)
        return real(papers, abstracts=abstracts)

    monkeypatch.setattr(search_index_module, "split_papers", split)
    return release


async def until(pilot, done: Callable[[], bool]) -> None:
    """Pause until `done()` (the held build's worker never completes, so `settle` cannot wait for workers)."""
    for _ in range(1000):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("not reached in 10 s")


def ids_for(papers, text: str, *, titles: bool) -> list[str]:
    index = SearchIndex.titles_only(papers) if titles else SearchIndex(papers)
    return [p.id for p in index.search(parse_query(text))]


async def test_a_filter_is_answered_from_the_titles_then_from_the_whole_index(make_app, library: Library, hold_abstracts) -> None:
    papers = library.papers
    from_titles, from_all = ids_for(papers, "learning", titles=True), ids_for(papers, "learning", titles=False)
    assert from_titles and len(from_titles) < len(from_all)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        filtering = app.screen.filtering
        await until(pilot, lambda: filtering.index is not None)
        await pilot.press("slash", *"learning")
        await until(pilot, lambda: filtering.result is not None and filtering.result.query.text == "learning")
        shown = app.screen.query_one(PaperList)
        assert [p.id for p in shown.papers] == from_titles
        assert text_of(app, "#list-header") == f"{len(from_titles)} / 33 · relevance · titles only, indexing abstracts…"
        await pilot.press("escape", "j", "t", *"fresh", "enter")  # a tag saved while the abstracts are indexed
        moved_to = from_titles[1]
        await until(pilot, lambda: library.annotation(moved_to).tags == ("fresh",))
        hold_abstracts.set()
        await settle(app, pilot)
        assert not filtering.index.provisional
        assert [p.id for p in shown.papers] == from_all
        assert shown.current is not None and shown.current.id == moved_to  # the paper the reader moved to stays
        assert text_of(app, "#list-header") == f"{len(from_all)} / 33 · relevance"
        await pilot.press("slash", *["backspace"] * 8, *"tag:fresh")
        await settle(app, pilot)
        assert [p.id for p in shown.papers] == [moved_to]  # the whole index learned the tag saved while it was built


async def test_no_title_match_says_the_abstracts_are_still_indexed(make_app, library: Library, hold_abstracts) -> None:
    assert not ids_for(library.papers, "graph", titles=True) and ids_for(library.papers, "graph", titles=False)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        filtering = app.screen.filtering
        await until(pilot, lambda: filtering.index is not None)
        await pilot.press("slash", *"graph")
        await until(pilot, lambda: filtering.result is not None and filtering.result.query.text == "graph")
        await pilot.pause()
        paper_list = app.screen.query_one(PaperList)
        shown = [paper_list.render_line(y).text for y in range(2)]
        assert "No title matches `graph` yet" in shown[0] and "the abstracts are still being indexed" in shown[1]
        hold_abstracts.set()
        await settle(app, pilot)
        assert len(app.screen.query_one(PaperList).papers) == len(ids_for(library.papers, "graph", titles=False))


async def test_a_small_library_has_no_titles_step(make_app, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    real = SearchIndex.titles_only

    def titles_only(papers, annotations=None):
        seen.append(True)
        return real(papers, annotations)

    monkeypatch.setattr(SearchIndex, "titles_only", titles_only)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert app.screen.filtering.index is not None and not app.screen.filtering.index.provisional
    assert seen == []


async def test_a_paper_removed_while_the_abstracts_are_indexed_stays_out_of_the_whole_index(make_app, library: Library, hold_abstracts) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        filtering = app.screen.filtering
        await until(pilot, lambda: filtering.index is not None)
        await pilot.press("slash", *"learning")
        await until(pilot, lambda: filtering.result is not None and filtering.result.query.text == "learning")
        shown = app.screen.query_one(PaperList)
        await pilot.press("enter")
        gone = shown.current
        assert gone is not None
        await pilot.press("d")  # not annotated: removed without a question
        await until(pilot, lambda: gone.id not in {p.id for p in library.papers})
        hold_abstracts.set()
        await settle(app, pilot)
        assert not filtering.index.provisional and filtering.text == "learning"
        assert len(shown.papers) == len(ids_for(library.papers, "learning", titles=False))
        assert gone.id not in {p.id for p in shown.papers}
