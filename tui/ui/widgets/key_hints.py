"""The footer: the keys that work now, drawn as one line of text instead of one widget per key.

Textual's `Footer` builds a widget per key and rebuilds them all whenever focus
moves, a cost every start and every focus change would pay. This draws the same
information (key, description; the palette key at the right) as a single `Text`,
and clicking a key presses it. A hint that stands for a group of keys ("0-5 Rate")
is no one key: clicking it shows the keys in a toast and changes nothing (pressing
the first would rate the paper 1 star).
"""

from __future__ import annotations

from typing import cast

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding
from textual.screen import Screen
from textual.widget import Widget

from tui.ui.actions import ACTIONS
from tui.ui.keymap import GROUPS, KeysInForce, group_help, group_keys

_ORDER = {action.id: index for index, action in enumerate(ACTIONS) if action.id}


class KeyHints(Widget):
    """One line of `key description` pairs for the focused widget's active bindings.

    The line is made when drawn (`render`), for the width the widget has then: a new
    width or new keys only repaint this line. Set as a Static's text, each of them
    would lay out the whole screen again (the first right after the first frame).
    """

    COMPONENT_CLASSES = {"key-hints--key", "key-hints--disabled"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str, str]] = []  # (start cell, end cell, key to press, binding id)
        self._listed = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        # A screen with no footer of its own (Textual's command palette) can cover this one: list its keys then.
        self.app.screen_change_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def _bindings_changed(self, screen: Widget) -> None:
        if screen is self.screen or screen is self.app.screen:
            # After the refresh, as Textual's Footer does: focus has settled by then.
            self.call_after_refresh(self._refresh_keys)

    def _refresh_keys(self) -> None:
        if self.is_attached:  # a dialog can close before the refresh comes round
            self._listed = True
            self.refresh()

    def render(self) -> Text:
        # Blank until the keys are listed after the first frame (`_bindings_changed`): focus has settled by then.
        return self._render_keys() if self._listed else Text()

    def _covering_screen(self) -> Screen | None:
        """The screen over this one that has no footer of its own (the command palette), if any."""
        top = self.app.screen
        if top is self.screen or top.query(KeyHints):
            return None
        return top

    def _render_keys(self) -> Text:
        first_of_action: dict[str, ActiveBinding] = {}  # a key per action: "0-5 Rate" once, not six times
        palette: ActiveBinding | None = None
        covering = self._covering_screen()
        bindings = (covering or self.screen).active_bindings
        for key, active in bindings.items():
            if covering is not None and active.node is self.app:
                continue  # under the palette only its own keys work as listed (a typed "?" is a letter there)
            if key == self.app.COMMAND_PALETTE_BINDING and self.app.ENABLE_COMMAND_PALETTE:
                palette = active
            elif active.binding.show:
                first_of_action.setdefault(active.binding.action, active)
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        key_style = self.get_component_rich_style("key-hints--key")
        off_style = self.get_component_rich_style("key-hints--disabled")
        # The focused widget's keys first, the app's last (as Textual lists them), each node's in
        # registry order: a remapped key keeps its place (Textual's keymap moves it to the end).
        nodes: dict[object, int] = {}
        for active in first_of_action.values():
            nodes.setdefault(active.node, len(nodes))

        def place(active: ActiveBinding) -> tuple[int, int]:
            return nodes[active.node], _ORDER.get(active.binding.id or "", len(_ORDER))

        for active in sorted(first_of_action.values(), key=place):
            self._append(text, active, key_style, off_style)
        if palette is not None:
            right = Text(no_wrap=True, end="")
            self._append(right, palette, key_style, off_style)
            gap = max(1, self.size.width - text.cell_len - right.cell_len) if self.size.width else 2
            start = text.cell_len + gap
            self._spans[-1] = (start, start + right.cell_len, *self._spans[-1][2:])
            text.append(" " * gap)
            text.append_text(right)
        return text

    def _append(self, text: Text, active: ActiveBinding, key_style: Style, off_style: Style) -> None:
        binding = active.binding
        start = text.cell_len
        text.append(f" {self.app.get_key_display(binding)} ", off_style if not active.enabled else key_style)
        text.append(f"{binding.description} ", off_style if not active.enabled else None)
        self._spans.append((start, text.cell_len, binding.key.split(",")[0], binding.id or ""))

    def on_click(self, event: events.Click) -> None:
        for start, end, key, ident in self._spans:
            if start <= event.x < end:
                if ident in GROUPS:
                    self._explain(ident)
                else:
                    self.app.simulate_key(key)
                break

    def _explain(self, leader: str) -> None:
        """A group's hint, clicked: say which keys it stands for; press none of them."""
        app = cast(KeysInForce, self.app)  # paperdesk's app: what it binds now
        display = app.get_key_display
        keys = group_keys(GROUPS[leader][0], app.key_overrides, display)
        self.app.notify(f"{keys}: {group_help(leader, app.key_overrides, display)}. Press a key to use it.", markup=False)
