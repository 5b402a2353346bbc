"""Pilot tests of highlights: h, the reading cursor keys, Enter + comment, Esc, the list, H to edit/delete, undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tests.conftest import stored_annotations
from tests.ui.pilot import notices, settle, text_of, type_text
from tui.core.highlights import document
from tui.core.ingest.lists import parse_list
from tui.core.library import Library
from tui.core.reading_cursor import sentence_spans
from tui.ui.screens.comment_dialog import CommentDialog
from tui.ui.screens.highlights_dialog import HighlightsDialog
from tui.ui.widgets.highlight_list import HighlightList
from tui.ui.widgets.reader import Reader

ABSTRACT = (
    "Adapters cut memory. We freeze the base model and train small low-rank matrices. "
    "The method matches full fine-tuning on twelve benchmarks. It needs no extra inference latency. "
    "Code is released."
)


@pytest.fixture
def small(tmp_path: Path) -> Library:
    lib = Library.open(tmp_path / "lib", seed=False)
    lib.add_lists([parse_list("Highlights\n\n" + ABSTRACT + "\n\nA second paper about graph sparsification and spectra.\n")])
    yield lib
    lib.close()


def sentence(n: int) -> str:
    s, e = sentence_spans(document(ABSTRACT))[n]
    return document(ABSTRACT)[s:e]


def rows(app) -> list[str]:
    return [str(item.render()) for item in app.screen.query_one(HighlightList).query(".highlight-item").results(Static)]


async def keep(app, pilot, keys: list[str], comment: str) -> None:
    await pilot.press("h", *keys, "enter")
    await settle(app, pilot)
    assert isinstance(app.screen, CommentDialog)
    await type_text(pilot, comment)
    await pilot.press("enter")
    await settle(app, pilot)


async def test_h_moves_grows_keeps_with_a_comment_and_esc_cancels(make_app, small: Library) -> None:
    app = make_app(library=small)
    pid = small.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        reader = app.screen.query_one(Reader)
        await pilot.press("h")  # from the list: the pane takes focus, the cursor on the first sentence
        await settle(app, pilot)
        assert reader.has_focus and reader.marking and reader.cursor is not None
        assert document(ABSTRACT)[reader.cursor.start:reader.cursor.end] == sentence(0)
        await pilot.press("j", "down", "k")  # sentence by sentence
        assert document(ABSTRACT)[reader.cursor.start:reader.cursor.end] == sentence(1)
        await pilot.press("escape")  # cancels: nothing kept, still reading
        await settle(app, pilot)
        assert not reader.marking and reader.has_focus and small.annotation(pid).highlights == ()
        await pilot.press("escape", "j")  # outside highlighting, Esc goes back to the list and j moves in it
        await settle(app, pilot)
        assert not reader.has_focus and app.screen.query_one("#papers").has_focus
        await pilot.press("k", "enter")
        await settle(app, pilot)
        # The second sentence plus the next one (shift+down) plus one word (shift+right), commented.
        await keep(app, pilot, ["j", "shift+down", "shift+right"], "the core idea")
        stored = small.annotation(pid).highlights
        assert [(h.text, h.comment) for h in stored] == [(sentence(1) + " " + sentence(2) + " It", "the core idea")]
        assert stored[0].prefix.endswith("memory. ") and stored[0].start == document(ABSTRACT).index("We freeze")
        assert stored_annotations(small.folder)  # on disk, through the journal
        [row] = rows(app)
        assert row.startswith("“We freeze the base model") and row.endswith("…” — the core idea")
        # Esc in the comment box keeps nothing.
        await pilot.press("h", "G", "enter")
        await settle(app, pilot)
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(small.annotation(pid).highlights) == 1
        # A second one, no comment: Enter on an empty box.
        await keep(app, pilot, ["k"], "")
        assert len(small.annotation(pid).highlights) == 2
        assert rows(app)[0] == f"“{sentence(0)}”"  # in reading order, no comment, no dash
        assert "Highlights (2)" in str(app.screen.query_one(".highlight-heading", Static).render())


async def test_H_edits_deletes_and_u_undoes(make_app, small: Library) -> None:
    app = make_app(library=small)
    pid = small.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await keep(app, pilot, [], "first")
        await keep(app, pilot, ["j", "j"], "third")
        assert [h.comment for h in small.annotation(pid).highlights] == ["first", "third"]
        await pilot.press("escape", "H")
        await settle(app, pilot)
        assert isinstance(app.screen, HighlightsDialog)
        assert app.screen.query_one(OptionList).option_count == 2
        await pilot.press("down", "e")
        await settle(app, pilot)
        assert isinstance(app.screen, CommentDialog)
        await pilot.press("ctrl+u")
        await type_text(pilot, "third, edited")
        await pilot.press("enter")
        await settle(app, pilot)
        assert [h.comment for h in small.annotation(pid).highlights] == ["first", "third, edited"]
        await pilot.press("up", "d")
        await settle(app, pilot)
        assert [h.comment for h in small.annotation(pid).highlights] == ["third, edited"]
        assert any("u brings it back" in n for n in notices(app))
        await pilot.press("u")  # undo in the dialog
        await settle(app, pilot)
        assert [h.comment for h in small.annotation(pid).highlights] == ["first", "third, edited"]
        await pilot.press("d", "escape")
        await settle(app, pilot)
        assert len(small.annotation(pid).highlights) == 1
        await pilot.press("u")  # the same history on the library screen
        await settle(app, pilot)
        assert len(small.annotation(pid).highlights) == 2
        assert len(rows(app)) == 2
        await pilot.press("U")
        await settle(app, pilot)
        assert len(small.annotation(pid).highlights) == 1
        # Enter in H shows it: the pane scrolls to it and marks it.
        await pilot.press("H", "enter")
        await settle(app, pilot)
        reader = app.screen.query_one(Reader)
        assert not isinstance(app.screen, HighlightsDialog)
        assert reader.cursor is not None and document(ABSTRACT)[reader.cursor.start:reader.cursor.end] == sentence(2)


async def test_H_without_highlights_says_how_to_make_one(make_app, small: Library) -> None:
    app = make_app(library=small)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("H")
        await settle(app, pilot)
        assert any("h starts one" in n for n in notices(app))
        assert not app.screen.query_one(HighlightList).display


async def test_a_mouse_selection_then_h_starts_from_it(make_app, small: Library) -> None:
    app = make_app(library=small)
    pid = small.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        part = app.screen.query_one("#reader-abstract", Static)
        # Drag across the start of the abstract ("Adapters cut").
        await pilot.mouse_down(part, offset=(0, 0))
        await pilot.hover(part, offset=(12, 0))
        await pilot.mouse_up(part, offset=(12, 0))
        await settle(app, pilot)
        assert part.text_selection is not None  # the drag selected in the abstract
        await keep(app, pilot, [], "from the mouse")
        assert [(h.text, h.comment) for h in small.annotation(pid).highlights] == [("Adapters cut", "from the mouse")]


async def test_clicking_a_listed_highlight_scrolls_to_it(make_app, tmp_path: Path) -> None:
    long = " ".join(f"Sentence number {i} says something long enough to wrap around the pane." for i in range(60))
    lib = Library.open(tmp_path / "long", seed=False)
    lib.add_lists([parse_list("Long\n\n" + long + "\n")])
    app = make_app(library=lib)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("h", *["j"] * 55, "enter")
        await settle(app, pilot)
        await type_text(pilot, "deep")
        await pilot.press("enter")
        await settle(app, pilot)
        reader = app.screen.query_one(Reader)
        assert reader.scroll_y > 10  # the cursor was followed down the pane
        reader.scroll_home(animate=False)
        await settle(app, pilot)
        item = app.screen.query_one(".highlight-item", Static)
        reader.scroll_to_widget(item, animate=False)
        await settle(app, pilot)
        await pilot.click(item)
        await settle(app, pilot)
        assert reader.cursor is not None and "Sentence number 55 " in document(long)[reader.cursor.start:reader.cursor.end]
        part = app.screen.query_one("#reader-abstract", Static)
        assert part.virtual_region.y < reader.scroll_y < part.virtual_region.bottom
    lib.close()


async def test_highlights_take_the_new_theme_and_the_footer_shows_keep_while_marking(make_app, small: Library) -> None:
    app = make_app(library=small)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await keep(app, pilot, [], "")
        part = app.screen.query_one("#reader-abstract", Static)

        def background() -> set[str]:
            """The background colours drawn in the abstract (the highlight's)."""
            return {str(seg.style.bgcolor) for strip in part.render_lines(part.region.reset_offset) for seg in strip if seg.style and seg.style.bgcolor}

        reader = app.screen.query_one(Reader)

        def wanted() -> str:
            return str(reader.get_component_rich_style("reader--highlight", partial=True).bgcolor)

        dark = wanted()
        assert dark in background()
        app.theme = "textual-light"
        await settle(app, pilot)
        assert wanted() != dark and wanted() in background()  # redrawn in the light theme's colours
        footer = text_of(app, "#footer")
        assert "Keep" not in footer
        await pilot.press("h")
        await settle(app, pilot)
        assert "Keep" in text_of(app, "#footer") and "Cancel" in text_of(app, "#footer")


async def test_the_palette_starts_a_highlight_and_leaving_the_pane_drops_it(make_app, small: Library) -> None:
    app = make_app(library=small)
    pid = small.papers[0].id
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p", *"highlight a passage")
        await pilot.pause(0.3)  # the palette searches in the background
        await pilot.press("enter")
        await settle(app, pilot)
        reader = app.screen.query_one(Reader)
        assert reader.marking and reader.has_focus
        await pilot.press("n")  # to the notes editor: the highlight in the making is dropped
        await settle(app, pilot)
        assert not reader.marking
        await pilot.press("escape")
        await settle(app, pilot)
        assert small.annotation(pid).highlights == ()
