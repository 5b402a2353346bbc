"""The main screen: the paper list on the left, the reading pane on the right.

The screen makes its widgets and one part per concern, and routes; it holds
no feature of its own. Every part gets the same `PartContext` (the screen, its
widgets, the settings, the open library) and the peers it asks things of:
`Filtering` (box, index, order, header), `Learned` (the ranking engine: "for me", `about:`), `Annotator` (ratings, status, tags,
titles, notes, highlights), `History` (undo/redo), `Removing` (to the trash),
`Panes` (layouts and focus), `Triage`, `Resume` (the session restored at
launch), `PaneFollow` (the pane after the highlight), `RelatedPapers`,
`SavedViews`, `GroupPart`, `Relabel` (keys and list names), `Links` and
`Exporting`.

Keys and palette commands arrive as actions: each row of tui/ui/actions.py
names the part that runs it (`Action.part`), and `__getattr__` hands Textual
that part's `action_<name>`. Messages (`Ranked`, `AnnotationSaved`,
`PapersMoved`, `AnnotationsChanged`, and the list's, the notes' and the
reader's) go through `tell_parts` to each part that has a handler for them.
What the screen asks of the app is the `Desk`.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from tui.core.errors import PaperdeskError
from tui.core.usecases.resume import Session, load
from tui.ui.actions import bindings_for, screen_routes
from tui.ui.key_gate import KeyGate
from tui.ui.library.annotating import Annotator
from tui.ui.library.authors import AuthorPages
from tui.ui.library.context import PartContext
from tui.ui.library.filtering import Filtering
from tui.ui.library.group import GroupPart
from tui.ui.library.history import History
from tui.ui.library.layout import Panes
from tui.ui.library.learned import Learned
from tui.ui.library.opening import open_in_thread, open_library, opens_at_once
from tui.ui.library.pane_follow import PaneFollow
from tui.ui.library.relabel import Relabel
from tui.ui.library.related import RelatedPapers
from tui.ui.library.resume import Resume
from tui.ui.library.saved_views import SavedViews
from tui.ui.library.triage import Triage
from tui.ui.palette_sources import view_commands
from tui.ui.styles import stylesheet
from tui.ui.toast_rack import hide_until_needed
from tui.ui.wide_chars import use_on
from tui.ui.widgets.filter_bar import FilterBar, FilterInput
from tui.ui.widgets.key_hints import KeyHints
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.progress import ProgressLine
from tui.ui.widgets.reader import Reader
from tui.ui.widgets.triage_bar import PositionLine, TriageBar

if TYPE_CHECKING:
    from textual.message import Message

    from tui.core.config import Settings
    from tui.core.library import Library
    from tui.ui.import_run import ImportRun
    from tui.ui.library.exporting import Exporting
    from tui.ui.library.open_link import Links
    from tui.ui.library.removing import PapersMoved, Removing
    from tui.ui.library.versions import Versions


class Desk(Protocol):
    """What the library screen asks of the app: its settings, the library it holds, the key gate, and to hear that
    the library is shown or could not be opened. `PaperdeskApp` is one."""

    settings: Settings
    library: Library | None
    library_dir: Path | None
    key_gate: KeyGate

    def library_shown(self, library: Library) -> None: ...

    def fail_startup(self, message: str) -> None: ...


class LibraryScreen(Screen):
    """Browse and read. A small library opens before the first frame, a large one in a thread after it."""

    STYLESHEETS = (stylesheet("library.tcss"), stylesheet("layout.tcss"))  # read with the app's (`PaperdeskApp.CSS_PATH`)
    BINDINGS = bindings_for("library")
    COMMANDS = {view_commands}
    # Focus starts on the list (the reader in focus mode). Textual's default, the first focusable widget,
    # gave the filter box focus, then the list: each move restyled the screen at start.
    AUTO_FOCUS = "#papers, #reader"

    def __init__(self, desk: Desk) -> None:
        super().__init__()
        self.desk = desk
        use_on(self)  # toasts over the list keep their CJK characters
        self.filter_bar = FilterBar(id="filter-bar")
        self.list_header = Static("Opening library…", id="list-header", markup=False)  # it names the query typed: data
        self.paper_list = PaperList(id="papers")
        self.progress_line = ProgressLine(id="progress")
        self.triage_bar = TriageBar(id="triage-bar")
        self.position_line = PositionLine(id="position")
        self.reader = Reader(id="reader")
        self.context = context = PartContext(
            self, filter_bar=self.filter_bar, header=self.list_header, papers=self.paper_list, progress=self.progress_line,
            triage_bar=self.triage_bar, position_line=self.position_line, reader=self.reader, settings=desk.settings,
            key_gate=desk.key_gate, library=lambda: self.library, go_to=self.go_to, reload=self.reload_papers,
        )
        # The parts, each given the context and the peers it asks things of (Protocols it declares).
        self.filtering = Filtering(context)
        self.annotator = Annotator(context)
        self.panes = Panes(context)
        self.panes.apply()  # the layout's classes before the first styling: added once mounted, they restyle every widget
        self.history = History(self.annotator, lambda: self.removing, lambda: self.versions)
        self.annotator.undo = self.history.action_undo  # the highlights dialog's `u`
        self.triage = Triage(context, self.annotator, self.filtering, self.panes, lambda: self.history.step(undo=True))
        self.resume = Resume(context, self.panes, self.filtering, self.triage)
        self.learned = Learned(context, self.filtering)
        self.related = RelatedPapers(context, self.filtering, self.learned.reorder_related)
        self.authors = AuthorPages(context, self.filtering)
        self.pane = PaneFollow(context, self.filtering)
        self.views = SavedViews(context, self.filtering)
        self.group = GroupPart(context, self.filtering, self.triage, self.annotator)
        self.relabel = Relabel(context, self.annotator)
        self.filtering.index_hooks += [self.group.index_ready, self.learned.index_ready]
        self.filtering.header_note = self.learned.header_note
        self._resumed = False  # Textual resumed it once (the start)

    def compose(self) -> ComposeResult:
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield self.filter_bar
                yield self.list_header
                yield self.paper_list
                yield self.progress_line
            yield self.triage_bar
            yield self.position_line
            yield self.reader
        yield KeyHints(id="footer")

    def show_import(self, run: ImportRun) -> None:
        """An import running in the background (`tui/ui/import_run.py`): the strip above the key hints shows it,
        mounted the first time; the list stays usable meanwhile."""
        from tui.ui.widgets.import_strip import ImportStrip

        strips = self.query(ImportStrip)
        if strips:
            strips.first().show(run)
        elif run.running:
            strip = ImportStrip(id="import-strip")
            strip.show(run)
            self.mount(strip, before=self.query_one(KeyHints))

    @cached_property
    def removing(self) -> Removing:
        """Removal and its confirmations: imported when first used, never before the first frame."""
        from tui.ui.library.removing import Removing

        return Removing(self.context, self.annotator)

    @cached_property
    def versions(self) -> Versions:
        """Undo and redo of the versions an import merged: imported when first used."""
        from tui.ui.library.versions import Versions

        return Versions(self.context)

    def versions_imported(self, pairs: tuple[tuple[str, str], ...]) -> None:
        """An import merged these versions into stored papers: `u` splits them again."""
        self.history.imported(pairs)

    @cached_property
    def exporting(self) -> Exporting:
        """Export and clipboard (Markdown writers, dialogs): imported when first used, never before the first frame."""
        from tui.ui.library.exporting import Exporting

        return Exporting(self.context, self.annotator.flush_notes, lambda: self.resume.exports)

    @cached_property
    def links(self) -> Links:
        """`o` (the browser): imported when first used, never before the first frame."""
        from tui.ui.library.open_link import Links

        return Links(self.context)

    @property
    def library(self) -> Library | None:
        """The open library (None while it opens)."""
        return self.desk.library

    @property
    def folder(self) -> Path | None:
        """The folder the library opens from."""
        return self.desk.library_dir

    def on_mount(self) -> None:
        box = self.filter_bar.input
        box.leave_hook, box.change_hook = self.leave_filter_now, self.filtering.query_changed
        self.set_focus(self.paper_list)  # now: a restored focus mode moves it on right after
        self.reader.notes.autosave_delay = self.desk.settings.autosave_delay
        self.panes.apply()  # the terminal's width may have changed since
        hide_until_needed(self)  # no layout of the whole screen again right after the first frame
        library, folder = self.library, self.folder
        if library is None and opens_at_once(folder):  # small: the first frame is the list (tui/ui/library/opening.py)
            try:
                library = open_library(folder)
            except PaperdeskError as exc:
                self.open_failed(str(exc))
                return
        if library is None:
            self.run_worker(lambda: open_in_thread(self), thread=True, exclusive=True, group="load")
        else:
            self.show_library(library, load(library))

    def open_failed(self, message: str) -> None:
        """The library cannot be opened: the app leaves, and the command line says why."""
        self.desk.fail_startup(message)

    def show_library(self, library: Library, session: Session | None = None) -> None:
        """Fill the list once the library is open, as the last session left it."""
        self.desk.library = library
        paper_list = self.paper_list
        paper_list.annotation_of = library.annotation
        paper_list.set_list_names({p.list for p in library.papers})
        self.annotator.attach(library)
        self.filtering.attach(library)
        # The reading pane and the index wait for the list's first frame: drawing an abstract and building
        # the index (importing numpy, in a thread) would otherwise compete with that paint for the interpreter.
        self.call_after_refresh(self._list_painted, library)
        self.resume.restore(library, session or Session())  # keys wait for the above (`Resume`)
        self.filtering.show_header()
        if library.notice:
            self.notify(library.notice, title="Read-only", severity="warning", timeout=15, markup=False)
            self.add_class("read-only")
        self.desk.library_shown(library)

    def _list_painted(self, library: Library) -> None:
        self.pane.list_painted()
        self.filtering.start_index(library)
        self.annotator.take_command_line_edits(library)
        self.group.load(library)

    def reload_papers(self, reopened: Library | None = None) -> None:
        """After an import, or a restored backup (`reopened`: the library opened again): the papers shown again, recounted."""
        if reopened is not None:  # writable now (`library/recovery.py`): its annotations in the rows, the pane, the notes
            self.annotator.attach(reopened)
            self.filtering.attach(reopened)
            self.remove_class("read-only")
        library = self.library
        if library is None:
            return
        self.triage.leave()  # the list shows the view again before it takes the new papers
        paper_list = self.paper_list
        current = paper_list.current
        paper_list.set_list_names({p.list for p in library.papers})
        paper_list.set_papers(library.papers, keep=current.id if current is not None else None)
        self.filtering.start_index(library)  # re-runs the current filter once the new papers are indexed
        self.related.papers_changed()
        self.annotator.refresh_progress()
        self.filtering.show_header()
        self.pane.show()  # the highlighted paper as stored now (merged fields, restored annotations)

    def go_to(self, pid: str) -> None:
        """Put the cursor on paper `pid`; if the filter hides it, clear the filter first."""
        self.triage.leave()
        paper_list = self.paper_list
        index = next((i for i, p in enumerate(paper_list.papers) if p.id == pid), None)
        if index is None and self.library is not None:
            self.filtering.apply_query("")  # the box's change re-ranks keeping the cursor's paper: this one
            paper_list.set_papers(self.library.papers, keep=pid)
        elif index is not None:
            paper_list.cursor = index
        self.panes.home().focus()

    def leave_filter_now(self) -> None:
        """Enter, down or Esc in the box: bring the list (and the pane) up to date with it *now*, and focus the list."""
        self.filtering.catch_up()
        self.set_focus(self.panes.home())
        self.pane.catch_up()

    # -- routing: keys to the part the registry names, messages to the parts that handle them ----------

    if not TYPE_CHECKING:  # mypy keeps checking the screen's own attributes; only Textual looks actions up by name

        def __getattr__(self, name: str) -> object:
            """`action_<name>` (what Textual runs for a key or a palette command): the method of the part that
            `tui/ui/actions.py` names for it. The screen holds no action methods of its own."""
            part = ROUTES.get(name)
            if part is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            return getattr(getattr(self, part), name)

    #: The parts that hear messages, in the order they hear each (the triage leaves before the list changes).
    LISTENERS = ("triage", "filtering", "pane", "resume", "related", "learned", "authors", "panes", "annotator")

    def tell_parts(self, message: Message) -> None:
        """A part's report (or a widget's) to every listening part with a handler for it (`on_ranked`...), in order."""
        for name in self.LISTENERS:
            handler = getattr(getattr(self, name), message.handler_name, None)
            if handler is not None:
                handler(message)

    on_ranked = on_annotation_saved = on_annotations_changed = on_follows_changed = tell_parts
    on_paper_list_highlighted = on_paper_list_selected = on_notes_save_requested = on_reader_highlight_kept = tell_parts

    def on_papers_moved(self, message: PapersMoved) -> None:
        """Papers left for the trash or came back; papers a restore filled in where they stand are shown again first."""
        if message.filled:
            self.reload_papers()
        self.tell_parts(message)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """During a triage pass, keys that would change the view or leave the pass do nothing."""
        return self.triage.allows(action)

    # -- Textual's events --------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if isinstance(event.input, FilterInput):
            event.stop()  # ranked already, by the box's change hook

    def on_filter_input_leave(self, message: FilterInput.Leave) -> None:
        message.stop()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.triage.active and isinstance(self.focused, (PaperList, FilterInput)):
            self.triage.leave()  # something put the view back in use (a saved view from the palette)
        self.set_class(self.panes.focus_mode and isinstance(self.focused, FilterInput), "-filtering")

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.set_class(self.panes.focus_mode and isinstance(self.focused, FilterInput), "-filtering")
        # Keys typed in the box cannot act on the pane's paper; while its first draw waits, keys bring it (`before_key`).
        if not isinstance(self.focused, FilterInput) and not self.pane.first_pending:
            self.pane.catch_up()

    def on_resize(self, event: events.Resize) -> None:
        self.panes.resized(event)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """At start the widgets were just styled as they mounted: Textual's restyling of them all (after this
        handler) is skipped that once. Later resumes (a dialog closed) restyle as Textual does."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_click(self, event: events.Click) -> None:
        """A click on the stars of the reading pane rates the paper (the nth star: n stars)."""
        if event.widget is not None and event.widget.id == "reader-annotation" and event.y == 0 and 0 <= event.x < 5:
            self.annotator.action_rate(event.x + 1)


#: `action_<name>` -> the part that runs it (`Action.part` in the registry).
ROUTES = screen_routes()
