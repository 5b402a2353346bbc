"""A radio button whose state shows without colour: ● for the chosen one, ○ for the others.

Textual draws every radio button with the same ●, the chosen one only in
another colour: on a monochrome terminal, in a screenshot printed in grey, or
to a reader who tells those two colours apart badly, every choice looked on.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import RadioButton

ON, OFF = "●", "○"


class Choice(RadioButton):
    """A `RadioButton` marked ● when chosen and ○ when not."""

    def render(self) -> Content:
        self.BUTTON_INNER = ON if self.value else OFF
        return super().render()
