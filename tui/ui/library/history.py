"""`u` and `U` on the library screen: one undo history for every change of annotations and every removal.

The history itself is the core's (`tui.core.usecases.annotate`: the annotator's
`annotating`); an entry is either a change of annotations, which the
annotator undoes or redoes, a removal, which `Removing` reverses (made at
its first use: `removing()`), or the versions an import merged, which
`Versions` splits and joins again (`versions()`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.core.usecases.annotate import Change
    from tui.ui.library.annotating import Annotator
    from tui.ui.library.removing import Removing
    from tui.ui.library.versions import Versions


class History:
    """Undo and redo for one library screen, in the order the changes and removals were asked for."""

    def __init__(self, annotator: Annotator, removing: Callable[[], Removing], versions: Callable[[], Versions]) -> None:
        self.annotator, self.removing, self.versions = annotator, removing, versions

    def imported(self, pairs: tuple[tuple[str, str], ...]) -> None:
        """An import merged these versions ((stored id, absorbed id)): one step `u` takes back."""
        self.annotator.annotating.history.push_joined(pairs)

    def action_undo(self) -> None:
        self.step(undo=True)

    def action_redo(self) -> None:
        self.step(undo=False)

    def step(self, undo: bool) -> Change | None:
        """Undo (or redo) the last entry: a removal goes to `Removing`, anything else to the annotator.
        Returns the change of annotations it undid or redid (None: a removal, or nothing)."""
        from tui.core.usecases.annotate import joined_step, kinds

        annotating = self.annotator.annotating
        entry = annotating.undo() if undo else annotating.redo()
        if (joined := joined_step(entry)) is not None:
            self.versions().step(joined, undo)
            return None
        change, removal = kinds(entry)
        if removal is not None:
            self.removing().step(removal, undo)
        else:
            self.annotator.step(change, undo)
        return change
