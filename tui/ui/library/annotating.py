"""The library screen's annotating: keys to changes, changes to saves in workers, results to the screen.

`Annotator` is owned by the screen. All methods run on the UI thread except
`_write`, which runs in a (non-exclusive) thread worker and reports back with
`to_ui` (never blocking). A save that landed is announced with `AnnotationSaved`.
Its dialogs (tags, title, comment, highlights) are imported when first opened, not at start-up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.models import Annotation, Highlight, Paper, Status, shown_title
from tui.core.render.text import one_line
from tui.core.store.saver import AnnotationSaver, SaveRequest
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.store.tags import format_tags, known_tags, parse_tags
from tui.ui.error_line import error_line
from tui.ui.threads import to_ui
from tui.ui.widgets.notes import Notes
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.progress import ProgressLine
from tui.ui.widgets.reader import Reader

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.core.store.history import Change, StatusWalk, UndoHistory
    from tui.ui.library.screen import LibraryScreen


class AnnotationSaved(Message):
    """A change reached the disk; `annotation` is what the store now holds.

    A plain Message, not a dataclass (why: `tui.core.records`).
    """

    def __init__(self, annotation: Annotation) -> None:
        self.annotation = annotation
        super().__init__()


class Annotator:
    """Ratings, status, tags, titles, notes, highlights and undo for the papers of one screen."""

    def __init__(self, screen: LibraryScreen) -> None:
        self.screen = screen
        self.library: Library | None = None
        self.saver: AnnotationSaver | None = None

    @cached_property
    def history(self) -> UndoHistory:
        """The undo history, made at its first use (a change, `u`): store.history's dataclasses cost a start ~7 M
        instructions before the first frame, which changes nothing. Its other names are imported where used, likewise."""
        from tui.core.store.history import UndoHistory

        return UndoHistory()

    @cached_property
    def status_walk(self) -> StatusWalk:
        """Dates of statuses only passed through while cycling (made at the first change, as `history`)."""
        from tui.core.store.history import StatusWalk

        return StatusWalk()

    def attach(self, library: Library) -> None:
        """Start annotating `library` (called once it is open)."""
        self.library = library
        self.saver = AnnotationSaver(library)
        # Rows show a change at once, before its save lands.
        self.screen.query_one(PaperList).annotation_of = self.saver.view
        self.screen.query_one(Notes).read_only = library.read_only
        self.refresh_progress()

    def take_command_line_edits(self, library: Library) -> None:
        """Once the list is painted: edits made with `paperdesk rate/status/tag/note` since the last run
        become undoable here (read in a thread, which would otherwise compete with the first frame)."""
        if not library.read_only:
            self.screen.run_worker(partial(self._take_command_line_edits, library), thread=True, group="save", exit_on_error=False)

    def _take_command_line_edits(self, library: Library) -> None:
        """In a worker: edits made with `paperdesk rate/status/tag/note` since the last run become undoable here."""
        from tui.core.store.changelog import take_into
        from tui.core.store.history import UndoHistory  # lazy: see `history`

        found = UndoHistory()
        changes = take_into(found, library)
        if changes:
            to_ui(self.screen.app, self._add_to_history, changes)

    def _add_to_history(self, changes: list[Any]) -> None:
        for change in changes:
            self.history.push(change.pid, change.before, change.after)
        count = len(changes)
        self.screen.notify(f"{count} command-line edit{'s' if count > 1 else ''} can be undone with u.", timeout=5, markup=False)

    @property
    def _notes_path(self) -> object:
        return self.library.folder / ANNOTATIONS_FILE if self.library else None

    # -- what is shown ---------------------------------------------------------------

    @property
    def paper(self) -> Paper | None:
        """The highlighted paper, which every key acts on."""
        return self.screen.query_one(PaperList).current

    def view(self, pid: str) -> Annotation:
        """The paper's annotation including saves still on their way to disk."""
        assert self.saver is not None
        return self.saver.view(pid)

    def refresh(self, pid: str) -> None:
        """Redraw what depends on `pid`'s annotation: list markers, progress, and the pane."""
        self.screen.query_one(PaperList).refresh_rows()
        self.refresh_progress()
        paper = self.paper
        if paper is not None and paper.id == pid:
            self.screen.query_one(Reader).show_annotation(paper, self.view(pid))

    def refresh_progress(self) -> None:
        library = self.library
        if library is not None:
            notice = library.notice if library.read_only else None
            self.screen.query_one(ProgressLine).show(len(library.papers), library.annotations().values(), notice)

    # -- saving ------------------------------------------------------------------------

    def writable(self) -> bool:
        library = self.library
        if library is None:
            return False
        if library.read_only:
            message = one_line(library.notice or "The library is read-only")
            self.screen.notify(message, title="Read-only", severity="warning", markup=False)
            return False
        return True

    def change(self, pid: str, *, undoable: bool = True, **changes: Any) -> None:
        """Save `changes` to `pid` in a worker; the screen shows them at once."""
        if self.saver is None or not self.writable():
            return
        current = self.view(pid)
        if "status" not in changes and "opened" not in changes:
            self.status_walk.end()
        if "opened" not in changes:
            changes = {k: v for k, v in changes.items() if _stored(getattr(current, k)) != _stored(v)}
        if not changes:
            return
        from tui.core.store.history import previous_values  # lazy: see `history`

        before = previous_values(current, changes) if undoable else {}
        request = self.saver.request(pid, **changes)
        self.refresh(pid)
        self.screen.run_worker(partial(self._write, request, before), thread=True, group="save", exit_on_error=False)

    def _write(self, request: SaveRequest, before: dict[str, Any]) -> None:
        """In a worker thread: write, then report back to the UI thread."""
        assert self.saver is not None
        try:
            stored = self.saver.write(request)
        except (PaperdeskError, OSError, ValueError) as exc:
            to_ui(self.screen.app, self._failed, request, exc)
        else:
            to_ui(self.screen.app, self._saved, request, before, stored)

    def _saved(self, request: SaveRequest, before: dict[str, Any], stored: Annotation) -> None:
        from tui.core.store.history import previous_values  # lazy: see `history`

        assert self.saver is not None
        self.saver.settle(request)
        self.history.push(request.pid, before, previous_values(stored, before))
        if "notes" in request.changes:
            self.screen.query_one(Notes).mark_saved(request.pid, request.changes["notes"])
        self.refresh(request.pid)
        self.screen.post_message(AnnotationSaved(stored))

    def _failed(self, request: SaveRequest, exc: BaseException) -> None:
        assert self.saver is not None
        self.saver.settle(request)
        what = "notes" if "notes" in request.changes else ", ".join(request.changes)
        message = f"Not saved ({what}): {error_line(exc, self._notes_path)}"
        self.screen.notify(message, severity="error", timeout=10, markup=False)
        if "notes" in request.changes:
            self.screen.query_one(Notes).mark_failed(request.pid, request.changes["notes"])
        self.refresh(request.pid)

    def flush_notes(self) -> list[str]:
        """Save every unsaved note now, on this thread (quitting, signals); return the errors."""
        errors: list[str] = []
        if self.saver is None:
            return errors
        notes = self.screen.query_one(Notes)
        for pid, text in notes.unsaved().items():
            try:
                self.saver.save_now(pid, notes=text)
            except (PaperdeskError, OSError) as exc:
                errors.append(error_line(exc, self._notes_path))
            else:
                notes.mark_saved(pid, text)
        return errors

    # -- the keys ----------------------------------------------------------------------

    def rate(self, stars: int) -> None:
        if (paper := self.paper) is not None:
            self.change(paper.id, rating=stars)

    def cycle_status(self, step: int) -> None:
        from tui.core.store.history import cycle_status  # lazy: see `history`

        if (paper := self.paper) is not None:
            self.set_status(paper.id, cycle_status(self.view(paper.id).status, step))

    def mark_read(self) -> None:
        if (paper := self.paper) is not None:
            self.set_status(paper.id, Status.READ)

    def set_status(self, pid: str, status: Status) -> None:
        """Give `pid` `status`; dates are recorded only for the status it is left in (see StatusWalk)."""
        self.change(pid, **self.status_walk.step(self.view(pid), status, time.monotonic()))

    def record_opened(self, paper: Paper) -> None:
        """Note the day a paper was first opened (never its status)."""
        if self.library is not None and not self.library.read_only and not self.view(paper.id).opened:
            self.change(paper.id, undoable=False, opened=True)

    def edit_notes(self) -> None:
        if self.paper is not None and self.writable():
            self.screen.query_one(Notes).edit()

    def save_notes(self, pid: str, text: str) -> None:
        self.change(pid, undoable=False, notes=text)

    def edit_tags(self) -> None:
        paper = self.paper
        if paper is None or self.library is None or not self.writable():
            return
        from tui.ui.screens.tag_dialog import TagDialog  # dialogs: imported when first opened, never before the first frame

        ann = self.view(paper.id)
        known = known_tags(self.library.annotations().values())
        dialog = TagDialog(shown_title(paper, ann), format_tags(ann.tags), known)
        self.screen.app.push_screen(dialog, partial(self._retag, paper))

    def _retag(self, paper: Paper, line: str | None) -> None:
        if line is not None:
            self.change(paper.id, tags=parse_tags(line))

    def rename(self) -> None:
        paper = self.paper
        if paper is None or not self.writable():
            return
        from tui.ui.screens.title_dialog import TitleDialog

        ann = self.view(paper.id)
        dialog = TitleDialog(shown_title(paper, ann), paper.shown_title)
        self.screen.app.push_screen(dialog, partial(self._retitle, paper))

    def _retitle(self, paper: Paper, title: str | None) -> None:
        if title is not None:
            self.change(paper.id, title="" if title == paper.shown_title else title)

    def can_highlight(self) -> bool:
        """A paper is shown and the library can be written (else says why)."""
        return self.paper is not None and self.writable()

    def keep_highlight(self, pid: str, highlight: Highlight) -> None:
        """Ask for the new highlight's comment, then save it (Esc in the dialog keeps nothing)."""
        paper = self.library.get(pid) if self.library else None
        if paper is not None:
            from tui.ui.library.highlighting import PaperHighlights
            from tui.ui.screens.comment_dialog import CommentDialog

            highlights = PaperHighlights(self, paper, lambda _: None, lambda: None)
            dialog = CommentDialog(highlight.text)
            self.screen.app.push_screen(dialog, lambda comment: None if comment is None else highlights.add(highlight, comment))

    def list_highlights(self, show: Callable[[Highlight], None], undo: Callable[[], None]) -> None:
        """`H`: the paper's highlights to show, comment on or delete (`undo`: the screen's `u`)."""
        paper = self.paper
        if paper is None:
            return
        if not self.view(paper.id).highlights:
            self.screen.notify("No highlights on this paper: h starts one in the reading pane.", timeout=4)
            return
        if self.writable():
            from tui.ui.library.highlighting import PaperHighlights
            from tui.ui.screens.highlights_dialog import HighlightsDialog

            self.screen.app.push_screen(HighlightsDialog(shown_title(paper, self.view(paper.id)), PaperHighlights(self, paper, show, undo)))

    def step(self, change: Change | None, undo: bool) -> None:
        """Undo (restore `before`) or redo (apply `after`) an entry of the history, not itself recorded; say what changed.

        The screen takes the entry from the history (`history.undo()`/`redo()`) and
        hands removals to its `Removing`; changes of annotations come here.
        """
        done, nothing = ("Undone", "Nothing to undo") if undo else ("Redone", "Nothing to redo")
        if change is None:
            self.screen.notify(nothing, timeout=3)
            return
        from tui.core.store.history import UNDOABLE_FIELDS  # lazy: see `history`

        self.status_walk.end()
        values = change.before if undo else change.after
        paper = self.library.get(change.pid) if self.library else None
        self.change(change.pid, undoable=False, **values)
        name = shown_title(paper, self.view(change.pid)) if paper else change.pid
        fields = [f for f in values if f in UNDOABLE_FIELDS]
        self.screen.notify(f"{done}: {', '.join(fields)} of {one_line(name)}", timeout=4, markup=False)


def _stored(value: Any) -> Any:
    """Compare values the way they are stored (enum by value, sequences as tuples)."""
    if isinstance(value, Status):
        return value.value
    if isinstance(value, list):
        return tuple(value)
    return value
