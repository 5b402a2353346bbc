"""Pick up where you left off: the saved session restored when the library opens, and taken when the app quits.

The selected paper, the filter, the sort, the layout (with focus mode), the
list's scroll and the triage pass come back per library (tui/core/store/session.py).
A restored filter or sort needs the search index, which is built in a thread;
until its ranking is on screen the app's key gate holds the keys typed since
launch, so they act on the restored list, not on a list about to change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from tui.core.render.text import one_line
from tui.core.resuming import Session
from tui.ui.widgets.filter_bar import FilterInput
from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from textual.timer import Timer

    from tui.core.library import Library
    from tui.core.search.index import SearchResult
    from tui.ui.library.screen import LibraryScreen

#: Keys wait at most this long for a restored filter's first ranking (a slow index build).
WAIT_AT_MOST = 10.0


class Resume:
    """Restores one screen's session, and says what to save."""

    def __init__(self, screen: LibraryScreen) -> None:
        self.screen = screen
        self.waiting = False
        """Keys are held until the restored filter's ranking is shown."""
        self._scroll = 0
        self._timer: Timer | None = None

    def restore(self, library: Library, session: Session) -> None:
        """Show `library`'s papers as the session left them; keys go on once the list is final."""
        screen = self.screen
        panes, filtering = screen.panes, screen.filtering
        if session.layout_setting == screen.desk.settings.layout:  # an edited setting wins over the saved layout
            panes.mode = session.layout
        panes.focus_mode = session.focus_mode
        panes.apply()
        screen.triage.walk = session.triage
        query = one_line(session.query)  # stored text is data: no control character reaches the terminal raw
        if query:  # the query rules load only for a saved filter: none before the first frame otherwise
            from tui.core.search.query import QueryError, parse_query

            try:
                parse_query(query)
            except QueryError:
                query = ""
        filtering.sort = session.sort
        paper_list = screen.query_one(PaperList)
        paper_list.set_papers(library.papers, keep=session.selected)
        if query:
            box = screen.query_one(FilterInput)
            with box.prevent(Input.Changed):  # one ranking, once the index is ready: no late one moving the cursor back
                box.value = query
            box.cursor_position = len(query)
        screen.set_focus(panes.home())
        self._scroll = session.scroll
        if filtering.active:
            filtering.keep_next = session.selected
            self.waiting = True
            self._timer = screen.set_timer(WAIT_AT_MOST, self._done)
        else:
            self._done()

    def ranked(self, result: SearchResult | None) -> None:
        """A ranking was shown: the restored one ends the wait."""
        filtering = self.screen.filtering
        if self.waiting and result is not None and result.query.text == filtering.text and result.sort == filtering.sort:
            self._done()

    def _done(self) -> None:
        self.waiting = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        paper_list = self.screen.query_one(PaperList)
        scroll = self._scroll
        paper_list.call_after_refresh(paper_list.restore_scroll, scroll)
        # After the frame that shows the list, once the pane shows its paper (the screen's `_list_painted`
        # comes first): a key acting on the pane's paper (n, h) finds it there.
        self.screen.call_after_refresh(self.screen.desk.key_gate.open)

    def current(self) -> Session:
        """What to restore next time: the view as it is (as it will be after a triage pass on screen)."""
        screen = self.screen
        triage, paper_list = screen.triage, screen.query_one(PaperList)
        if triage.active and triage.walk is not None:
            selected, focus_mode, scroll = triage.walk.last_shown(), triage.focus_mode_before, triage.scroll_before
        else:
            paper = paper_list.current
            selected, focus_mode, scroll = (paper.id if paper else None), screen.panes.focus_mode, paper_list.scroll_offset.y
        return Session(
            selected=selected,
            query=screen.filtering.text,
            sort=screen.filtering.sort,
            layout=screen.panes.mode,
            layout_setting=screen.desk.settings.layout,
            focus_mode=focus_mode,
            scroll=scroll,
            triage=triage.walk,
        )
