"""The bar over the reading pane during a triage pass (progress and keys), and focus mode's position line."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui.ui.actions import bindings_for
from tui.ui.widgets.reader import Reader

#: The keys of a pass, as the bar lists them under the progress.
TRIAGE_KEYS = (("r", "read later"), ("x", "skip"), ("1-5", "rate"), ("n", "note"), ("space", "next"), ("u", "undo"), ("Esc", "leave"))


class TriageBar(Static, can_focus=True):
    """Holds focus during a triage pass, so its keys (r, x, space, u, Esc) win over the list's.

    Keys it does not bind (1-5, n, s, t, ...) go on to the screen and act on
    the paper shown, as they do on the list.
    """

    BINDINGS = bindings_for("triage")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show_progress(self, triaged: int, total: int, position: int) -> None:
        """ "12 / 48 triaged · paper 13 of 48", then the keys."""
        text = Text()
        text.append(f"Triage: {triaged} / {total} triaged", style="bold")
        text.append(f" · paper {position} of {total}\n")
        for i, (key, what) in enumerate(TRIAGE_KEYS):
            text.append("  " if i else "")
            text.append(key, style="bold")
            text.append(f" {what}")
        self.update(text)

    def action_scroll_reader(self, step: int) -> None:
        self.screen.query_one(Reader).scroll_relative(y=step, animate=False)


class PositionLine(Static):
    """Focus mode's "7 / 33": where the paper on display is in the list that is hidden."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show_position(self, index: int | None, total: int) -> None:
        """Called at every move of the list's cursor (every keystroke in the filter box): while the line is
        hidden (outside focus mode), no layout pass; showing it lays it out with its text then."""
        text = f"{index + 1} / {total}  ·  ] next  [ previous  ·  Esc list" if index is not None else f"0 / {total}"
        self.update(text, layout=self.display)
