"""The filter box above the paper list, with a one-line error under it for a malformed query."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Static

from tui.ui.actions import bindings_for

#: The box's hint, longest first: the longest that fits the box is shown (never one cut short).
PLACEHOLDERS = (
    '/ filter: words "phrase" -word status:read rating:>=4 tag:x list:x has:notes year:>=2020',
    '/ filter: words "phrase" -word status:read rating:>=4 tag:x has:notes',
    '/ filter: words "phrase" -word rating:>=4 tag:x has:notes',
    '/ filter: words "phrase" -word rating:>=4 tag:x',
    "/ filter: words -word rating:>=4",
    "/ filter",
)
PLACEHOLDER = PLACEHOLDERS[0]


def placeholder_for(width: int) -> str:
    """The longest hint that fits `width` cells (the shortest when none does)."""
    return next((p for p in PLACEHOLDERS if len(p) <= width), PLACEHOLDERS[-1])


class FilterInput(Input):
    """The query input: `/` selects its text (`start_query`); Esc, Enter or down go to the list, keeping the filter
    (Esc there clears it), as Esc leaves the reading pane and the notes editor for the list."""

    BINDINGS = bindings_for("filter")

    class Leave(Message):
        """The reader is done typing: move focus to the list. A plain Message, as `Ranked` (tui/ui/library/filtering.py)."""

        def __init__(self, input: FilterInput) -> None:
            self.input = input
            super().__init__()

    def on_resize(self) -> None:
        self.placeholder = placeholder_for(self.content_region.width - 1)  # the cursor takes a cell

    @property
    def content_width(self) -> int:
        """At least the box's width: `Input` sizes its scrollable area from this at every change of the
        text, and a size that followed the text laid out the whole screen at every keystroke. A text
        wider than the box still scrolls with the cursor."""
        return max(super().content_width, self.scrollable_content_region.width)

    def start_query(self) -> None:
        """`/`: focus the box with its text selected, as a browser's address bar does: typing starts a new query,
        → or End keeps the old one (the cursor at its end), Backspace empties it. Focus and selection at once,
        not on the next refresh, so the key typed right after `/` finds both (keys reach the app in one burst)."""
        self.screen.set_focus(self)
        self.select_all()

    def action_leave(self) -> None:
        self._leave()

    async def action_submit(self) -> None:
        self._leave()

    #: Called synchronously on Enter/down/Esc; the screen sets it to a
    #: function that brings the list up to date with the box and focuses it.
    leave_hook: Callable[[], None] | None = None

    #: Called synchronously with the new value whenever it changes (the screen re-ranks).
    #: Acting in the key's own handling, not when `Input.Changed` reaches the screen,
    #: lets the typed character and the list it ranks be painted in one frame: the
    #: message's trip up the widgets left the screen idle between them, and that
    #: idle painted the character alone, putting the list a whole frame later.
    change_hook: Callable[[str], None] | None = None

    def watch_value(self, value: str) -> None:
        if self.change_hook is not None:
            self.change_hook(value)

    def _leave(self) -> None:
        # Act now, not when the Leave message is handled: the key that follows Enter
        # must find the list ranked and focused.
        if self.leave_hook is not None:
            self.leave_hook()
        self.post_message(self.Leave(self))


class FilterBar(Vertical):
    """The query input and, when the query does not parse, why (the list stays as it was)."""

    _error: str | None = None
    """The message on show; the line starts hidden by the stylesheet, so a start sets nothing on it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.input = FilterInput(placeholder=PLACEHOLDER, id="filter", compact=True, select_on_focus=False)
        """The box itself: the screen's filtering reads it and fills it."""

    def compose(self) -> ComposeResult:
        yield self.input
        yield Static(id="filter-error")

    def allow_focus_children(self) -> bool:
        """Tab cycles the list and the pane; the box is reached with `/` or a click."""
        return self.input.has_focus

    def show_error(self, message: str | None) -> None:
        """Show `message` under the box (as plain text, never markup), or hide the line."""
        if message == self._error:
            return  # unchanged (most keys): no update, so no layout pass
        self._error = message
        error = self.query_one("#filter-error", Static)
        error.update(Text(message or ""))
        error.display = bool(message)
        self.set_class(bool(message), "-error")
