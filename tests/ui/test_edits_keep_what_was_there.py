"""Editing a pre-filled value adds to it; `/` over a filter selects it (typing replaces, → keeps), keys sent in one burst.

Textual's `Input` selects its whole text when focused, so the first key typed
into the tags, title or comment box replaced the reader's value. The filter is
the other way round, like a browser's address bar: `/` starts a new query.
Every test types without pauses (`burst`), the way keys arrive when typed fast.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import stored_annotations
from tests.ui.pilot import big_library, burst, settle
from tui.core.library import Library
from tui.core.store.session import Session, save_session
from tui.core.usecases.list import papers_matching
from tui.ui.app import PaperdeskApp
from tui.ui.screens.comment_dialog import CommentDialog
from tui.ui.screens.highlights_dialog import HighlightsDialog
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList

TAGS = ("gnn", "ood generalization", "to-cite")


def stored(library: Library, pid: str) -> dict:
    """The paper's annotation as written on disk (not the app's memory of it)."""
    docs = [doc for doc in stored_annotations(library.folder).values() if doc["id"] == pid]
    assert len(docs) == 1, f"{pid}: {len(docs)} stored annotations"
    return docs[0]


def filter_text(app: PaperdeskApp) -> str:
    return app.screen.query_one(FilterInput).value


def assert_ranked_for(app: PaperdeskApp, library: Library, query: str) -> None:
    """The list shows what the box's text ranks (the live ranking followed the edit)."""
    assert filter_text(app) == query
    assert [p.id for p in app.screen.query_one(PaperList).papers] == [p.id for p in papers_matching(library, query)]


# -- pre-filled dialog boxes: typing adds to the value ------------------------------------------


async def test_typing_after_t_adds_to_the_tags(make_app, library: Library) -> None:
    pid = library.papers[0].id
    library.save_annotation(pid, tags=TAGS)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        burst(app, ["t", *", extra", "enter"])
        await settle(app, pilot)
        assert stored(library, pid)["tags"] == [*TAGS, "extra"]


async def test_typing_after_e_adds_to_the_title(make_app, library: Library) -> None:
    first, second = library.papers[0], library.papers[1]
    library.save_annotation(second.id, title="My own name")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        burst(app, ["e", *" (draft)", "enter"])  # the paper's own title is what the box holds
        await settle(app, pilot)
        burst(app, ["j", "e", *", v2", "enter"])  # a title the reader gave it
        await settle(app, pilot)
    assert stored(library, first.id)["title"] == first.shown_title + " (draft)"
    assert stored(library, second.id)["title"] == "My own name, v2"


async def test_typing_after_e_in_the_highlights_dialog_adds_to_the_comment(make_app, library: Library) -> None:
    pid = library.papers[0].id
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        burst(app, ["h", "enter", *"first", "enter"])  # a highlight on the first sentence, with a comment
        await settle(app, pilot)
        assert [h["comment"] for h in stored(library, pid)["highlights"]] == ["first"]
        burst(app, ["escape", "H", "e"])
        await settle(app, pilot)
        assert isinstance(app.screen, CommentDialog)
        burst(app, [*", and more", "enter"])
        await settle(app, pilot)
        assert isinstance(app.screen, HighlightsDialog)
        assert [h["comment"] for h in stored(library, pid)["highlights"]] == ["first, and more"]


async def test_the_rename_list_box_adds_to_the_lists_name(make_app, library: Library) -> None:
    from tui.ui.screens.list_dialog import ListNameDialog

    old = library.papers[0].list
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p", *"rename list")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, ListNameDialog)
        burst(app, [*" (en)", "enter"])
        await settle(app, pilot)
    assert library.papers[0].list == old + " (en)"


# -- `/` over a filter: the old text selected -------------------------------------------------

async def slash_then(app: PaperdeskApp, pilot, library: Library, keys: list[str], text: str) -> None:
    """`/` and `keys` in one burst, then Enter: the box holds `text`, the list is ranked for it, and has focus."""
    burst(app, ["slash", *keys, "enter"])
    await settle(app, pilot)
    assert_ranked_for(app, library, text)
    assert isinstance(app.focused, PaperList)


async def test_slash_over_a_typed_filter_selects_it(make_app, library: Library) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await slash_then(app, pilot, library, list("graph"), "graph")
        await slash_then(app, pilot, library, list("lora"), "lora")  # typing replaces it
        await slash_then(app, pilot, library, ["right", *" rank"], "lora rank")  # → keeps it, the cursor at its end
        await slash_then(app, pilot, library, ["end", *"s"], "lora ranks")  # End too
        await slash_then(app, pilot, library, ["backspace", *"stein"], "stein")  # Backspace deletes it
        burst(app, ["slash", "backspace", "enter"])
        await settle(app, pilot)
        assert filter_text(app) == "" and len(app.screen.query_one(PaperList).papers) == len(library.papers)


async def test_slash_over_a_restored_filter_selects_it(library_dir: Path) -> None:
    Library.open(library_dir).close()
    save_session(library_dir, Session(query="graph"))
    for keys, text in ((["right", *" sparse"], "graph sparse"), (list("lora"), "lora")):  # the second launch restores the first's
        app = PaperdeskApp(library_dir=library_dir)
        async with app.run_test(size=(80, 24)) as pilot:
            burst(app, ["slash", *keys, "enter"])  # at launch: the keys wait for the restored filter's ranking
            await settle(app, pilot)
            assert app.library is not None
            assert_ranked_for(app, app.library, text)
            await pilot.press("q")
            await pilot.pause()


async def test_slash_over_a_saved_view_selects_it(make_app, library: Library) -> None:
    library.save_view("graphs", "graph")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for keys, text in ((["right", *" sparse"], "graph sparse"), (list("lora"), "lora")):
            await pilot.press("ctrl+p", *"view graphs")
            await pilot.pause(0.3)  # the palette searches in a worker
            await pilot.press("enter")
            await settle(app, pilot)
            assert filter_text(app) == "graph" and isinstance(app.focused, PaperList)
            await slash_then(app, pilot, library, keys, text)


async def test_slash_over_a_filter_typed_while_a_large_library_indexes(make_app, tmp_path: Path) -> None:
    library = big_library(tmp_path / "big", 20_000)
    app = make_app(library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        # No waiting at all: the index is being built while these arrive.
        burst(app, ["slash", *"Huge", "enter", "slash", *"lora", "enter", "slash", "right", *" rank", "enter"])
        await settle(app, pilot)
        assert_ranked_for(app, library, "lora rank")
        assert isinstance(app.focused, PaperList)
    library.close()
