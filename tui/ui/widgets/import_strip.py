"""The strip above the key hints while an import runs in the background: its bar, file, count and time left.

Mounted the first time an import is shown on the library screen (never on a
start's way to the first frame), it hides again when the import ends; the
toast then says what it did, and `i` shows the report.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import ProgressBar, Static

from tui.core.render.text import one_line

if TYPE_CHECKING:
    from tui.ui.import_run import ImportRun


class ImportStrip(Horizontal):
    """A bar, then "papers.json: Reading… 12,000 of about 34,000 entries · about 8 s left · i: details, Esc there cancels"."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.line = Static(id="import-strip-line", markup=False)
        self.bar = ProgressBar(id="import-strip-bar", show_eta=False, show_percentage=True)

    def compose(self) -> ComposeResult:
        yield self.bar
        yield self.line

    def show(self, run: ImportRun) -> None:
        """Redraw from the run; hidden once it has ended."""
        self.display = run.running
        if not run.running:
            return
        name = one_line(os.path.basename(run.path.rstrip(os.sep)) or run.path)
        hint = "" if run.stop_asked else " · i: details (Esc there cancels)"
        self.line.update(f"{name}: {run.line()}{hint}")
        bar = self.bar
        if run.share() is None:
            bar.update(total=None)
        else:
            bar.update(total=run.total, progress=run.done)
