"""Pick up where you left off: the saved session restored when the library opens, and taken when the app quits.

The selected paper, the filter, the sort, the layout (with focus mode), the
list's scroll, the triage pass and the folders the last exports went to come
back per library (tui/core/store/session.py).
A restored filter or sort needs the search index, which is built in a thread;
until its ranking is on screen the app's key gate holds the keys typed since
launch, so they act on the restored list, not on a list about to change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from textual.widgets import Input

from tui.core.render.text import one_line
from tui.core.usecases.resume import ExportPlaces, Session, TriagePass

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.timer import Timer

    from tui.core.library import Library
    from tui.ui.library.context import PartContext
    from tui.ui.library.filtering import Ranked
    from tui.ui.library.layout import Panes
    from tui.ui.widgets.filter_bar import FilterInput
    from tui.ui.widgets.paper_list import PaperList


class Order(Protocol):
    """What the session restores of the filtering, and reads back: the sort, the paper a first ranking keeps."""

    sort: str
    keep_next: str | None

    @property
    def text(self) -> str: ...

    @property
    def active(self) -> bool: ...


class Pass(Protocol):
    """What the session restores of the triage, and reads back: the pass, and the view as it was before it."""

    walk: TriagePass | None
    active: bool
    focus_mode_before: bool
    scroll_before: int

#: Keys wait at most this long for a restored filter's first ranking (a slow index build).
WAIT_AT_MOST = 10.0


class Resume:
    """Restores one screen's session, and says what to save."""

    def __init__(self, context: PartContext, panes: Panes, order: Order, triage: Pass) -> None:
        """The screen (`host`) takes focus and runs the wait's timer; the key gate's `open` hands out the keys typed since
        launch; the layout setting is kept (an edited setting wins over the saved layout)."""
        self.host: Screen = context.host
        self.papers: PaperList = context.papers
        self.box: FilterInput = context.box
        self.panes, self.order, self.triage = panes, order, triage
        self.open_keys: Callable[[], None] = context.key_gate.open
        self.layout_setting: str = context.settings.layout
        self.for_me_on: bool = context.settings.for_me
        """The "for me" sort is on in the settings: a session saved with it restores it, else relevance."""
        self.waiting = False
        """Keys are held until the restored filter's ranking is shown."""
        self.exports = ExportPlaces()
        """Where the last exports went: the export dialog offers them again (kept for the next launch)."""
        self._scroll = 0
        self._timer: Timer | None = None

    def restore(self, library: Library, session: Session) -> None:
        """Show `library`'s papers as the session left them; keys go on once the list is final."""
        panes, filtering = self.panes, self.order
        if session.layout_setting == self.layout_setting:  # an edited setting wins over the saved layout
            panes.mode = session.layout
        panes.focus_mode = session.focus_mode
        self.exports = session.exports
        panes.apply()
        self.triage.walk = session.triage
        query = one_line(session.query)  # stored text is data: no control character reaches the terminal raw
        if query:  # the query rules load only for a saved filter: none before the first frame otherwise
            from tui.core.search.query import QueryError, parse_query

            try:
                parse_query(query)
            except QueryError:
                query = ""
        filtering.sort = session.sort if session.sort != "for-me" or self.for_me_on else "relevance"
        paper_list = self.papers
        paper_list.set_papers(library.papers, keep=session.selected)
        if query:
            box = self.box
            with box.prevent(Input.Changed):  # one ranking, once the index is ready: no late one moving the cursor back
                box.value = query
            box.cursor_position = len(query)
        self.host.set_focus(panes.home())
        self._scroll = session.scroll
        if filtering.active:
            filtering.keep_next = session.selected
            self.waiting = True
            self._timer = self.host.set_timer(WAIT_AT_MOST, self._done)
        else:
            self._done()

    def on_ranked(self, message: Ranked) -> None:
        """A ranking was shown: the restored one ends the wait."""
        result, filtering = message.result, self.order
        if self.waiting and result is not None and result.query.text == filtering.text and result.sort == filtering.sort:
            self._done()

    def _done(self) -> None:
        self.waiting = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        paper_list = self.papers
        scroll = self._scroll
        paper_list.call_after_refresh(paper_list.restore_scroll, scroll)
        # After the frame that shows the list, once the pane shows its paper (the screen's `_list_painted`
        # comes first): a key acting on the pane's paper (n, h) finds it there.
        self.host.call_after_refresh(self.open_keys)

    def current(self) -> Session:
        """What to restore next time: the view as it is (as it will be after a triage pass on screen)."""
        triage, paper_list = self.triage, self.papers
        if triage.active and triage.walk is not None:
            selected, focus_mode, scroll = triage.walk.last_shown(), triage.focus_mode_before, triage.scroll_before
        else:
            paper = paper_list.current
            selected, focus_mode, scroll = (paper.id if paper else None), self.panes.focus_mode, paper_list.scroll_offset.y
        return Session(
            selected=selected,
            query=self.order.text,
            sort=self.order.sort,
            layout=self.panes.mode,
            layout_setting=self.layout_setting,
            focus_mode=focus_mode,
            scroll=scroll,
            triage=triage.walk,
            exports=self.exports,
        )
