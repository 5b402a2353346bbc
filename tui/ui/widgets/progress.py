"""The line under the paper list: reading progress, or why the library cannot be written."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import Static

from tui.core.models import Annotation
from tui.core.render.text import one_line
from tui.core.stats import progress_line


class ProgressLine(Static):
    """"read 12 / 33 · rated 9 · noted 7"; in a read-only library, the reason follows."""

    def show(self, total: int, annotations: Iterable[Annotation], notice: str | None = None) -> None:
        """Recount and redraw; `notice` (the read-only reason) is shown below the counts."""
        text = Text(progress_line(total, annotations))
        if notice:
            text.append("\nread-only: " + one_line(notice), "bold")
        self.update(text)
        self.set_class(bool(notice), "-read-only")
