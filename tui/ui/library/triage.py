"""The library screen's triage pass: the unread papers of the view, one at a time, a key to decide each.

`T` fixes the list of papers to walk (the view's unread papers, in the
view's order) so deciding never reshuffles it, then shows them one by one in
focus layout with the triage bar focused: `r` read later (to-read) and `x`
skip (skipped) decide and move on, `space` moves on without deciding, 1-5
rate without moving (a rating alone is not a decision), `n` writes a note
(Esc comes back), `u` undoes the last change and goes back to its paper.
Esc leaves; `T` on a view with the same filter (however written, in any sort
order) resumes where it stopped (across restarts too: the pass is part of the
saved session); on another view it starts a new pass and says the old one is dropped.

While a pass is on, the (hidden) paper list holds the pass's papers, so every
key that acts on "the highlighted paper" acts on the one shown; the
filter's rankings are held back and shown when the pass ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tui.core.models import Annotation, Paper, Status
from tui.core.usecases.resume import TriagePass, resumes

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.core.usecases.annotate import Change
    from tui.ui.library.annotating import AnnotationSaved
    from tui.ui.library.context import PartContext
    from tui.ui.library.layout import Panes
    from tui.ui.library.removing import PapersMoved
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.triage_bar import TriageBar


class Decisions(Protocol):
    """What a pass asks of the annotator: statuses as they will be, a status to give, a paper opened."""

    @property
    def attached(self) -> bool: ...

    def writable(self, typing: str | None = None) -> bool: ...

    def view(self, pid: str) -> Annotation: ...

    def set_status(self, pid: str, status: Status) -> None: ...

    def record_opened(self, paper: Paper) -> None: ...


class View(Protocol):
    """What a pass asks of the filtering: the view it walks (query and sort), caught up, then held back until it ends."""

    sort: str
    held: bool

    @property
    def text(self) -> str: ...

    def catch_up(self) -> None: ...

    def release(self, keep: str | None) -> None: ...

#: Library-screen actions that would change the view or move focus away while a pass is on.
BLOCKED = frozenset({
    "focus_filter", "clear_filter", "cycle_sort", "sort_by", "save_view", "focus_mode", "step_paper",
    "remove_paper", "remove_view", "export", "mark_read", "triage",
})


class Triage:
    """One triage pass at a time for the papers of one screen."""

    def __init__(self, context: PartContext, decisions: Decisions, view: View, panes: Panes, undo: Callable[[], Change | None]) -> None:
        """The screen (`host`) takes focus and says when a pass is done; the list holds the pass's papers, the triage bar
        its keys. `undo()` undoes the last change of the one history (`History.step`) and returns it."""
        self.host: Screen = context.host
        self._list: PaperList = context.papers
        self.bar: TriageBar = context.triage_bar
        self.library: Callable[[], Library | None] = context.library
        self.library_ready = context.library_ready
        self.decisions, self.view, self.panes, self.undo = decisions, view, panes, undo
        self.walk: TriagePass | None = None
        """The pass under way (kept after Esc, to resume), or None."""
        self.active = False
        """The pass is on screen and its keys are live."""
        self.focus_mode_before = False
        self.scroll_before = 0

    def action_triage(self) -> None:
        """`T`: a pass over this view's unread papers (or the one stopped on this view, resumed)."""
        if self.library_ready() is not None:
            self.start()

    def start(self) -> None:
        """`T`: resume the pass of this view, or start one over its unread papers."""
        library, annotator, view, panes = self.library(), self.decisions, self.view, self.panes
        if library is None or not annotator.attached or self.active or not annotator.writable():
            return
        view.catch_up()
        query, sort = view.text.strip(), view.sort
        walk = self.walk
        if walk is not None:
            walk.keep_only({pid for pid in walk.ids if library.get(pid) is not None})
        if walk is None or not resumes(walk, query):
            ids = [p.id for p in self._list.papers if annotator.view(p.id).status is Status.UNREAD]
            if not ids:
                self.host.notify("No unread papers in this view to triage.", timeout=4, markup=False)
                return
            if walk is not None and not walk.finished:  # its progress is dropped: say so, not silently
                was = f"`{walk.query}`" if walk.query else "every paper"
                self.host.notify(f"A new triage pass for this view: the unfinished one over {was} is dropped.", timeout=6, markup=False)
            walk = TriagePass(ids, 0, query, sort)
        elif walk.sort != sort:
            self.host.notify("Triage resumed where you stopped, in the order the pass started with.", timeout=4, markup=False)
        self.walk = walk
        self.active = True
        self.focus_mode_before = panes.focus_mode
        self.scroll_before = self._list.scroll_offset.y
        view.held = True
        panes.triage = panes.focus_mode = True
        panes.apply()
        papers = [p for p in (library.get(pid) for pid in walk.ids) if p is not None]
        self._list.set_papers(papers, keep=walk.current)
        self.host.set_focus(self.bar)
        self._shown()

    def _shown(self) -> None:
        """The pass's paper is on screen: update the bar, and note that the paper was opened."""
        walk = self.walk
        if walk is None or not self.active:
            return
        paper: Paper | None = self._list.current
        if paper is not None:
            self.decisions.record_opened(paper)
        self.refresh_bar()

    def on_annotation_saved(self, message: AnnotationSaved) -> None:
        self.refresh_bar()

    def on_papers_moved(self, message: PapersMoved) -> None:
        """The list shows the view again before papers leave or come back."""
        if self.library() is not None and message.pids:
            self.leave()

    def refresh_bar(self) -> None:
        walk = self.walk
        if walk is None or not self.active:
            return
        view = self.decisions.view
        triaged = sum(1 for pid in walk.ids if view(pid).status is not Status.UNREAD)
        self.bar.show_progress(triaged, len(walk.ids), min(walk.at + 1, len(walk.ids)))

    def action_triage_read_later(self) -> None:
        self.decide(Status.TO_READ)

    def action_triage_skip(self) -> None:
        self.decide(Status.SKIPPED)

    def decide(self, status: Status) -> None:
        """`r` / `x`: give the paper shown `status`, then the next one."""
        walk = self.walk
        if walk is None or not self.active or walk.current is None:
            return
        self.decisions.set_status(walk.current, status)
        self.action_triage_next()

    def action_triage_undo(self) -> None:
        """`u` in a pass: undo as everywhere; a paper of the pass whose change is undone comes back on screen."""
        change = self.undo()
        self.undone(change.pid if change is not None else None)

    def action_triage_next(self) -> None:
        """`space` (and after a decision): the next paper; past the last one the pass is done."""
        walk = self.walk
        if walk is None or not self.active:
            return
        walk.advance()
        if walk.finished:
            self.finish()
            return
        self._list.cursor = walk.at
        self._shown()

    def undone(self, pid: str | None) -> None:
        """An undo changed `pid` back: a paper of the pass comes back on screen, to be decided again."""
        walk = self.walk
        if pid is not None and walk is not None and self.active and walk.go_to(pid):
            self._list.cursor = walk.at
            self._shown()
        self.refresh_bar()

    def finish(self) -> None:
        walk = self.walk
        assert walk is not None
        view = self.decisions.view
        triaged = sum(1 for pid in walk.ids if view(pid).status is not Status.UNREAD)
        self.leave()
        self.walk = None
        self.host.notify(f"Triage done: {triaged} / {len(walk.ids)} triaged.", timeout=5, markup=False)

    def leave(self) -> None:
        """Esc: back to the view, its list on the paper the pass stopped at (the pass is kept for `T`)."""
        if not self.active:
            return
        panes = self.panes
        self.active = False
        panes.triage = False
        panes.focus_mode = self.focus_mode_before
        panes.apply()
        self.view.release(self.walk.last_shown() if self.walk else None)
        paper_list = self._list
        paper_list.call_after_refresh(paper_list.restore_scroll, self.scroll_before)  # shown again: as it was, cursor in view
        self.host.set_focus(panes.home())

    action_triage_leave = leave

    def allows(self, action: str) -> bool:
        """Whether a library-screen action may run now (not those that change the view during a pass)."""
        return not self.active or action not in BLOCKED
