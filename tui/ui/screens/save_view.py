"""A small dialog asking for the name to save the current filter under.

It never closes without saying why: an empty name keeps it open with a
line asking for one, and a name that is already a view asks first (Enter
again replaces it). Long names are capped where shown (`VIEW_NAME_SHOWN`).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from tui.core.render.text import capped, one_line
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet

#: The most of a view's name a palette row, a notification or this dialog shows.
VIEW_NAME_SHOWN = 60


class SaveViewScreen(Dialog[str | None]):
    """Dismisses with the name typed (Enter; a second Enter replaces a view of that name) or None (Esc)."""

    CSS_PATH = stylesheet("save_view.tcss")
    BINDINGS = bindings_for("save_view")

    def __init__(self, query: str, views: dict[str, str] | None = None) -> None:
        """`views`: the saved views (name -> query), so a name already taken is asked about."""
        super().__init__()
        self.query_text = query
        self.views = views or {}
        self._replacing: str | None = None  # the taken name the reader was asked about

    def compose(self) -> ComposeResult:
        with Vertical(id="save-view"):
            yield Label(Text("Save this filter as a view:"))
            yield Label(Text(capped(self.query_text, 200), style="italic"), id="save-view-query")
            yield Input(value=one_line(self.query_text)[:40], placeholder="view name", id="save-view-name")
            yield Static(id="save-view-message")

    def _say(self, message: str) -> None:
        line = self.query_one("#save-view-message", Static)
        line.update(Text(message))
        line.set_class(bool(message), "shown")

    def on_input_changed(self) -> None:
        self._replacing = None
        self._say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = " ".join(event.value.split())
        if not name:
            self._say("A view needs a name: type one, or Esc to cancel.")
            return
        if name in self.views and self._replacing != name and self.views[name] != self.query_text:
            self._replacing = name
            shown = capped(name, VIEW_NAME_SHOWN)
            self._say(f"A view named “{shown}” exists ({capped(self.views[name], 60)}). Enter replaces it; change the name to keep both.")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
