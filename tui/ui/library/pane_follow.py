"""The reading pane follows the list's highlight: at once, or, while typing in the filter box, once the typing pauses.

At start-up the pane waits for the list's first frame: the list is what a
start is for, and drawing an abstract (LaTeX, a derived title's source
sentence) imports and lays out more than the list does. It then waits
`FIRST_AFTER` more, so that a filter typed at once is not slowed by it: keys
typed in the box then hold the first draw until the filter's ranking is
shown (the index is still loading), as typing holds the pane anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from tui.core.models import Paper
from tui.ui.widgets.filter_bar import FilterInput

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.core.search.index import SearchIndex
    from tui.ui.library.context import PartContext
    from tui.ui.library.filtering import Ranked
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.reader import Reader


class Ranking(Protocol):
    """What the pane asks of the filtering: whether a ranking is coming, and the words to mark."""

    @property
    def index(self) -> SearchIndex | None: ...

    @property
    def active(self) -> bool: ...

    @property
    def matches_nothing(self) -> bool: ...

    def highlights_for(self, paper: Paper | None) -> Sequence[str]: ...

#: While typing in the filter box, the pane shows the best match once keys pause this long (seconds).
PANE_AFTER = 0.1
#: After the list's first frame, the pane's first draw waits this long for keys typed at once (seconds).
FIRST_AFTER = 0.05
#: ... and, while keys typed meanwhile are still being handled, looks again this often (seconds).
KEYS_FIRST = 0.01


class PaneFollow:
    """When the reading pane of a library screen shows the list's highlighted paper.

    Each key typed in the box re-ranks, and laying out an abstract and the
    notes for every key's best match would take much of each key's work,
    slowing the list itself (the part that answers the key). So while the box has
    focus, the pane shows the highlighted paper once no key has moved it for
    `PANE_AFTER`. Keys typed in the box cannot act on the pane's paper; the
    screen calls `catch_up` when the box loses focus (Enter, down, Esc, a
    click), so the pane is up to date before the next key acts.
    """

    def __init__(self, context: PartContext, ranking: Ranking) -> None:
        """The screen (`host`) runs the timers and knows what has focus; the position line beside the pane follows the
        highlight too; the key gate says whether keys are read and not yet handed out."""
        self.host: Screen = context.host
        self.papers: PaperList = context.papers
        self.reader: Reader = context.reader
        self.box: FilterInput = context.box
        self.position = context.position_line
        self.ranking = ranking
        self.library: Callable[[], Library | None] = context.library
        gate = context.key_gate
        self.keys_pending: Callable[[], bool] = lambda: gate.pending
        self.due = False
        """The highlight moved while typing: the pane shows it when the typing pauses."""
        self._at = 0.0
        self._armed = False
        """A `_when_paused` timer is pending."""
        self.before_first_frame = True
        """The list has not been painted yet: the pane shows its paper once it is (`list_painted`)."""
        self.first_pending = False
        """The first draw after the list's first frame is waiting (`FIRST_AFTER`, keys typed at once)."""
        self._first: str | None = None
        """The paper highlighted when the list was first painted."""

    def on_paper_list_highlighted(self, message: PaperList.Highlighted) -> None:
        """The list's highlight moved: the pane follows (once keys pause, while typing in the box), the position line at once."""
        self.highlighted(typing=isinstance(self.host.focused, FilterInput))  # typing: once keys pause
        paper_list = self.papers
        self.position.show_position(paper_list.cursor if message.paper else None, len(paper_list.papers))

    def highlighted(self, typing: bool) -> None:
        """The list's highlight moved; `typing`: the filter box has focus."""
        if self.before_first_frame or (self.first_pending and not typing and self._current() == self._first):
            self.due = True  # the first draw (`list_painted`) shows it; a move to another paper shows that now
            return
        if not typing:
            self.show()
            return
        self.due = True
        self._arm(PANE_AFTER)

    def _arm(self, delay: float) -> None:
        self._at = time.monotonic() + delay
        if not self._armed:
            self._armed = True
            self.host.set_timer(delay, self._when_paused)

    def _when_paused(self) -> None:
        self._armed = False
        if not self.due:
            return
        wait = self._at - time.monotonic()
        if wait > 0.005:  # another key since: wait for the pause
            self._arm(wait)
            return
        if self.first_pending and self.keys_pending():
            self._arm(KEYS_FIRST)  # keys typed at once go first: each decides (`before_key`)
            return
        ranking = self.ranking
        if ranking.index is None and (ranking.active or self.host.focused is self.box):
            return  # a filter is being typed and the list is about to be ranked: `ranked` brings the pane then
        self.show()

    def list_painted(self) -> None:
        """The list's first frame is on screen: the pane shows the highlighted paper unless keys come at once."""
        self.before_first_frame = False
        self.due = self.first_pending = True
        self._first = self._current()
        self._arm(FIRST_AFTER)

    def before_key(self, key: str) -> None:
        """A key is about to be handled. While the first draw waits, one that types in the filter box (or
        opens it) holds it; any other draws the pane first, so a key acting on the pane's paper (n, h) finds it there."""
        if not self.first_pending:
            return
        binding = self.host.active_bindings.get(key)
        opens_box = binding is not None and binding.binding.action == "focus_filter"
        self.first_pending = opens_box or self.host.focused is self.box
        if not self.first_pending:
            self.catch_up()

    def on_ranked(self, message: Ranked) -> None:
        """A ranking is shown (or the index is ready): a draw that waited for it comes once keys pause."""
        if self.due and not self.before_first_frame and not self._armed:
            self._arm(PANE_AFTER)

    def catch_up(self) -> None:
        """Show the highlighted paper now if the pane lags behind the list (once the list has been painted)."""
        if self.due and not self.before_first_frame:
            self.show()

    def _current(self) -> str | None:
        paper = self.papers.current
        return paper.id if paper is not None else None

    def show(self) -> None:
        """The pane shows the list's highlighted paper, with the filter's words marked."""
        self.due = self.first_pending = False
        library, paper = self.library(), self.papers.current
        annotation = library.annotation(paper.id) if (paper and library) else None
        ranking = self.ranking
        self.reader.show(paper, annotation, highlights=ranking.highlights_for(paper), filtered=ranking.matches_nothing)
