"""The add dialog (`a`): arXiv ids, DOIs and OpenReview URLs fetched in a worker and merged in.

It calls `tui.core.usecases.add.add_ids`, the use case `paperdesk add` calls:
everything is fetched first, then one atomic write. Waits (a busy service)
and progress come back through `to_ui`; when papers were added it posts
`LibraryChanged`, so the list shows them without a restart. The frame
(title, input, scrolling report) is `ReportDialog`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.widgets import Input

from tui.core.errors import PaperdeskError, os_reason
from tui.core.render.text import one_line
from tui.core.usecases.add import AddOutcome, add_ids
from tui.core.words import plural
from tui.ui.screens.import_dialog import LibraryChanged
from tui.ui.screens.report_dialog import ReportDialog
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.config import Settings
    from tui.core.library import Library


class AddDialog(ReportDialog):
    """Add papers by id; dismisses with True when papers were added or merged."""

    TITLE_TEXT = "Add papers"
    HELP_TEXT = ("arXiv ids or URLs, DOIs or doi.org URLs, OpenReview forum URLs; several separated by spaces. "
                 "Enter fetches; Esc closes.")

    def __init__(self, library: Library | None, settings: Settings) -> None:
        """`settings`: the web services' options (a contact address, the fetch cache)."""
        super().__init__(library)
        self.settings = settings

    def make_input(self) -> Input:
        return Input(placeholder="2501.01234 10.1038/nature14539 https://openreview.net/forum?id=…", id="add-ids")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        texts = event.value.replace(",", " ").split()
        if self.running or not texts or self.writable_library("added") is None:
            return
        self.start(f"Fetching {plural(len(texts))}…")
        self.run_add(texts)

    @work(thread=True, exclusive=True, group="add")
    def run_add(self, texts: list[str]) -> None:
        from tui.core.fetch.services import FetchOptions  # web clients load on first use, never at start-up

        app, library = self.app, self.library

        def notice(line: str) -> None:
            to_ui(app, self.set_result, Text(one_line(line), style="italic"))

        def progress(done: int, total: int) -> None:
            to_ui(app, self.set_result, Text(f"Fetched {done} / {total}…", style="italic"))

        try:
            assert library is not None
            outcome = add_ids(library, texts, FetchOptions.from_settings(self.settings, notice=notice), progress=progress)
            error = ""
        except PaperdeskError as exc:
            outcome, error = AddOutcome(), f"{exc}; nothing added"
        except OSError as exc:
            outcome, error = AddOutcome(), f"the library could not be written ({os_reason(exc)}); nothing added"
        to_ui(app, self._show_result, outcome, error)

    def _show_result(self, outcome: AddOutcome, error: str) -> None:
        """One line per paper, one per id that failed; the list reloads when papers came in."""
        text = Text()
        for line in outcome.lines():
            text.append(one_line(line) + "\n", style="bold")
        for line in outcome.failed:
            text.append(one_line(line) + "\n", style=self.style_of("error"))
        if error:
            text.append(one_line(error), style=self.style_of("error"))
        self.finish(text)
        if outcome.added:
            self.changed = True
            self.app.post_message(LibraryChanged())
        added = sum(1 for _, report in outcome.added if report.added)
        summary = f"{added} added, {len(outcome.added) - added} already there or merged, {len(outcome.failed)} failed"
        self.notify(summary, title="Add", severity="error" if (outcome.failed or error) else "information", markup=False)
