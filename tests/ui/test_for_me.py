"""Issue 43 in the app: the "for me" sort learned from ratings, `about:"…"` by meaning, the why line, the setting.

The bundled lists (33 ICML 2025 abstracts) are the library: SlimLLM, RLEdit and "Holistic framework for
downscaling LLMs" are the large-language-model papers; SWAN and FRUGAL the optimizer-memory ones.
"""

from __future__ import annotations

import threading

import pytest

from tests.ui.pilot import settle, text_of, type_text
from tui.core.config import Settings
from tui.core.library import Library
from tui.core.search.sorts import SORT_NAMES
from tui.ui.app import PaperdeskApp
from tui.ui.library.screen import LibraryScreen
from tui.ui.widgets.paper_list import PaperList

SLIM, HOLISTIC, SWAN, FRUGAL, RLEDIT = "2d15d5ebe327", "55f1515270dc", "74391c31feb1", "bc1f9967bb7f", "02c26591c51d"


def shown(app: PaperdeskApp) -> list[str]:
    return [p.id for p in app.screen.query_one(PaperList).papers]


def current(app: PaperdeskApp) -> str | None:
    paper = app.screen.query_one(PaperList).current
    return paper.id if paper is not None else None


async def learned(app: PaperdeskApp, pilot) -> None:
    """Settle until the ranking engine is built and "for me" learned (workers that start workers)."""
    for _ in range(20):
        await settle(app, pilot)
        part = next(s for s in app.screen_stack if isinstance(s, LibraryScreen)).learned
        if part.ranker is not None and part.progress is None and not [w for w in app.workers if w.group in ("ranker", "for-me")]:
            break
    await settle(app, pilot)


async def sort_for_me(app: PaperdeskApp, pilot) -> None:
    """ctrl+s until the header names "for me" (at most once round the cycle)."""
    for _ in range(len(SORT_NAMES)):
        if app.screen.filtering.sort == "for-me":
            break
        await pilot.press("ctrl+s")
        await settle(app, pilot)
    assert app.screen.filtering.sort == "for-me"
    await learned(app, pilot)


async def test_the_sort_key_reaches_for_me_which_asks_for_ratings_and_keeps_list_order(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await sort_for_me(app, pilot)
        assert text_of(app, "#list-header") == "33 papers · for me · rate a few papers 4 or 5"
        assert shown(app) == [p.id for p in library.papers]


async def test_rating_a_paper_5_re_ranks_for_me_with_the_cursor_kept_on_it(make_app, library: Library) -> None:
    library.save_annotation(SWAN, rating=5)  # "more like SWAN": the optimizer papers first
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await sort_for_me(app, pilot)
        assert text_of(app, "#list-header").startswith("33 papers · for me · more like SWAN")
        before = shown(app)
        assert before[:2] == [SWAN, FRUGAL]
        app.screen.go_to(SLIM)
        await settle(app, pilot)
        assert current(app) == SLIM
        await pilot.press("5")
        await learned(app, pilot)
        assert library.annotation(SLIM).rating == 5
        after = shown(app)
        assert after != before
        # A paper like the one just rated rises; the cursor stays on the paper being read, wherever it went.
        assert after.index(RLEDIT) < before.index(RLEDIT) - 10
        assert current(app) == SLIM
        assert text_of(app, "#list-header") == "33 papers · for me"
        # A 1★ on a paper high in the order sends it down; the cursor goes with it, off the top.
        third = after[2]
        app.screen.go_to(third)
        await settle(app, pilot)
        await pilot.press("1")
        await learned(app, pilot)
        assert shown(app).index(third) > 2
        assert current(app) == third


async def test_the_pane_says_why_in_for_me_and_nothing_in_other_orders(make_app, library: Library) -> None:
    library.save_annotation(SWAN, rating=5)
    library.save_annotation(SLIM, rating=4, title="[bold]Slim[/] [link=x]LLM")  # a title with markup: shown as typed
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        assert text_of(app, "#reader-why") == ""
        await sort_for_me(app, pilot)
        app.screen.go_to(HOLISTIC)
        await settle(app, pilot)
        why = text_of(app, "#reader-why")
        assert why.startswith(("like: ", "words: ")) and why == app.screen.learned.learned.why(library.papers.index(library.get(HOLISTIC)))
        await pilot.press("ctrl+s")  # the next order: no why line
        await settle(app, pilot)
        assert app.screen.filtering.sort != "for-me"
        assert text_of(app, "#reader-why") == ""


async def test_about_filters_and_ranks_by_meaning_combined_with_filters(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, 'about:"memory efficient optimizer"')
        await learned(app, pilot)
        found = shown(app)
        assert found[:2] == [SWAN, FRUGAL] and len(found) < 10
        assert text_of(app, "#list-header") == f"{len(found)} / 33 · relevance"
        await type_text(pilot, " -swan")  # every other term still holds
        await settle(app, pilot)
        assert shown(app)[0] == FRUGAL and SWAN not in shown(app)
        await type_text(pilot, " -about:x")
        await settle(app, pilot)
        assert "-about:" in text_of(app, "#filter-error")


async def test_about_before_the_meaning_index_is_ready_matches_words_then_refreshes_itself(make_app, library: Library, monkeypatch) -> None:
    import tui.core.usecases.rank as rank

    release = threading.Event()
    real = rank.ranker_of

    def slow(library, progress=None, should_stop=lambda: False, papers=None):
        if progress is not None:
            progress(0.4)
        release.wait(10)
        return real(library, progress=progress, should_stop=should_stop, papers=papers)

    monkeypatch.setattr(rank, "ranker_of", slow)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, 'about:"large language models"')
        for _ in range(50):
            await pilot.pause(0.02)
            if "40%" in text_of(app, "#list-header"):
                break
        header = text_of(app, "#list-header")
        assert "building the meaning index 40%" in header
        as_words = shown(app)  # every word of the text, as typed words match
        assert SLIM in as_words
        release.set()
        await learned(app, pilot)
        assert "building" not in text_of(app, "#list-header")
        by_meaning = shown(app)
        assert by_meaning != as_words and by_meaning[0] in (SLIM, RLEDIT, HOLISTIC)


