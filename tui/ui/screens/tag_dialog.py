"""A small dialog to edit a paper's tags as one comma-separated line, completing known tags."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from tui.core.render.text import one_line
from tui.core.usecases.annotate import complete
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.widgets.edit_box import EditBox


class TagSuggester(Suggester):
    """Completes the tag being typed (after the last comma) from the tags already in use."""

    def __init__(self, known: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.known = list(known)

    async def get_suggestion(self, value: str) -> str | None:
        return complete(value, self.known)


class TagDialog(Dialog[str | None]):
    """Returns the edited line on Enter, None on Esc. → or Tab accepts a completion."""

    CSS_PATH = stylesheet("dialogs.tcss")
    BINDINGS = bindings_for("tags")

    def __init__(self, title: str, tags: str, known: Sequence[str]) -> None:
        super().__init__()
        self.paper_title = title
        self.tags = tags
        self.known = list(known)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text("Tags for " + one_line(self.paper_title)), classes="dialog-title")
            yield EditBox(
                self.tags,
                placeholder="comma-separated, e.g. rl, theory",
                suggester=TagSuggester(self.known),
                id="tags-input",
            )
            hint = "In use: " + ", ".join(one_line(t) for t in self.known[:12]) if self.known else "No tags in use yet."
            yield Static(Text(hint + "  ·  → or Tab completes, Enter saves, Esc cancels"), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def action_complete(self) -> None:
        """Accept the shown completion (Tab does this here instead of moving focus)."""
        field = self.query_one(Input)
        field.cursor_position = len(field.value)
        field.action_cursor_right()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
