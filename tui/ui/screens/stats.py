"""The stats screen (`%`): reading progress per list, the rating distribution, notes written per week.

The numbers come from tui/core/stats.py, computed in a worker thread; this
file only draws them as bars of block characters (plain `Text`, list names
are data and never markup).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.core.models import Status
from tui.core.render.text import one_line
from tui.core.stats import ListProgress, list_progress, notes_per_week, rating_histogram
from tui.ui.actions import bindings_for
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui
from tui.ui.widgets.marks import stars

if TYPE_CHECKING:
    from tui.core.library import Library

#: Cells of the longest bar.
BAR = 48
#: Bar segments in reading order, each with the component class that colours it (styles/stats.tcss).
SEGMENTS = (
    (Status.READ, "stats--read"),
    (Status.READING, "stats--reading"),
    (Status.TO_READ, "stats--to-read"),
    (Status.SKIPPED, "stats--skipped"),
    (Status.UNREAD, "stats--unread"),
)
#: Component classes -> styles; without a screen (plain text) every look is empty.
Looks = Mapping[str, "Style | str"]
NO_LOOKS: Looks = {}
BLOCKS = " ▁▂▃▄▅▆▇█"


def _cells(count: int, total: int, width: int) -> int:
    return round(width * count / total) if total else 0


def progress_text(entries: list[ListProgress], width: int = BAR, looks: Looks = NO_LOOKS) -> Text:
    """One bar per list: read / reading / to-read / skipped / unread, with the counts after it."""
    text = Text()
    for entry in entries:
        counts = [f"{entry.counts.get(s, 0)} {s.value}" for s, _ in SEGMENTS if entry.counts.get(s, 0) or s is not Status.SKIPPED]
        text.append(one_line(entry.name), "bold")
        text.append("  " + " · ".join(counts) + "\n", "dim")
        used = 0
        for i, (status, look) in enumerate(SEGMENTS):
            count = entry.counts.get(status, 0)
            cells = width - used if i == len(SEGMENTS) - 1 else _cells(count, entry.total, width)
            cells = min(cells, width - used)
            text.append(("█" if status is not Status.UNREAD else "░") * cells, looks.get(look, ""))
            used += cells
        text.append("\n\n")
    text.rstrip()
    return text


def legend(looks: Looks = NO_LOOKS) -> Text:
    text = Text()
    for status, look in SEGMENTS:
        text.append("█ " if status is not Status.UNREAD else "░ ", looks.get(look, ""))
        text.append(status.value + "  ")
    text.rstrip()
    return text


def ratings_text(histogram: dict[int, int], width: int = BAR, looks: Looks = NO_LOOKS) -> Text:
    """Five rows, ★ to ★★★★★, each a bar as long as its share of the largest count."""
    top = max(histogram.values(), default=0)
    text = Text()
    for rating in range(1, 6):
        count = histogram.get(rating, 0)
        text.append(f"{stars(rating, ''):<5} ", looks.get("stats--stars", ""))
        text.append("█" * _cells(count, top, width), looks.get("stats--stars", ""))
        text.append(f" {count}\n")
    if not top:
        text.append("No ratings yet: press 1-5 on a paper.", "italic")
    text.rstrip()
    return text


def weeks_text(weeks: list[tuple[dt.date, int]], height: int = 4, column: int = 6, looks: Looks = NO_LOOKS) -> Text:
    """A column chart: one column per week (Monday's date under it), eighth blocks for the top."""
    top = max((n for _, n in weeks), default=0)
    text = Text()
    if not top:
        text.append("No notes in these weeks: press n on a paper to write some.\n", "italic")
        height = 0
    for row in range(height, 0, -1):
        for _, count in weeks:
            eighths = round(8 * height * count / top) if top else 0
            level = max(0, min(8, eighths - 8 * (row - 1)))
            text.append((BLOCKS[level] * 3).ljust(column), looks.get("stats--weeks", ""))
        text.append("\n")
    for _, count in weeks:
        text.append(str(count).center(3).ljust(column), "bold")
    text.append("\n")
    for start, _ in weeks:
        text.append(start.strftime("%m-%d").ljust(column), "dim")
    text.rstrip()
    return text


class StatsScreen(Screen):
    """Reading statistics of the open library. Esc, q or % closes it."""

    CSS_PATH = stylesheet("stats.tcss")
    COMPONENT_CLASSES = {look for _, look in SEGMENTS} | {"stats--stars", "stats--weeks"}
    BINDINGS = bindings_for("stats")

    def __init__(self, library: Library, today: dt.date | None = None) -> None:
        """`today`: where "this week" ends (None: the real today)."""
        super().__init__()
        self.library, self.today = library, today

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-body"):
            yield Static("Reading progress", classes="stats-title")
            yield Static(id="stats-legend")
            yield Static(Text("Counting…", style="italic"), id="stats-progress")
            yield Static("Ratings", classes="stats-title")
            yield Static(id="stats-ratings")
            yield Static("Notes written per week (last 12 weeks)", classes="stats-title")
            yield Static(id="stats-weeks")
        yield Footer()

    def on_mount(self) -> None:
        self.count(self.library, self.today)

    @work(thread=True, exclusive=True, group="stats")
    def count(self, library: Library, today: dt.date | None) -> None:
        """One pass over the papers and annotations, off the UI thread."""
        annotations = library.annotations()
        progress = list_progress(library.papers, annotations)
        histogram = rating_histogram(annotations.values())
        weeks = notes_per_week(annotations.values(), today=today)
        to_ui(self.app, self.show, progress, histogram, weeks)

    def looks(self) -> dict[str, Style]:
        """The charts' colours, from the theme (styles/stats.tcss)."""
        return {name: self.get_component_rich_style(name, partial=True) for name in self.COMPONENT_CLASSES}

    def show(self, progress: list[ListProgress], histogram: dict[int, int], weeks: list[tuple[dt.date, int]]) -> None:
        looks = self.looks()
        self.query_one("#stats-legend", Static).update(legend(looks))
        self.query_one("#stats-progress", Static).update(progress_text(progress, looks=looks))
        self.query_one("#stats-ratings", Static).update(ratings_text(histogram, looks=looks))
        self.query_one("#stats-weeks", Static).update(weeks_text(weeks, looks=looks))

    def action_close(self) -> None:
        self.dismiss()
