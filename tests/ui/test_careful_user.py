"""What a careful user notices (issue 18): the list-name column, tags, an empty filter, the placeholder,
the first ctrl+s, help's words, Go to paper, and renaming a list in the app."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Input, Select

from tests.ui.pilot import notices, settle, text_of, type_text
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.palette.papers import rank_titles
from tui.ui.screens.help import HelpScreen
from tui.ui.screens.list_dialog import ListNameDialog
from tui.ui.widgets.filter_bar import PLACEHOLDERS, FilterInput
from tui.ui.widgets.list_names import fit_cells, list_labels
from tui.ui.widgets.paper_list import PaperList, tag_text

EN, ZH = "ICML 2025 Papers", "ICML 2025 论文列表"


def rows(app: PaperdeskApp) -> list[str]:
    paper_list = app.screen.query_one(PaperList)
    return [paper_list.render_line(y).text for y in range(paper_list.size.height)]


def test_list_labels_keep_what_differs_and_never_split_a_wide_character() -> None:
    assert list_labels([EN, ZH], 20) == {EN: EN, ZH: ZH}
    assert list_labels([EN, ZH], 15) == {EN: "ICML…Papers", ZH: "ICML…论文列表"}
    assert list_labels([EN, ZH], 12) == {EN: "…Papers", ZH: "…论文列表"}
    assert list_labels([EN, ZH, "Added"], 12)["Added"] == "Added"  # a list of its own keeps its name
    assert list_labels(["Reading group"], 8) == {"Reading group": "Reading…"}
    for width in range(2, 12):
        for label in list_labels([EN, ZH], width).values():
            assert cell_len(label) <= width
    assert fit_cells("论文列表", 6) == "论文…" and fit_cells("论文列表", 5) == "论文…"  # 5 cells: no half character


def test_tags_that_do_not_fit_are_counted() -> None:
    assert tag_text(["optimizer", "memory", "llm"], 40) == " #optimizer #memory #llm"
    assert tag_text(["optimizer", "memory", "llm"], 15) == " #optimizer +2"
    assert tag_text(["optimizer", "memory", "llm"], 4) == " +3"
    assert tag_text([], 10) == ""


async def test_list_column_side_by_side_and_stacked(make_app, library: Library) -> None:
    for size in ((120, 36), (80, 24), (160, 40)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            shown = "\n".join(rows(app))
            if size[0] == 120:  # side by side: what tells the lists apart
                assert "ICML…Papers" in shown and "ICML…论文列表" in shown, shown
            else:  # stacked at 80 (the Chinese list comes first), and a wide terminal: names in full
                assert ZH in shown and (size[0] == 80 or EN in shown), (size, shown)


async def test_tags_leave_the_title_its_share(make_app, library: Library) -> None:
    paper = library.papers[0]
    library.save_annotation(paper.id, tags=["optimizer", "memory-efficient", "second-order", "llm", "theory"])
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        first = rows(app)[0]
        assert "#optimizer" in first and "+" in first.split("#optimizer")[1]
        title = app.screen.query_one(PaperList).current
        assert title is not None and title.shown_title[:20] in first


async def test_a_filter_that_matches_nothing_says_so_in_the_list(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "xyzzyq")
        await settle(app, pilot)
        shown = rows(app)
        assert "No paper matches `xyzzyq`" in shown[0] and "Esc clears the filter" in shown[1]
        assert "The list is empty" not in text_of(app, "#reader-abstract")
        await pilot.press("enter")  # to the (empty) list; Esc there clears the filter
        await settle(app, pilot)
        assert app.screen.query_one(PaperList).has_focus
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen.query_one(FilterInput).value == ""
        assert len(app.screen.query_one(PaperList).papers) == len(library.papers)
        assert "No paper matches" not in "\n".join(rows(app))


async def test_the_placeholder_fits_the_box(make_app, library: Library) -> None:
    for size in ((120, 36), (80, 24)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            box = app.screen.query_one(FilterInput)
            assert len(box.placeholder) < box.content_region.width, size
            assert box.placeholder != PLACEHOLDERS[-1]  # a useful hint still fits


async def test_the_first_ctrl_s_changes_the_order_and_says_so(make_app, library: Library) -> None:
    pids = [p.id for p in library.papers]
    library.save_annotation(pids[5], rating=5)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+s")  # "for me", learned from the one 5★ paper (issue 43), then the rating
        await settle(app, pilot)
        assert text_of(app, "#list-header").startswith("33 papers · for me · more like ")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert text_of(app, "#list-header") == "33 papers · rating"
        assert app.screen.query_one(PaperList).papers[0].id == pids[5]
        assert any(n.startswith("Sorted by rating") for n in notices(app))
        await pilot.press("ctrl+s", "ctrl+s", "ctrl+s")  # recent, title, back to list order
        await settle(app, pilot)
        assert text_of(app, "#list-header") == "33 papers · list order"
        await pilot.press("slash")
        await type_text(pilot, "learning")
        await pilot.press("enter", "ctrl+s")  # with words to rank by, relevance comes next, then list order
        await settle(app, pilot)
        assert text_of(app, "#list-header").endswith("· list order")
        assert notices(app)[-1].startswith("Sorted by list order")


async def test_help_names_the_reading_pane_and_the_editor_keys(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        from tui.ui.screens.help import FIRST_STEPS, help_areas

        assert "the reading pane shows the abstract" in FIRST_STEPS[0][1] and "right pane" not in str(FIRST_STEPS)
        notes = {" ".join(row.keys): row.text for row in help_areas(app)["Notes"]}
        assert notes["f7"] == "Select all" and notes["^z"] == "Undo typing" and notes["^y"] == "Redo typing"
        assert "Save the notes and go back to the list" in notes.values()  # Esc
        assert notes["home ^a"] == "Line start (select all is F7)"


def test_go_to_paper_needs_the_query_letters_in_order() -> None:
    titles = [
        "Implicit regularization of sharpness-aware minimization for scale-invariant problems",
        "BSLoRA: Bi-Share LoRA for parameter-efficient fine-tuning",
        "DP-TS-UCB: parametrized private algorithm",
    ]
    assert [i for i, _ in rank_titles("bslora", titles)] == [1]
    assert rank_titles("bslora", titles)[0][1] == 100  # the method name is a word of the title
    assert [i for i, _ in rank_titles("dptsucb", titles)] == [2]
    assert [i for i, _ in rank_titles("sharp min", titles)] == [0]


async def test_rename_a_list_from_the_palette(make_app, library: Library) -> None:
    pid = next(p.id for p in library.papers if p.list == EN)
    library.save_annotation(pid, rating=4)
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        await type_text(pilot, "rename list")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, ListNameDialog)
        assert dialog.query_one(Select).value == library.papers[0].list  # the highlighted paper's list
        dialog.query_one(Select).value = EN
        await pilot.pause()
        box = dialog.query_one("#list-new", Input)
        assert box.value == EN and box.has_focus
        box.value = ""
        await type_text(pilot, "ICML-en")
        await pilot.press("enter")
        await settle(app, pilot)
        assert {p.list for p in library.papers} == {"ICML-en", ZH}
        assert library.annotation(pid).rating == 4
        assert "ICML-en" in "\n".join(rows(app))
        assert any('renamed list "ICML 2025 Papers" to "ICML-en"' in n for n in notices(app))
        await pilot.press("ctrl+p")
        await type_text(pilot, "rename list")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        app.screen.query_one("#list-new", Input).value = ""
        await type_text(pilot, "icml-EN")
        await pilot.press("enter")
        await settle(app, pilot)
        assert any(n.startswith("List not renamed: a list called") for n in notices(app))
