"""A line that wraps between its units, never inside one: a tag holding a space still reads as one tag.

Textual wraps text at any space, so "#reading group" at the end of a line
became "#reading" there and "group" on the next, as if they were two tags.
`UnitLine` lays its units out for the width it is drawn at: a unit that does
not fit after the others starts the next line whole (one wider than the whole
line is broken, as nothing else can show it).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual


class UnitLine(Visual):
    """`head` (wrapped like any text), then each unit after `gap`, kept whole on one line where it fits."""

    def __init__(self, head: Content, units: Sequence[Content], gap: str = "  ") -> None:
        self.head, self.units, self.gap = head, tuple(units), gap
        self._laid: tuple[int, Content] | None = None  # the last width laid out, and its lines

    def __str__(self) -> str:
        return self.plain

    @property
    def plain(self) -> str:
        """The text on one line, as it reads at any width wide enough."""
        return self.head.plain + "".join(self.gap + unit.plain for unit in self.units)

    def laid_out(self, width: int) -> Content:
        """The text with a line break before each unit that does not fit on the line it would end."""
        if self._laid is not None and self._laid[0] == width:
            return self._laid[1]
        lines = self.head.wrap(width) if self.head else []
        column = lines[-1].cell_length if lines else 0
        gap = len(self.gap)
        text = self.head
        for unit in self.units:
            if column and column + gap + unit.cell_length > width:
                text, column = text + "\n", 0
            elif column:
                text, column = text + self.gap, column + gap
            text, column = text + unit, column + unit.cell_length
        self._laid = (width, text)
        return text

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return Content(self.plain).get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return max([self.head.get_minimal_width(rules), *(unit.cell_length for unit in self.units)])

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.laid_out(width).get_height(rules, width)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.laid_out(width).render_strips(width, height, style, options)
