"""The reading pane: the highlighted paper's title, list and full abstract, wrapped and scrollable.

It also draws the reader's highlights (a background in the abstract, a list
under the notes) and, while a highlight is being made (`h`), the reading
cursor: the passage `j`/`k` move and shift+arrows grow (`core.reading_cursor`).
Enter hands the passage to the screen as `HighlightKept`; saving is not the
pane's business.

The parts that draw a paper are made, and what draws an abstract (LaTeX, a derived title's sentence,
highlights, code links) and the reading cursor's sentence rules are imported, when first used, which the
screen does right after the list's first frame (`PaneFollow.list_painted`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Offset, Region
from textual.message import Message
from textual.widgets import Static

from tui.core.models import Annotation, Highlight, Paper, source_tags
from tui.core.render.text import excerpt, one_line, visible, web_link
from tui.core.render.titles import display_title as shown_title  # titles render LaTeX like abstracts
from tui.core.render.titles import is_derived
from tui.ui.actions import bindings_for
from tui.ui.rich_runs import RUN_STYLES, rendered_text, run_style
from tui.ui.widgets.annotation_line import annotation_text
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.units import UnitLine

if TYPE_CHECKING:
    from tui.core.highlights import Anchored
    from tui.core.reading_cursor import Cursor
    from tui.ui.widgets.group_marks import GroupShown
    from tui.ui.widgets.highlight_list import HighlightList


#: The pane's parts above the notes, top to bottom; each is a Static with the id "reader-<part>".
PARTS = ("title", "meta", "annotation", "group", "why", "abstract", "links")

#: The meta line under a title the core derived from the abstract.
DERIVED_NOTE = "title derived from the abstract (its sentence is underlined)"


def authors_line(authors: Sequence[str]) -> Content:
    """"A, B, C", each name a click to its author page (`screen.author_page(i)`: the index, never the name, is in the
    action; the names are data, put in as variables, never parsed as markup)."""
    return Content(", ").join(
        Content.from_markup(f"[@click=screen.author_page({i})]$name[/]", name=one_line(name)) for i, name in enumerate(authors)
    )


class Reader(VerticalScroll, can_focus=True):
    """Shows one paper. Every string from the data goes in as `Text`, never as markup.

    Each part of the pane has its own Static and its own `_show_*` method, so
    features (metadata, annotations, math rendering, highlights) stay apart.
    """

    COMPONENT_CLASSES = {
        "reader--match", "reader--math", "reader--link", "reader--stars", "reader--unrated", "reader--highlight", "reader--cursor",
    }

    BINDINGS = bindings_for("reader")

    shown_id: str | None = None
    """The id of the paper on display (None: the empty state)."""

    class HighlightKept(Message):
        """Enter while highlighting: the passage to keep (its comment is asked for next)."""

        def __init__(self, pid: str, highlight: Highlight) -> None:
            super().__init__()
            self.pid, self.highlight = pid, highlight

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.marking = False
        """True while a highlight is being made: j/k move the reading cursor instead of scrolling."""
        self.cursor: Cursor | None = None
        self._spot: tuple[int, int] | None = None  # a highlight picked in the list, shown like the cursor
        self._paper: Paper | None = None
        self._annotation: Annotation | None = None
        self._words: Sequence[str] = ()
        self._highlights: tuple[Highlight, ...] = ()
        self.anchored: list[Anchored] = []
        self._shown = ""  # the abstract's text as drawn (the cursor's offsets are into it)
        self._made: HighlightList | None = None  # the highlights list, once the parts that draw a paper exist
        self._statics: dict[str, Static] = {}  # the other parts; kept, not looked up: as the app quits none mount
        self.notes = Notes(id="notes")
        """The notes under the abstract: the screen's annotating talks to them from the start."""
        self.group_of: Callable[[Paper, Annotation | None], GroupShown | None] = lambda paper, annotation: None
        """What a reading group said about a paper (the screen's group part sets it); None: no group part."""
        self.why_of: Callable[[Paper], str] = lambda paper: ""
        """One line on why a paper stands where it does in the "for me" order ("" otherwise; the learned orders set it)."""

    def compose(self) -> ComposeResult:
        # Only the notes, hidden; the rest at the first draw (`_parts`).
        self.notes.display = False
        yield self.notes

    def _parts(self) -> HighlightList:
        """Make the parts that draw a paper (`PARTS`, the highlights under the notes) once; the highlights list."""
        if self._made is None:
            from tui.ui.widgets.highlight_list import HighlightList

            notes = self.notes
            self._statics = {f"#reader-{part}": Static(id=f"reader-{part}") for part in PARTS}
            self.mount(*self._statics.values(), before=notes)
            self._made = HighlightList(id="highlight-list")
            self.mount(self._made, after=notes)
            notes.display = True
        return self._made

    def _part(self, selector: str) -> Static:
        self._parts()
        return self._statics[selector]

    def show(self, paper: Paper | None, annotation: Annotation | None = None, highlights: Sequence[str] = (), filtered: bool = False) -> None:
        """Display `paper` (or an empty-state hint when there is none); a new paper starts at the top.

        `highlights` are the words of the current filter query, marked in the
        abstract. Showing the paper already on display (the list re-ranked
        around it after a save) redraws it in place: the scroll position and
        the notes editor (text, cursor, selection, focus) stay as they are.
        With no paper, `filtered` says the filter hides every paper (the list says which filter).
        """
        same = paper is not None and paper.id == self.shown_id
        self.shown_id = paper.id if paper is not None else None
        self._paper, self._words, self._annotation = paper, highlights, annotation
        self._highlights = annotation.highlights if annotation else ()
        if not same:
            self._end_marking(redraw=False)
            self.cursor = self._spot = None
        if paper is None:
            self.anchored, self._shown = [], ""
            self._parts().show([])
            self._set("#reader-title", Text("No paper to show" if filtered else "No paper selected"))
            for part in ("#reader-meta", "#reader-annotation", "#reader-group", "#reader-why", "#reader-links"):
                self._set(part, Text(""))
            why = "The filter matches no paper; Esc clears it." if filtered else "The list is empty."
            self._set("#reader-abstract", Text(why, style="italic"))
            self.notes.load(None, "")
            return
        self._show_title(paper, annotation)  # and the meta lines, which say whether the title is derived
        self._show_annotation(paper, annotation)
        self._show_group(paper, annotation)
        self._show_why(paper)
        self._show_abstract(paper, highlights)
        self._parts().show(self.anchored)
        self._show_links(paper)
        self.notes.load(paper.id, annotation.notes if annotation else "")
        if not same:
            self.scroll_home(animate=False)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.call_after_refresh(self._redraw_in_theme))

    def _redraw_in_theme(self) -> None:
        """Another theme: the abstract's marks and the stars take its colours (they are baked into the Text)."""
        if self._paper is not None:
            self._show_annotation(self._paper, self._annotation)
            self._show_group(self._paper, self._annotation)
            self._show_abstract(self._paper, self._words)

    def on_blur(self) -> None:
        """Leaving the pane (the notes editor, the list) ends a highlight in the making: nothing is kept."""
        if self.marking:
            self._end_marking()

    def on_resize(self) -> None:
        self.notes.fit_editor(self.scrollable_content_region.height)

    def _set(self, selector: str, text: Text | Content | UnitLine) -> None:
        part = self._part(selector)
        part.update(text)
        part.display = bool(text.plain)

    def _look(self, component: str) -> Style:
        """A component class's style from the theme (only what the stylesheet sets)."""
        return self.get_component_rich_style(component, partial=True)

    def _run_looks(self) -> dict[str, Style]:
        """How styled runs look here: math and links take the theme's colours."""
        return {**RUN_STYLES, "math": self._look("reader--math"), "link": RUN_STYLES["link"] + self._look("reader--link")}

    def _show_title(self, paper: Paper, annotation: Annotation | None) -> None:
        self._set("#reader-title", Text(one_line(shown_title(paper, annotation))))
        self._show_meta(paper, is_derived(paper, annotation))

    def _show_meta(self, paper: Paper, derived: bool = False) -> None:
        """Authors; venue, year and list; the citation key, DOI and URL: one line each, only those the paper has.

        A title derived from the abstract says so here (the sentence it came from is underlined).
        """
        lines = []
        lines.append(" · ".join(one_line(p) for p in (paper.venue, paper.year, paper.list) if p.strip()))
        url = one_line(paper.url) + (" (not a web link: never opened)" if paper.url and not web_link(paper.url) else "")
        links = [f"key:{one_line(paper.citekey)}" if paper.citekey else "", f"doi:{one_line(paper.doi)}" if paper.doi else "", url]
        lines.append("  ".join(link for link in links if link))
        lines.append(DERIVED_NOTE if derived else "")
        rest = Content("\n".join(line for line in lines if line))
        names = authors_line(paper.authors)
        self._set("#reader-meta", names + "\n" + rest if names and rest else names or rest)

    def _show_annotation(self, paper: Paper, annotation: Annotation | None) -> None:
        """Rating, status with its dates, and tags: the reader's, then those that came with the data."""
        self._set(
            "#reader-annotation",
            annotation_text(annotation, self._look("reader--stars"), self._look("reader--unrated"), source_tags(paper, annotation)),
        )

    def _show_group(self, paper: Paper, annotation: Annotation | None) -> None:
        """The other members' ratings, statuses and comments, when the library is in a reading group."""
        shown = self.group_of(paper, annotation)
        if shown is None:
            self._set("#reader-group", Text(""))
            return
        from tui.ui.widgets.group_marks import shown_text

        self._set("#reader-group", shown_text(shown, self._look("reader--stars"), self._look("reader--unrated")))

    def _show_why(self, paper: Paper) -> None:
        """Why the paper is where it is in "for me": one line of plain text (a title in it is data, never markup)."""
        why = self.why_of(paper)
        self._set("#reader-why", Text(one_line(why)) if why else Text(""))

    def refresh_why(self) -> None:
        """Redraw the why line for the paper shown ("for me" was learned again, or the order changed)."""
        if self._paper is not None and self._made is not None:
            self._show_why(self._paper)

    def refresh_group(self) -> None:
        """Redraw the group's part for the paper shown (the group was read again, a triage pass began or ended)."""
        if self._paper is not None and self._made is not None:
            self._show_group(self._paper, self._annotation)

    def show_annotation(self, paper: Paper, annotation: Annotation) -> None:
        """Redraw only what an annotation change affects (title, stars, status, tags, highlights, the group's votes)."""
        self._show_title(paper, annotation)
        self._show_annotation(paper, annotation)
        self._show_group(paper, annotation)
        if paper.id == self.shown_id:
            self._annotation = annotation
        if paper.id == self.shown_id and annotation.highlights != self._highlights:
            self._highlights = annotation.highlights
            self._spot = None
            self._show_abstract(paper, self._words)
            self._parts().show(self.anchored)

    def _show_abstract(self, paper: Paper, highlights: Sequence[str]) -> None:
        """The abstract with its LaTeX rendered (the stored text is untouched), query words and highlights marked."""
        from tui.core.highlights import anchor_all, document
        from tui.core.ingest.titles import title_source
        from tui.core.render.latex import render
        from tui.ui.widgets.highlight import highlight_words, mark_spans

        self.anchored = anchor_all(self._highlights, document(paper.abstract)) if self._highlights else []
        if not paper.abstract.strip():
            self._shown = ""
            self._set("#reader-abstract", Text("(no abstract)", style="italic"))
            return
        shown, hidden = excerpt(paper.abstract)
        text = highlight_words(rendered_text(render(shown), self._run_looks()), highlights, self.get_component_rich_style("reader--match"))
        if is_derived(paper) and (source := title_source(shown, paper.derived_title)):
            highlight_words(text, [render(source).plain], "underline")
        self._shown = text.plain
        mark_spans(text, [(a.start, a.end) for a in self.anchored if not a.orphaned], self._look("reader--highlight"))
        passage = (self.cursor.start, self.cursor.end) if (self.marking and self.cursor) else self._spot
        if passage:
            mark_spans(text, [passage], self._look("reader--cursor"))
        if hidden:  # a huge abstract: lay out its start only, so the screen stays responsive
            text.append(f"\n\n… {hidden:,} more characters not shown here; copy (c) or export (x) it to read it all.", style="italic")
        self._set("#reader-abstract", text)

    def _show_links(self, paper: Paper) -> None:
        """Code repositories linked from the abstract or the paper's URL, on a "Code:" line."""
        from tui.core.render.links import code_links, is_code_link

        found = code_links(excerpt(paper.abstract)[0])
        if paper.url and is_code_link(paper.url) and paper.url.rstrip("/") not in found:
            found.append(paper.url.rstrip("/"))
        text = Text()
        if found:
            text.append("Code: ", style="bold")
            for i, url in enumerate(found):
                if i:
                    text.append("  ")
                text.append(visible(url), run_style("link", url, self._run_looks()))
        from tui.core.export.paper_text import zotero_extra

        for note in zotero_extra(paper)[1]:  # Zotero's child notes: shown, apart from the reader's own notes below
            if note.strip():
                text.append("\n\n" if text.plain else "")
                text.append("Zotero note", style="bold")
                text.append("\n" + visible(note).strip("\n"))
        self._set("#reader-links", text)

    # -- making a highlight: the reading cursor ---------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The highlighting keys (Enter, Esc, shift+arrows) act, and show in the footer, only while a highlight
        is being made; otherwise the key goes on to the next binding (Esc: back to the list)."""
        if action in ("grow", "grow_word", "keep_highlight", "cancel_highlight"):
            return self.marking
        return True

    def start_marking(self) -> bool:
        """`h`: show the reading cursor on a mouse selection in the abstract, or the last passage, or the
        first sentence in view; False when there is no abstract to highlight."""
        from tui.core.reading_cursor import Cursor, at_sentence, sentence_spans

        if self._paper is None or not sentence_spans(self._shown):
            return False
        picked = self._mouse_selection()
        if picked is not None:
            self.cursor = Cursor(*picked)
        elif self.cursor is None:
            self.cursor = at_sentence(self._shown, self._first_in_view())
        self.marking = True
        self.add_class("-marking")
        self.refresh_bindings()  # the footer shows Enter Keep, Esc Cancel
        self.focus()
        self._redraw_abstract()
        return True

    def _end_marking(self, redraw: bool = True) -> None:
        self.marking = False
        self.remove_class("-marking")
        self.refresh_bindings()
        if redraw and self._paper is not None:
            self._redraw_abstract()

    def _redraw_abstract(self) -> None:
        if self._paper is not None:
            self._show_abstract(self._paper, self._words)
            passage = self.cursor if self.marking else None
            if passage is not None:
                self._scroll_to_offset(passage.start, passage.end)

    def _mouse_selection(self) -> tuple[int, int] | None:
        """The passage selected with the mouse in the abstract, as offsets into it (then unselected)."""
        part = self._part("#reader-abstract")
        selection = part.text_selection
        if selection is None:
            return None
        lines = self._shown.split("\n")
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line) + 1)

        def offset(point: Offset | None, default: int) -> int:
            if point is None:
                return default
            x, y = point
            y = max(0, min(y, len(lines) - 1))
            return min(starts[y] + x, len(self._shown))

        start, end = offset(selection.start, 0), offset(selection.end, len(self._shown))
        self.screen.clear_selection()
        return (start, end) if self._shown[start:end].strip() else None

    def _first_in_view(self) -> int:
        """The offset of the first sentence whose line is in view (the abstract's top when it is)."""
        from tui.core.reading_cursor import sentence_spans
        from tui.ui.widgets.highlight import line_of

        part = self._part("#reader-abstract")
        top_line = max(0, int(self.scroll_y) - part.virtual_region.y)
        width = part.content_region.width or part.size.width
        for start, _ in sentence_spans(self._shown):
            if line_of(self._shown, start, width) >= top_line:
                return start
        return 0

    def _scroll_to_offset(self, start: int, end: int) -> None:
        """Bring the passage [start, end) of the abstract into view."""
        from tui.ui.widgets.highlight import line_of

        part = self._part("#reader-abstract")
        width = part.content_region.width or part.size.width
        first, last = line_of(self._shown, start, width), line_of(self._shown, max(start, end - 1), width)
        y = part.virtual_region.y
        self.scroll_to_region(Region(0, y + first, 1, min(last - first + 1, max(1, self.size.height - 2))), animate=False, immediate=True)

    def action_line(self, step: int) -> None:
        """j/k and the arrows: scroll, or move the reading cursor a sentence while highlighting."""
        from tui.core.reading_cursor import moved

        if not self.marking or self.cursor is None:
            self.action_scroll_down() if step > 0 else self.action_scroll_up()
            return
        self.cursor = moved(self._shown, self.cursor, step)
        self._redraw_abstract()

    def action_grow(self, step: int) -> None:
        """shift+down/up: add the next (previous) sentence to the passage."""
        from tui.core.reading_cursor import grown_by_sentence

        if self.cursor is not None:
            self.cursor = grown_by_sentence(self._shown, self.cursor, step)
            self._redraw_abstract()

    def action_grow_word(self, step: int) -> None:
        """shift+right/left: the passage ends a word later (earlier)."""
        from tui.core.reading_cursor import grown_by_word

        if self.cursor is not None:
            self.cursor = grown_by_word(self._shown, self.cursor, step)
            self._redraw_abstract()

    def action_keep_highlight(self) -> None:
        """Enter: keep the passage; the screen asks for a comment and saves it."""
        cursor, pid = self.cursor, self.shown_id
        self._end_marking()
        if cursor is None or pid is None:
            return
        from tui.core.highlights import make

        try:
            highlight = make(self._shown, cursor.start, cursor.end)
        except ValueError:
            return
        self.post_message(self.HighlightKept(pid, highlight))

    def action_cancel_highlight(self) -> None:
        """Esc while highlighting: nothing is kept; the cursor stays where it was for the next `h`."""
        self._end_marking()

    def show_highlight(self, highlight: Highlight) -> None:
        """Scroll the abstract to `highlight` and mark it like the cursor (picked in the list or with H)."""
        from tui.core.reading_cursor import Cursor

        found = next((a for a in self.anchored if a.highlight == highlight and not a.orphaned), None)
        if found is None or self._paper is None:
            if found is None and any(a.highlight == highlight for a in self.anchored):
                self.notify("This highlight's text is no longer in the abstract (orphaned).", timeout=4)
            return
        self._spot = (found.start, found.end)
        self.cursor = Cursor(found.start, found.end)
        self._show_abstract(self._paper, self._words)
        self._scroll_to_offset(found.start, found.end)

    def on_highlight_list_chosen(self, message: HighlightList.Chosen) -> None:
        message.stop()
        self.show_highlight(message.highlight)