async def test_the_setting_turns_for_me_off_the_cycle_and_the_palette(make_app, library: Library) -> None:
    app = make_app(settings=Settings(for_me=False))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        seen = set()
        for _ in range(len(SORT_NAMES) + 1):
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            seen.add(app.screen.filtering.sort)
        assert "for-me" not in seen and {"rating", "title"} <= seen
        app.screen.filtering.action_sort_by("for-me")  # were it run anyway (the palette no longer offers it)
        await settle(app, pilot)
        assert app.screen.filtering.sort != "for-me"
        assert app.screen.learned.ranker is None  # nothing was built
        assert any("for-me sort is off" in str(n.message) for n in app._notifications)


@pytest.mark.parametrize("for_me", [True, False])
async def test_the_palette_offers_the_for_me_sort_only_while_the_setting_leaves_it_on(make_app, library: Library, for_me: bool) -> None:
    from tests.ui.test_second_look import palette_list

    app = make_app(settings=Settings(for_me=for_me))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        entries = await palette_list(app, pilot, "sort by", wanted="Sort by title")
        assert "Sort by title" in entries
        assert ("Sort by for me" in entries) is for_me, entries


async def test_a_build_in_a_worker_process_neither_crashes_the_app_nor_blocks_it(make_app, library: Library, monkeypatch) -> None:
    """A large library's engine is built in a spawned process (`ranking.worker`); inside the app sys.stderr is Textual's
    capture (no file descriptor), which multiprocessing's resource tracker could not start with: the app crashed."""
    import tui.core.ranking.engine as engine

    monkeypatch.setattr(engine, "WORKER_FROM", 10)  # the bundled 33 papers count as large
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await sort_for_me(app, pilot)
        assert app.is_running and app.screen.learned.ranker is not None
        assert text_of(app, "#list-header") == "33 papers · for me · rate a few papers 4 or 5"
        assert list((library.folder / "ranking").iterdir())  # written beside the library by the worker


async def test_a_failed_build_is_one_notice_and_the_view_goes_on(make_app, library: Library, monkeypatch) -> None:
    import tui.core.usecases.rank as rank

    calls = []

    def broken(library, progress=None, should_stop=lambda: False, papers=None):
        calls.append(1)
        raise MemoryError("no room for the matrices")

    monkeypatch.setattr(rank, "ranker_of", broken)
    library.save_annotation(SWAN, rating=5)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await sort_for_me(app, pilot)
        assert app.is_running
        assert text_of(app, "#list-header") == "33 papers · for me · no meaning index: list order"
        assert shown(app) == [p.id for p in library.papers]
        assert [n for n in (str(x.message) for x in app._notifications) if "meaning index could not be built" in n]
        await pilot.press("slash")
        await type_text(pilot, 'about:"large language models"')  # its words, as typed words
        await settle(app, pilot)
        assert SLIM in shown(app) and len(shown(app)) < 33
        assert len(calls) == 1  # not tried again for the same papers


