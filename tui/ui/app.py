"""PaperdeskApp: wiring only. Screens do the work; the core holds the logic."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding

from tui.core.config import Settings, save_setting, warnings_report
from tui.core.render.text import clean, one_line
from tui.ui.actions import bindings_for
from tui.ui.hangup import HangupGuard
from tui.ui.key_gate import KeyGate, KeySettled, split_escape
from tui.ui.keymap import GROUPS, check_keys, group_keys
from tui.ui.library.screen import LibraryScreen
from tui.ui.palette_sources import action_commands
from tui.ui.styles import stylesheet
from tui.ui.terminal_input import install as install_escape_parser
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen
    from textual.theme import Theme

    from tui.core.library import Library
    from tui.ui.import_run import ImportRun
    from tui.ui.screens.import_dialog import LibraryChanged


_SETTINGS_WRITE = threading.Lock()
#: Seconds between the library's first showing and the first-steps note: keys typed blind at launch are read by then.
FIRST_STEPS_AFTER = 0.4


class PaperdeskApp(App[int]):
    """The full-screen app on one library.

    Pass `library_dir` to open a library folder (a small one before the first
    frame, a large one in a worker after it: tui/ui/library/opening.py), or an
    already open `library` (tests do this).
    """

    TITLE = "paperdesk"
    CSS_PATH = [stylesheet("app.tcss"), *LibraryScreen.STYLESHEETS]
    """The library screen's stylesheets too: read with the app's, they are parsed once. A screen's own
    `CSS_PATH` makes Textual parse every source again in a fresh stylesheet when the screen comes up."""
    COMMANDS = App.COMMANDS | {action_commands}
    BINDINGS = bindings_for("app")

    today: dt.date | None = None
    """The stats screen's "this week" (None: the real today); tests and screenshots fix it."""

    def __init__(
        self,
        library_dir: Path | None = None,
        library: Library | None = None,
        *,
        settings: Settings | None = None,
        config_file: Path | None = None,
        warnings: Iterable[str] = (),
    ) -> None:
        """`settings` come from the config file (`config_file`, written back on theme changes and
        when the first-steps note is dismissed); without a `config_file` nothing is written and the
        first-steps note is not shown (tests, embedding). `warnings` are shown as notifications."""
        install_escape_parser()  # Esc then a letter, read from the terminal in one go (tui/ui/terminal_input.py)
        super().__init__()
        self.library_dir = library_dir
        self.library: Library | None = library
        """The open library; None while it opens (see `library_ready`)."""
        self.startup_error: str | None = None
        self.outside_lines: list[str] = []
        """What merging a change made outside to annotations.json at the close said (`cli.cmd_app` prints it)."""
        self.settings = settings or Settings()
        self.config_file = config_file
        self.config_warnings = list(warnings)
        self.key_overrides: dict[str, str] = {}
        self.key_gate = KeyGate(self, self._dispatch_key)
        self.hangup = HangupGuard(self._exit_on_signal, self.flush_notes)
        self.import_run: ImportRun | None = None
        """The last import started from the import dialog (it runs in the background: `tui/ui/import_run.py`)."""

    def get_default_screen(self) -> LibraryScreen:
        """The library screen is the first screen: no empty default screen made, styled and covered at start.

        Settings first, so the screen is styled once, in the configured theme. Keys read from now on wait
        for the screen's restored state (`Resume` opens the gate): the terminal can hand the app keys typed
        at launch before the screen has mounted."""
        self._apply_settings()
        self.key_gate.close()
        return LibraryScreen(self)

    def on_mount(self) -> None:
        self.hangup.install()
        if self.config_warnings:  # all of them in one notice: one toast each showed only as many as fit the screen
            heading, lines = warnings_report(self.config_warnings, str(self.config_file or "settings"))
            shown = "\n".join(f"• {one_line(line)}" for line in lines)
            self.notify(shown, title=one_line(heading), severity="warning", timeout=min(40, 10 + 2 * len(lines)), markup=False)

    # -- settings: theme, keys, first steps (tui/core/config.py) -----------------------

    def get_css_variables(self) -> dict[str, str]:
        """Textual's theme variables plus `$highlight-background`, the reader's highlights: the theme's
        warning colour muted into its background, so it reads on light and dark themes (a theme may set its own)."""
        variables = super().get_css_variables()
        variables.setdefault("highlight-background", variables.get("warning-muted", "yellow 30%"))
        return variables

    def _apply_settings(self) -> None:
        """Theme and key overrides from the settings; a bad one becomes a warning, never a crash."""
        theme = self.settings.theme
        if theme in self.available_themes:
            self.theme = theme
        else:
            self.config_warnings.append(f"{self.config_file or 'settings'}: theme: no theme named {theme!r}; using the default")
        self._saved_theme = self.theme
        self.key_overrides, warnings = check_keys(self.settings.keys, str(self.config_file or "settings"))
        self.config_warnings.extend(warnings)
        from tui.core.usecases.cite import style_warning

        style_problem = style_warning(self.settings.cite_style, str(self.config_file or "settings"))
        if style_problem:  # in the settings notice with the others; the copy menu's reference falls back to APA
            self.config_warnings.append(style_problem)
            self.settings.cite_style = "apa"
        if self.key_overrides:
            self.set_keymap(self.key_overrides)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def get_key_display(self, binding: Binding) -> str:
        """A group's hint ("0-5" Rate) shows the group's keys in force, not the registry's range."""
        if binding.id in GROUPS:
            return group_keys(GROUPS[binding.id][0], self.key_overrides, super().get_key_display)
        return super().get_key_display(binding)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self._saved_theme:
            self._saved_theme = theme.name
            self._save_setting("theme", theme.name)

    def _save_setting(self, key: str, value: str | float | bool) -> None:
        if self.config_file is not None:
            self.run_worker(
                partial(self._write_setting, self.config_file, key, value), thread=True, group="settings", exit_on_error=False
            )

    def _write_setting(self, config_file: Path, key: str, value: str | float | bool) -> None:
        """In a thread: write one key into the config file, keeping the user's comments.

        One writer at a time: each write reads the file first, so two at once
        (a theme change and the first-steps note) could drop one of the keys.
        """
        try:
            with _SETTINGS_WRITE:
                save_setting(config_file, key, value)
        except (OSError, ValueError) as exc:
            message = f"{config_file}: {key} not saved ({exc})"
            to_ui(self, self.notify, one_line(message), severity="error", markup=False)

    def library_shown(self, library: Library) -> None:
        """The library is open: a new one (no annotations yet) gets the first-steps note once, a moment later;
        one whose annotations file is damaged, wiped or wrong-typed gets the newest good backup offered, one whose
        trash is damaged the newest good copy of the trash."""
        if library.damaged and not library.held:
            from tui.ui.library.recovery import RestoreOffer

            RestoreOffer(self, library, self.library_reopened).start()
        elif not library.read_only:  # a damaged trash.json: its newest good copy offered (checked in a thread)
            from tui.ui.library.recovery import TrashRestoreOffer

            TrashRestoreOffer(self, library).start()
        if self.config_file is None or not self.settings.first_steps or library.read_only:
            return
        if library.annotations():
            return
        self.set_timer(FIRST_STEPS_AFTER, self._offer_first_steps)

    def library_reopened(self, library: Library) -> None:
        """A backup was restored and the library opened again, writable: it replaces the damaged one everywhere."""
        self.library = library
        screen = self._library_screen()
        if screen is not None:
            screen.reload_papers(reopened=library)

    def _offer_first_steps(self) -> None:
        """Show the note, unless keys were typed since the launch.

        Keys typed as the app starts wait for the library (`key_gate`), and a note pushed then took
        them: `j n First…` gave a note "ote…" (the note ate `j n First`, space closed it). Whoever
        types before the note shows is already at work; it waits for a launch that starts quietly.
        """
        if self.key_gate.keys_read or not isinstance(self.screen, LibraryScreen):
            return
        from tui.ui.screens.help import FirstSteps  # the help screen's rows: only when the note is shown

        self.push_screen(FirstSteps(self, self.key_gate.again), self._first_steps_done)

    def _first_steps_done(self, done: bool | None) -> None:
        self.settings.first_steps = False
        self._save_setting("first_steps", False)

    # -- screens: help, stats, go to paper; the palette's own entries ------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's palette entries that behave here: Theme, and Quit (paperdesk's: the notes saved first).

        Textual's "Keys" panel (one Esc does not close) gives way to paperdesk's help ("Help: all keys", `?`), its
        Maximize to focus mode (`z`), and its Screenshot (into a Downloads folder that may not exist) to the
        registry's "Screenshot" (`action_screenshot`: into the export folder)."""
        yield SystemCommand("Theme", "Change the colour theme (kept in the settings)", self.action_change_theme)
        yield SystemCommand("Quit", "Save the notes and quit (q)", self.action_quit)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Save an SVG picture of the screen as it is once the palette has closed, in the export folder (`path`:
        another folder)."""
        from tui.ui.library.exporting import export_folder, files_folder
        from tui.ui.screenshot import save_screenshot

        screen = self._library_screen()
        folder = Path(path) if path else files_folder(screen.resume.exports) if screen is not None else export_folder()
        self.call_after_refresh(save_screenshot, self, folder, filename)


    def action_help(self) -> None:
        from tui.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self, self.config_file))

    def library_ready(self) -> Library | None:
        """The open library, or None after telling the reader it is still opening."""
        if self.library is None:
            self.notify("The library is still opening.", severity="warning", markup=False)
        return self.library

    def action_stats(self) -> None:
        from tui.ui.screens.stats import StatsScreen

        library = self.library_ready()
        if library is not None and not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen(library, self.today))

    def action_go_to_paper(self) -> None:
        from textual.command import CommandPalette

        from tui.ui.palette.papers import PaperCommands

        if self.library is not None:
            self.push_screen(CommandPalette(providers=[PaperCommands], placeholder="Go to paper… (type part of a title)"))

    def go_to_paper(self, pid: str) -> None:
        """Show paper `pid` in the list, clearing a filter that hides it."""
        screen = self._library_screen()
        if screen is not None:
            screen.go_to(pid)

    # -- never lose a note: quitting and being told to stop both save first ------------

    _quit_warned = False

    def _library_screen(self) -> LibraryScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, LibraryScreen)), None)

    def flush_notes(self) -> list[str]:
        """Save every unsaved note synchronously; return one line per failure."""
        screen = self._library_screen()
        return screen.annotator.flush_notes() if screen is not None else []

    async def action_quit(self) -> None:
        """Quit after saving the notes; if that fails, say so once and quit on the next press."""
        saving = [worker for worker in self.workers if worker.group == "save"]
        if saving:  # ratings/tags pressed just before quitting land first
            await self.workers.wait_for_complete(saving)
        importing = [worker for worker in self.workers if worker.group == "import"]
        if importing and self.import_run is not None:  # stopped before it writes, or its write lands first
            self.import_run.stop_now()
            await self.workers.wait_for_complete(importing)
        errors = self.flush_notes()
        if errors and not self._quit_warned:
            self._quit_warned = True
            message = f"Notes not saved: {errors[0]} (press q again to quit anyway)"
            self.notify(message, severity="error", timeout=15, markup=False)
            return
        if not self._quit_warned and not await self._sync_on_quit():
            self._quit_warned = True
            return
        self.save_session()
        self.exit()

    def save_session(self) -> None:
        """Remember where the reader is (paper, filter, sort, layout, scroll, triage) for the next launch.

        Only a convenience: a read-only library or a failed write is passed over in silence.
        """
        from tui.core.usecases.resume import save

        screen, library = self._library_screen(), self.library
        if screen is not None and library is not None:
            save(library, screen.resume.current())

    async def _sync_on_quit(self) -> bool:
        """With the `vault` setting: sync with it (in a thread) before leaving; False when it needs a look."""
        vault, library = self.settings.vault, self.library
        if vault is None or library is None or library.read_only:
            return True
        from tui.core.errors import PaperdeskError
        from tui.core.usecases.sync import sync_vault

        try:
            report = await asyncio.to_thread(sync_vault, library, vault)
        except (PaperdeskError, OSError) as exc:
            self.notify(f"Sync with {vault} failed: {' '.join(str(exc).split())} (press q again to quit)", severity="error", timeout=15, markup=False)
            return False
        if report.conflicts:
            self.notify(f"{report.summary()} (see `paperdesk sync {vault}`; press q again to quit)", severity="warning", timeout=15, markup=False)
            return False
        return True

    async def _exit_on_signal(self, sig: int) -> None:
        """SIGTERM or SIGHUP: let saves under way land (briefly), save the notes, exit."""
        saving = [worker for worker in self.workers if worker.group == "save"]
        if saving:
            try:
                await asyncio.wait_for(self.workers.wait_for_complete(saving), timeout=0.4)
            except asyncio.TimeoutError:
                pass
        self.flush_notes()
        self.save_session()
        self.exit(return_code=128 + sig)

    def fail_startup(self, message: str) -> None:
        """The library cannot be opened: leave, and let the CLI print why."""
        self.startup_error = message
        self.exit(1)

    def action_import_papers(self) -> None:
        """Open the import dialog (from the palette or `i`) once the library is open: a running import's progress,
        or the report of one that ended while the dialog was hidden."""
        library = self.library_ready()
        if library is not None:
            from tui.ui.import_run import ImportRun  # the readers: loaded on demand
            from tui.ui.screens.import_dialog import ImportDialog

            if self.import_run is None or self.import_run.library is not library and not self.import_run.running:
                self.import_run = ImportRun(self, library)
            if not isinstance(self.screen, ImportDialog):
                self.push_screen(ImportDialog(self.import_run))

    def on_import_run_stepped(self, message: ImportRun.Stepped) -> None:
        """The import got further: the dialog (when shown) and the library screen's strip redraw it."""
        from tui.ui.screens.import_dialog import ImportDialog

        if not self.screen_stack:
            return  # the app is closing
        if isinstance(self.screen, ImportDialog):
            self.screen.show_step()
        if isinstance(self.screen, LibraryScreen) and self.import_run is not None:  # the dialog hidden: the strip
            self.screen.show_import(self.import_run)

    def on_import_run_finished(self, message: ImportRun.Finished) -> None:
        """The import ended: the report in the dialog (or kept for `i`), a toast, and the list reloaded when papers came."""
        from tui.ui.screens.import_dialog import ImportDialog, LibraryChanged, changed_library, summary

        run = self.import_run
        if run is None or run.outcome is None or not self.screen_stack:
            return
        outcome = run.outcome
        screen = self._library_screen()
        if screen is not None:
            screen.show_import(run)  # the strip, if shown, hides (nothing is mounted for an ended import)
        dialog = self.screen if isinstance(self.screen, ImportDialog) else None
        hidden = dialog is None
        if dialog is None:
            run.unseen = True
        else:
            dialog.show_result()
        if changed_library(outcome) or run.unsure:
            self.post_message(LibraryChanged())
        joined = tuple(pair for report in outcome.reports for pair in report.joined)
        if joined and screen is not None:
            screen.versions_imported(joined)  # `u` splits them again
        errors = any(kind == "error" for kind, _ in outcome.messages)
        severity: SeverityLevel = "error" if errors else "warning" if outcome.cancelled or outcome.took_nothing else "information"
        more = " (i shows the report)" if hidden and len(outcome.messages) > 1 else ""
        self.notify(summary(outcome) + more, title="Import", severity=severity, markup=False)

    def action_add_papers(self) -> None:
        """Open the add dialog (`a`, or the palette): papers fetched by arXiv id, DOI or OpenReview URL."""
        if self.library_ready() is not None:
            from tui.ui.screens.add_dialog import AddDialog

            if not isinstance(self.screen, AddDialog):
                self.push_screen(AddDialog(self.library, self.settings))

    def on_library_changed(self, message: LibraryChanged) -> None:
        """An import added papers or restored notes: the library screen shows them and recounts."""
        screen = self._library_screen()
        if screen is not None:
            screen.reload_papers()

    async def on_event(self, event: events.Event) -> None:
        """Pasted text is data: terminal controls are dropped before any editor or input sees it.

        Keys go through the key gate: each one is handled to the end before the
        next is handed to whatever has focus then (see tui/ui/key_gate.py).
        """
        if isinstance(event, events.Paste):
            event.text = clean(event.text)
        elif isinstance(event, events.Key) and not event.is_forwarded:
            for key in split_escape(event, self.screen.active_bindings):
                if not self.key_gate.hold(key):
                    await self._dispatch_key(key)
            return
        await super().on_event(event)

    async def _dispatch_key(self, event: events.Key) -> None:
        """Textual's handling of a key read from the terminal (priority bindings, then forwarding)."""
        target = self.focused or self.screen
        if isinstance(self.screen, LibraryScreen):
            self.screen.pane.before_key(event.key)
        await super().on_event(event)
        self.key_gate.sent(target if event.is_forwarded else None)

    async def on_key_settled(self, message: KeySettled) -> None:
        await self.key_gate.settled(message)

    def on_unmount(self) -> None:
        if self.import_run is not None:
            self.import_run.stop_now()  # an import under way stops before it writes (one writing finishes)
        self.hangup.remove()
        if self.library is not None:
            self.library.close()
            # annotations.json replaced outside and merged in as the journal was folded at close: said after the app
            self.outside_lines = [merged.line for merged in self.library.outside_changes()]
