"""The import dialog: a path (with file-name completion), a progress bar, and the report.

It calls `tui.core.library.import_paths`, the use case the `paperdesk import`
command calls, so a notes export typed here restores the notes. When papers or
notes changed it posts `LibraryChanged` to the app. The frame (title, input,
scrolling report) is `ReportDialog`'s, shared with the add dialog.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, ProgressBar

from tui.core.errors import PaperdeskError, os_reason
from tui.core.ingest.readers import FORMATS, complete_path
from tui.core.ingest.parsed import ImportOutcome
from tui.core.library import import_paths
from tui.core.render.text import one_line
from tui.ui.screens.report_dialog import ReportDialog
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.ui.app import PaperdeskApp


class LibraryChanged(Message):
    """An import added or merged papers, or restored notes: whatever shows the library should reload."""


class PathSuggester(Suggester):
    """Suggests folder and importable file names; the disk is read off the UI thread."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return await asyncio.to_thread(complete_path, value)


class ImportDialog(ReportDialog):
    """Import a file or folder into the open library; dismisses with True when papers changed."""

    TITLE_TEXT = "Import papers"
    HELP_TEXT = f"A file ({', '.join(sorted(FORMATS))}) or a folder of them. Tab completes; Enter imports; Esc closes."

    def make_input(self) -> Input:
        return Input(placeholder="path/to/papers.bib", suggester=PathSuggester(), id="import-path")

    def extra(self) -> ComposeResult:
        bar = ProgressBar(id="import-progress", show_eta=False)
        bar.display = False
        yield bar

    def action_complete(self) -> None:
        """Accept the grey completion shown after the cursor."""
        field = self.query_one(Input)
        field.cursor_position = len(field.value)
        field.action_cursor_right()  # at the end of the text, the right arrow takes the suggestion

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = os.path.expanduser(event.value.strip())
        if self.running or not path or self.writable_library("imported") is None:
            return
        self.start("Reading…")
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

    def _show_result(self, outcome: ImportOutcome) -> None:
        """The report: each file's line as the CLI prints it, a reason per skipped entry, errors in red;
        then the list reloads."""
        text = Text()
        for kind, line in outcome.messages:
            if kind == "line":
                text.append(one_line(line) + "\n", style="bold")
            elif kind == "warning":
                text.append(f"  warning: {one_line(line)}\n", style=self.style_of("warning"))
            elif kind in ("skipped", "merged"):
                text.append(f"  {kind + ' ' if kind == 'skipped' else ''}{one_line(line)}\n", style="dim")
            elif kind == "note":
                text.append(f"note: {one_line(line)}\n")
            else:
                text.append(one_line(line) + "\n", style=self.style_of("error"))
        self.finish(text)
        reports = outcome.reports
        added = sum(r.added for r in reports)
        merged = sum(r.updated for r in reports)
        lines = [line for kind, line in outcome.messages if kind == "line"]
        notes = len(lines) > len(reports)  # a notes export was restored: its lines come without a file report
        if added or merged or notes:
            self.changed = True
            self.app.post_message(LibraryChanged())
        errors = any(kind == "error" for kind, _ in outcome.messages)
        summary = lines[-1] if notes and not reports else outcome.summary()  # notes only: "notes: 3 updated, …"
        self.notify(summary, title="Import", severity="error" if errors else "information", markup=False)
