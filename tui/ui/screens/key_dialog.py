"""`K`: a small dialog to give the highlighted paper another citation key, and the change in a worker.

The change itself is the core's (`usecases.cite.set_key`, as `paperdesk key ID
NEWKEY` runs it): one atomic write of papers.json, and a key another paper
holds (here or in the trash) refused with one line, nothing changed. The
dialog refuses a key BibTeX cannot read before it closes (`valid_key`), so
the reader can correct it in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from tui.core.errors import PaperdeskError
from tui.core.models import Paper, valid_key
from tui.core.render.text import one_line
from tui.ui.actions import bindings_for
from tui.ui.error_line import error_line
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui
from tui.ui.widgets.edit_box import EditBox

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library

HINT = "Enter saves, Esc cancels. Documents citing the old key will not find the paper under it."
INVALID = "Not a key BibTeX can read: 1-100 characters, no spaces, commas, braces, quotes, = # % ~, backslash or control character."


class KeyDialog(Dialog[str | None]):
    """Returns the new key on Enter (unchanged: the same key), None on Esc."""

    CSS_PATH = [stylesheet("dialogs.tcss"), stylesheet("key_dialog.tcss")]
    BINDINGS = bindings_for("key")

    def __init__(self, title: str, key: str) -> None:
        super().__init__()
        self.paper_title, self.key = title, key

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text("Citation key of " + one_line(self.paper_title)), classes="dialog-title")
            yield EditBox(one_line(self.key), placeholder="e.g. vaswani2017attention", id="key-input")
            yield Static(id="key-error")
            yield Static(Text(HINT), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._error("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        new = event.value.strip()
        if not valid_key(new):
            self._error(INVALID)
            return
        self.dismiss(new)

    def _error(self, message: str) -> None:
        error = self.query_one("#key-error", Static)
        error.update(Text(message))
        error.set_class(bool(message), "shown")

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_and_set_key(screen: Screen, library: Library, paper: Paper, title: str, done: Callable[[], None]) -> None:
    """Open the dialog on `paper` (shown as `title`); on a new key, change it in a thread, say how it went in one
    line, then call `done` (the list and the pane take the paper as stored now)."""
    app = screen.app

    def job(new: str) -> None:
        from tui.core.usecases.cite import set_key

        try:
            line = set_key(library, paper.id, new)
        except (PaperdeskError, OSError) as exc:
            to_ui(app, app.notify, error_line(exc), title="Citation key not changed", severity="error", timeout=10, markup=False)
            return
        to_ui(app, done)
        to_ui(app, app.notify, line, title="Citation key", markup=False)

    def chosen(new: str | None) -> None:
        if new is not None and new != paper.citekey:
            screen.run_worker(lambda: job(new), thread=True, group="citekey")

    app.push_screen(KeyDialog(title, paper.citekey), chosen)
