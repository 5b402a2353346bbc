"""The filter box above the paper list, with a one-line error under it for a malformed query."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Static

PLACEHOLDER = '/ filter: words, "phrase", -word, status:read rating:>=4 tag:x list:x has:notes year:>=2020'


class FilterInput(Input):
    """The query input: Esc clears it, a second Esc (or Enter, or down) goes to the list."""

    BINDINGS = [
        Binding("escape", "clear_or_leave", "Clear filter (a second Esc: back to the list)", show=False, id="filter_clear"),
        Binding("down", "leave", "To list", show=False, id="filter_leave"),
    ]

    @dataclass
    class Leave(Message):
        """The reader is done typing: move focus to the list."""

        input: "FilterInput"

    def action_clear_or_leave(self) -> None:
        if self.value:
            self.value = ""
        else:
            self._leave()

    def action_leave(self) -> None:
        self._leave()

    async def action_submit(self) -> None:
        self._leave()

    #: Called synchronously on Enter/down/Esc-when-empty; the screen sets it to a
    #: function that brings the list up to date with the box and focuses it.
    leave_hook: Callable[[], None] | None = None

    def _leave(self) -> None:
        # Act now, not when the Leave message is handled: keys already queued behind
        # this one (typed right after Enter) must find the list ranked and focused.
        if self.leave_hook is not None:
            self.leave_hook()
        self.post_message(self.Leave(self))

    async def _on_key(self, event: events.Key) -> None:
        """Leave keys act here, at once, and keys queued behind them are not typed in.

        Bindings run only after a key bubbles up to the app, by which time the
        keys typed right after Enter are already queued in this input. So the
        keys bound to leaving (Enter, down, Esc, or the user's overrides of
        them) act here, moving focus synchronously, and a key that
        arrives once focus has moved on bubbles instead of being typed, to run
        against the bindings of whatever has focus now: `Enter 5` filters, then
        rates the best match.
        """
        if self.screen.focused is not self:  # `has_focus` only changes when the Blur event lands
            event.prevent_default()
            return
        act = {"submit": self._leave, "leave": self._leave, "clear_or_leave": self.action_clear_or_leave}.get(
            self._bound_action(event.key) or ""
        )
        if act is not None:
            event.prevent_default()
            event.stop()
            act()


    def _bound_action(self, key: str) -> str | None:
        """The action this input binds `key` to, with the user's key overrides applied."""
        for namespace, bindings in self.screen._binding_chain:
            if namespace is self:
                found = bindings.key_to_bindings.get(key)
                return found[0].action if found else None
        return None


class FilterBar(Vertical):
    """The query input and, when the query does not parse, why (the list stays as it was)."""

    def compose(self) -> ComposeResult:
        yield FilterInput(placeholder=PLACEHOLDER, id="filter", compact=True, select_on_focus=False)
        yield Static(id="filter-error")

    def on_mount(self) -> None:
        self.show_error(None)

    def allow_focus_children(self) -> bool:
        """Tab cycles the list and the pane; the box is reached with `/` or a click."""
        return self.input.has_focus

    @property
    def input(self) -> FilterInput:
        return self.query_one(FilterInput)

    def show_error(self, message: str | None) -> None:
        """Show `message` under the box (as plain text, never markup), or hide the line."""
        error = self.query_one("#filter-error", Static)
        error.update(Text(message or ""))
        error.display = bool(message)
        self.set_class(bool(message), "-error")
