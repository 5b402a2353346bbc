"""The reading pane: the highlighted paper's title, list and full abstract, wrapped and scrollable."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.core.models import Annotation, Paper
from tui.core.records import shown_title
from tui.core.text import one_line, visible


class Reader(VerticalScroll, can_focus=True):
    """Shows one paper. Every string from the data goes in as `Text`, never as markup."""

    def compose(self) -> ComposeResult:
        yield Static(id="reader-title")
        yield Static(id="reader-meta")
        yield Static(id="reader-abstract")

    def show(self, paper: Paper | None, annotation: Annotation | None = None) -> None:
        """Display `paper` (or an empty-state hint when there is none) and scroll to the top."""
        title = self.query_one("#reader-title", Static)
        meta = self.query_one("#reader-meta", Static)
        body = self.query_one("#reader-abstract", Static)
        if paper is None:
            title.update(Text("No paper selected"))
            meta.update(Text(""))
            body.update(Text("The list is empty.", style="italic"))
            return
        title.update(Text(one_line(shown_title(paper, annotation))))
        meta.update(Text(one_line(paper.list)))
        body.update(Text(visible(paper.abstract) or "(no abstract)"))
        self.scroll_home(animate=False)
