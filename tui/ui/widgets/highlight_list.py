"""The paper's highlights under its notes: “…quoted text…” — comment, one line each; a click shows it in the abstract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from tui.core.models import Highlight
from tui.core.render.text import one_line

if TYPE_CHECKING:
    from tui.core.highlights import Anchored

#: How much of a long passage a row quotes.
QUOTED_CHARS = 90


def highlight_label(anchored: Anchored, quoted: int = QUOTED_CHARS) -> Text:
    """“…quoted text…” — comment, as a Text built from data (never markup); orphans say so."""
    h = anchored.highlight
    text = one_line(h.text)
    if len(text) > quoted:
        text = text[: quoted - 1].rstrip() + "…"
    label = Text("“" + text + "”")
    if h.comment:
        label.append(" — ")
        label.append(one_line(h.comment), style="italic")
    if anchored.orphaned:
        label.append("  (orphaned: no longer in the abstract)", style="dim")
    return label


class HighlightItem(Static):
    """One highlight in the list; clicking it asks the pane to show it."""

    def __init__(self, anchored: Anchored) -> None:
        super().__init__(highlight_label(anchored), classes="highlight-item" + (" -orphaned" if anchored.orphaned else ""))
        self.anchored = anchored

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(HighlightList.Chosen(self.anchored.highlight))


class HighlightList(Vertical):
    """A heading and one row per highlight, in reading order; hidden when the paper has none."""

    class Chosen(Message):
        """The reader picked this highlight in the list: show it in the abstract."""

        def __init__(self, highlight: Highlight) -> None:
            super().__init__()
            self.highlight = highlight

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: list[Anchored] = []

    def show(self, anchored: Sequence[Anchored]) -> None:
        """List `anchored` (no change, no redraw: a save of something else leaves the rows alone)."""
        self.display = bool(anchored)
        if list(anchored) == self.shown:
            return
        self.shown = list(anchored)
        self.remove_children()
        if anchored:
            count = len(anchored)
            self.mount(Static(Text(f"Highlights ({count}) — H to edit or delete"), classes="highlight-heading"))
            self.mount_all(HighlightItem(a) for a in anchored)
