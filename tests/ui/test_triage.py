"""Pilot tests of the triage pass (T): every key, the fixed list, progress, undo, leaving and resuming."""

from __future__ import annotations

from textual.widgets import TextArea

from tests.ui.pilot import notices, settle, text_of, type_text
from tui.core.library import Library
from tui.core.models import Status
from tui.ui.screens.help import help_areas
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.triage_bar import TriageBar


def bar(app) -> str:
    return text_of(app, "#triage-bar")


def title(app) -> str:
    return text_of(app, "#reader-title")


async def test_r_x_and_space_decide_and_move_on(make_app, library: Library) -> None:
    app = make_app()
    ids = [p.id for p in library.papers]
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("T")
        await settle(app, pilot)
        assert isinstance(app.focused, TriageBar) and app.screen.has_class("-triage", "-focus")
        assert bar(app).startswith("Triage: 0 / 33 triaged · paper 1 of 33")
        assert title(app) == library.papers[0].shown_title
        await pilot.press("r")  # read later
        await settle(app, pilot)
        assert library.annotation(ids[0]).status is Status.TO_READ
        assert title(app) == library.papers[1].shown_title and bar(app).startswith("Triage: 1 / 33 triaged · paper 2 of 33")
        await pilot.press("x")  # skip
        await settle(app, pilot)
        assert library.annotation(ids[1]).status is Status.SKIPPED
        await pilot.press("space")  # next, no decision
        await settle(app, pilot)
        assert library.annotation(ids[2]).status is Status.UNREAD
        assert title(app) == library.papers[3].shown_title and bar(app).startswith("Triage: 2 / 33 triaged · paper 4 of 33")
        assert library.annotation(ids[3]).opened  # shown in the pass: opened, status untouched
        assert library.annotation(ids[3]).status is Status.UNREAD


