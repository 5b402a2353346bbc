"""The reading pane: the highlighted paper's title, list and full abstract, wrapped and scrollable."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.core.models import Annotation, Paper
from tui.core.records import shown_title
from tui.core.text import one_line, visible
from tui.ui.widgets.highlight import highlight_words


class Reader(VerticalScroll, can_focus=True):
    """Shows one paper. Every string from the data goes in as `Text`, never as markup.

    Each part of the pane has its own Static and its own `_show_*` method, so
    features (metadata, annotations, math rendering, highlights) stay apart.
    """

    COMPONENT_CLASSES = {"reader--match"}

    def compose(self) -> ComposeResult:
        yield Static(id="reader-title")
        yield Static(id="reader-meta")
        yield Static(id="reader-annotation")
        yield Static(id="reader-abstract")
        yield Static(id="reader-links")

    def show(self, paper: Paper | None, annotation: Annotation | None = None, highlights: Sequence[str] = ()) -> None:
        """Display `paper` (or an empty-state hint when there is none) and scroll to the top.

        `highlights` are the words of the current filter query, marked in the abstract.
        """
        if paper is None:
            self._set("#reader-title", Text("No paper selected"))
            for part in ("#reader-meta", "#reader-annotation", "#reader-links"):
                self._set(part, Text(""))
            self._set("#reader-abstract", Text("The list is empty.", style="italic"))
            return
        self._show_title(paper, annotation)
        self._show_meta(paper)
        self._show_annotation(annotation)
        self._show_abstract(paper, highlights)
        self._show_links(paper)
        self.scroll_home(animate=False)

    def _set(self, selector: str, text: Text) -> None:
        part = self.query_one(selector, Static)
        part.update(text)
        part.display = bool(text.plain)

    def _show_title(self, paper: Paper, annotation: Annotation | None) -> None:
        self._set("#reader-title", Text(one_line(shown_title(paper, annotation))))

    def _show_meta(self, paper: Paper) -> None:
        """The list name (and, once imports carry them, authors, venue, year)."""
        self._set("#reader-meta", Text(one_line(paper.list)))

    def _show_annotation(self, annotation: Annotation | None) -> None:
        """Rating, status with its dates, and tags (filled in by the annotation feature)."""
        self._set("#reader-annotation", Text(""))

    def _show_abstract(self, paper: Paper, highlights: Sequence[str]) -> None:
        text = Text(visible(paper.abstract) or "(no abstract)")
        self._set("#reader-abstract", highlight_words(text, highlights, self.get_component_rich_style("reader--match")))

    def _show_links(self, paper: Paper) -> None:
        """Links found in the paper (code repositories), one per line."""
        self._set("#reader-links", Text(""))
