"""A small dialog to rename the title shown for a paper; an empty name restores the default."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from tui.core.render.text import one_line
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.widgets.edit_box import EditBox


class TitleDialog(Dialog[str | None]):
    """Returns the new title on Enter ("" = back to the paper's own title), None on Esc."""

    CSS_PATH = stylesheet("dialogs.tcss")
    BINDINGS = bindings_for("title")

    def __init__(self, current: str, fallback: str) -> None:
        super().__init__()
        self.current = current
        self.fallback = fallback

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Rename the paper", classes="dialog-title")
            yield EditBox(one_line(self.current), placeholder=one_line(self.fallback), id="title-input")
            yield Static(
                Text("Enter saves, Esc cancels; leave it empty to show: " + one_line(self.fallback)),
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(" ".join(event.value.split()))

    def action_cancel(self) -> None:
        self.dismiss(None)
