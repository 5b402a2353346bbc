"""Marking a rich Text (the words a filter matched, the reader's highlights, the reading cursor), apart from how it is built."""

from __future__ import annotations

import re
from collections.abc import Iterable

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


def mark_spans(text: Text, spans: Iterable[tuple[int, int]], style: Style | str) -> Text:
    """Stylize, in place, each (start, end) span of `text` that lies in it (a reader's highlights, the cursor)."""
    size = len(text.plain)
    for start, end in spans:
        start, end = max(0, start), min(end, size)
        if start < end:
            text.stylize(style, start, end)
    return text


def line_of(plain: str, offset: int, width: int) -> int:
    """The screen line, counted from the top of a paragraph block, where character `offset` of `plain` lands
    when wrapped at `width` columns (words wrapped whole, as the pane wraps them; an estimate for scrolling)."""
    width = max(1, width)
    line = 0
    at = 0
    for paragraph in plain.split("\n"):
        column = 0
        for word in re.finditer(r"\S+\s*", paragraph) if paragraph else ():
            size = len(word.group().rstrip())
            if column and column + size > width:
                line, column = line + 1, 0
            if at + word.end() > offset:
                return line + (column + offset - at - word.start()) // width
            column += len(word.group())
        if at + len(paragraph) >= offset:
            return line
        at += len(paragraph) + 1
        line += 1
    return line
