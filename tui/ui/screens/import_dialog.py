"""The import dialog: a path (with file-name completion), progress (a count and a bar), and the report.

It calls `tui.core.library.import_paths`, the use case the `paperdesk import`
command calls, so a notes export typed here restores the notes. The import
runs in a thread; its progress reaches the dialog through `to_ui_every`
(a few redraws a second, whatever the number of entries), and Esc sets the
event the core's cancel check reads: honoured until papers.json is being
written, after which the write finishes and the report says so. When papers
or notes changed it posts `LibraryChanged` to the app. The frame (title,
input, scrolling report) is `ReportDialog`'s, shared with the add dialog.
"""

from __future__ import annotations

import asyncio
import os
import threading
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, ProgressBar

from tui.core.errors import PaperdeskError, os_reason
from tui.core.ingest.parsed import ImportOutcome
from tui.core.ingest.readers import FORMATS, complete_path
from tui.core.ingest.watch import MATCHING, READING, WRITING
from tui.core.library import import_paths
from tui.core.render.text import one_line
from tui.core.words import plural
from tui.ui.screens.report_dialog import ReportDialog
from tui.ui.threads import to_ui, to_ui_every

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from tui.core.library import Library

#: Seconds between two progress redraws (a stage change is shown at once).
PROGRESS_EVERY = 0.1


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
    HELP_TEXT = f"A file ({', '.join(sorted(FORMATS))}) or a folder of them. Tab completes; Enter imports; Esc cancels an import, else closes."

    def __init__(self, library: Library | None) -> None:
        super().__init__(library)
        self._stop = threading.Event()  # set by Esc (or the dialog going away): the core's cancel check
        self._stage = ""  # the import's stage as last shown

    def make_input(self) -> Input:
        return Input(placeholder="path/to/papers.bib", suggester=PathSuggester(), id="import-path")

    def extra(self) -> ComposeResult:
        bar = ProgressBar(id="import-progress", show_eta=False)
        bar.display = False
        yield bar

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel_import":
            return self.running
        return super().check_action(action, parameters)

    def action_complete(self) -> None:
        """Accept the grey completion shown after the cursor."""
        field = self.query_one(Input)
        field.cursor_position = len(field.value)
        field.action_cursor_right()  # at the end of the text, the right arrow takes the suggestion

    def action_cancel_import(self) -> None:
        """Esc while importing: stop before papers.json is written; once it is being written, say it will finish."""
        if not self.running or self._stop.is_set():
            return
        self._stop.set()
        self.set_result(Text(self._too_late() if self._stage == WRITING else "Cancelling…", style="italic"))

    def on_unmount(self) -> None:
        self._stop.set()  # the app is closing under a running import: stop it before it writes

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = os.path.expanduser(event.value.strip())
        if self.running or not path or self.writable_library("imported") is None:
            return
        self._stop, self._stage = threading.Event(), ""
        self.start("Reading…")
        self.run_import(path, self._stop)

    @work(thread=True, exclusive=True, group="import")
    def run_import(self, path: str, stop: threading.Event) -> None:
        """Import as `paperdesk import` does, in one atomic write; the screen hears back via to_ui."""
        app, library = self.app, self.library
        try:
            assert library is not None  # the dialog opens only once the library is open
            progress = to_ui_every(app, self._show_step, PROGRESS_EVERY)
            outcome = import_paths(library, [path], progress=progress, cancelled=stop.is_set)
        except PaperdeskError as exc:
            outcome = ImportOutcome()
            outcome.add("error", f"{exc}; nothing imported")
        except OSError as exc:
            outcome = ImportOutcome()
            outcome.add("error", f"the library could not be written ({os_reason(exc)}); nothing imported")
        to_ui(app, self._show_result, outcome, stop.is_set())

    def _show_step(self, stage: str, done: int, total: int) -> None:
        """The count and the bar: entries read (the bar busy), papers matched (the bar filling), the write."""
        if not self.running:
            return  # a step overtaken by the result
        self._stage = stage
        bar = self.query_one("#import-progress", ProgressBar)
        bar.display = True
        if stage == MATCHING and total:
            bar.update(total=total, progress=done)
        else:
            bar.update(total=None)  # reading (no total yet) and writing: busy, not measured
        if self._stop.is_set():
            if stage == WRITING:
                self.set_result(Text(self._too_late(), style="italic"))
            return  # "Cancelling…" stays until the import stops
        if stage == READING:
            line = f"Reading… {plural(done, 'entry', 'entries', grouped=True)}" if done else "Reading…"
        elif stage == MATCHING:
            line = f"Matching with the library: {done:,} of {plural(total, grouped=True)}"
        else:
            line = f"Writing {plural(done, grouped=True)} to the library…" if done else "Writing to the library…"
        self.set_result(Text(line + ("" if stage == WRITING else " · Esc cancels"), style="italic"))

    @staticmethod
    def _too_late() -> str:
        return "Writing to the library: too late to cancel; the import will finish"

    def _show_result(self, outcome: ImportOutcome, stop_asked: bool) -> None:
        """The report: each file's line as the CLI prints it, a reason per skipped entry, errors in red;
        then the list reloads. An Esc that came once the write had begun is owned up to first."""
        self.query_one("#import-progress", ProgressBar).display = False
        text = Text()
        if stop_asked and not outcome.cancelled:
            text.append("Esc came while the library was being written: the import was finished.\n", style="bold")
        for kind, line in outcome.messages:
            if kind == "line":
                text.append(one_line(line) + "\n", style="bold")
            elif kind == "warning":
                text.append(f"  warning: {one_line(line)}\n", style=self.style_of("warning"))
            elif kind in ("skipped", "merged"):
                text.append(f"  {kind + ' ' if kind == 'skipped' else ''}{one_line(line)}\n", style="dim")
            elif kind == "note":
                text.append(f"note: {one_line(line)}\n")
            elif kind == "cancelled":
                text.append(one_line(line) + "\n", style="bold")
            else:
                text.append(one_line(line) + "\n", style=self.style_of("error"))
        self.finish(text)
        reports = outcome.reports
        added = sum(r.added for r in reports)
        merged = sum(r.updated for r in reports)
        lines = [line for kind, line in outcome.messages if kind == "line"]
        notes = outcome.notes_restored > 0 or len(lines) > len(reports)  # a notes export: its lines come without a file report
        if added or merged or notes:
            self.changed = True
            self.app.post_message(LibraryChanged())
        errors = any(kind == "error" for kind, _ in outcome.messages)
        if outcome.cancelled:
            summary = next(line for kind, line in outcome.messages if kind == "cancelled")
        else:
            summary = lines[-1] if notes and not reports else outcome.summary()  # notes only: "notes: 3 updated, …"
        severity: SeverityLevel = "error" if errors else "warning" if outcome.cancelled or outcome.took_nothing else "information"
        self.notify(summary, title="Import", severity=severity, markup=False)
