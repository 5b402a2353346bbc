""""Rename list…": a small dialog to give a list another (shorter) name, and the rename in a worker.

The rename itself is the core's (`usecases.rename.rename_list`, as `paperdesk
rename-list` runs it): one atomic write, saved views follow. The dialog only
asks which list and what name; the list opens on the highlighted paper's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from tui.core.errors import PaperdeskError
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


class ListNameDialog(Dialog["tuple[str, str] | None"]):
    """Returns (list, new name) on Enter, None on Esc."""

    CSS_PATH = stylesheet("dialogs.tcss")
    BINDINGS = bindings_for("list_name")

    def __init__(self, names: Iterable[str], current: str | None) -> None:
        super().__init__()
        self.names = sorted(names)
        self.current = current if current in self.names else (self.names[0] if self.names else None)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="list-dialog"):
            yield Label("Rename a list", classes="dialog-title")
            options = [(Text(one_line(name)), name) for name in self.names]
            yield Select(options, value=self.current if self.current is not None else Select.BLANK, allow_blank=False, id="list-old")
            yield EditBox(one_line(self.current or ""), placeholder="the new name, e.g. ICML-en", id="list-new")
            yield Static(Text("Enter renames, Esc cancels; annotations and saved views follow the list."), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#list-new", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            box = self.query_one("#list-new", EditBox)
            box.show(one_line(event.value))
            box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        old = self.query_one("#list-old", Select).value
        if isinstance(old, str):
            self.dismiss((old, event.value))

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_and_rename(screen: Screen, library: Library, current: str | None, done: Callable[[], None]) -> None:
    """Open the dialog; on a name, rename in a thread, say how it went in one line, then call `done` (reload)."""
    app = screen.app

    def job(old: str, new: str) -> None:
        from tui.core.usecases.rename import rename_list

        try:
            lines = rename_list(library, old, new)
        except (PaperdeskError, OSError) as exc:
            to_ui(app, app.notify, f"List not renamed: {error_line(exc)}", severity="error", markup=False)
            return
        to_ui(app, done)
        to_ui(app, app.notify, "\n".join(lines), title="Rename list", markup=False)

    def chosen(answer: tuple[str, str] | None) -> None:
        if answer is not None and answer[0] != " ".join(answer[1].split()):
            screen.run_worker(lambda: job(*answer), thread=True, group="rename-list")

    app.push_screen(ListNameDialog({p.list for p in library.papers}, current), chosen)
