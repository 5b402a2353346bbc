"""Turning the core's styled runs into rich `Text`, and marking search words in it."""

from __future__ import annotations

import re
from typing import Sequence

from rich.style import Style
from rich.text import Text

from tui.core.latex import Rendered
from tui.core.text import visible

#: How each style name from `tui.core.latex` looks; names combine ("bold italic").
RUN_STYLES = {
    "bold": Style(bold=True),
    "italic": Style(italic=True),
    "math": Style(color="cyan"),
    "mono": Style(dim=True),
    "link": Style(underline=True, color="bright_blue"),
}
#: How the words of the filter query look in the abstract.
HIGHLIGHT = Style(bold=True, underline=True, color="yellow")


def run_style(name: str, link: str = "") -> Style | None:
    """The rich style for a run (links carry their target so terminals can open them)."""
    styles = [RUN_STYLES[n] for n in name.split() if n in RUN_STYLES]
    if link:
        styles.append(Style(link=link))
    return Style.combine(styles) if styles else None


def rendered_text(rendered: Rendered) -> Text:
    """A `Text` built from data only: every run's text is made harmless, never parsed as markup."""
    text = Text()
    for run in rendered.runs:
        text.append(visible(run.text), run_style(run.style, run.link))
    return text


def highlight_words(text: Text, words: Sequence[str], style: Style = HIGHLIGHT) -> Text:
    """Mark every case-insensitive occurrence of each word in `text` (in place; returned for chaining)."""
    words = [w for w in words if w and w.strip()]
    if not words:
        return text
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)
    for m in pattern.finditer(text.plain):
        if m.end() > m.start():
            text.stylize(style, m.start(), m.end())
    return text
