"""Pilot tests of the filter box: typing ranks the list, Esc restores it, errors, sort, views."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Static

from tests.ui.pilot import settle, text_of
from tui.core.library import Library
from tui.core.render.latex import to_unicode
from tui.ui.app import PaperdeskApp
from tui.ui.screens.save_view import SaveViewScreen
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList


async def type_filter(app: PaperdeskApp, pilot, text: str) -> None:
    await pilot.press("slash")
    assert isinstance(app.focused, FilterInput)
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text])
    await settle(app, pilot)


def shown(app: PaperdeskApp) -> list[str]:
    return [p.id for p in app.screen.query_one(PaperList).papers]


async def test_typing_filters_ranks_and_the_pane_follows_the_best_match(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "fedrated lerning")
        papers = app.screen.query_one(PaperList)
        assert len(papers.papers) == 3
        assert papers.cursor == 0
        best = papers.current
        # Two derived titles say "federated … learning"; the federated Q-learning paper ranks first.
        assert best is not None and best.abstract.startswith("We present the first gap-dependent analysis")
        assert text_of(app, "#reader-abstract") == to_unicode(best.abstract)
        assert text_of(app, "#list-header") == "3 / 33 · relevance"
        # The pane marks the matched words.
        abstract = app.screen.query_one("#reader-abstract", Static).render()
        marked = {abstract.plain[s.start : s.end].casefold() for s in abstract.spans}
        assert {"federated", "learning"} <= marked
        # Every row's match spans point at the matched words of its title.
        spans = papers.matches.get(best.id, ())
        assert [best.shown_title[a:b].casefold() for a, b in spans] == ["federated", "learning"]
        # The highlight follows the best match as the query changes.
        await pilot.press(*["backspace"] * 16, "l", "o", "r", "a")
        await settle(app, pilot)
        assert papers.current is not None and papers.current.abstract.startswith("Low-Rank Adaptation (LoRA)")
        assert text_of(app, "#reader-abstract") == to_unicode(papers.current.abstract)


async def test_escape_leaves_the_box_keeping_the_filter_and_a_second_escape_clears_it(make_app, library: Library) -> None:
    """Esc goes back to the list, from the filter box as from the reading pane and the notes editor; in the list,
    Esc clears the filter (the box used to clear first and leave on a second Esc, unlike the README's key table)."""
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "graph spars")
        assert len(shown(app)) == 3
        kept = app.screen.query_one(PaperList).current
        await pilot.press("escape")
        await settle(app, pilot)
        box = app.screen.query_one(FilterInput)
        assert box.value == "graph spars" and app.screen.query_one(PaperList).has_focus
        assert len(shown(app)) == 3 and app.screen.query_one(PaperList).current == kept
        await pilot.press("escape")
        await settle(app, pilot)
        assert box.value == "" and app.screen.query_one(PaperList).has_focus
        assert shown(app) == [p.id for p in library.papers]
        assert app.screen.query_one(PaperList).current == kept
        assert text_of(app, "#list-header") == "33 papers · list order"


async def test_enter_and_down_move_into_the_list(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "neural")
        await pilot.press("enter")
        assert app.screen.query_one(PaperList).has_focus
        await pilot.press("slash", "down")
        assert app.screen.query_one(PaperList).has_focus
        assert app.screen.query_one(FilterInput).value == "neural"


async def test_brackets_and_backslashes_neither_crash_nor_change_the_result(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "graph")
        plain = shown(app)
        await pilot.press("space", "[", "\\", "[", "/", "]", "space", "\\")
        await settle(app, pilot)
        assert shown(app) == plain
        assert not app.screen.query_one("#filter-error", Static).display
        await pilot.press(*["backspace"] * 20, "[", "b", "o", "l", "d", "]")
        await settle(app, pilot)
        assert text_of(app, "#list-header").startswith("0 / 33")
        assert "No paper to show" in text_of(app, "#reader-title")


async def test_a_malformed_filter_explains_and_leaves_the_list_as_it_was(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "graph")
        before = shown(app)
        await pilot.press("space", "r", "a", "t", "i", "n", "g", ":", "9")
        await settle(app, pilot)
        error = app.screen.query_one("#filter-error", Static)
        assert error.display and text_of(app, "#filter-error").startswith("rating:")
        assert shown(app) == before
        await pilot.press("backspace")
        await settle(app, pilot)
        assert not error.display


