"""`u` and `U` on the library screen: one undo history for every change of annotations and every removal.

The history itself is the core's (`tui.core.usecases.annotate`: the annotator's
`annotating`); an entry is either a change of annotations, which the
annotator undoes or redoes, or a removal, which `Removing` reverses (made at
its first use: `removing()`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.core.usecases.annotate import Change
    from tui.ui.library.annotating import Annotator
    from tui.ui.library.removing import Removing


class History:
    """Undo and redo for one library screen, in the order the changes and removals were asked for."""

    def __init__(self, annotator: Annotator, removing: Callable[[], Removing]) -> None:
        self.annotator, self.removing = annotator, removing

    def action_undo(self) -> None:
        self.step(undo=True)

    def action_redo(self) -> None:
        self.step(undo=False)

    def step(self, undo: bool) -> Change | None:
        """Undo (or redo) the last entry: a removal goes to `Removing`, anything else to the annotator.
        Returns the change of annotations it undid or redid (None: a removal, or nothing)."""
        from tui.core.usecases.annotate import kinds

        annotating = self.annotator.annotating
        change, removal = kinds(annotating.undo() if undo else annotating.redo())
        if removal is not None:
            self.removing().step(removal, undo)
        else:
            self.annotator.step(change, undo)
        return change
