"""When a library open read-only refuses an action the reader types into (a note, tags, a title, a key, a comment).

A toast alone let the keys typed next run as commands: `n` refused, then
"quick" quit the app at its `q`. This box says why the action was refused and
takes every key until the reader acts (Esc or Enter), counting what it kept
from turning into commands; Ctrl+Q still quits.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Static

from tui.core.words import plural
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet

#: The keys that close the box (its bindings, `refused_close`); every other key stops here.
CLOSING = frozenset(("escape", "enter"))


class RefusedTyping(Dialog[None]):
    """"Read-only: WHY. Nothing you type here is kept" in a small box that holds the keys until Esc or Enter."""

    CSS_PATH = stylesheet("refused.tcss")
    BINDINGS = bindings_for("refused")

    def __init__(self, what: str, reason: str) -> None:
        super().__init__()
        self.what, self.reason = what, reason
        #: Keys typed while the box was open, kept from the library's commands.
        self.held = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="refused-box"):
            yield Label(f"{self.what}: the library is read-only", id="refused-heading", markup=False)
            yield Static(Text(self.reason), id="refused-reason")
            yield Static(self._hint(), id="refused-hint", markup=False)

    def _hint(self) -> str:
        held = f" ({plural(self.held, 'key')} typed, none kept)" if self.held else ""
        return f"Nothing you type is kept{held}. Esc or Enter goes back."

    def on_key(self, event: events.Key) -> None:
        """Every key but Esc and Enter stops here: none reaches the library's commands."""
        if event.key in CLOSING:
            return
        event.stop()
        event.prevent_default()
        self.held += 1
        self.query_one("#refused-hint", Static).update(self._hint())

    def action_close(self) -> None:
        self.dismiss(None)
