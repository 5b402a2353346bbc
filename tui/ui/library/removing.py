"""The library screen's removing: the highlighted paper (`d`) or the whole filtered view (`D`) to the trash.

`Removing` is made by the screen, at the first `d`, with the annotator (whose
one undo history it shares, so `u`/`U` walk back through ratings and removals
alike); the list, the filter's text and the library come from the screen's
`PartContext`. It asks first
(a small dialog with the count) when papers carry notes, highlights, a rating or
tags, and always for a whole view. Moves run one at a time, in the order asked,
after the saves under way have landed, off the UI thread; each that lands is
announced with `PapersMoved`, and the parts bring the list, the index and the
pane up to date.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.models import Paper, shown_title
from tui.core.render.text import one_line
from tui.core.usecases.open import papers_path
from tui.core.words import plural
from tui.ui.error_line import error_line
from tui.ui.screens.confirm import ConfirmRemove
from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.worker import Worker

    from tui.core.library import Library
    from tui.core.usecases.annotate import Annotating, Removal
    from tui.ui.library.context import PartContext
    from tui.ui.library.write_order import WriteOrder


@dataclass
class PapersMoved(Message):
    """Papers went to the trash (`restored` False) or came back from it; the library already shows it.

    `filled`: papers a restore found in the library again (imported since) and filled in where they
    stand, rather than bringing them back: the list shows the library's papers again.
    """

    pids: tuple[str, ...]
    restored: bool
    filled: int = 0


def neighbour(papers: Sequence[Paper], cursor: int, gone: set[str]) -> str | None:
    """The paper the cursor lands on once `gone` leave the list: the next one left, else the one before."""
    for i in range(max(cursor, 0), len(papers)):
        if papers[i].id not in gone:
            return papers[i].id
    for i in range(min(cursor, len(papers)) - 1, -1, -1):
        if papers[i].id not in gone:
            return papers[i].id
    return None


class Annotations(Protocol):
    """What removing asks of the annotator: the one history (and annotations as they will be), and the moves not landed."""

    annotating: Annotating
    writes: WriteOrder


class Removing:
    """Removal of papers from one library screen, undoable through the shared history."""

    def __init__(self, context: PartContext, annotator: Annotations) -> None:
        """The screen (`host`) runs the moves and asks; the filter's text is the view `D` names; `writes` holds the moves
        not yet landed, which the annotator's saves asked after them wait for."""
        self.host: Screen = context.host
        self._list: PaperList = context.papers
        box = context.box
        self.query: Callable[[], str] = lambda: box.value
        self.library: Callable[[], Library | None] = context.library
        self.annotating, self.writes = annotator.annotating, annotator.writes
        self._jobs: deque[Callable[[], Coroutine[Any, Any, None]]] = deque()
        self._busy = False

    def _library(self) -> Library | None:
        """The library when papers may be removed from it; else None, after saying why not."""
        library = self.library()
        if library is None:
            return None
        if library.read_only:
            reason = one_line(library.notice or "the library is open read-only")
            self.host.notify(f"Cannot remove papers: {reason}", title="Read-only", severity="warning", markup=False)
            return None
        return library

    # -- the keys -------------------------------------------------------------------

    def action_remove_paper(self) -> None:
        """`d`: the highlighted paper; asks first only when it carries notes, highlights, a rating or tags."""
        paper = self._list.current
        if paper is None or self._library() is None:
            return
        title = one_line(shown_title(paper, self.annotating.view(paper.id)))
        self._ask([paper], f'"{title}"', always=False)

    def action_remove_view(self) -> None:
        """`D`: every paper of the list as filtered now; always asks, with the count."""
        papers = list(self._list.papers)
        if self._library() is None:
            return
        if not papers:
            self.host.notify("No papers in this view to remove.", timeout=3, markup=False)
            return
        query = self.query().strip()
        self._ask(papers, f"the view {query!r}" if query else "every paper", always=True)

    def _ask(self, papers: list[Paper], what: str, *, always: bool) -> None:
        view = self.annotating.view
        annotated = sum(view(p.id).carries_work for p in papers)
        pids = tuple(p.id for p in papers)
        if not (annotated or always):
            self._queue(pids, what, restore=False, record=True)
            return
        one = len(papers) == 1
        if one:
            message = f"Remove {what}? It has notes, highlights, a rating or tags; it goes to the trash, u brings it back."
        else:
            where = "go to the trash, u brings them back."
            carrying = f"{annotated} {'has' if annotated == 1 else 'have'} notes, highlights, a rating or tags; they" if annotated else "They"
            message = f"Remove {plural(len(papers))} ({what})? {carrying} {where}"

        def answered(yes: bool | None) -> None:
            if yes:
                self._queue(pids, what, restore=False, record=True)

        self.host.app.push_screen(ConfirmRemove(message), answered)

    def step(self, removal: Removal, undo: bool) -> None:
        """Undo (restore exactly these papers) or redo (remove them again) a removal from the history."""
        if self._library() is not None:
            self._queue(removal.pids, removal.what, restore=undo, record=False)

    # -- moving, one at a time --------------------------------------------------------

    def _queue(self, pids: tuple[str, ...], what: str, *, restore: bool, record: bool) -> None:
        """Queue a move; a removal asked for now (`record`) goes on the history now, in the order of the keys."""
        entry = self.annotating.removed(pids, what) if record else None
        saving = [worker for worker in self.host.app.workers if worker.group == "save"]  # asked before this move
        landed = self.writes.move_asked()
        self._jobs.append(lambda: self._move(pids, what, restore, entry, saving, landed))
        self._next()

    def _next(self) -> None:
        if self._busy or not self._jobs:
            return
        self._busy = True
        self.host.run_worker(self._jobs.popleft()(), group="remove", exit_on_error=False)

    async def _move(
        self, pids: tuple[str, ...], what: str, restore: bool, entry: Removal | None, saving: list[Worker[Any]], landed: asyncio.Event
    ) -> None:
        """Let the saves asked before the move land (a rating just given goes to the trash with its paper), then move;
        saves asked after it wait for `landed` (`WriteOrder`). `entry`: the removal's step in the history, dropped when
        nothing moved."""
        library = self.library()
        app = self.host.app
        try:
            if saving:
                await app.workers.wait_for_complete(saving)
            assert library is not None
            filled = 0
            if restore:
                restored = await asyncio.to_thread(library.restore_papers, ids=pids)
                moved, filled = tuple(restored.added), len(restored.updated)
            else:
                count = await asyncio.to_thread(library.remove_papers, pids, what)
                moved = pids if count else ()
        except (PaperdeskError, OSError) as exc:
            self.annotating.forget(entry)
            verb = "restored" if restore else "removed"
            app.notify(f"Not {verb}: {error_line(exc, papers_path(library.folder) if library else None)}", severity="error", timeout=10, markup=False)
        else:
            if not moved:
                self.annotating.forget(entry)
            if moved or filled:  # filled: papers imported again since their removal, filled in where they stand
                self.host.post_message(PapersMoved(moved, restored=restore, filled=filled))
            if moved:
                them = "it" if len(moved) == 1 else "them"
                done = f"Restored {plural(len(moved))}." if restore else f"Removed {plural(len(moved))} to the trash; u brings {them} back."
                app.notify(done, timeout=4, markup=False)
            elif filled:
                app.notify(f"{plural(filled)} were in the library again: their notes and fields from the trash filled in.", timeout=6, markup=False)
            elif restore:
                app.notify("Nothing to restore: the trash no longer holds those papers.", severity="warning", markup=False)
        finally:
            self.writes.move_done(landed)
            self._busy = False
            self._next()
