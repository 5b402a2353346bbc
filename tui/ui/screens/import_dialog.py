"""The import dialog: a path (with file-name completion), the running import's progress, and the report.

It starts an `ImportRun` (the app's, made once): the import itself runs in a
thread worker of the app and outlives the dialog. While it runs the dialog
shows its count, bar and time left; Esc cancels it (honoured until
papers.json is being written, after which the write finishes and the report
says so), and Enter hides the dialog so the list can be used meanwhile (the
library screen's strip shows the import; `i` brings the dialog back). The
app hands each step and the outcome to the dialog when it is shown
(`show_step`, `show_result`). The frame (title, input, scrolling report) is
`ReportDialog`'s, shared with the add dialog.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, ProgressBar, Static

from tui.core.ingest.readers import FORMATS, complete_path, path_matches, tab_completion
from tui.core.render.text import one_line
from tui.core.words import plural
from tui.ui.screens.report_dialog import ReportDialog

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from tui.core.ingest.parsed import ImportOutcome
    from tui.ui.import_run import ImportRun


#: Names of the matches Tab goes through listed at once under the input (a window around the one in it).
MATCHES_SHOWN = 12


class LibraryChanged(Message):
    """An import added or merged papers, or restored notes: whatever shows the library should reload."""


class PathSuggester(Suggester):
    """Suggests folder and importable file names; the disk is read off the UI thread."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return await asyncio.to_thread(complete_path, value)


