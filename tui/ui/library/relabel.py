"""New names for what the library files papers under: a paper's citation key (`K`), a list's name (the palette's "Rename list…").

Both ask in a dialog (tui/ui/screens/key_dialog.py, list_dialog.py), change the
library in a thread through the core's use case, then show the papers again as
stored now (`PartContext.reload`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.models import Annotation
    from tui.ui.library.context import PartContext
    from tui.ui.widgets.paper_list import PaperList


class Titles(Protocol):
    """What a new key asks of the annotator: the paper's annotation as it will be (its title), and whether it may change."""

    def view(self, pid: str) -> Annotation: ...

    def writable(self, typing: str | None = None) -> bool: ...


class Relabel:
    """The dialogs that rename a paper's key or a list, for one library screen."""

    def __init__(self, context: PartContext, titles: Titles) -> None:
        self.host: Screen = context.host
        self.papers: PaperList = context.papers
        self.library_ready = context.library_ready
        self.reload: Callable[[], None] = context.reload
        self.titles = titles

    def action_edit_key(self) -> None:
        """`K`: another citation key for the highlighted paper (`usecases.cite.set_key`); the list and pane reload with it."""
        from tui.core.models import shown_title
        from tui.ui.screens.key_dialog import ask_and_set_key

        library, paper = self.library_ready(), self.papers.current
        if library is not None and paper is not None and self.titles.writable("Citation key"):
            ask_and_set_key(self.host, library, paper, shown_title(paper, self.titles.view(paper.id)), self.reload)

    def action_rename_list(self) -> None:
        """The palette's "Rename list…": the highlighted paper's list first."""
        from tui.ui.screens.list_dialog import ask_and_rename

        library = self.library_ready()
        if library is not None:
            paper = self.papers.current
            ask_and_rename(self.host, library, paper.list if paper is not None else None, self.reload)
