"""A one-line box holding a value the reader edits (tags, a title, a comment, a list's name)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input


class EditBox(Input):
    """Opens with the cursor after the current text and nothing selected, so typing adds to it.

    Textual's `Input` selects its whole text whenever it takes focus
    (`select_on_focus`), and a dialog focuses its box as it opens: the first
    key typed replaced the stored value (`, extra` after `t` left only
    `extra`). Clearing it is one key away (ctrl+u).
    """

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        super().__init__(value, select_on_focus=False, **kwargs)

    def show(self, value: str) -> None:
        """Hold `value` instead, the cursor after it (a value set later keeps the old cursor place)."""
        self.value = value
        self.cursor_position = len(value)
