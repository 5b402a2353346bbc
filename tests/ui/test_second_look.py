"""What a careful user notices, round two (issue 36): tags that read as one, titles cut with "…", the layout
key back to auto, the palette's own entries, the export dialog's memory and words, the first key after launch,
and Esc in the filter box."""

from __future__ import annotations

from tests.ui.pilot import notices, settle
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.annotation_line import annotation_text
from tui.ui.widgets.paper_list import PaperList

TAGS = ["reading group", "optimization theory", "to discuss with Ana", "llm"]


def lines_of(app: PaperdeskApp, selector: str) -> list[str]:
    """The lines a widget on the current screen draws, as text."""
    widget = app.screen.query_one(selector)
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def test_a_tag_with_spaces_is_never_split_across_lines() -> None:
    from tui.core.models import Annotation, Status

    line = annotation_text(Annotation(id="x", rating=3, status=Status.READING, tags=TAGS))
    for width in range(20, 120):
        shown = line.laid_out(width).plain.split("\n")
        for tag in TAGS:
            assert sum(("#" + tag) in row for row in shown) == 1, (width, shown)
    assert str(line).endswith("  #reading group  #optimization theory  #to discuss with Ana  #llm")


async def test_tags_read_as_one_unit_in_the_reading_pane(make_app, library: Library) -> None:
    paper = library.papers[0]
    library.save_annotation(paper.id, tags=TAGS)
    for size in ((80, 24), (120, 36), (200, 50), (62, 30)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            shown = lines_of(app, "#reader-annotation")
            for tag in TAGS:
                assert sum(("#" + tag) in row for row in shown) == 1, (size, shown)


LONG = ("A very long title about optimization theory that no dialog box at eighty or a hundred and twenty columns "
        "can ever hold whole, however wide it is drawn")


async def test_dialog_titles_cut_by_the_width_end_in_an_ellipsis(make_app, library: Library) -> None:
    from tui.core.highlights import make

    long, short = library.papers[0], library.papers[1]
    library.save_annotation(long.id, title=LONG, highlights=(make(long.abstract, 0, 20),))
    library.save_annotation(short.id, title="Short", highlights=(make(short.abstract, 0, 20),))
    for size in ((80, 24), (120, 36)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            for paper, title in ((long, LONG), (short, "Short")):
                if paper is short:
                    await pilot.press("j")
                    await settle(app, pilot)
                assert app.screen.query_one(PaperList).current == paper
                for key, selector, start in (("t", ".dialog-title", "Tags for "), ("K", ".dialog-title", "Citation key of "),
                                             ("H", ".dialog-title", "Highlights of "), ("m", "#related-source", "")):
                    await pilot.press(key)
                    await settle(app, pilot)
                    widget = app.screen.query_one(selector)
                    shown = lines_of(app, selector)
                    assert len(shown) == 1 and shown[0].startswith(start + title[:20]), (key, shown)
                    assert widget.size.width <= widget.parent.content_region.width, (key, widget.size)  # nothing clipped
                    assert shown[0].endswith("…" if title == LONG else title), (key, shown)
                    await pilot.press("escape")
                    await settle(app, pilot)


async def test_pressing_l_twice_gives_the_layout_back_to_auto(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert screen.has_class("-stacked")
        await pilot.press("l")  # the reader's choice holds whatever the width
        await settle(app, pilot)
        assert screen.has_class("-side")
        await pilot.resize_terminal(90, 24)
        await settle(app, pilot)
        assert screen.has_class("-side")
        await pilot.press("l")  # back at the starting layout: back to auto
        await settle(app, pilot)
        assert screen.has_class("-stacked")
        await pilot.resize_terminal(120, 36)
        await settle(app, pilot)
        assert screen.has_class("-side")  # widening lays the panes side by side again
        assert "auto: stacked below 100 columns" in notices(app)[-1]
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert screen.has_class("-stacked")
