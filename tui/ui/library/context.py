"""What every part of the library screen is given, in one object built once: the screen, its widgets, the settings, the open library.

A part (`Filtering`, `Annotator`, `Triage`...) takes this and picks what it
uses; what it asks of another part stays a constructor argument typed by a
Protocol the part declares, so a part's dependencies on its peers are seen
where it is made (`LibraryScreen.__init__`). Nothing here imports the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widgets import Static

    from tui.core.config import Settings
    from tui.core.library import Library
    from tui.ui.key_gate import KeyGate
    from tui.ui.widgets.filter_bar import FilterBar
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.progress import ProgressLine
    from tui.ui.widgets.reader import Reader
    from tui.ui.widgets.triage_bar import PositionLine, TriageBar


class PartContext:
    """The library screen as its parts see it. A plain class, not a dataclass (why: `tui.ui.actions.Action`)."""

    __slots__ = ("host", "filter_bar", "box", "header", "papers", "progress", "triage_bar", "position_line", "reader", "settings",
                 "key_gate", "library", "go_to", "reload")

    def __init__(
        self, host: Screen, *, filter_bar: FilterBar, header: Static, papers: PaperList, progress: ProgressLine, triage_bar: TriageBar,
        position_line: PositionLine, reader: Reader, settings: Settings, key_gate: KeyGate, library: Callable[[], Library | None], go_to: Callable[[str], None],
        reload: Callable[[], None],
    ) -> None:
        self.host = host
        """Runs the parts' workers and timers, shows their dialogs and toasts, hears their messages."""
        self.filter_bar, self.header = filter_bar, header
        self.box = filter_bar.input
        """The filter box: what it holds is the view's query."""
        self.papers, self.progress, self.triage_bar, self.position_line, self.reader = papers, progress, triage_bar, position_line, reader
        self.settings = settings
        self.key_gate = key_gate
        """Holds the keys typed since launch until the restored view is final (`Resume`, `PaneFollow`)."""
        self.library = library
        """The open library (None while it opens)."""
        self.go_to = go_to
        """Put the cursor on a paper, clearing a filter that hides it (`LibraryScreen.go_to`)."""
        self.reload = reload
        """Show the library's papers again as stored now (after a key or a list is renamed: `LibraryScreen.reload_papers`)."""

    def library_ready(self) -> Library | None:
        """The open library, or None after telling the reader it is still opening."""
        library = self.library()
        if library is None:
            self.host.notify("The library is still opening.", severity="warning", markup=False)
        return library
