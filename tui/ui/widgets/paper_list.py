"""The paper list: a virtual list that renders only the rows on screen, at any library size."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from tui.core.models import Annotation, Paper, Status, source_tags
from tui.core.render.text import one_line
from tui.core.render.titles import display_title as shown_title  # titles render LaTeX like abstracts
from tui.ui.actions import bindings_for
from tui.ui.widgets.list_names import list_labels
from tui.ui.widgets.marks import FOLLOWED_GLYPH, NOTED_GLYPH, STATUS_GLYPHS, has_writing, stars

#: The list-name column takes at most this share of a row (it holds the name in full when it fits).
LIST_SHARE = 4
#: Rows narrower than this leave the list name out: the title needs the room (the pane shows the list).
LIST_COLUMN_FROM = 60
#: The title keeps at least this share of what the list name leaves; tags take the rest, then show "+2".
TITLE_SHARE = 0.6

Spans = Sequence[tuple[int, int]]


def tag_text(tags: Sequence[str], width: int, source: Sequence[str] = ()) -> str:
    """" #a #b ~c +2": the tags that fit in `width` cells, then how many did not; the reader's with `#`, those that
    came with the data (`source`, `models.source_tags`) after them with `~`, so the row tells whose they are."""
    marked = [" #" + one_line(tag) for tag in tags] + [" ~" + one_line(tag) for tag in source]
    shown = ""
    for i, part in enumerate(marked):
        rest = len(marked) - i - 1
        more = f" +{rest}" if rest else ""
        if cell_len(shown + part + more) > width:
            left = len(marked) - i
            return shown + f" +{left}" if cell_len(shown + f" +{left}") <= width else shown
        shown += part
    return shown


def _fit(title: str, width: int) -> tuple[str, str]:
    """`title` cut to `width` cells with "…" marking the cut, and the spaces that pad it to `width` (as `Text.truncate`)."""
    length = cell_len(title)
    if length > width:
        return set_cell_size(title, width - 1) + "…", ""
    return title, " " * (width - length)


def _merged(spans: Spans, length: int) -> list[tuple[int, int]]:
    """`spans` sorted, overlapping ones joined, cut to the first `length` characters."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        start, end = max(0, start), min(end, length)
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _position(papers: Sequence[Paper], pid: str) -> int:
    """Where paper `pid` is in `papers`, 0 when it is not: a search result knows (`position`) without
    going through its papers, so a cleared filter keeps the highlighted one at the same cost at any size."""
    position = getattr(papers, "position", None)
    found = position(pid) if position is not None else next((i for i, p in enumerate(papers) if p.id == pid), None)
    return found or 0


def _thumb(bar: ScrollBar, rows: int) -> list[Segment]:
    """What `bar` draws (colours aside) for a list of `rows` rows, at its size and position."""
    window = bar.window_size if bar.window_size < rows else 0
    drawn = bar.renderer.render_bar(size=bar.size.height, virtual_size=rows, window_size=window, position=bar.position, thickness=bar.thickness)
    return drawn.segments


class _RowStyles:
    """The final style of each part of a row (the row's own colours under the part's), for one kind of row.

    A plain class, as `_Looks`, not a frozen dataclass (why: `tui.core.records`): written once a paint, only read.
    """

    __slots__ = ("pad", "status", "noted", "rating", "match", "tags", "list", "group", "followed")

    def __init__(
        self, pad: Style, status: Style, noted: Style, rating: Style, match: Style, tags: Style, list: Style, group: Style, followed: Style,
    ) -> None:
        self.pad, self.status, self.noted, self.rating, self.match, self.tags, self.list = pad, status, noted, rating, match, tags, list
        self.group, self.followed = group, followed

    @classmethod
    def over(cls, row: Style, parts: dict[str, Style], post: Style | None = None) -> _RowStyles:
        """Each part on `row`'s colours, then `post` over all (the cursor's background and weight)."""
        styles = {"pad": row, **{name: row + style for name, style in parts.items()}}
        return cls(**{name: style + post if post else style for name, style in styles.items()})


