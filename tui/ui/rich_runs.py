"""Turning the core's styled runs into rich `Text` for the reading pane."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text

from tui.core.render.text import visible, web_link

if TYPE_CHECKING:
    from tui.core.render.latex import Rendered

#: How each style name from `tui.core.render.latex` looks without a theme; names combine ("bold italic").
#: The reading pane replaces "math" and "link" with its component classes (colours from the theme).
RUN_STYLES: Mapping[str, Style] = {
    "bold": Style(bold=True),
    "italic": Style(italic=True),
    "math": Style(),
    "mono": Style(dim=True),
    "link": Style(underline=True),
    "dim": Style(dim=True),  # a private macro shown by its name
}


def run_style(name: str, link: str = "", looks: Mapping[str, Style] = RUN_STYLES) -> Style | None:
    """The rich style for a run (links carry their target so terminals can open them)."""
    styles = [looks[n] for n in name.split() if n in looks]
    link = web_link(link) if link else ""
    if link:  # clickable only when http(s); the target goes to the terminal raw, never with a control in it
        styles.append(Style(link=link))
    return Style.combine(styles) if styles else None


def rendered_text(rendered: Rendered, looks: Mapping[str, Style] = RUN_STYLES) -> Text:
    """A `Text` built from data only: every run's text is made harmless, never parsed as markup."""
    text = Text()
    for run in rendered.runs:
        text.append(visible(run.text), run_style(run.style, run.link, looks))
    return text