async def test_m_once_the_engine_is_there_weighs_the_ratings_and_keeps_the_shared_words(make_app, library: Library) -> None:
    from textual.widgets import OptionList

    from tui.ui.screens.related import RelatedScreen

    async def related_to_swan() -> list[str]:
        app.screen.go_to(SWAN)
        await pilot.press("m")
        await learned(app, pilot)
        assert isinstance(app.screen, RelatedScreen)
        options = app.screen.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        await pilot.press("escape")
        await settle(app, pilot)
        return shown

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        first = await related_to_swan()  # BM25 alone, and the engine is started for the next m
        assert app.screen.learned.ranker is not None
        last = first[-1].splitlines()[0].split(". ", 1)[1]
        lifted = next(p.id for p in library.papers if p.shown_title == last)
        library_annotation = library.save_annotation(lifted, rating=5)
        app.screen.filtering.annotation_changed(lifted, library_annotation)
        again = await related_to_swan()
        titles = [row.splitlines()[0].split(". ", 1)[1] for row in again]
        assert titles.index(last) < len(first) - 1  # the 5★ paper rose among the same neighbours
        assert all("shares: " in row for row in again)


async def test_m_while_the_meaning_index_builds_says_words_only_then_reorders_itself(make_app, library: Library, monkeypatch) -> None:
    """Before the engine is built `m` ranks by words alone (BM25): the dialog says so, and is filled again, re-ordered
    by meaning, once the engine is ready (the highlight kept on its paper)."""
    from textual.widgets import Label, OptionList

    import tui.core.usecases.rank as rank
    from tui.ui.screens.related import RelatedScreen

    release = threading.Event()
    real = rank.ranker_of

    def slow(library, progress=None, should_stop=lambda: False, papers=None):
        release.wait(10)
        return real(library, progress=progress, should_stop=should_stop, papers=papers)

    def listed() -> list[str]:
        options = app.screen.query_one(OptionList)
        return [str(options.get_option_at_index(i).id) for i in range(options.option_count)]

    def note() -> str:
        label = app.screen.query_one("#related-note", Label)
        return str(label.render()) if label.display else ""

    monkeypatch.setattr(rank, "ranker_of", slow)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        app.screen.go_to(SWAN)
        await pilot.press("m")
        for _ in range(100):  # no settle: it would wait for the build held above
            await pilot.pause(0.02)
            if isinstance(app.screen, RelatedScreen) and listed():
                break
        assert note() == "meaning index building — words only"
        as_words = listed()
        await pilot.press("down")
        on = listed()[1]
        release.set()
        await learned(app, pilot)
        assert isinstance(app.screen, RelatedScreen) and note() == ""
        by_meaning = listed()
        assert by_meaning != as_words
        highlighted = app.screen.query_one(OptionList).highlighted
        assert highlighted is not None and by_meaning[highlighted] == (on if on in by_meaning else by_meaning[0])
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("m")
        await settle(app, pilot)
        assert note() == "" and listed() == by_meaning  # what a fresh m gives now


async def test_for_me_after_a_removal_ranks_the_papers_left(make_app, library: Library) -> None:
    """The search index keeps a removed paper (hidden) until the next start: the engine is built over the index's papers."""
    library.save_annotation(SWAN, rating=5)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        gone = library.papers[0].id
        await pilot.press("d")  # the first paper, unannotated: removed without a question
        await settle(app, pilot)
        assert gone not in shown(app) and len(shown(app)) == 32
        await sort_for_me(app, pilot)
        assert text_of(app, "#list-header").startswith("32 papers · for me · more like SWAN")
        assert shown(app)[:2] == [SWAN, FRUGAL] and gone not in shown(app)


async def test_following_an_author_re_ranks_for_me_as_a_rating_does(make_app, library: Library) -> None:
    """Issue 44's cold start in the app: nothing rated, `f` on an author page; "for me" learns at once (no "rate a few
    papers"), their papers first, the cursor kept; unfollowing asks for ratings again."""
    from pathlib import Path

    from tui.core.ingest.readers import read_import
    from tui.ui.screens.author import AuthorScreen

    library.add_papers([read_import(Path(__file__).parents[1] / "fixtures" / "people" / "pmlr_people.bib")])
    pid = next(p.id for p in library.papers if "Jorge Cortes" in p.authors)
    theirs = {p.id for p in library.papers if {"Jorge Cortes", "Jorge Cortés"} & set(p.authors)}
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await sort_for_me(app, pilot)
        assert text_of(app, "#list-header").endswith("for me · rate a few papers 4 or 5")
        app.screen.go_to(pid)
        await pilot.press("A", "down", "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, AuthorScreen)
        await pilot.press("f")
        await settle(app, pilot)
        assert library.follows() == ["Jorge Cortés"]
        await pilot.press("escape")
        await learned(app, pilot)
        assert "rate a few papers" not in text_of(app, "#list-header")
        assert set(shown(app)[: len(theirs)]) == theirs
        assert current(app) == pid
        assert app.screen.learned.why(app.screen.query_one(PaperList).current) == "by Jorge Cortés (followed)"
        await pilot.press("A", "down", "enter")
        await settle(app, pilot)
        await pilot.press("f", "escape")
        await learned(app, pilot)
        assert library.follows() == []
        assert text_of(app, "#list-header").endswith("for me · rate a few papers 4 or 5")
