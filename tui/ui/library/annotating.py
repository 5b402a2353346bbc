"""The library screen's annotating: keys to changes, changes to saves in workers, results to the screen.

`Annotator` redraws, from what the screen gives its parts (`PartContext`), the
list's rows, the reading pane and its notes, and the progress line. The changes
themselves are the core's (`tui.core.usecases.annotate`: what a change changes, their
order on disk, the undo history). All methods run on the UI thread except
`_write`, which runs in a (non-exclusive) thread worker and reports back with
`to_ui` (never blocking). A save that landed is announced with `AnnotationSaved`.
Its dialogs (tags, title, comment, highlights) are imported when first opened, not at start-up.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.models import Annotation, Paper, Status, shown_title
from tui.core.render.text import one_line
from tui.core.usecases.annotate import Annotating, Pending, drop_source_tags, format_tags, known_tags, parse_tags, source_tags
from tui.core.words import plural
from tui.ui.error_line import error_line
from tui.ui.library.write_order import WriteOrder
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.core.usecases.annotate import Change, LoggedChange, StatusWalk
    from tui.ui.library.context import PartContext
    from tui.ui.library.exporting import AnnotationsChanged
    from tui.ui.library.removing import PapersMoved
    from tui.ui.widgets.notes import Notes
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.reader import Reader


class AnnotationSaved(Message):
    """A change reached the disk; `annotation` is what the store now holds.

    A plain Message, not a dataclass (why: `tui.core.records`).
    """

    def __init__(self, annotation: Annotation) -> None:
        self.annotation = annotation
        super().__init__()


class Annotator:
    """Ratings, status, tags, titles, notes, highlights and undo for the papers of one screen."""

    def __init__(self, context: PartContext) -> None:
        """The screen (`host`) runs the save workers, shows the dialogs and hears `AnnotationSaved`; the list, the reading
        pane and the progress line are what a change redraws."""
        self.host: Screen = context.host
        self._list: PaperList = context.papers
        self.reader: Reader = context.reader
        self.notes = self.reader.notes
        self.progress = context.progress
        self.open_library = context.library
        self.reload: Callable[[], None] = context.reload
        """The list and the pane show the papers as stored now (after the tag box took tags that came with the data off one)."""
        self.library: Library | None = None
        self.annotating = Annotating()
        """The core's side: ordered saves and the undo history (`tui.core.usecases.annotate`)."""
        self.writes = WriteOrder()
        """Moves to or from the trash asked for and not landed, which a save asked after them waits for."""
        self.undo: Callable[[], None] = lambda: None
        """The screen's `u` (`History`: one history for every kind of change), which the highlights dialog offers too."""

    @property
    def status_walk(self) -> StatusWalk:
        """Dates of statuses only passed through while cycling (`s` several times)."""
        return self.annotating.status_walk

    @property
    def attached(self) -> bool:
        """The library is open and its annotations can be shown and changed."""
        return self.annotating.saver is not None

    def attach(self, library: Library) -> None:
        """Start annotating `library` (called once it is open)."""
        self.library = library
        self.annotating.attach(library)
        # Rows show a change at once, before its save lands.
        self._list.annotation_of = self.annotating.view
        self.notes.read_only = library.read_only
        self.refresh_progress()

    def take_command_line_edits(self, library: Library) -> None:
        """Once the list is painted: edits made with `paperdesk rate/status/tag/note` since the last run
        become undoable here (read in a thread, which would otherwise compete with the first frame)."""
        if not library.read_only:
            self.host.run_worker(partial(self._take_command_line_edits, library), thread=True, group="save", exit_on_error=False)

    def _take_command_line_edits(self, library: Library) -> None:
        """In a worker: edits made with `paperdesk rate/status/tag/note` since the last run become undoable here."""
        changes = self.annotating.command_line_edits()
        if changes:
            to_ui(self.host.app, self._add_to_history, changes)

    def _add_to_history(self, changes: list[LoggedChange]) -> None:
        self.annotating.take(changes)
        count = len(changes)
        self.host.notify(f"{plural(count, 'command-line edit')} can be undone with u.", timeout=5, markup=False)

    # -- what is shown ---------------------------------------------------------------

    @property
    def paper(self) -> Paper | None:
        """The highlighted paper, which every key acts on."""
        return self._list.current

    def view(self, pid: str) -> Annotation:
        """The paper's annotation including saves still on their way to disk."""
        return self.annotating.view(pid)

    def refresh(self, pid: str) -> None:
        """Redraw what depends on `pid`'s annotation: list markers, progress, and the pane."""
        self._list.refresh_rows()
        self.refresh_progress()
        paper = self.paper
        if paper is not None and paper.id == pid:
            self.reader.show_annotation(paper, self.view(pid))

    def on_annotation_saved(self, message: AnnotationSaved) -> None:
        """Annotations synced into annotations.json meanwhile (another process) are said and shown."""
        library = self.open_library()
        for merged in library.outside_changes() if library is not None else []:
            from tui.ui.library.exporting import AnnotationsChanged

            self.host.notify(one_line(merged.line), title="Changed outside", severity="warning", timeout=15, markup=False)
            self.host.post_message(AnnotationsChanged(sorted(merged.pids)))

    def on_annotations_changed(self, message: AnnotationsChanged) -> None:
        """A vault sync changed annotations: the list and the pane redraw them."""
        library = self.open_library()
        if library is None:
            return
        notes: Notes = self.notes
        for pid in message.pids:
            self.refresh(pid)
            if notes.pid == pid:  # reloads only an editor not in use and holding nothing unsaved
                notes.load(pid, library.annotation(pid).notes)

    def on_papers_moved(self, message: PapersMoved) -> None:
        """Papers left or came back: the progress line counts them again."""
        if self.open_library() is not None and message.pids:
            self.refresh_progress()

    def refresh_progress(self) -> None:
        library = self.library
        if library is not None:
            notice = library.notice if library.read_only else None
            self.progress.show(len(library.papers), library.annotations().values(), notice)

    # -- saving ------------------------------------------------------------------------

    def writable(self, typing: str | None = None) -> bool:
        """Whether the library can take a change; when not, say why. `typing` names an action the reader types into
        ("Notes"): its refusal holds the keys typed next in a box until Esc or Enter (`RefusedTyping`), so the note
        being typed never runs as commands; any other refusal is a toast."""
        library = self.library
        if library is None:
            return False
        if library.read_only:
            message = one_line(library.notice or "The library is read-only")
            if typing is not None:
                from tui.ui.screens.refused import RefusedTyping  # imported when first refused, never before the first frame

                self.host.app.push_screen(RefusedTyping(typing, message))
            else:
                self.host.notify(message, title="Read-only", severity="warning", markup=False)
            return False
        return True

    def change(self, pid: str, *, undoable: bool = True, every: bool = False, **changes: Any) -> None:
        """Save `changes` to `pid` in a worker; the screen shows them at once (`every`: `Annotating.request`)."""
        if not self.attached or not self.writable():
            return
        pending = self.annotating.request(pid, undoable=undoable, every=every, **changes)
        if pending is None:
            return
        self.refresh(pid)
        moves = self.writes.moves_ahead()
        if moves:  # a removal or restore asked before this change lands first (`WriteOrder`)
            self.host.run_worker(self._write_after(moves, pending), group="save", exit_on_error=False)
        else:
            self.host.run_worker(partial(self._write, pending), thread=True, group="save", exit_on_error=False)

    async def _write_after(self, moves: list[asyncio.Event], pending: Pending) -> None:
        """Wait for the moves asked before the change, then write it in a thread."""
        for landed in moves:
            await landed.wait()
        await asyncio.to_thread(self._write, pending)

    def _write(self, pending: Pending) -> None:
        """In a worker thread: write, then report back to the UI thread."""
        try:
            stored = self.annotating.write(pending)
        except (PaperdeskError, OSError, ValueError) as exc:
            to_ui(self.host.app, self._failed, pending, exc)
        else:
            to_ui(self.host.app, self._saved, pending, stored)

    def _saved(self, pending: Pending, stored: Annotation) -> None:
        self.annotating.saved(pending, stored)
        if "notes" in pending.changes:
            self.notes.mark_saved(pending.pid, pending.changes["notes"])
        self.refresh(pending.pid)
        self.host.post_message(AnnotationSaved(stored))

    def _failed(self, pending: Pending, exc: BaseException) -> None:
        self.annotating.failed(pending)
        what = "notes" if "notes" in pending.changes else ", ".join(pending.changes)
        message = f"Not saved ({what}): {error_line(exc, self.annotating.notes_path)}"
        self.host.notify(message, severity="error", timeout=10, markup=False)
        if "notes" in pending.changes:
            self.notes.mark_failed(pending.pid, pending.changes["notes"])
        self.refresh(pending.pid)

    def flush_notes(self) -> list[str]:
        """Save every unsaved note now, on this thread (quitting, signals); return the errors."""
        errors: list[str] = []
        if not self.attached:
            return errors
        notes = self.notes
        for pid, text in notes.unsaved().items():
            try:
                self.annotating.save_now(pid, notes=text)
            except (PaperdeskError, OSError) as exc:
                errors.append(error_line(exc, self.annotating.notes_path))
            else:
                notes.mark_saved(pid, text)
        return errors

    # -- the keys ----------------------------------------------------------------------

    def action_rate(self, stars: int) -> None:
        if (paper := self.paper) is not None:
            self.change(paper.id, rating=stars)

    def action_status(self, step: int) -> None:
        """`s`/`S`: the next (or previous) reading status."""
        if (paper := self.paper) is not None:
            self.set_status(paper.id, self.annotating.next_status(paper.id, step))

    def action_set_status(self, status: str) -> None:
        """The palette's "Set status": give the highlighted paper `status` (undoable, like the `s` key)."""
        if (paper := self.paper) is not None:
            self.set_status(paper.id, Status(status))

    def action_mark_read(self) -> None:
        if (paper := self.paper) is not None:
            self.set_status(paper.id, Status.READ)

    def set_status(self, pid: str, status: Status) -> None:
        """Give `pid` `status`; dates are recorded only for the status it is left in (see StatusWalk)."""
        self.change(pid, **self.annotating.status_change(pid, status, time.monotonic()))

    def on_paper_list_selected(self, message: PaperList.Selected) -> None:
        self.record_opened(message.paper)

    def record_opened(self, paper: Paper) -> None:
        """Note the day a paper was first opened (never its status)."""
        if self.library is not None and not self.library.read_only and not self.view(paper.id).opened:
            self.change(paper.id, undoable=False, opened=True)

    def action_notes(self) -> None:
        if self.paper is not None and self.writable("Notes"):
            self.notes.edit()

    def on_notes_save_requested(self, message: Notes.SaveRequested) -> None:
        self.change(message.pid, undoable=False, notes=message.text)

    def action_tags(self) -> None:
        paper = self.paper
        if paper is None or self.library is None or not self.writable("Tags"):
            return
        from tui.ui.screens.tag_dialog import TagDialog  # dialogs: imported when first opened, never before the first frame

        ann = self.view(paper.id)
        known = known_tags(self.library.annotations().values(), self.library.papers)
        # The tags that came with the data stand in the line beside the reader's: kept, they become the reader's;
        # taken out, they leave the paper (`_retag`).
        dialog = TagDialog(shown_title(paper, ann), format_tags(ann.tags + source_tags(paper, ann)), known)
        self.host.app.push_screen(dialog, partial(self._retag, paper))

    def _retag(self, paper: Paper, line: str | None) -> None:
        if line is None:
            return
        tags = parse_tags(line)
        kept = {t.casefold() for t in tags}
        dropped = [t for t in source_tags(paper, self.view(paper.id)) if t.casefold() not in kept]
        self.change(paper.id, tags=tags)
        if dropped and self.library is not None:
            library, reload = self.library, self.reload  # read here, on the UI thread

            def job() -> None:
                try:
                    drop_source_tags(library, paper.id, dropped)
                except (PaperdeskError, OSError) as exc:
                    to_ui(self.host.app, self.host.notify, f"Tags not removed: {error_line(exc)}", severity="error", markup=False)
                    return
                to_ui(self.host.app, reload)  # the list and the pane take the paper as stored now

            self.host.run_worker(job, thread=True, group="source-tags", exit_on_error=False)

    def action_rename(self) -> None:
        paper = self.paper
        if paper is None or not self.writable("Title"):
            return
        from tui.ui.screens.title_dialog import TitleDialog

        ann = self.view(paper.id)
        dialog = TitleDialog(shown_title(paper, ann), paper.shown_title)
        self.host.app.push_screen(dialog, partial(self._retitle, paper))

    def _retitle(self, paper: Paper, title: str | None) -> None:
        if title is not None:
            self.change(paper.id, title="" if title == paper.shown_title else title)

    def action_start_highlight(self) -> None:
        """`h`: the reading cursor in the abstract (from the list too: the pane takes focus)."""
        if self.paper is not None and self.writable("Highlight") and not self.reader.start_marking():
            self.host.notify("This paper has no abstract to highlight.", timeout=3)

    def on_reader_highlight_kept(self, message: Reader.HighlightKept) -> None:
        """Ask for the new highlight's comment, then save it (Esc in the dialog keeps nothing)."""
        highlight = message.highlight
        paper = self.library.get(message.pid) if self.library else None
        if paper is not None:
            from tui.ui.library.highlighting import PaperHighlights
            from tui.ui.screens.comment_dialog import CommentDialog

            highlights = PaperHighlights(self, self.host.notify, paper, lambda _: None, lambda: None)
            dialog = CommentDialog(highlight.text)
            self.host.app.push_screen(dialog, lambda comment: None if comment is None else highlights.add(highlight, comment))

    def action_list_highlights(self) -> None:
        """`H`: the paper's highlights to show, comment on or delete (`u` there undoes as everywhere)."""
        paper = self.paper
        if paper is None:
            return
        if not self.view(paper.id).highlights:
            self.host.notify("No highlights on this paper: h starts one in the reading pane.", timeout=4)
            return
        if self.writable():
            from tui.ui.library.highlighting import PaperHighlights
            from tui.ui.screens.highlights_dialog import HighlightsDialog

            highlights = PaperHighlights(self, self.host.notify, paper, self.reader.show_highlight, self.undo)
            self.host.app.push_screen(HighlightsDialog(shown_title(paper, self.view(paper.id)), highlights))

    def step(self, change: Change | None, undo: bool) -> None:
        """Undo (restore `before`) or redo (apply `after`) an entry of the history, not itself recorded; say what changed.

        `History` takes the entry from the history (`annotating.undo()`/`redo()`) and
        hands removals to `Removing`; changes of annotations come here.
        """
        done, nothing = ("Undone", "Nothing to undo") if undo else ("Redone", "Nothing to redo")
        if change is None:
            self.host.notify(nothing, timeout=3)
            return
        values, fields = self.annotating.replay(change, undo)
        paper = self.library.get(change.pid) if self.library else None
        self.change(change.pid, undoable=False, every=True, **values)
        name = shown_title(paper, self.view(change.pid)) if paper else change.pid
        self.host.notify(f"{done}: {', '.join(fields)} of {one_line(name)}", timeout=4, markup=False)

