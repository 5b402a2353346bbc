"""The paper list: a virtual list that renders only the rows on screen, at any library size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.core.models import Annotation, Paper, Status
from tui.core.render.titles import display_title as shown_title  # titles render LaTeX like abstracts
from tui.core.render.text import one_line
from tui.ui.actions import bindings_for
from tui.ui.widgets.list_names import list_labels
from tui.ui.widgets.marks import NOTED_GLYPH, STATUS_GLYPHS, has_writing, stars

#: The list-name column takes at most this share of a row (it holds the name in full when it fits).
LIST_SHARE = 4
#: Rows narrower than this leave the list name out: the title needs the room (the pane shows the list).
LIST_COLUMN_FROM = 60
#: The title keeps at least this share of what the list name leaves; tags take the rest, then show "+2".
TITLE_SHARE = 0.6

Spans = Sequence[tuple[int, int]]


def tag_text(tags: Sequence[str], width: int) -> str:
    """" #a #b +2": the tags that fit in `width` cells, then how many did not."""
    shown = ""
    for i, tag in enumerate(tags):
        part = " #" + one_line(tag)
        rest = len(tags) - i - 1
        more = f" +{rest}" if rest else ""
        if cell_len(shown + part + more) > width:
            left = len(tags) - i
            return shown + f" +{left}" if cell_len(shown + f" +{left}") <= width else shown
        shown += part
    return shown


@dataclass(frozen=True)
class _Looks:
    """The styles of one paint of the list (the theme's, as the stylesheet resolves them now)."""

    base: Style
    cursor: Style
    cursor_over: Style
    status: Style
    rating: Style
    noted: Style
    match: Style
    tags: Style
    list: Style


class PaperList(ScrollView, can_focus=True):
    """A keyboard-first list of papers: one row each, cursor, click to select.

    Unlike `OptionList`, it never builds a widget or renderable per paper: it
    holds a sequence and renders the visible rows on demand, so 100,000 papers
    cost the same to show as 30.
    """

    BINDINGS = bindings_for("paper_list")

    COMPONENT_CLASSES = {
        "paper-list--cursor",
        "paper-list--list",
        "paper-list--match",
        "paper-list--status",
        "paper-list--rating",
        "paper-list--tags",
        "paper-list--noted",
    }

    cursor: reactive[int] = reactive(0, always_update=True, init=False)
    """Index of the highlighted row in `papers`."""

    @dataclass
    class Highlighted(Message):
        """The cursor moved to another paper (or the list became empty)."""

        paper: Paper | None

    @dataclass
    class Selected(Message):
        """The reader pressed Enter on a paper: open it in the reading pane."""

        paper: Paper

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.papers: Sequence[Paper] = ()
        self.matches: dict[str, Spans] = {}
        self.annotation_of: Callable[[str], Annotation | None] = lambda pid: None
        self._looks: _Looks | None = None
        self.list_names: Collection[str] = ()
        """Every list of the library: the column's labels tell these apart (`set_list_names`)."""
        self._labels: tuple[int, dict[str, str], int] = (-1, {}, 0)
        self.empty_text: Text | None = None
        """What the list area says when it holds no paper (a filter matched nothing)."""

    # -- content ---------------------------------------------------------------

    def set_papers(self, papers: Sequence[Paper], matches: dict[str, Spans] | None = None, keep: str | None = None) -> None:
        """Show `papers`; keep the cursor on paper `keep` if it is still there."""
        self.papers = papers
        self.matches = matches or {}
        self.virtual_size = Size(self.size.width, len(papers))
        index = 0
        if keep is not None:
            index = next((i for i, p in enumerate(papers) if p.id == keep), 0)
        self.cursor = index
        self.refresh()

    def set_list_names(self, names: Collection[str]) -> None:
        """The library's lists changed (opened, imported, renamed): labels are worked out again."""
        self.list_names = {one_line(n) for n in names}
        self._labels = (-1, {}, 0)
        self.refresh()

    def _list_label(self, name: str, width: int) -> str:
        """`name`'s label, padded to the column (the widest label): list names line up."""
        if self._labels[0] != width or name not in self._labels[1]:
            names = self.list_names if name in self.list_names else {*self.list_names, name}
            labels = list_labels(names, width)
            self._labels = (width, labels, max(map(cell_len, labels.values()), default=0))
        label = self._labels[1][name]
        return label + " " * (self._labels[2] - cell_len(label))

    def set_empty_text(self, text: Text | None) -> None:
        self.empty_text = text
        self.refresh()

    @property
    def current(self) -> Paper | None:
        """The highlighted paper."""
        if 0 <= self.cursor < len(self.papers):
            return self.papers[self.cursor]
        return None

    def validate_cursor(self, value: int) -> int:
        return max(0, min(value, len(self.papers) - 1))

    def watch_cursor(self, value: int) -> None:
        self._scroll_to_cursor()
        self.refresh()
        self.post_message(self.Highlighted(self.current))

    def _scroll_to_cursor(self) -> None:
        if self.is_mounted and self.papers:
            self.scroll_to_region(
                Region(0, self.cursor, max(1, self.scrollable_content_region.width), 1),
                animate=False,
                force=True,
                immediate=True,
            )

    def restore_scroll(self, top: int) -> None:
        """Scroll so row `top` is the first shown (a relaunch), as far as the cursor stays in view."""
        height = max(1, self.scrollable_content_region.height)
        top = max(0, self.cursor - height + 1, min(top, self.cursor))
        self.scroll_to(y=top, animate=False, force=True, immediate=True)

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.papers))
        self._scroll_to_cursor()

    # -- rendering ---------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # The styles every row needs are looked up once per paint, not once per row:
        # walking the DOM for them was a third of drawing a screenful.
        self._looks = None
        return super().render_lines(crop)

    def _paint_looks(self) -> _Looks:
        looks = self._looks
        if looks is None:
            base = self.rich_style
            cursor = base + self.get_component_rich_style("paper-list--cursor")
            looks = self._looks = _Looks(
                base=base,
                cursor=cursor,
                cursor_over=Style(bgcolor=cursor.bgcolor, bold=cursor.bold),
                status=self.get_component_rich_style("paper-list--status"),
                rating=self.get_component_rich_style("paper-list--rating"),
                noted=self.get_component_rich_style("paper-list--noted"),
                match=self.get_component_rich_style("paper-list--match"),
                tags=self.get_component_rich_style("paper-list--tags"),
                list=self.get_component_rich_style("paper-list--list"),
            )
        return looks

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        looks = self._paint_looks()
        if row >= len(self.papers):
            if not self.papers and self.empty_text is not None and y < len(self.empty_text.split()):
                line = self.empty_text.split()[y]
                return Strip(list(Segment.apply_style(line.render(self.app.console), looks.base))).crop_extend(0, width, looks.base).simplify()
            return Strip.blank(width, looks.base)
        style = looks.cursor if row == self.cursor else looks.base
        text = self._row_text(self.papers[row], width, looks)
        # Every part starts from the list's own colours (the theme's), never the terminal's defaults.
        segments = list(Segment.apply_style(text.render(self.app.console), style))
        if row == self.cursor:
            # The cursor's background and weight go over every part of the row: the
            # parts' own styles carry the list's background, which would punch holes.
            segments = list(Segment.apply_style(segments, post_style=looks.cursor_over))
        return Strip(segments).crop_extend(0, width, style).simplify()

    def _row_text(self, paper: Paper, width: int, looks: _Looks) -> Text:
        """status · notes mark · stars · title (with match highlights) · list name."""
        ann = self.annotation_of(paper.id)
        status = ann.status if ann else Status.UNREAD
        rating = ann.rating if ann else 0
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        text.append(STATUS_GLYPHS[status], looks.status)
        text.append(NOTED_GLYPH if has_writing(ann) else " ", looks.noted)
        text.append(stars(rating, " ") + " ", looks.rating)
        list_name = one_line(paper.list)
        label = self._list_label(list_name, width // LIST_SHARE) if width >= LIST_COLUMN_FROM else ""
        title_width = max(1, width - text.cell_len - (cell_len(label) + 1 if label else 0))
        title = Text(one_line(shown_title(paper, ann)), no_wrap=True, overflow="ellipsis", end="")
        for start, end in self.matches.get(paper.id, ()):
            title.stylize(looks.match, start, end)
        room = title_width - min(title.cell_len + 1, int(title_width * TITLE_SHARE))
        tags = Text(tag_text(ann.tags if ann else (), room), no_wrap=True, end="")
        title.truncate(title_width - tags.cell_len, overflow="ellipsis", pad=True)
        text.append_text(title)
        if tags:
            text.append_text(tags)
            text.stylize(looks.tags, len(text) - len(tags), len(text))
        if label:
            name = Text(label, no_wrap=True, end="")
            text.append(" ")
            text.append_text(name)
            text.stylize(looks.list, len(text) - len(name), len(text))
        return text

    def refresh_rows(self) -> None:
        """Redraw after annotations changed (markers are read at render time)."""
        self.refresh()

    # -- actions -----------------------------------------------------------------

    def action_cursor_up(self) -> None:
        self.cursor -= 1

    def action_cursor_down(self) -> None:
        self.cursor += 1

    def action_page_up(self) -> None:
        self.cursor -= max(1, self.scrollable_content_region.height - 1)

    def action_page_down(self) -> None:
        self.cursor += max(1, self.scrollable_content_region.height - 1)

    def action_first(self) -> None:
        self.cursor = 0

    def action_last(self) -> None:
        self.cursor = len(self.papers) - 1

    def action_select(self) -> None:
        if self.current is not None:
            self.post_message(self.Selected(self.current))

    def on_click(self, event: events.Click) -> None:
        row = self.scroll_offset.y + event.y
        if 0 <= row < len(self.papers):
            self.cursor = row

