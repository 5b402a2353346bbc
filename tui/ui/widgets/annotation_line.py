"""The reading pane's annotation line: stars, status with the dates it changed, and tags (each kept whole)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.content import Content

from tui.core.models import Annotation, Status, day
from tui.core.render.text import one_line
from tui.ui.widgets.marks import STATUS_GLYPHS, stars
from tui.ui.widgets.units import UnitLine

#: The stars' look without a theme (the reading pane passes its component styles).
PLAIN = Style(bold=True)


def annotation_text(
    annotation: Annotation | None, rated: Style = PLAIN, unrated: Style | str = "dim", source: Sequence[str] = ()
) -> UnitLine:
    """"★★★☆☆  reading (opened 2026-01-02, started 2026-01-03)  #rl  #reading group": a tag never wraps inside.

    `source`: the tags that came with the paper's data (`models.source_tags`), after the reader's, marked so
    ("from the data: #sparsity", dimmed): the reader keeps or removes them in the tag box (t)."""
    ann = annotation
    text = Text()
    rating = ann.rating if ann else 0
    text.append(stars(rating), rated if rating else unrated)
    status = ann.status if ann else Status.UNREAD
    glyph = STATUS_GLYPHS[status].strip()
    text.append("  " + (f"{glyph} {status.value}" if glyph else status.value), "bold")
    if ann is not None:
        stamps = (("opened", ann.opened), ("started", ann.started), ("read", ann.finished))
        dates = [f"{label} {day(stamp)}" for label, stamp in stamps if stamp]
        if dates:
            text.append(" (" + ", ".join(dates) + ")", "dim")
    tags = ann.tags if ann is not None else ()
    units = [Content.from_rich_text(Text("#" + one_line(tag), "italic")) for tag in tags]
    for n, tag in enumerate(source):
        units.append(Content.from_rich_text(Text(("from the data: " if n == 0 else "") + "#" + one_line(tag), "dim italic")))
    return UnitLine(Content.from_rich_text(text), units)
