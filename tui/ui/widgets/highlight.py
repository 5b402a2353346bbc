"""Marking the words a filter matched on a rich Text, separate from how that Text is built."""

from __future__ import annotations

from typing import Iterable

from rich.style import Style
from rich.text import Text

from tui.core.search.query import WORD


def highlight_words(text: Text, wanted: Iterable[str], style: Style | str) -> Text:
    """Stylize, in place, every word of `text` in `wanted` (case-insensitive) and every phrase.

    An entry holding anything but one word is a phrase, marked where it occurs.
    Returns `text` for chaining.
    """
    single = set()
    phrases = []
    for item in wanted:
        folded = item.casefold()
        if WORD.fullmatch(folded):
            single.add(folded)
        elif folded.strip():
            phrases.append(folded)
    plain = text.plain
    if single:
        for match in WORD.finditer(plain):
            if match.group().casefold() in single:
                text.stylize(style, match.start(), match.end())
    if phrases:
        folded_plain = plain.casefold()
        if len(folded_plain) == len(plain):  # offsets line up (no ß-like expansions)
            for phrase in phrases:
                start = folded_plain.find(phrase)
                while start >= 0:
                    text.stylize(style, start, start + len(phrase))
                    start = folded_plain.find(phrase, start + 1)
    return text
