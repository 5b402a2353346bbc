"""PaperdeskApp: wiring only. Screens do the work; the core holds the logic."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding

from tui.core.text import clean
from tui.ui.commands_import import ImportCommands
from tui.ui.screens.import_dialog import ImportDialog
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
    COMMANDS = App.COMMANDS | {ImportCommands, ExportCommands}
    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, library_dir: Path | None = None, library: Library | None = None) -> None:
        super().__init__()
        self.library_dir = library_dir
        self.library = library
        self.startup_error: str | None = None

    async def on_event(self, event: events.Event) -> None:
        """Pasted text is data: terminal controls in it are dropped before any editor or input sees it."""
        if isinstance(event, events.Paste):
            event.text = clean(event.text)
        await super().on_event(event)

    def on_mount(self) -> None:
        self.push_screen(LibraryScreen())
        self._install_signal_handlers()

    # -- never lose a note: quitting and being told to stop both save first ------------

    _quit_warned = False

    def _library_screen(self) -> LibraryScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, LibraryScreen)), None)

    def flush_notes(self) -> list[str]:
        """Save every unsaved note synchronously; return one line per failure."""
        screen = self._library_screen()
        return screen.flush_notes() if screen is not None else []

    async def action_quit(self) -> None:
        """Quit after saving the notes; if that fails, say so once and quit on the next press."""
        saving = [worker for worker in self.workers if worker.group == "save"]
        if saving:  # ratings/tags pressed just before quitting land first
            await self.workers.wait_for_complete(saving)
        errors = self.flush_notes()
        if errors and not self._quit_warned:
            self._quit_warned = True
            message = f"Notes not saved: {errors[0]} (press q again to quit anyway)"
            self.notify(message, severity="error", timeout=15, markup=False)
            return
        self.exit()

    def _install_signal_handlers(self) -> None:
        """SIGTERM and SIGHUP (terminal closed) save the notes, then exit cleanly."""
        try:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                loop.add_signal_handler(sig, self._exit_on_signal, sig)
        except (NotImplementedError, RuntimeError, ValueError, AttributeError):
            pass  # not the main thread, or a platform without these signals

    def _remove_signal_handlers(self) -> None:
        try:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                loop.remove_signal_handler(sig)
        except (NotImplementedError, RuntimeError, ValueError, AttributeError):
            pass

    def _exit_on_signal(self, sig: int) -> None:
        self.flush_notes()
        self.exit(return_code=128 + sig)

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
        self._remove_signal_handlers()
        if self.library is not None:
            self.library.close()
