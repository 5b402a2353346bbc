"""The library screen's removing: the highlighted paper (`d`) or the whole filtered view (`D`) to the trash.

`Removing` is owned by the screen and shares the annotator's undo history, so
`u`/`U` walk back through ratings and removals alike. It asks first (a small
dialog with the count) when papers carry notes, highlights, a rating or tags, and always
for a whole view. Moves run one at a time, in the order asked, after the
saves under way have landed, off the UI thread; each that lands is announced
with `PapersMoved`, and the screen brings the list, the index and the pane up
to date.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.models import Paper, shown_title
from tui.core.render.text import one_line
from tui.core.store.history import Removal, UndoHistory
from tui.core.store.storage import PAPERS_FILE
from tui.core.words import plural
from tui.ui.error_line import error_line
from tui.ui.screens.confirm import ConfirmRemove
from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.ui.library.screen import LibraryScreen


@dataclass
class PapersMoved(Message):
    """Papers went to the trash (`restored` False) or came back from it; the library already shows it."""

    pids: tuple[str, ...]
    restored: bool


def neighbour(papers: Sequence[Paper], cursor: int, gone: set[str]) -> str | None:
    """The paper the cursor lands on once `gone` leave the list: the next one left, else the one before."""
    for i in range(max(cursor, 0), len(papers)):
        if papers[i].id not in gone:
            return papers[i].id
    for i in range(min(cursor, len(papers)) - 1, -1, -1):
        if papers[i].id not in gone:
            return papers[i].id
    return None


class Removing:
    """Removal of papers from one library screen, undoable through the shared history."""

    def __init__(self, screen: LibraryScreen, history: UndoHistory) -> None:
        self.screen = screen
        self.history = history
        self._jobs: deque[Callable[[], Coroutine[Any, Any, None]]] = deque()
        self._busy = False

    @property
    def _list(self) -> PaperList:
        return self.screen.query_one(PaperList)

    def _library(self) -> Library | None:
        """The library when papers may be removed from it; else None, after saying why not."""
        library = self.screen.library
        if library is None:
            return None
        if library.read_only:
            reason = one_line(library.notice or "the library is open read-only")
            self.screen.notify(f"Cannot remove papers: {reason}", title="Read-only", severity="warning", markup=False)
            return None
        return library

    # -- the keys -------------------------------------------------------------------

    def remove_highlighted(self) -> None:
        """`d`: the highlighted paper; asks first only when it carries notes, highlights, a rating or tags."""
        paper = self._list.current
        if paper is None or self._library() is None:
            return
        title = one_line(shown_title(paper, self.screen.annotator.view(paper.id)))
        self._ask([paper], f'"{title}"', always=False)

    def remove_view(self) -> None:
        """`D`: every paper of the list as filtered now; always asks, with the count."""
        papers = list(self._list.papers)
        if self._library() is None:
            return
        if not papers:
            self.screen.notify("No papers in this view to remove.", timeout=3, markup=False)
            return
        query = self.screen.filtering.text.strip()
        self._ask(papers, f"the view {query!r}" if query else "every paper", always=True)

    def _ask(self, papers: list[Paper], what: str, *, always: bool) -> None:
        view = self.screen.annotator.view
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

        self.screen.app.push_screen(ConfirmRemove(message), answered)

    def step(self, removal: Removal, undo: bool) -> None:
        """Undo (restore exactly these papers) or redo (remove them again) a removal from the history."""
        if self._library() is not None:
            self._queue(removal.pids, removal.what, restore=undo, record=False)

    # -- moving, one at a time --------------------------------------------------------

    def _queue(self, pids: tuple[str, ...], what: str, *, restore: bool, record: bool) -> None:
        self._jobs.append(lambda: self._move(pids, what, restore, record))
        self._next()

    def _next(self) -> None:
        if self._busy or not self._jobs:
            return
        self._busy = True
        self.screen.run_worker(self._jobs.popleft()(), group="remove", exit_on_error=False)

    async def _move(self, pids: tuple[str, ...], what: str, restore: bool, record: bool) -> None:
        """Let saves under way land (a rating just given goes to the trash with its paper), then move."""
        library = self.screen.library
        app = self.screen.app
        try:
            saving = [worker for worker in app.workers if worker.group == "save"]
            if saving:
                await app.workers.wait_for_complete(saving)
            assert library is not None
            filled = 0
            if restore:
                restored = await asyncio.to_thread(library.restore_papers, ids=pids)
                moved, filled = tuple(restored.added), len(restored.updated)
                if filled:  # papers imported again since their removal: filled in where they stand
                    self.screen.reload_papers()
            else:
                count = await asyncio.to_thread(library.remove_papers, pids, what)
                moved = pids if count else ()
        except (PaperdeskError, OSError) as exc:
            verb = "restored" if restore else "removed"
            app.notify(f"Not {verb}: {error_line(exc, library.folder / PAPERS_FILE if library else None)}", severity="error", timeout=10, markup=False)
        else:
            if record and moved:
                self.history.push_removal(moved, what)
            if moved:
                self.screen.post_message(PapersMoved(moved, restored=restore))
                them = "it" if len(moved) == 1 else "them"
                done = f"Restored {plural(len(moved))}." if restore else f"Removed {plural(len(moved))} to the trash; u brings {them} back."
                app.notify(done, timeout=4, markup=False)
            elif filled:
                app.notify(f"{plural(filled)} were in the library again: their notes and fields from the trash filled in.", timeout=6, markup=False)
            elif restore:
                app.notify("Nothing to restore: the trash no longer holds those papers.", severity="warning", markup=False)
        finally:
            self._busy = False
            self._next()
