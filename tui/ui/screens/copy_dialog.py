"""When `c`/`C` find no system clipboard: the text in a read-only box to select with the mouse, and "Save to file".

OSC 52 (the terminal's clipboard) is only a guess: many terminals ignore it
and nothing tells the app. So besides trying it, the text is shown where a
reader can select it, and can be written to a file (atomically) instead.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static, TextArea

from tui.core.render.text import one_line, visible
from tui.ui.actions import bindings_for
from tui.ui.error_line import error_line
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui


def copy_file(pid: str, suffix: str = ".md") -> Path:
    """Where "Save to file" proposes to write: the user's documents folder, named after the paper (`suffix`: .md, .bib…)."""
    from tui.core.paths import documents_dir

    return documents_dir() / f"paperdesk-{pid}{suffix}"


def save_text(text: str, target: str) -> str:
    """Write `text` to `target` atomically (folders made); the one line saying how it went."""
    from tui.core.usecases.export import save_text as write

    path = Path(target).expanduser()
    try:
        write(path, text)
    except OSError as exc:
        return f"Not saved: {error_line(exc, path)}"
    return f"Saved to {path}"


class CopyDialog(Dialog[None]):
    """The text to copy, read-only and selectable, with a path and a "Save to file" button. Esc closes."""

    CSS_PATH = stylesheet("dialogs.tcss")
    BINDINGS = bindings_for("copy")

    def __init__(self, text: str, what: str, path: Path, why: str) -> None:
        super().__init__()
        self.text = text
        self.what = what
        self.path = path
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="copy-dialog"):
            yield Label(Text(f"No clipboard here: {self.what}"), classes="dialog-title")
            yield Static(Text(one_line(self.why)), id="copy-why")
            yield Static(Text("If it did not arrive: select the text below with the mouse, or save it to a file."), classes="dialog-hint")
            yield TextArea(visible(self.text), read_only=True, soft_wrap=True, id="copy-text")
            with Horizontal(id="copy-save"):
                yield Input(str(self.path), id="copy-path")
                yield Button("Save to file", id="copy-save-button", variant="primary")
            yield Static(id="copy-result", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#copy-text", TextArea).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_save()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        self._save(self.query_one("#copy-path", Input).value.strip())

    @work(thread=True, group="copy-save")
    def _save(self, target: str) -> None:
        line = save_text(self.text, target) if target else "Not saved: type a file name first."
        to_ui(self.app, self._saved, line)

    def _saved(self, line: str) -> None:
        self.query_one("#copy-result", Static).update(Text(line))
        self.notify(line, title="Save to file", severity="error" if line.startswith("Not") else "information", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
