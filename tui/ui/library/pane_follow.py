"""The reading pane follows the list's highlight: at once, or, while typing in the filter box, once the typing pauses.

At start-up the pane waits for the list's first frame: the list is what a
start is for, and drawing an abstract (LaTeX, a derived title's source
sentence) imports and lays out more than the list does.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader

if TYPE_CHECKING:
    from tui.ui.library.screen import LibraryScreen

#: While typing in the filter box, the pane shows the best match once keys pause this long (seconds).
PANE_AFTER = 0.1


class PaneFollow:
    """When the reading pane of a library screen shows the list's highlighted paper.

    Each key typed in the box re-ranks, and laying out an abstract and the
    notes for every key's best match was a third of a key's work, slowing
    the list itself (the part that answers the key). So while the box has
    focus, the pane shows the highlighted paper once no key has moved it for
    `PANE_AFTER`. Keys typed in the box cannot act on the pane's paper; the
    screen calls `catch_up` when the box loses focus (Enter, down, Esc, a
    click), so the pane is up to date before the next key acts.
    """

    def __init__(self, screen: "LibraryScreen") -> None:
        self.screen = screen
        self.due = False
        """The highlight moved while typing: the pane shows it when the typing pauses."""
        self._at = 0.0
        self.before_first_frame = True
        """The list has not been painted yet: the pane shows its paper once it is (`list_painted`)."""

    def highlighted(self, typing: bool) -> None:
        """The list's highlight moved; `typing`: the filter box has focus."""
        if self.before_first_frame:
            self.due = True
            return
        if not typing:
            self.show()
            return
        self._at = time.monotonic() + PANE_AFTER
        if not self.due:
            self.due = True
            self.screen.set_timer(PANE_AFTER, self._when_paused)

    def _when_paused(self) -> None:
        if not self.due:
            return
        wait = self._at - time.monotonic()
        if wait > 0.005:  # another key since: wait for the pause
            self.screen.set_timer(wait, self._when_paused)
            return
        self.show()

    def list_painted(self) -> None:
        """The list's first frame is on screen: the pane shows the highlighted paper now."""
        self.before_first_frame = False
        self.catch_up()

    def catch_up(self) -> None:
        """Show the highlighted paper now if the pane lags behind the list (once the list has been painted)."""
        if self.due and not self.before_first_frame:
            self.show()

    def show(self) -> None:
        """The pane shows the list's highlighted paper, with the filter's words marked."""
        self.due = False
        screen = self.screen
        library, paper = screen.library, screen.query_one(PaperList).current
        annotation = library.annotation(paper.id) if (paper and library) else None
        filtering = screen.filtering
        screen.query_one(Reader).show(paper, annotation, highlights=filtering.highlights_for(paper), filtered=filtering.matches_nothing)