class _Looks:
    """The styles and row width of one paint of the list (the theme's, as the stylesheet resolves them now)."""

    __slots__ = ("width", "base", "cursor", "row", "cursor_row")

    def __init__(self, width: int, base: Style, cursor: Style, row: _RowStyles, cursor_row: _RowStyles) -> None:
        self.width, self.base, self.cursor, self.row, self.cursor_row = width, base, cursor, row, cursor_row


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
        "paper-list--group",
        "paper-list--followed",
    }

    cursor: reactive[int] = reactive(0, always_update=True, init=False)
    """Index of the highlighted row in `papers`."""

    class Highlighted(Message):
        """The cursor moved to another paper (or the list became empty). A plain Message (`tui.core.records`)."""

        def __init__(self, paper: Paper | None) -> None:
            self.paper = paper
            super().__init__()

    class Selected(Message):
        """The reader pressed Enter on a paper: open it in the reading pane (a plain Message, as `Highlighted`)."""

        def __init__(self, paper: Paper) -> None:
            self.paper = paper
            super().__init__()

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.papers: Sequence[Paper] = ()
        self.matches: Mapping[str, Spans] = {}
        self.annotation_of: Callable[[str], Annotation | None] = lambda pid: None
        self.group_of: Callable[[str, Annotation | None], str] | None = None
        """A reading group's cell for a paper (its votes), when the list shows the group column."""
        self.followed: Collection[str] = frozenset()
        """The ids of papers by an author the reader follows: marked in a column after the stars while any is (`library.authors`)."""
        self._looks: _Looks | None = None
        self.list_names: Collection[str] = ()
        """Every list of the library: the column's labels tell these apart (`set_list_names`)."""
        self._labels: tuple[int, dict[str, str], int] = (-1, {}, 0)
        self.empty_text: Text | None = None
        """What the list area says when it holds no paper (a filter matched nothing)."""

    # -- content ---------------------------------------------------------------

    def set_papers(self, papers: Sequence[Paper], matches: Mapping[str, Spans] | None = None, keep: str | None = None) -> None:
        """Show `papers`; keep the cursor on paper `keep` if it is still there."""
        self.papers = papers
        self.matches = matches or {}
        self._set_rows(len(papers))
        self.cursor = _position(papers, keep) if keep is not None else 0
        self.refresh()

    def _set_rows(self, rows: int) -> None:
        """The list holds `rows` rows now: its virtual size and its scrollbar follow.

        A new virtual size asks for a layout of the whole screen, in every
        keystroke's frame; it changes nothing else on screen unless the
        scrollbar appears or goes. Otherwise the size is set without one and
        the scrollbar is told the new length itself. Guard test:
        tests/ui/test_keystroke_paint.py.
        """
        size = Size(self.size.width, rows)
        if size == self.virtual_size:
            return
        height = self.container_size.height
        keeps_scrollbar = self.styles.overflow_y == "auto" and self.show_vertical_scrollbar == (rows > height)
        if not (self.is_mounted and height and keeps_scrollbar):
            self.virtual_size = size
            return
        self.set_reactive(PaperList.virtual_size, size)
        if self.show_vertical_scrollbar:
            self._tell_scrollbar(rows)
        self.scroll_y = self.scroll_y  # validated: within the new length

    def _tell_scrollbar(self, rows: int) -> None:
        """The scrollbar learns the list's new length, and is repainted only if its thumb moves: in a list of
        thousands, most keystrokes leave the same one-cell thumb at the top, and repainting it for nothing
        would weigh on every keystroke's frame."""
        bar = self.vertical_scrollbar
        if _thumb(bar, rows) == _thumb(bar, bar.window_virtual_size):
            bar.set_reactive(ScrollBar.window_virtual_size, rows)
        else:
            bar.window_virtual_size = rows

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
        self._looks = None  # the row width changed
        self._set_rows(len(self.papers))  # no second layout of the screen (each widget's first Resize came after the first frame)
        self._scroll_to_cursor()

    # -- rendering ---------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # The styles and width every row needs are looked up once per paint, not once
        # per row: walking the DOM for each row would be much of drawing a screenful.
        self._looks = None
        return super().render_lines(crop)

    def _paint_looks(self) -> _Looks:
        looks = self._looks
        if looks is None:
            base = self.rich_style
            cursor = base + self.get_component_rich_style("paper-list--cursor")
            names = ("status", "noted", "rating", "match", "tags", "list", "group", "followed")
            parts = {name: self.get_component_rich_style(f"paper-list--{name}") for name in names}
            looks = self._looks = _Looks(
                width=self.scrollable_content_region.width,
                base=base,
                cursor=cursor,
                row=_RowStyles.over(base, parts),
                # The cursor's background and weight go over every part of the row: the
                # parts' own styles carry the list's background, which would punch holes.
                cursor_row=_RowStyles.over(cursor, parts, Style(bgcolor=cursor.bgcolor, bold=cursor.bold)),
            )
        return looks

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        looks = self._paint_looks()
        width = looks.width
        if row >= len(self.papers):
            if not self.papers and self.empty_text is not None and y < len(self.empty_text.split()):
                line = self.empty_text.split()[y]
                return Strip(list(Segment.apply_style(line.render(self.app.console), looks.base))).crop_extend(0, width, looks.base).simplify()
            return Strip.blank(width, looks.base)
        if row == self.cursor:
            return self._row_strip(self.papers[row], width, looks.cursor_row, looks.cursor)
        return self._row_strip(self.papers[row], width, looks.row, looks.base)

    def _row_strip(self, paper: Paper, width: int, styles: _RowStyles, fill: Style) -> Strip:
        """status · notes mark · stars · group votes (in a group) · title (with match highlights) · tags · list name, `width` cells.

        Built as segments directly, each with its final style: a row is drawn for
        every visible paper on every keystroke, and going through `Text` and
        restyling its segments would take most of a frame.
        """
        ann = self.annotation_of(paper.id)
        segments: list[Segment] = []
        cells = 0

        def put(text: str, style: Style) -> None:
            nonlocal cells
            if not text:
                return
            cells += cell_len(text)
            if segments and segments[-1].style == style:
                segments[-1] = Segment(segments[-1].text + text, style)
            else:
                segments.append(Segment(text, style))

        put(STATUS_GLYPHS[ann.status if ann else Status.UNREAD], styles.status)
        put(NOTED_GLYPH if has_writing(ann) else " ", styles.noted)
        put(stars(ann.rating if ann else 0, " ") + " ", styles.rating)
        if self.followed:
            # A column of its own while anyone is followed, with a space before the title:
            # in the stars' gap the heart read as the title's first letter ("♥Safe…").
            put(FOLLOWED_GLYPH if paper.id in self.followed else " ", styles.followed)
            put(" ", styles.pad)
        if self.group_of is not None:
            put(self.group_of(paper.id, ann) + " ", styles.group)
        label = self._list_label(one_line(paper.list), width // LIST_SHARE) if width >= LIST_COLUMN_FROM else ""
        title_width = max(1, width - cells - (cell_len(label) + 1 if label else 0))
        title = one_line(shown_title(paper, ann))
        room = title_width - min(cell_len(title) + 1, int(title_width * TITLE_SHARE))
        tags = tag_text(ann.tags if ann else (), room, source_tags(paper, ann) if paper.tags else ())
        shown, pad = _fit(title, title_width - cell_len(tags))
        at = 0
        for start, end in _merged(self.matches.get(paper.id, ()), len(shown)):
            put(shown[at:start], styles.pad)
            put(shown[start:end], styles.match)
            at = end
        put(shown[at:] + pad, styles.pad)
        put(tags, styles.tags)
        if label:
            put(" ", styles.pad)
            put(label, styles.list)
        strip = Strip(segments, cells)
        return strip if cells == width else strip.crop_extend(0, width, fill).simplify()

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

