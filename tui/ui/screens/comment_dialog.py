"""A one-line comment: for a highlight (asked when one is kept, and again to edit it: H, then e), or for the reading group."""

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

#: How much of the passage the dialog quotes.
QUOTED_CHARS = 240


class CommentDialog(Dialog[str | None]):
    """Returns the comment on Enter ("" for none), None on Esc (the caller then keeps nothing)."""

    CSS_PATH = stylesheet("dialogs.tcss")
    BINDINGS = bindings_for("comment")

    def __init__(self, passage: str, comment: str = "", *, new: bool = True, heading: str = "", hint: str = "") -> None:
        """`heading` and `hint`: another use than a highlight's (the reading group's comment on a paper)."""
        super().__init__()
        self.passage = passage
        self.comment = comment
        self.new = new
        self.heading, self.hint = heading, hint

    def compose(self) -> ComposeResult:
        quoted = one_line(self.passage)
        if len(quoted) > QUOTED_CHARS:
            quoted = quoted[: QUOTED_CHARS - 1].rstrip() + "…"
        with Vertical(classes="dialog"):
            yield Label(self.heading or ("Highlight: a comment (optional)" if self.new else "Edit the comment"), classes="dialog-title")
            yield Static(Text("“" + quoted + "”"), classes="dialog-quote")
            yield EditBox(one_line(self.comment), placeholder="why it matters (one line)", id="comment-input")
            hint = self.hint or ("Enter keeps the highlight (empty: no comment), Esc cancels it" if self.new else "Enter saves, Esc leaves it as it was")
            yield Static(Text(hint), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(" ".join(event.value.split()))

    def action_cancel(self) -> None:
        self.dismiss(None)
