"""The highlights of one paper as the `H` dialog sees them: listed from, and changed through, the annotator.

Every change goes through the annotator's `change`, the path every annotation
save takes (ordered saves in workers, one undo history), so deleting a
highlight is undone with `u` like a rating.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from tui.core.highlights import Anchored, anchor_all, document, with_comment, without
from tui.core.models import Annotation, Highlight, Paper, utc_now


class Changes(Protocol):
    """What the highlights ask of the annotator: a paper's annotation as it will be, and a change to save."""

    def view(self, pid: str) -> Annotation: ...

    def change(self, pid: str, *, undoable: bool = True, **changes: Any) -> None: ...


class PaperHighlights:
    """`HighlightActions` for one paper (see `screens.highlights_dialog`)."""

    def __init__(
        self, annotator: Changes, notify: Callable[..., object], paper: Paper, show: Callable[[Highlight], None], undo: Callable[[], None]
    ) -> None:
        """`notify` says what was done; `show` scrolls the pane to a highlight; `undo` is the screen's `u` (one history for
        every kind of change)."""
        self.annotator = annotator
        self.notify = notify
        self.paper = paper
        self._show = show
        self._undo = undo

    def listing(self) -> list[Anchored]:
        """The paper's highlights as they stand (saves on their way included), in reading order."""
        return anchor_all(self.annotator.view(self.paper.id).highlights, document(self.paper.abstract))

    def add(self, highlight: Highlight, comment: str) -> None:
        """Keep a new highlight with its comment (stamped now, which tells equal passages apart)."""
        current = self.annotator.view(self.paper.id).highlights
        self.annotator.change(self.paper.id, highlights=(*current, replace(highlight, comment=comment, created=utc_now())))
        self.notify("Highlight kept (H lists this paper's highlights).", timeout=3)

    def set_comment(self, highlight: Highlight, comment: str) -> None:
        current = self.annotator.view(self.paper.id).highlights
        self.annotator.change(self.paper.id, highlights=with_comment(current, highlight, comment))

    def delete(self, highlight: Highlight) -> None:
        current = self.annotator.view(self.paper.id).highlights
        self.annotator.change(self.paper.id, highlights=without(current, highlight))
        self.notify("Highlight deleted: u brings it back.", timeout=4)

    def undo(self) -> None:
        self._undo()

    def show(self, highlight: Highlight) -> None:
        self._show(highlight)
