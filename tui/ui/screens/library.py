"""The main screen: the paper list on the left, the reading pane on the right."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.core.errors import PaperdeskError
from tui.core.storage import Library
from tui.ui.screens.filtering import FILTER_BINDINGS, FilterMixin
from tui.ui.styles import stylesheet
from tui.ui.widgets.filter_bar import FilterBar
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader


class LibraryScreen(FilterMixin, Screen):
    """Browse and read. The library opens in a thread after the first paint."""

    CSS_PATH = stylesheet("library.tcss")
    BINDINGS = [
        Binding("tab", "app.focus_next", "Pane"),
        Binding("shift+tab", "app.focus_previous", "Pane", show=False),
        *FILTER_BINDINGS,
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield FilterBar(id="filter-bar")
                yield Static("Opening library…", id="list-header")
                yield PaperList(id="papers")
            yield Reader(id="reader")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(PaperList).focus()
        if self.app.library is None:
            self.load_library()
        else:
            self.show_library(self.app.library)

    @work(thread=True, exclusive=True, group="load")
    def load_library(self) -> None:
        """Open (and on first launch seed) the library without blocking the first paint."""
        try:
            library = Library.open(self.app.library_dir)
        except PaperdeskError as exc:
            self.app.call_from_thread(self.app.fail_startup, str(exc))
            return
        self.app.call_from_thread(self.show_library, library)

    def show_library(self, library: Library) -> None:
        """Fill the list once the library is open."""
        self.app.library = library
        paper_list = self.query_one(PaperList)
        paper_list.annotation_of = library.annotation
        paper_list.set_papers(library.papers)
        self.start_index(library)
        self.update_header()
        if library.notice:
            self.notify(library.notice, title="Read-only", severity="warning", timeout=15, markup=False)
            self.add_class("read-only")

    def update_header(self) -> None:
        """The line above the list: how many papers, and read-only state."""
        library = self.app.library
        suffix = " · read-only" if library is not None and library.read_only else ""
        self.query_one("#list-header", Static).update(f"{self.filter_header()}{suffix}")

    def on_paper_list_highlighted(self, message: PaperList.Highlighted) -> None:
        library = self.app.library
        paper = message.paper
        annotation = library.annotation(paper.id) if (paper and library) else None
        self.query_one(Reader).show(paper, annotation, highlights=self.highlights_for(paper))

    def on_paper_list_selected(self, message: PaperList.Selected) -> None:
        self.query_one(Reader).focus()
