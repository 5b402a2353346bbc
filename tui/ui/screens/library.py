"""The main screen: the paper list on the left, the reading pane on the right."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from tui.core.errors import PaperdeskError
from tui.core.models import Annotation
from tui.core.render.links import open_target
from tui.ui.keys import with_ids
from tui.ui.layout import LAYOUT_BINDINGS, LayoutMixin
from tui.ui.open_link import open_in_browser
from tui.ui.styles import stylesheet
from tui.ui.screens.annotator import Annotator
from tui.ui.widgets.notes import Notes
from tui.ui.screens.filtering import FILTER_BINDINGS, FilterMixin
from tui.ui.widgets.key_hints import KeyHints
from tui.ui.widgets.filter_bar import FilterBar, FilterInput
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.progress import ProgressLine
from tui.ui.widgets.reader import Reader
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.ui.export_actions import AnnotationsChanged


class LibraryScreen(LayoutMixin, FilterMixin, Screen):
    """Browse and read. The library opens in a thread after the first paint."""

    CSS_PATH = [stylesheet("library.tcss"), stylesheet("layout.tcss")]
    BINDINGS = with_ids([
        Binding("question_mark", "app.help", "Help", key_display="?", id="help"),  # first in the footer
        Binding("tab", "app.focus_next", "Pane", show=False, tooltip="Move between the list and the reading pane"),
        Binding("shift+tab", "app.focus_previous", "Pane", show=False, tooltip="Move between the reading pane and the list (backwards)"),
        # Annotating (actions in the "Annotating" block below).
        Binding("n", "notes", "Notes", tooltip="Write notes on this paper (Markdown); Esc when done"),
        Binding("1", "rate(1)", "Rate", key_display="0-5", tooltip="Rate 1 to 5 stars (0 clears)"),
        *(Binding(str(n), f"rate({n})", f"{n} stars", show=False) for n in range(2, 6)),
        Binding("0", "rate(0)", "Clear rating", show=False),
        Binding("s", "status(1)", "Status", tooltip="Next reading status (S goes back)"),
        Binding("S", "status(-1)", "Status back", show=False, id="status_back"),
        Binding("r", "mark_read", "Read", show=False, tooltip="Mark as read"),
        Binding("t", "tags", "Tags", tooltip="Edit the tags (comma-separated, completion from known tags)"),
        Binding("e", "rename", "Rename", show=False, tooltip="Give the paper your own title"),
        Binding("u", "undo", "Undo", show=False, tooltip="Undo the last rating/status/tag/title change"),
        Binding("U", "redo", "Redo", show=False, tooltip="Redo the change undone last"),
        # links and imports (issue 6)
        Binding("o", "open_link", "Open link", show=False),
        Binding("i", "app.import_papers", "Import", show=False),
        # export and clipboard (tui/ui/export_actions.py)
        Binding("x", "export", "Export", show=False),
        Binding("c", "copy_paper", "Copy", show=False),
        Binding("C", "copy_section", "Copy with notes", show=False),
        *FILTER_BINDINGS,
        *LAYOUT_BINDINGS,
    ])

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield FilterBar(id="filter-bar")
                yield Static("Opening library…", id="list-header")
                yield PaperList(id="papers")
                yield ProgressLine(id="progress")
            yield Reader(id="reader")
        yield KeyHints(id="footer")

    def on_mount(self) -> None:
        self.annotator = Annotator(self)
        self.query_one(FilterInput).leave_hook = self.leave_filter_now
        self.query_one(PaperList).focus()
        self.layout_mode = self.app.settings.layout
        self.query_one(Notes).autosave_delay = self.app.settings.autosave_delay
        self.apply_layout()
        if self.app.library is None:
            self.load_library()
        else:
            self.show_library(self.app.library)

    @work(thread=True, exclusive=True, group="load")
    def load_library(self) -> None:
        """Open (and on first launch seed) the library without blocking the first paint."""
        from tui.core.library import Library

        try:
            library = Library.open(self.app.library_dir)
        except PaperdeskError as exc:
            to_ui(self.app, self.app.fail_startup, str(exc))
            return
        to_ui(self.app, self.show_library, library)

    def show_library(self, library: Library) -> None:
        """Fill the list once the library is open."""
        self.app.library = library
        paper_list = self.query_one(PaperList)
        paper_list.annotation_of = library.annotation
        paper_list.set_papers(library.papers)
        self.annotator.attach(library)
        # Index after the list is on screen: building it (and importing numpy) in a
        # thread would otherwise compete with the first paint for the interpreter.
        self.call_after_refresh(self.start_index, library)
        self.update_header()
        if library.notice:
            self.notify(library.notice, title="Read-only", severity="warning", timeout=15, markup=False)
            self.add_class("read-only")
        self.app.library_shown(library)

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
        self.annotator.record_opened(message.paper)

    # -- Annotating: notes, rating, status, tags, title, undo (see annotator.py) --------

    def action_notes(self) -> None:
        self.annotator.edit_notes()

    def action_rate(self, stars: int) -> None:
        self.annotator.rate(stars)

    def action_status(self, step: int) -> None:
        self.annotator.cycle_status(step)

    def action_mark_read(self) -> None:
        self.annotator.mark_read()

    def action_tags(self) -> None:
        self.annotator.edit_tags()

    def action_rename(self) -> None:
        self.annotator.rename()

    def action_undo(self) -> None:
        self.annotator.undo()

    def action_redo(self) -> None:
        self.annotator.redo()

    def on_notes_save_requested(self, message: Notes.SaveRequested) -> None:
        self.annotator.save_notes(message.pid, message.text)

    def action_back_to_list(self) -> None:
        """Esc from the reader or the notes editor: back to the list (the reader in focus mode).

        Synchronous, so the key typed after Esc acts on the list. Leaving the
        editor saves the notes (its blur does).
        """
        if self.focus_mode and not self.query_one(Notes).editor.has_focus and self.query_one(Reader).has_focus:
            self.action_focus_mode()  # Esc in focus mode's reader: the list comes back
            return
        self.set_focus(self.home_widget())

    def home_widget(self) -> PaperList | Reader:
        """Where Esc and the filter's Enter land: the list, or the reader when the list is hidden."""
        return self.query_one(Reader) if self.focus_mode else self.query_one(PaperList)

    def flush_notes(self) -> list[str]:
        """Save unsaved notes now, on the calling thread (quit, SIGTERM); return error lines."""
        return self.annotator.flush_notes()

    def annotation_saved(self, annotation: Annotation) -> None:
        """Called on the UI thread after every successful save: the search index learns it."""
        self.annotation_changed(annotation.id, annotation)

    def on_click(self, event: events.Click) -> None:
        """A click on the stars of the reading pane rates the paper (the nth star: n stars)."""
        if event.widget is not None and event.widget.id == "reader-annotation" and event.y == 0 and 0 <= event.x < 5:
            self.action_rate(event.x + 1)

    # -- links and imports (issue 6) -----------------------------------------------

    def action_open_link(self) -> None:
        """Open the highlighted paper's URL (or DOI, or first link in its abstract) in the browser."""
        paper = self.query_one(PaperList).current
        target = open_target(paper.url, paper.doi, paper.abstract) if paper is not None else ""
        if not target:
            self.notify("This paper has no web (http/https) link to open.", severity="warning", markup=False)
            return
        self._open_link(target)

    @work(thread=True, group="open-link")
    def _open_link(self, url: str) -> None:
        open_in_browser(self.app, url)

    def on_annotations_changed(self, message: "AnnotationsChanged") -> None:
        """A vault sync changed annotations: the index learns them and the list and pane redraw."""
        library = self.app.library
        if library is not None:
            notes = self.query_one(Notes)
            for pid in message.pids:
                self.annotation_changed(pid, library.annotation(pid))
                self.annotator.refresh(pid)
                if notes.pid == pid:  # reloads only an editor not in use and holding nothing unsaved
                    notes.load(pid, library.annotation(pid).notes)

    def reload_papers(self) -> None:
        """After an import: show the library's papers again, keeping the highlighted one."""
        library = self.app.library
        if library is None:
            return
        paper_list = self.query_one(PaperList)
        current = paper_list.current
        paper_list.set_papers(library.papers, keep=current.id if current is not None else None)
        self.start_index(library)  # re-runs the current filter once the new papers are indexed
        self.update_header()

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
