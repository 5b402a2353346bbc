"""What a keystroke in the filter box repaints without a layout pass: the box, the list and its scrollbar, the count."""

from __future__ import annotations

from pathlib import Path

from tests.ui.pilot import big_library, settle, text_of, type_text
from tui.core.render.titles import row_title
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList


def rows(paper_list: PaperList) -> list[str]:
    return [paper_list.render_line(y).text for y in range(paper_list.size.height)]


async def test_a_query_wider_than_the_box_scrolls_with_the_cursor(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        query = " ".join(f"w{i:02d}" for i in range(30))  # 119 characters in a box of about 40
        await type_text(pilot, query)
        await settle(app, pilot)
        box = app.screen.query_one(FilterInput)
        assert box.value == query
        shown = box.render_line(0).text.rstrip()
        assert shown.endswith("w28 w29") and not shown.startswith("w00")
        await pilot.press("home")
        await pilot.pause()
        assert box.render_line(0).text.startswith("w00 w01")
        await pilot.press("end", "backspace", "backspace", "backspace")
        await settle(app, pilot)
        assert box.render_line(0).text.rstrip().endswith("w27 w28")


async def test_the_scrollbar_and_the_last_row_follow_the_count_as_typing_changes_it(tmp_path: Path) -> None:
    app = PaperdeskApp(library=big_library(tmp_path / "lib", 300))
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(app, pilot)
        paper_list = app.screen.query_one(PaperList)
        height = paper_list.size.height
        await pilot.press("slash")
        # Every count here is longer than the list (the scrollbar stays), then shorter (it goes), then longer.
        for text, scrollbar in (("n", True), ("ne", True), ("neu", True), ("neural", True), ("graph sp", False), ("neu", True)):
            await pilot.press("ctrl+u")
            await type_text(pilot, text)
            await pilot.pause()
            shows_it = app.screen.filtering.result is not None and app.screen.filtering.result.query.text == text
            if shows_it and app.screen.pane.due and paper_list.show_vertical_scrollbar:
                # Before the pane catches up (its layout pass would mend a stale scrollbar): the keystroke's own frame.
                bar = paper_list.vertical_scrollbar
                assert bar.window_virtual_size == len(paper_list.papers)
                painted = [list(strip) for strip in bar.render_lines(bar.region.reset_offset)]
                bar.refresh()
                assert [list(strip) for strip in bar.render_lines(bar.region.reset_offset)] == painted
            await settle(app, pilot)
            count = len(paper_list.papers)
            assert (count > height) is scrollbar, (text, count, height)
            assert text_of(app, "#list-header").startswith(f"{count} / 300")
            assert paper_list.show_vertical_scrollbar is scrollbar
            assert paper_list.virtual_size.height == count
            if scrollbar:
                assert paper_list.vertical_scrollbar.window_virtual_size == count
            assert paper_list.cursor == 0 and paper_list.scroll_offset.y == 0
            assert row_title(paper_list.papers[0])[:30] in rows(paper_list)[0]
        await pilot.press("enter", "end")  # to the list, then its last paper: the last row on screen
        await settle(app, pilot)
        last = paper_list.papers[len(paper_list.papers) - 1]
        assert paper_list.cursor == len(paper_list.papers) - 1
        assert paper_list.scroll_offset.y == len(paper_list.papers) - height
        assert row_title(last)[:30] in rows(paper_list)[-1]
