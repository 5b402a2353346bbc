"""Yes/no questions asked before something hard to take back: overwriting files, removing papers, restoring a backup."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet


class Confirm(Dialog[bool]):
    """One question in a small box: `y` or the first button says yes; `n`, Esc or the second (focused) says no.

    The safe answer has the focus, so an Enter typed out of habit keeps things as they are.
    """

    CSS_PATH = stylesheet("confirm.tcss")
    HEADING = ""
    YES = "Yes"
    NO = "Cancel"
    HINT = "y: yes · n or Esc: no"

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Label(self.HEADING, id="confirm-heading")
            yield Static(Text(self.message), id="confirm-message")
            yield Static(self.HINT, id="confirm-hint", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(self.YES, variant="warning", id="confirm-yes", compact=True)
                yield Button(self.NO, id="confirm-no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")


class ConfirmOverwrite(Confirm):
    """Asks before an export replaces existing files: `y` on Overwrite, `n`/Escape to keep them."""

    BINDINGS = bindings_for("confirm")
    HEADING = "Overwrite?"
    YES = "Overwrite"
    HINT = "y overwrites · n or Esc keeps the files"


class ConfirmRemove(Confirm):
    """Asks before papers go to the trash (with the count, and how many carry notes, highlights, a rating or tags)."""

    BINDINGS = bindings_for("confirm_remove")
    HEADING = "Remove papers?"
    YES = "Remove"
    NO = "Keep"
    HINT = "y removes · n or Esc keeps"


class ConfirmRestore(Confirm):
    """Offers the newest good backup when the annotations file opened damaged: `y` restores it, `n`/Escape keeps the library read-only."""

    BINDINGS = bindings_for("confirm_restore")
    HEADING = "Restore the annotations from a backup?"
    YES = "Restore"
    NO = "Keep read-only"
    HINT = "y restores · n or Esc keeps the library read-only"


class ConfirmTrashRestore(Confirm):
    """Offers the newest good copy of the trash when trash.json is damaged: `y` restores it, `n`/Escape leaves it
    (removing and restoring papers then refuse, naming the file)."""

    BINDINGS = bindings_for("confirm_trash_restore")
    HEADING = "Restore the trash from a backup?"
    YES = "Restore"
    NO = "Leave it"
    HINT = "y restores · n or Esc leaves the trash as it is"
