"""PaperdeskApp: wiring only. Screens do the work; the core holds the logic."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from tui.core.storage import Library
from tui.ui.commands_import import ImportCommands
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.screens.library import LibraryScreen
from tui.ui.styles import stylesheet


class PaperdeskApp(App[int]):
    """The full-screen app on one library.

    Pass `library_dir` to open a library folder (in a worker, after the first
    paint), or an already open `library` (tests do this to skip the thread).
    """

    TITLE = "paperdesk"
    CSS_PATH = stylesheet("app.tcss")
    COMMANDS = App.COMMANDS | {ImportCommands}
    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, library_dir: Path | None = None, library: Library | None = None) -> None:
        super().__init__()
        self.library_dir = library_dir
        self.library = library
        self.startup_error: str | None = None

    def on_mount(self) -> None:
        self.push_screen(LibraryScreen())

    def fail_startup(self, message: str) -> None:
        """The library cannot be opened: leave, and let the CLI print why."""
        self.startup_error = message
        self.exit(1)

    def action_import_papers(self) -> None:
        """Open the import dialog (from the palette or `i`) once the library is open."""
        if self.library is None:
            self.notify("The library is still opening.", severity="warning", markup=False)
        elif not isinstance(self.screen, ImportDialog):
            self.push_screen(ImportDialog())

    def on_unmount(self) -> None:
        if self.library is not None:
            self.library.close()