class ImportDialog(ReportDialog):
    """Import a file or folder into the open library (through the app's `ImportRun`); Enter hides it while the import runs."""

    TITLE_TEXT = "Import papers"
    HELP_TEXT = (
        f"A file ({', '.join(sorted(FORMATS))}) or a folder of them, a Zotero database (zotero.sqlite, or its "
        "data folder), or a notes folder (paperdesk export --per-paper). Tab completes, again to go through the "
        "matches; Enter imports. While it runs: Enter goes back to the list, Esc cancels."
    )

    def __init__(self, run: ImportRun) -> None:
        """`run`: the app's import (running or not); the dialog starts it, shows it, and cancels it."""
        super().__init__(run.library)
        self.import_run = run
        #: The matches further Tabs go through, the one shown (-1: none yet), and the value Tab last put in the input.
        self._matches: list[str] = []
        self._shown = -1
        self._completed: str | None = None
        self._ours: set[str] = set()  # every value Tab put in since the reader last typed: their changes end nothing

    def make_input(self) -> Input:
        return Input(placeholder="path/to/papers.bib", suggester=PathSuggester(), id="import-path")

    def extra(self) -> ComposeResult:
        bar = ProgressBar(id="import-progress", show_eta=False)
        bar.display = False
        yield bar
        matches = Static(id="import-matches")
        matches.display = False
        yield matches

    def on_mount(self) -> None:
        super().on_mount()
        run = self.import_run
        if run.running:  # brought back while its import runs: the input shows what is being imported
            self.query_one(Input).value = run.path
            self.start(run.line())
            self.show_step()
        elif run.unseen and run.outcome is not None:  # the import ended while the dialog was hidden: its report
            self.query_one(Input).value = run.path
            self.show_result()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cancel_import", "hide"):
            return self.running
        return super().check_action(action, parameters)

    def action_complete(self) -> None:
        """Tab: the longest start every match shares (the one match); at that start, the next match on each Tab,
        the matches listed under the input. The folder is read off the UI thread."""
        field = self.query_one(Input)
        if self._matches and field.value == self._completed:  # a further Tab: the next match
            self._shown = (self._shown + 1) % len(self._matches)
            self._put(self._matches[self._shown])
            return
        self.run_worker(self._complete(field.value), exclusive=True, group="complete")

    async def _complete(self, value: str) -> None:
        matches = await asyncio.to_thread(path_matches, value)
        field = self.query_one(Input)
        if field.value != value:  # typed on meanwhile: that text is the reader's
            return
        self._matches, self._shown = (matches, -1) if len(matches) > 1 else ([], -1)
        completed = tab_completion(value, matches)
        if completed is not None:
            self._put(completed)
        elif self._matches:  # the matches share nothing more: the first of them
            self._shown = 0
            self._put(self._matches[0])
        else:
            self._show_matches()

    def _put(self, value: str) -> None:
        """`value` into the input, the cursor at its end, and the matches listed (the one shown marked)."""
        field = self.query_one(Input)
        self._completed = value
        self._ours.add(value)
        field.value = value
        field.cursor_position = len(value)
        self._show_matches()

    def _show_matches(self) -> None:
        box = self.query_one("#import-matches", Static)
        box.display = bool(self._matches)
        if self._matches:
            count = len(self._matches)
            first = max(0, min(self._shown - MATCHES_SHOWN // 2, count - MATCHES_SHOWN))  # a window holding the one shown
            line = Text(f"{plural(count, 'match', 'matches')}: " + ("… " if first else ""), style="dim")
            for n in range(first, min(count, first + MATCHES_SHOWN)):
                found = self._matches[n]
                name = os.path.basename(found.rstrip("/")) + ("/" if found.endswith("/") else "")
                line.append("  " if n > first else "")
                line.append(one_line(name), style="reverse" if n == self._shown else "")
            if first + MATCHES_SHOWN < count:
                line.append(f"  … {count - first - MATCHES_SHOWN} more", style="dim")
            box.update(line)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing (anything but Tab's own change) ends going through the matches."""
        if event.value in self._ours:
            return
        self._ours.clear()
        if self._matches:
            self._matches, self._shown = [], -1
            self._show_matches()

    def action_cancel_import(self) -> None:
        """Esc while importing: stop before papers.json is written; once it is being written, say it will finish."""
        self.import_run.cancel()

    def action_hide(self) -> None:
        """Enter while importing: back to the list; the import goes on (the library screen's strip shows it)."""
        if self.running:
            self.dismiss(False)
            self.import_run.redraw()  # heard once the library screen is back: its strip shows the import

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = os.path.expanduser(event.value.strip())
        if self.running or self.import_run.running or not path or self.writable_library("imported") is None:
            return
        self.import_run.start(path)
        self.start("Reading…")

    def show_step(self) -> None:
        """The count and the bar: entries read (against the file's estimate), papers matched, the write."""
        if not self.running:
            return
        run = self.import_run
        bar = self.query_one("#import-progress", ProgressBar)
        bar.display = True
        share = run.share()
        if share is None:
            bar.update(total=None)  # busy: nothing read yet, a file read whole, or the write
        else:
            bar.update(total=run.total, progress=run.done)
        hint = "" if run.stop_asked or run.stage == "writing" else " · Enter: back to the list · Esc cancels"
        self.set_result(Text(run.line() + hint, style="italic"))

    def show_result(self) -> None:
        """The report: each file's line as the CLI prints it, a reason per skipped entry, errors in red.
        An Esc that came once the write had begun is owned up to first."""
        outcome = self.import_run.outcome
        assert outcome is not None
        self.import_run.unseen = False
        self.query_one("#import-progress", ProgressBar).display = False
        self.changed = self.changed or changed_library(outcome)
        self.finish(self.report(outcome, self.import_run.too_late))

    def report(self, outcome: ImportOutcome, too_late: bool) -> Text:
        """`too_late`: Esc came once the write had begun (an import that failed before it owns up to nothing)."""
        text = Text()
        if too_late and not outcome.cancelled:
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
        return text


def changed_library(outcome: ImportOutcome) -> bool:
    """Papers were added or merged, or notes restored: whatever shows the library should reload."""
    reports = outcome.reports
    lines = [line for kind, line in outcome.messages if kind == "line"]
    notes = outcome.notes_restored > 0 or len(lines) > len(reports)  # a notes export: its lines come without a file report
    return bool(sum(r.added for r in reports) or sum(r.updated for r in reports) or notes)


def summary(outcome: ImportOutcome) -> str:
    """The outcome in one line, for the toast: the cancel's line, the error of an import that read nothing, a
    notes-only import's last line, else the counts."""
    if outcome.cancelled:
        return next(line for kind, line in outcome.messages if kind == "cancelled")
    errors = [line for kind, line in outcome.messages if kind == "error"]
    if errors and not outcome.reports and not outcome.notes_matched:  # not "0 papers added, 0 merged, 0 skipped" in red
        return one_line(errors[0]) + (f" (and {plural(len(errors) - 1, 'more error')})" if len(errors) > 1 else "")
    lines = [line for kind, line in outcome.messages if kind == "line"]
    notes = outcome.notes_restored > 0 or len(lines) > len(outcome.reports)
    return lines[-1] if notes and not outcome.reports else outcome.summary()  # notes only: "notes: 3 updated, …"
