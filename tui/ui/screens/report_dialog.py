"""The frame the import (`i`) and add (`a`) dialogs share: a title, a hint, one input, and a report that scrolls.

Both take one line of input, run the library's use case in a worker, and
show what it did; only the input, the worker and the report's words differ.
The box scrolls as a whole when the report is longer than the terminal
(60x15 and up), as the export dialog does, with PageUp/PageDown from the input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.wide_chars import use_on

if TYPE_CHECKING:
    from tui.core.library import Library


class ReportDialog(Dialog[bool]):
    """One input and a report; dismisses with True when the library changed (the list reloads)."""

    CSS_PATH = stylesheet("import_dialog.tcss")
    COMPONENT_CLASSES = {"import-report--warning", "import-report--error"}
    BINDINGS = bindings_for("import")

    TITLE_TEXT = ""
    HELP_TEXT = ""

    def __init__(self, library: Library | None) -> None:
        """`library`: the open library, the one the dialog's use case changes."""
        super().__init__()
        self.library = library
        use_on(self)  # its toasts name files, often in CJK
        self.changed = False
        self.running = False

    def make_input(self) -> Input:
        """The dialog's one input (its placeholder, suggester and id)."""
        raise NotImplementedError

    def extra(self) -> ComposeResult:
        """Widgets between the input and the report (the import's progress bar)."""
        yield from ()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="import-box", can_focus=False):
            yield Static(self.TITLE_TEXT, id="import-title")
            yield Static(self.HELP_TEXT, id="import-help")
            yield self.make_input()
            yield from self.extra()
            yield Static(id="import-result")

    def on_mount(self) -> None:
        self.query_one("#import-result", Static).display = False
        self.query_one(Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc closes the dialog only once its worker is done (the import dialog cancels its import meanwhile)."""
        if action == "close":
            return not self.running
        return True

    def action_close(self) -> None:
        if not self.running:
            self.dismiss(self.changed)

    def action_complete(self) -> None:
        """Tab: nothing to complete unless the dialog says otherwise."""

    def action_scroll_report(self, pages: int) -> None:
        """PageUp/PageDown from the input: scroll the box (a long report on a short terminal)."""
        box = self.query_one("#import-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(1, box.scrollable_content_region.height - 1), animate=False)

    def style_of(self, kind: str) -> Style:
        """The report's style for "warning" or "error" lines (component classes, themed in the .tcss)."""
        return self.get_component_rich_style(f"import-report--{kind}", partial=True)

    def writable_library(self, what: str) -> Library | None:
        """The open library, or None after saying in the report why nothing will be {what} ("imported")."""
        library = self.library
        if library is not None and not library.read_only:
            return library
        reason = (library.notice if library is not None else None) or "the library is not open for writing"
        self.set_result(Text(f"{reason}; nothing {what}", style=self.style_of("error")))
        return None

    def start(self, busy: str) -> None:
        """The worker is about to run: the input waits, the report says what is going on."""
        self.running = True
        self.query_one(Input).disabled = True
        self.set_result(Text(busy, style="italic"))
        self.refresh_bindings()

    def finish(self, report: Text) -> None:
        """The worker is done: show its report (scrolled to its start) and give the input back."""
        self.running = False
        self.refresh_bindings()
        field = self.query_one(Input)
        field.disabled = False
        field.focus()
        report.rstrip()
        self.set_result(report)
        self.query_one("#import-box", VerticalScroll).scroll_home(animate=False)

    def set_result(self, text: Text) -> None:
        result = self.query_one("#import-result", Static)
        result.update(text)
        result.display = bool(text.plain)