async def test_an_unknown_field_marks_the_list_as_the_last_good_query_s(make_app, library: Library) -> None:
    """`foo:bar`: the error shows, and the list (still `foo`'s hits) is dimmed with the header naming that query."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "foo")
        foo_hits = shown(app)
        assert text_of(app, "#list-header") == f"{len(foo_hits)} / 33 · relevance"
        await pilot.press("colon", "b", "a", "r")
        await settle(app, pilot)
        papers = app.screen.query_one(PaperList)
        assert text_of(app, "#filter-error").startswith("foo: is not a filter")
        assert shown(app) == foo_hits and papers.has_class("-stale")
        assert text_of(app, "#list-header") == f"{len(foo_hits)} / 33 · relevance · still for `foo`"
        await pilot.press("ctrl+s")  # a new sort does not hide the error
        await settle(app, pilot)
        assert papers.has_class("-stale") and "still for `foo`" in text_of(app, "#list-header")
        await pilot.press(*["backspace"] * 4)
        await settle(app, pilot)
        assert not papers.has_class("-stale") and "still" not in text_of(app, "#list-header")
        await pilot.press(*["backspace"] * 3)
        app.screen.query_one(FilterInput).post_message(events.Paste("foo:bar"))
        await settle(app, pilot)
        assert shown(app) == [p.id for p in library.papers]  # pasted into an empty box: the whole library, so said
        assert text_of(app, "#list-header").endswith(" · not filtered") and papers.has_class("-stale")


async def test_field_filters_use_stored_annotations(make_app, library: Library) -> None:
    lora = next(p for p in library.papers if p.abstract.startswith("Low-Rank Adaptation"))
    library.save_annotation(lora.id, status="read", rating=5, notes="adapter bank idea")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "rating:>=4 has:notes")
        assert shown(app) == [lora.id]
        assert text_of(app, "#list-header") == "1 / 33 · list order"
        # An annotation saved while the app runs reaches the index through the screen's hook.
        other = library.papers[0]
        app.screen.filtering.annotation_changed(other.id, library.save_annotation(other.id, rating=4, notes="x"))
        await settle(app, pilot)
        assert shown(app) == [other.id, lora.id]


async def test_sort_key_cycles_orders_shown_in_the_header(make_app, library: Library) -> None:
    library.save_annotation(library.papers[5].id, rating=5)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "learning")
        count = len(shown(app))
        assert text_of(app, "#list-header") == f"{count} / 33 · relevance"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert text_of(app, "#list-header") == f"{count} / 33 · list order"
        ids = shown(app)
        assert ids == [p.id for p in library.papers if p.id in set(ids)]
        await pilot.press("ctrl+s")  # learned from the ratings: one 5★ paper, so "more like" it
        await settle(app, pilot)
        assert text_of(app, "#list-header").startswith(f"{count} / 33 · for me")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert text_of(app, "#list-header") == f"{count} / 33 · rating"
        if library.papers[5].id in ids:
            assert shown(app)[0] == library.papers[5].id


async def test_save_a_view_then_apply_and_delete_it_from_the_palette(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await type_filter(app, pilot, "graph spars")
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, SaveViewScreen)
        name = app.screen.query_one("#save-view-name", Input)
        name.value = "Graph [bold] work"
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.views() == {"Graph [bold] work": "graph spars"}
        # Clear the filter (Esc to the list, Esc there clears it), then apply the view from the command palette.
        await pilot.press("slash", "escape", "escape")
        await settle(app, pilot)
        assert len(shown(app)) == 33
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"view graph")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen.query_one(FilterInput).value == "graph spars"
        assert len(shown(app)) == 3
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"delete view graph")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert library.views() == {}


async def test_keys_typed_right_after_enter_go_to_the_list(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        # The whole burst arrives at once, as when typed fast: the 4 rates the best match.
        for key in ("slash", "l", "o", "r", "a", "enter", "4"):
            app.simulate_key(key)
        await settle(app, pilot)
        assert app.screen.query_one(FilterInput).value == "lora"
        best = app.screen.query_one(PaperList).current
        assert best is not None and best.abstract.startswith("Low-Rank Adaptation (LoRA)")
        assert library.annotation(best.id).rating == 4
        assert sum(1 for p in library.papers if library.annotation(p.id).is_annotated) == 1


async def test_leave_keys_follow_the_users_key_overrides(make_app, library: Library) -> None:
    from tui.core.config import Settings

    app = make_app(settings=Settings(keys={"filter_leave": "ctrl+j"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("/", "l", "o", "r", "a", "ctrl+j")
        await settle(app, pilot)
        assert app.screen.query_one(PaperList).has_focus
        assert app.screen.query_one(FilterInput).value == "lora"


async def test_a_library_of_one_paper_says_1_paper(make_app, tmp_path) -> None:
    from tests.ui.test_links_from_data import one_paper_library

    library = one_paper_library(tmp_path / "lib")
    app = make_app(library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert text_of(app, "#list-header") == "1 paper · list order"
    library.close()