async def test_a_rating_stays_on_the_paper_and_n_writes_a_note(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("T", "4")
        await settle(app, pilot)
        assert library.annotation(pid).rating == 4
        assert title(app) == library.papers[0].shown_title and bar(app).startswith("Triage: 0 / 33 triaged · paper 1 of 33")
        await pilot.press("n")
        await type_text(pilot, "worth a look")
        await pilot.press("escape")
        await settle(app, pilot)
        assert library.annotation(pid).notes == "worth a look"
        assert isinstance(app.focused, TriageBar) and app.screen.has_class("-triage")
        await pilot.press("r")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.TO_READ


async def test_u_undoes_a_decision_and_goes_back_to_its_paper(make_app, library: Library) -> None:
    app = make_app()
    pid = library.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("T", "x")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.SKIPPED
        await pilot.press("u")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.UNREAD
        assert title(app) == library.papers[0].shown_title and bar(app).startswith("Triage: 0 / 33 triaged · paper 1 of 33")


async def test_esc_leaves_and_t_resumes_where_it_stopped(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("T", "space", "space", "escape")
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        assert app.focused is paper_list and not app.screen.has_class("-triage", "-focus")
        assert len(paper_list.papers) == 33 and paper_list.current.id == library.papers[2].id
        await pilot.press("j", "T")
        await settle(app, pilot)
        assert bar(app).startswith("Triage: 0 / 33 triaged · paper 3 of 33") and title(app) == library.papers[2].shown_title
        # Outside the pass, r and x keep their list meanings (mark read, export).
        await pilot.press("escape", "r")
        await settle(app, pilot)
        assert library.annotation(library.papers[2].id).status is Status.READ


async def test_the_pass_walks_the_views_unread_papers_in_a_fixed_order(make_app, library: Library) -> None:
    first = library.papers[0].id
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("s", "s", "s")  # the first paper: read
        await pilot.press("slash")
        await type_text(pilot, "status:unread")
        await pilot.press("enter")
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        unread = [p.id for p in paper_list.papers]
        assert first not in unread and len(unread) == 32
        await pilot.press("T")
        await settle(app, pilot)
        assert bar(app).startswith("Triage: 0 / 32 triaged")
        await pilot.press("r", "r")  # the filter drops decided papers, the pass does not reshuffle
        await settle(app, pilot)
        assert [library.annotation(pid).status for pid in unread[:2]] == [Status.TO_READ, Status.TO_READ]
        assert title(app) == library.get(unread[2]).shown_title and bar(app).startswith("Triage: 2 / 32 triaged · paper 3 of 32")
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen.query_one(FilterInput).value == "status:unread" and len(paper_list.papers) == 30
        assert paper_list.current.id == unread[2]


async def test_the_end_of_the_pass_says_so_and_a_view_without_unread_papers_has_nothing(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "status:read")
        await pilot.press("enter", "T")
        await settle(app, pilot)
        assert "No unread papers in this view to triage." in notices(app) and not app.screen.has_class("-triage")
        await pilot.press("slash", "ctrl+u")
        await type_text(pilot, "lora")
        await pilot.press("enter")
        await settle(app, pilot)
        count = len(app.screen.query_one(PaperList).papers)
        assert count >= 1
        await pilot.press("T", *["x"] * count)
        await settle(app, pilot)
        assert f"Triage done: {count} / {count} triaged." in notices(app)
        assert not app.screen.has_class("-triage") and isinstance(app.focused, PaperList)


async def test_view_changing_keys_wait_during_a_pass_and_help_lists_its_keys(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("T", "slash", "z", "ctrl+s", "right_square_bracket")
        await settle(app, pilot)
        assert isinstance(app.focused, TriageBar) and app.screen.filtering.sort == "relevance"
        assert bar(app).startswith("Triage: 0 / 33 triaged · paper 1 of 33")
        await pilot.press("question_mark")
        await settle(app, pilot)
        shown = " ".join(str(s.render()) for s in app.screen.query(".help-area"))
        assert "Triage" in shown
        rows = help_areas(app)["Triage"]
        assert {"triage", "triage_read_later", "triage_skip", "triage_next", "triage_undo", "triage_leave"} <= {r.ident for r in rows}
        assert any(r.keys == ["1-5"] and "a rating alone is not a decision" in r.text for r in rows)


async def test_the_palette_starts_a_pass(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        await type_text(pilot, "triage")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.focused, TriageBar) and bar(app).startswith("Triage: 0 / 33")
        assert not isinstance(app.focused, TextArea)


async def test_a_read_only_library_has_no_triage(library_dir) -> None:
    from tui.core.store.storage import ANNOTATIONS_FILE
    from tui.ui.app import PaperdeskApp

    with Library.open(library_dir):
        pass
    (library_dir / ANNOTATIONS_FILE).write_bytes(b"{not json")
    app = PaperdeskApp(library_dir=library_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("T")
        await settle(app, pilot)
        assert not app.screen.has_class("-triage") and isinstance(app.focused, PaperList)
        assert any("read-only" in n.lower() for n in notices(app))


async def test_the_same_filter_reached_again_after_a_sort_change_resumes_the_pass(make_app, library: Library) -> None:
    """`status:unread`, T, two decisions, Esc; a sort change, the box emptied and the filter typed again (`status:unr`):
    T picks the pass up at paper 3, in the order it started with, and says so; another filter starts over and says so."""
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "status:unread")
        await pilot.press("enter", "T", "r", "x", "escape")
        await settle(app, pilot)
        walked = [p.id for p in library.papers]
        await pilot.press("ctrl+s", "slash", "backspace")  # sorted by rating; the box emptied (its text was selected)
        await settle(app, pilot)
        await type_text(pilot, "status:unr")
        await pilot.press("enter", "T")
        await settle(app, pilot)
        assert bar(app).startswith("Triage: 2 / 33 triaged · paper 3 of 33") and title(app) == library.get(walked[2]).shown_title
        assert any("resumed where you stopped" in n for n in notices(app))
        await pilot.press("escape", "slash", "backspace")
        await type_text(pilot, "graph")
        await pilot.press("enter", "T")
        await settle(app, pilot)
        assert bar(app).startswith("Triage: 0 / ")
        assert any("new triage pass for this view: the unfinished one over `status:unread` is dropped" in n for n in notices(app))
