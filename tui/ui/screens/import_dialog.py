"""The import dialog: a path (with file-name completion), a progress bar, and the report.

It calls `tui.core.library.import_paths`, the use case the `paperdesk import`
command calls, so a notes export typed here restores the notes. When papers or
notes changed it posts `LibraryChanged` to the app.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, ProgressBar, Static

from tui.core.errors import PaperdeskError, os_reason
from tui.core.ingest.readers import FORMATS, complete_path
from tui.core.library import ImportOutcome, import_paths
from tui.core.render.text import one_line
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.ui.app import PaperdeskApp
from tui.ui.actions import bindings_for


class LibraryChanged(Message):
    """An import added or merged papers, or restored notes: whatever shows the library should reload."""


class PathSuggester(Suggester):
    """Suggests folder and importable file names; the disk is read off the UI thread."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return await asyncio.to_thread(complete_path, value)


class ImportDialog(ModalScreen[bool]):
    """Import a file or folder into the open library; dismisses with True when papers changed."""

    CSS_PATH = stylesheet("import_dialog.tcss")
    COMPONENT_CLASSES = {"import-report--warning", "import-report--error"}
    BINDINGS = bindings_for("import")

    def __init__(self) -> None:
        super().__init__()
        self.changed = False
        self.running = False

    def compose(self) -> ComposeResult:
        kinds = ", ".join(sorted(FORMATS))
        with Vertical(id="import-box"):
            yield Static("Import papers", id="import-title")
            yield Static(f"A file ({kinds}) or a folder of them. Tab completes; Enter imports; Esc closes.", id="import-help")
            yield Input(placeholder="path/to/papers.bib", suggester=PathSuggester(), id="import-path")
            yield ProgressBar(id="import-progress", show_eta=False)
            yield Static(id="import-result")

    def on_mount(self) -> None:
        self.query_one("#import-progress", ProgressBar).display = False
        self.query_one("#import-result", Static).display = False
        self.query_one(Input).focus()

    def action_complete(self) -> None:
        """Accept the grey completion shown after the cursor."""
        field = self.query_one(Input)
        field.cursor_position = len(field.value)
        field.action_cursor_right()  # at the end of the text, the right arrow takes the suggestion

    def action_close(self) -> None:
        if not self.running:
            self.dismiss(self.changed)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = os.path.expanduser(event.value.strip())
        if self.running or not path:
            return
        library = cast("PaperdeskApp", self.app).library
        if library is None or library.read_only:
            reason = (library.notice if library is not None else None) or "the library is not open for writing"
            outcome = ImportOutcome()
            outcome.add("error", f"{reason}; nothing imported")
            self._show_result(outcome)
            return
        self.running = True
        event.input.disabled = True
        self._set_result(Text("Reading…", style="italic"))
        self.run_import(path)

    @work(thread=True, exclusive=True, group="import")
    def run_import(self, path: str) -> None:
        """Import as `paperdesk import` does, in one atomic write; the screen hears back via to_ui."""
        app, started = cast("PaperdeskApp", self.app), False

        def progress(done: int, total: int) -> None:
            nonlocal started
            if not started:
                started = True
                to_ui(app, self._start_progress, total)
            to_ui(app, self._advance, done)

        try:
            assert app.library is not None  # the dialog opens only once the library is open
            outcome = import_paths(app.library, [path], progress=progress)
        except PaperdeskError as exc:
            outcome = ImportOutcome()
            outcome.add("error", f"{exc}; nothing imported")
        except OSError as exc:
            outcome = ImportOutcome()
            outcome.add("error", f"the library could not be written ({os_reason(exc)}); nothing imported")
        to_ui(app, self._show_result, outcome)

    def _start_progress(self, total: int) -> None:
        bar = self.query_one("#import-progress", ProgressBar)
        bar.update(total=total, progress=0)
        bar.display = True

    def _advance(self, done: int) -> None:
        self.query_one("#import-progress", ProgressBar).update(progress=done)

    def _set_result(self, text: Text) -> None:
        result = self.query_one("#import-result", Static)
        result.update(text)
        result.display = bool(text.plain)

    def _show_result(self, outcome: ImportOutcome) -> None:
        """The report: one line per file, a reason per skipped entry, errors in red; then refresh the list."""
        self.running = False
        field = self.query_one(Input)
        field.disabled = False
        field.focus()
        text = Text()
        warning = self.get_component_rich_style("import-report--warning", partial=True)
        error = self.get_component_rich_style("import-report--error", partial=True)
        for kind, line in outcome.messages:
            if kind == "line":
                text.append(one_line(line) + "\n", style="bold")
            elif kind == "warning":
                text.append(f"  warning: {one_line(line)}\n", style=warning)
            elif kind == "skipped":
                text.append(f"  skipped {one_line(line)}\n", style="dim")
            else:
                text.append(one_line(line) + "\n", style=error)
        text.rstrip()
        self._set_result(text)
        reports = outcome.reports
        added = sum(r.added for r in reports)
        merged = sum(r.updated for r in reports)
        lines = [line for kind, line in outcome.messages if kind == "line"]
        notes = len(lines) > len(reports)  # a notes export was restored: its lines come without a file report
        if added or merged or notes:
            self.changed = True
            self.app.post_message(LibraryChanged())
        errors = any(kind == "error" for kind, _ in outcome.messages)
        if notes and not reports:
            summary = lines[-1]  # "notes: 3 updated, 0 unchanged, …"
        else:
            summary = f"{added} added, {sum(r.merged for r in reports)} merged, {sum(len(r.skipped) for r in reports)} skipped"
        self.notify(summary, title="Import", severity="error" if errors else "information", markup=False)
