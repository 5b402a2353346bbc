"""`H`: a paper's highlights in reading order, to show one in the abstract, edit its comment or delete it.

The dialog holds no data of its own: `HighlightActions` (the screen's
annotator) lists the highlights as they stand (pending saves included) and
makes every change, so a deletion lands in the same undo history as any
other change and `u`, here or on the library screen, brings it back.
"""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.highlights import Anchored
from tui.core.models import Highlight
from tui.core.render.text import one_line
from tui.ui.actions import bindings_for
from tui.ui.screens.comment_dialog import CommentDialog
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.widgets.highlight_list import highlight_label

HINT = "Enter shows it in the abstract · e edits the comment · d deletes (u undoes) · Esc closes"


class HighlightActions(Protocol):
    """What the dialog asks of its owner."""

    def listing(self) -> list[Anchored]: ...
    def set_comment(self, highlight: Highlight, comment: str) -> None: ...
    def delete(self, highlight: Highlight) -> None: ...
    def undo(self) -> None: ...
    def show(self, highlight: Highlight) -> None: ...


class HighlightsDialog(Dialog[None]):
    """The list; it stays open while editing, deleting and undoing, and closes to show one."""

    CSS_PATH = stylesheet("dialogs.tcss")
    BINDINGS = bindings_for("highlights")

    def __init__(self, title: str, actions: HighlightActions) -> None:
        super().__init__()
        self.paper_title = title
        self.actions = actions
        self.anchored: list[Anchored] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text("Highlights of " + one_line(self.paper_title)), classes="dialog-title")
            yield OptionList(id="highlights-options")
            yield Static(Text(HINT), classes="dialog-hint")

    def on_mount(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    def reload(self, keep: int | None = None) -> None:
        """List the highlights as they stand now, the cursor on row `keep` (or as near as there is)."""
        options = self.query_one(OptionList)
        at = options.highlighted if keep is None else keep
        self.anchored = self.actions.listing()
        options.clear_options()
        options.add_options([Option(highlight_label(a, 200)) for a in self.anchored])
        if not self.anchored:
            options.add_option(Option(Text("No highlights left (u brings the last one back)"), disabled=True))
        elif at is not None:
            options.highlighted = max(0, min(at, len(self.anchored) - 1))
        else:
            options.highlighted = 0

    @property
    def current(self) -> Highlight | None:
        index = self.query_one(OptionList).highlighted
        return self.anchored[index].highlight if index is not None and 0 <= index < len(self.anchored) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_show()

    def action_show(self) -> None:
        highlight = self.current
        if highlight is not None:
            self.dismiss(None)
            self.actions.show(highlight)

    def action_comment(self) -> None:
        highlight = self.current
        if highlight is not None:
            self.app.push_screen(CommentDialog(highlight.text, highlight.comment, new=False), lambda text: self._commented(highlight, text))

    def _commented(self, highlight: Highlight, text: str | None) -> None:
        if text is not None:
            self.actions.set_comment(highlight, text)
            self.reload()

    def action_delete(self) -> None:
        highlight = self.current
        if highlight is not None:
            self.actions.delete(highlight)
            self.reload()

    def action_undo(self) -> None:
        self.actions.undo()
        self.reload()

    def action_close(self) -> None:
        self.dismiss(None)
