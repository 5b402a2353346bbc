"""The main screen: the paper list on the left, the reading pane on the right."""

from __future__ import annotations

from textual import work
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.core.errors import PaperdeskError
from tui.ui.styles import stylesheet
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader

if TYPE_CHECKING:
    from tui.core.storage import Library


class LibraryScreen(Screen):
    """Browse and read. The library opens in a thread after the first paint."""

    CSS_PATH = stylesheet("library.tcss")
    BINDINGS = [
        Binding("tab", "app.focus_next", "Pane"),
        Binding("shift+tab", "app.focus_previous", "Pane", show=False),
        # export and clipboard (tui/ui/export_actions.py)
        Binding("x", "export", "Export"),
        Binding("c", "copy_paper", "Copy", show=False),
        Binding("C", "copy_section", "Copy with notes", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="left"):
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
        from tui.core.storage import Library

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
        self.update_header()
        if library.notice:
            self.notify(library.notice, title="Read-only", severity="warning", timeout=15, markup=False)
            self.add_class("read-only")

    def update_header(self) -> None:
        """The line above the list: how many papers, and read-only state."""
        library = self.app.library
        count = len(library.papers) if library else 0
        suffix = " · read-only" if library is not None and library.read_only else ""
        self.query_one("#list-header", Static).update(f"{count} papers{suffix}")

    def on_paper_list_highlighted(self, message: PaperList.Highlighted) -> None:
        library = self.app.library
        paper = message.paper
        annotation = library.annotation(paper.id) if (paper and library) else None
        self.query_one(Reader).show(paper, annotation)

    def on_paper_list_selected(self, message: PaperList.Selected) -> None:
        self.query_one(Reader).focus()

    # -- export and clipboard: delegated to tui/ui/export_actions.py --------------

    def action_export(self) -> None:
        from tui.ui.export_actions import open_export_dialog

        open_export_dialog(self)

    def action_copy_paper(self) -> None:
        from tui.ui.export_actions import copy_current

        copy_current(self, with_notes=False)

    def action_copy_section(self) -> None:
        from tui.ui.export_actions import copy_current

        copy_current(self, with_notes=True)
