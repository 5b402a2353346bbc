"""The main screen: the paper list on the left, the reading pane on the right.

The screen makes its widgets and one part per concern, each given the widgets
it fills and what it asks of the others: `Filtering` (box, index, order,
header), `Annotator` (ratings, status, tags, titles, notes, highlights, undo),
`Removing` (to the trash, sharing the annotator's history), `Panes` (layouts),
`Triage`, `Resume` (the session restored at launch), `PaneFollow` (the pane
after the highlight), `RelatedPapers`, `SavedViews` and `Exporting`. Keys
arrive as actions (tui/ui/actions.py) and go to a part; parts report with
messages (`Ranked`, `AnnotationSaved`, `PapersMoved`, `AnnotationsChanged`)
that the screen passes on to the parts they concern. What it asks of the app
is the `Desk`.
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
from tui.core.models import Status
from tui.core.usecases.resume import Session, load
from tui.ui.actions import bindings_for
from tui.ui.key_gate import KeyGate
from tui.ui.library.annotating import AnnotationSaved, Annotator
from tui.ui.library.filtering import Filtering, Ranked
from tui.ui.library.group import GroupPart
from tui.ui.library.layout import Panes
from tui.ui.library.opening import open_in_thread, open_library, opens_at_once
from tui.ui.library.pane_follow import PaneFollow
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
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.progress import ProgressLine
from tui.ui.widgets.reader import Reader
from tui.ui.widgets.triage_bar import PositionLine, TriageBar

if TYPE_CHECKING:
    from tui.core.config import Settings
    from tui.core.library import Library
    from tui.core.usecases.annotate import Change, Step
    from tui.ui.import_run import ImportRun
    from tui.ui.library.exporting import AnnotationsChanged, Exporting
    from tui.ui.library.removing import PapersMoved, Removing


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
        box, papers, library = self.filter_bar.input, self.paper_list, lambda: self.library
        self.filtering = Filtering(self, self.filter_bar, papers, self.list_header)
        self.annotator = Annotator(self, papers, self.reader, self.progress_line)
        self.panes = Panes(self, papers, self.reader, self.triage_bar, desk.settings.layout)
        self.panes.apply()  # the layout's classes before the first styling: added once mounted, they restyle every widget
        self.triage = Triage(self, papers, self.triage_bar, self.annotator, self.filtering, self.panes, library)
        self.resume = Resume(self, papers, box, self.panes, self.filtering, self.triage, desk.key_gate.open, desk.settings.layout)
        self.related = RelatedPapers(self, library)
        self.pane = PaneFollow(self, papers, self.reader, box, self.filtering, library, lambda: desk.key_gate.pending)
        self.views = SavedViews(self, lambda: box.value)
        self.group = GroupPart(self, self.reader, papers, self.filtering, self.triage, desk.settings, library, self.annotator.view)
        self.filtering.index_hook = self.group.index_ready
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

        return Removing(self, self.paper_list, self.annotator.annotating, lambda: self.filtering.text, lambda: self.library, self.annotator.writes)

    @cached_property
    def exporting(self) -> Exporting:
        """Export and clipboard (Markdown writers, dialogs): imported when first used, never before the first frame."""
        from tui.ui.library.exporting import Exporting

        return Exporting(self, self.paper_list, self.flush_notes, lambda: self.resume.exports)

    @property
    def library(self) -> Library | None:
        """The open library (None while it opens)."""
        return self.desk.library

    @property
    def folder(self) -> Path | None:
        """The folder the library opens from."""
        return self.desk.library_dir

    def library_ready(self) -> Library | None:
        """The open library, or None after telling the reader it is still opening."""
        if self.library is None:
            self.notify("The library is still opening.", severity="warning", markup=False)
        return self.library

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
        self.update_header()
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
        self.update_header()
        self.pane.show()  # the highlighted paper as stored now (merged fields, restored annotations)

    def update_header(self) -> None:
        """The line above the list: how many papers, in what order, read-only state."""
        self.filtering.show_header()

    # -- what the parts report -----------------------------------------------------------

    def on_ranked(self, message: Ranked) -> None:
        self.update_header()
        self.pane.ranked()
        self.resume.ranked(message.result)
        index = self.filtering.index
        if index is not None and not index.provisional:
            self.related.start(index)  # built from the search index's words, once the whole index is ready

    def on_annotation_saved(self, message: AnnotationSaved) -> None:
        """The search index learns every saved annotation (a filter in force re-runs)."""
        self.filtering.annotation_changed(message.annotation.id, message.annotation)
        self.triage.refresh_bar()
        self.related.annotation_changed(message.annotation.id, message.annotation)
        library = self.library
        for merged in library.outside_changes() if library is not None else []:  # annotations.json synced in meanwhile
            from tui.core.render.text import one_line
            from tui.ui.library.exporting import AnnotationsChanged

            self.notify(one_line(merged.line), title="Changed outside", severity="warning", timeout=15, markup=False)
            self.post_message(AnnotationsChanged(sorted(merged.pids)))

    def on_annotations_changed(self, message: AnnotationsChanged) -> None:
        """A vault sync changed annotations: the index learns them and the list and pane redraw."""
        library = self.library
        if library is not None:
            notes = self.reader.notes
            for pid in message.pids:
                self.filtering.annotation_changed(pid, library.annotation(pid))
                self.related.annotation_changed(pid, library.annotation(pid))
                self.annotator.refresh(pid)
                if notes.pid == pid:  # reloads only an editor not in use and holding nothing unsaved
                    notes.load(pid, library.annotation(pid).notes)

    def on_papers_moved(self, message: PapersMoved) -> None:
        """Papers left for the trash (the cursor moves to the next one left) or came back (it goes to the first);
        papers a restore filled in where they stand are shown again first."""
        from tui.ui.library.removing import neighbour

        if message.filled:
            self.reload_papers()
        library = self.library
        if library is None or not message.pids:
            return
        self.triage.leave()  # the list shows the view again before papers leave or come back
        paper_list = self.paper_list
        current = paper_list.current.id if paper_list.current is not None else None
        if message.restored:
            keep = [*message.pids[:1], current]  # the restored paper, if this view shows it
        else:
            keep = [neighbour(paper_list.papers, paper_list.cursor, set(message.pids))]
        self.filtering.papers_moved(message.pids, restored=message.restored, keep=keep)
        self.annotator.refresh_progress()
        self.update_header()

    def on_paper_list_highlighted(self, message: PaperList.Highlighted) -> None:
        self.pane.highlighted(typing=isinstance(self.focused, FilterInput))  # typing: once keys pause
        paper_list = self.paper_list
        self.position_line.show_position(paper_list.cursor if message.paper else None, len(paper_list.papers))

    def on_paper_list_selected(self, message: PaperList.Selected) -> None:
        self.reader.focus()
        self.annotator.record_opened(message.paper)

    def on_notes_save_requested(self, message: Notes.SaveRequested) -> None:
        self.annotator.save_notes(message.pid, message.text)

    def on_reader_highlight_kept(self, message: Reader.HighlightKept) -> None:
        self.annotator.keep_highlight(message.pid, message.highlight)

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
            self.action_rate(event.x + 1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """During a triage pass, keys that would change the view or leave the pass do nothing."""
        return self.triage.allows(action)

    # -- moving around -------------------------------------------------------------------

    def leave_filter_now(self) -> None:
        """Enter, down or Esc in the box: bring the list (and the pane) up to date with it *now*, and focus the list."""
        self.filtering.catch_up()
        self.set_focus(self.panes.home())
        self.pane.catch_up()

    def action_focus_filter(self) -> None:
        self.filter_bar.input.start_query()  # now, so keys typed right after `/` land there
        # Focus mode shows the box while it is in use; only there: the class restyles every widget.
        self.set_class(self.panes.focus_mode, "-filtering")

    def action_back_to_list(self) -> None:
        """Esc from the reader or the notes editor: back to the list (the reader in focus mode).

        Synchronous, so the key typed after Esc acts on the list. Leaving the
        editor saves the notes (its blur does). In a triage pass: back to the triage bar.
        """
        if self.triage.active:
            self.set_focus(self.panes.home())
            return
        if self.panes.focus_mode and not self.reader.notes.editor_focused and self.reader.has_focus:
            self.action_focus_mode()  # Esc in focus mode's reader: the list comes back
            return
        self.set_focus(self.panes.home())

    def action_toggle_layout(self) -> None:
        self.panes.toggle()

    def action_focus_mode(self) -> None:
        self.panes.toggle_focus_mode()

    def action_step_paper(self, step: int) -> None:
        """Next/previous paper from anywhere (the list may be hidden in focus mode)."""
        paper_list = self.paper_list
        paper_list.cursor += step
        if self.panes.focus_mode and paper_list.current is not None:
            paper_list.post_message(PaperList.Selected(paper_list.current))  # reading it: note it opened

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

    # -- filtering and saved views -----------------------------------------------------------

    def action_clear_filter(self) -> None:
        """Esc in the list: an active filter is cleared, the highlighted paper stays."""
        if self.filtering.text:
            self.filtering.apply_query("")

    def action_cycle_sort(self) -> None:
        self.filtering.cycle_sort()

    def action_sort_by(self, sort: str) -> None:
        self.filtering.set_sort(sort)

    def action_save_view(self) -> None:
        if self.library is not None:
            self.views.save(self.library)

    def saved_views(self) -> dict[str, str]:
        """The saved views (name: query) the palette offers; none while the library opens."""
        return self.library.views() if self.library is not None else {}

    def apply_view(self, query: str) -> None:
        """The palette's "View: name": the view's query in the box, ranked as if typed."""
        self.filtering.apply_query(query)

    def delete_view(self, name: str) -> None:
        """The palette's "Delete view: name"."""
        if self.library is not None:
            self.views.delete(self.library, name)

    # -- annotating --------------------------------------------------------------------------

    def action_notes(self) -> None:
        self.annotator.edit_notes()

    def action_rate(self, stars: int) -> None:
        self.annotator.rate(stars)

    def action_status(self, step: int) -> None:
        self.annotator.cycle_status(step)

    def action_set_status(self, status: str) -> None:
        """Give the highlighted paper `status` (undoable, like the `s` key)."""
        paper = self.paper_list.current
        if paper is not None:
            self.annotator.set_status(paper.id, Status(status))

    def action_mark_read(self) -> None:
        self.annotator.mark_read()

    def action_tags(self) -> None:
        self.annotator.edit_tags()

    def action_rename(self) -> None:
        self.annotator.rename()

    def action_edit_key(self) -> None:
        """`K`: another citation key for the highlighted paper (`usecases.cite.set_key`); the list and pane reload with it."""
        from tui.core.models import shown_title
        from tui.ui.screens.key_dialog import ask_and_set_key

        library, paper = self.library_ready(), self.paper_list.current
        if library is not None and paper is not None and self.annotator.writable():
            ask_and_set_key(self, library, paper, shown_title(paper, self.annotator.view(paper.id)), self.reload_papers)

    def action_start_highlight(self) -> None:
        """`h`: the reading cursor in the abstract (from the list too: the pane takes focus)."""
        self.annotator.start_highlight()

    def action_list_highlights(self) -> None:
        self.annotator.list_highlights(self.action_undo)

    def action_rename_list(self) -> None:
        """The palette's "Rename list…": the highlighted paper's list first."""
        from tui.ui.screens.list_dialog import ask_and_rename

        library = self.library_ready()
        if library is not None:
            paper = self.paper_list.current
            ask_and_rename(self, library, paper.list if paper is not None else None, self.reload_papers)

    def action_undo(self) -> None:
        self._history_step(self.annotator.annotating.undo(), undo=True)

    def action_redo(self) -> None:
        self._history_step(self.annotator.annotating.redo(), undo=False)

    def _history_step(self, step: Step | None, undo: bool) -> Change | None:
        """One history has both kinds of entry: a removal goes to `Removing`, anything else to `Annotator`.
        Returns the change of annotations it undid or redid (None: a removal, or nothing)."""
        from tui.core.usecases.annotate import kinds

        change, removal = kinds(step)
        if removal is not None:
            self.removing.step(removal, undo)
        else:
            self.annotator.step(change, undo)
        return change

    def action_remove_paper(self) -> None:
        self.removing.remove_highlighted()

    def action_remove_view(self) -> None:
        self.removing.remove_view()

    def flush_notes(self) -> list[str]:
        """Save unsaved notes now, on the calling thread (quit, SIGTERM); return error lines."""
        return self.annotator.flush_notes()

    # -- a triage pass -------------------------------------------------------------------------

    def action_triage(self) -> None:
        if self.library_ready() is not None:
            self.triage.start()

    def action_triage_read_later(self) -> None:
        self.triage.decide(Status.TO_READ)

    def action_triage_skip(self) -> None:
        self.triage.decide(Status.SKIPPED)

    def action_triage_next(self) -> None:
        self.triage.next()

    def action_triage_undo(self) -> None:
        """`u` in a pass: undo as everywhere; a paper of the pass whose change is undone comes back on screen."""
        change = self._history_step(self.annotator.annotating.undo(), undo=True)
        self.triage.undone(change.pid if change is not None else None)

    def action_triage_leave(self) -> None:
        self.triage.leave()

    # -- a reading group ----------------------------------------------------------------------------

    def action_group_sync(self) -> None:
        """Pull the other members' ratings and share this member's (`paperdesk group sync`), in a thread."""
        if self.library_ready() is not None:
            self.group.sync()

    def action_group_comment(self) -> None:
        """A one-line comment for the group on the highlighted paper."""
        from tui.core.render.titles import row_title

        paper = self.paper_list.current
        if self.library_ready() is not None and paper is not None and self.annotator.writable():
            self.group.comment(paper, row_title(paper, self.annotator.view(paper.id)))

    # -- related papers, links, export, the clipboard ---------------------------------------------

    def action_more_like_this(self) -> None:
        """`m`: the papers most like the highlighted one; Enter in the dialog goes to one."""
        if self.library_ready() is not None:
            self.related.show_dialog(self.paper_list.current, self._go_to_related)

    def _go_to_related(self, pid: str | None) -> None:
        if pid is None:
            return
        if not any(p.id == pid for p in self.paper_list.papers):
            self.notify("The filter hid that paper: cleared it to show the paper.", markup=False)
        self.go_to(pid)

    def action_open_link(self) -> None:
        """Open the highlighted paper's URL (or DOI, or first link in its abstract) in the browser."""
        from tui.ui.library.open_link import open_link

        open_link(self, self.paper_list.current)

    def action_export(self) -> None:
        self.action_export_as("markdown")

    def action_export_as(self, fmt: str) -> None:
        """The export dialog with `fmt` (markdown, bibtex, csl-json, ris) chosen."""
        library = self.library_ready()
        if library is not None:
            self.exporting.open_dialog(library, vault=self.desk.settings.vault, fmt=fmt)

    def action_copy_paper(self) -> None:
        """`c`: the copy menu (text, Markdown, BibTeX, a reference in the settings' cite_style, the key)."""
        if self.library is not None:
            self.exporting.open_copy_menu(self.library, self.desk.settings.cite_style)

    def action_copy_section(self) -> None:
        self.action_copy_as("markdown")

    def action_copy_as(self, name: str) -> None:
        """Copy one entry of the copy menu at once (`C`: the Markdown with notes; the palette: each)."""
        if self.library is not None:
            self.exporting.copy(self.library, name, self.desk.settings.cite_style)
