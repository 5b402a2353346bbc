"""A small dialog asking for the name to save the current filter under."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from tui.core.render.text import one_line
from tui.ui.styles import stylesheet
from tui.ui.actions import bindings_for


class SaveViewScreen(ModalScreen[str | None]):
    """Dismisses with the name typed (Enter) or None (Esc)."""

    CSS_PATH = stylesheet("save_view.tcss")
    BINDINGS = bindings_for("save_view")

    def __init__(self, query: str) -> None:
        super().__init__()
        self.query_text = query

    def compose(self) -> ComposeResult:
        with Vertical(id="save-view"):
            yield Label(Text("Save this filter as a view:"))
            yield Label(Text(one_line(self.query_text), style="italic"), id="save-view-query")
            yield Input(value=one_line(self.query_text)[:40], placeholder="view name", id="save-view-name")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = " ".join(event.value.split())
        self.dismiss(name or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
