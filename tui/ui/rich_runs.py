"""Turning the core's styled runs into rich `Text` for the reading pane."""

from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text

from tui.core.render.latex import Rendered
from tui.core.render.text import visible, web_link

#: How each style name from `tui.core.render.latex` looks; names combine ("bold italic").
RUN_STYLES = {
    "bold": Style(bold=True),
    "italic": Style(italic=True),
    "math": Style(color="cyan"),
    "mono": Style(dim=True),
    "link": Style(underline=True, color="bright_blue"),
}


def run_style(name: str, link: str = "") -> Style | None:
    """The rich style for a run (links carry their target so terminals can open them)."""
    styles = [RUN_STYLES[n] for n in name.split() if n in RUN_STYLES]
    link = web_link(link) if link else ""
    if link:  # clickable only when http(s); the target goes to the terminal raw, never with a control in it
        styles.append(Style(link=link))
    return Style.combine(styles) if styles else None


def rendered_text(rendered: Rendered) -> Text:
    """A `Text` built from data only: every run's text is made harmless, never parsed as markup."""
    text = Text()
    for run in rendered.runs:
        text.append(visible(run.text), run_style(run.style, run.link))
    return text


