"""The import dialog: a path (with file-name completion), a progress bar, and the report."""

from __future__ import annotations

import asyncio
import os

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, ProgressBar, Static

from tui.core.errors import PaperdeskError
from tui.core.ingest.readers import FORMATS, complete_path, read_imports
from tui.core.ingest.parsed import LARGE_IMPORT, FileReport
from tui.core.render.text import one_line
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui


class PathSuggester(Suggester):
    """Suggests folder and importable file names; the disk is read off the UI thread."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return await asyncio.to_thread(complete_path, value)


class ImportDialog(ModalScreen[bool]):
    """Import a file or folder into the open library; dismisses with True when papers changed."""

    CSS_PATH = stylesheet("import_dialog.tcss")
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("tab", "complete", "Complete path", show=False),
    ]

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
        suggestion = getattr(field, "_suggestion", "")
        if suggestion and suggestion != field.value:
            field.value = suggestion
            field.cursor_position = len(suggestion)

    def action_close(self) -> None:
        if not self.running:
            self.dismiss(self.changed)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = os.path.expanduser(event.value.strip())
        if self.running or not path:
            return
        library = self.app.library
        if library is None or library.read_only:
            reason = (library.notice if library is not None else None) or "the library is not open for writing"
            self._show_result([], [f"{reason}; nothing imported"])
            return
        self.running = True
        event.input.disabled = True
        self._set_result(Text("Reading…", style="italic"))
        self.run_import(path)

    @work(thread=True, exclusive=True, group="import")
    def run_import(self, path: str) -> None:
        """Parse, then add everything in one atomic write; the screen hears back via to_ui."""
        reports: list[FileReport] = []
        parsed, errors = read_imports([path])
        total = sum(len(p.papers) for p in parsed)
        if total >= LARGE_IMPORT:
            to_ui(self.app, self._start_progress, total)

        def progress(done: int, of: int) -> None:
            to_ui(self.app, self._advance, done)

        if parsed:
            try:
                reports = self.app.library.add_papers(parsed, progress=progress if total >= LARGE_IMPORT else None)
            except PaperdeskError as exc:
                errors.append(f"{exc}; nothing imported")
            except OSError as exc:
                errors.append(f"the library could not be written ({exc.strerror or exc}); nothing imported")
        to_ui(self.app, self._show_result, reports, errors)

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

    def _show_result(self, reports: list[FileReport], errors: list[str]) -> None:
        """The report: one line per file, a reason per skipped entry, errors in red; then refresh the list."""
        self.running = False
        field = self.query_one(Input)
        field.disabled = False
        field.focus()
        text = Text()
        for report in reports:
            text.append(one_line(report.line()) + "\n", style="bold")
            for line in report.warnings:
                text.append(f"  warning: {one_line(line)}\n", style="yellow")
            for reason in report.skipped:
                text.append(f"  skipped {one_line(reason)}\n", style="dim")
        for error in errors:
            text.append(one_line(error) + "\n", style="red")
        text.rstrip()
        self._set_result(text)
        added = sum(r.added for r in reports)
        merged = sum(r.updated for r in reports)
        if added or merged:
            self.changed = True
            for screen in self.app.screen_stack:
                if hasattr(screen, "reload_papers"):
                    screen.reload_papers()
        summary = f"{added} added, {sum(r.merged for r in reports)} merged, {sum(len(r.skipped) for r in reports)} skipped"
        self.notify(summary, title="Import", severity="error" if errors else "information", markup=False)
