"""PaperdeskApp: wiring only. Screens do the work; the core holds the logic."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding

from tui.ui.commands_export import ExportCommands
from tui.ui.screens.library import LibraryScreen
from tui.ui.styles import stylesheet

if TYPE_CHECKING:
    from tui.core.storage import Library


class PaperdeskApp(App[int]):
    """The full-screen app on one library.

    Pass `library_dir` to open a library folder (in a worker, after the first
    paint), or an already open `library` (tests do this to skip the thread).
    """

    TITLE = "paperdesk"
    CSS_PATH = stylesheet("app.tcss")
    COMMANDS = App.COMMANDS | {ExportCommands}
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

    def on_unmount(self) -> None:
        if self.library is not None:
            self.library.close()
