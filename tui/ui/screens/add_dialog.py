"""The add dialog (`a`): arXiv ids, DOIs and OpenReview URLs fetched in a worker and merged in.

It calls `tui.core.library.add_ids`, the use case `paperdesk add` calls:
everything is fetched first, then one atomic write. Waits (a busy service)
and progress come back through `to_ui`; when papers were added it posts
`LibraryChanged`, so the list shows them without a restart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.core.errors import PaperdeskError, os_reason
from tui.core.library import AddOutcome, add_ids
from tui.core.render.text import one_line
from tui.ui.actions import bindings_for
from tui.ui.screens.import_dialog import LibraryChanged
from tui.ui.styles import stylesheet
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.ui.app import PaperdeskApp


class AddDialog(ModalScreen[bool]):
    """Add papers by id; dismisses with True when papers were added or merged."""

    CSS_PATH = stylesheet("import_dialog.tcss")
    COMPONENT_CLASSES = {"import-report--warning", "import-report--error"}
    BINDINGS = bindings_for("import")

    def __init__(self) -> None:
        super().__init__()
        self.changed = False
        self.running = False

    def compose(self) -> ComposeResult:
        with Vertical(id="import-box"):
            yield Static("Add papers", id="import-title")
            yield Static(
                "arXiv ids or URLs, DOIs or doi.org URLs, OpenReview forum URLs; several separated by spaces. "
                "Enter fetches; Esc closes.",
                id="import-help",
            )
            yield Input(placeholder="2501.01234 10.1038/nature14539 https://openreview.net/forum?id=…", id="add-ids")
            yield Static(id="import-result")

    def on_mount(self) -> None:
        self.query_one("#import-result", Static).display = False
        self.query_one(Input).focus()

    def action_close(self) -> None:
        if not self.running:
            self.dismiss(self.changed)

    def action_complete(self) -> None:
        """Tab in this dialog has nothing to complete."""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        texts = event.value.replace(",", " ").split()
        if self.running or not texts:
            return
        library = cast("PaperdeskApp", self.app).library
        if library is None or library.read_only:
            reason = (library.notice if library is not None else None) or "the library is not open for writing"
            self._set_result(Text(one_line(f"{reason}; nothing added"), style=self._style("error")))
            return
        self.running = True
        event.input.disabled = True
        self._set_result(Text(f"Fetching {len(texts)} paper(s)…", style="italic"))
        self.run_add(texts)

    @work(thread=True, exclusive=True, group="add")
    def run_add(self, texts: list[str]) -> None:
        from tui.core.fetch.services import FetchOptions  # web clients load on first use, never at start-up

        app = cast("PaperdeskApp", self.app)

        def notice(line: str) -> None:
            to_ui(app, self._set_result, Text(one_line(line), style="italic"))

        def progress(done: int, total: int) -> None:
            to_ui(app, self._set_result, Text(f"Fetched {done} / {total}…", style="italic"))

        try:
            assert app.library is not None
            outcome = add_ids(app.library, texts, FetchOptions.from_settings(app.settings, notice=notice), progress=progress)
            error = ""
        except PaperdeskError as exc:
            outcome, error = AddOutcome(), f"{exc}; nothing added"
        except OSError as exc:
            outcome, error = AddOutcome(), f"the library could not be written ({os_reason(exc)}); nothing added"
        to_ui(app, self._show_result, outcome, error)

    def _style(self, kind: str):  # type: ignore[no-untyped-def]
        return self.get_component_rich_style(f"import-report--{kind}", partial=True)

    def _set_result(self, text: Text) -> None:
        result = self.query_one("#import-result", Static)
        result.update(text)
        result.display = bool(text.plain)

    def _show_result(self, outcome: AddOutcome, error: str) -> None:
        """One line per paper, one per id that failed; the list reloads when papers came in."""
        self.running = False
        field = self.query_one(Input)
        field.disabled = False
        field.focus()
        text = Text()
        for line in outcome.lines():
            text.append(one_line(line) + "\n", style="bold")
        for line in outcome.failed:
            text.append(one_line(line) + "\n", style=self._style("error"))
        if error:
            text.append(one_line(error), style=self._style("error"))
        text.rstrip()
        self._set_result(text)
        if outcome.added:
            self.changed = True
            self.app.post_message(LibraryChanged())
        added = sum(1 for _, report in outcome.added if report.added)
        summary = f"{added} added, {len(outcome.added) - added} already there or merged, {len(outcome.failed)} failed"
        self.notify(summary, title="Add", severity="error" if (outcome.failed or error) else "information", markup=False)
