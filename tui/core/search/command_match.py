"""How well a palette query names a command: word starts beat scattered letters.

Fuzzy subsequence matching alone ranked "Set status: skipped" above
"Statistics" for `stats` (both hold s-t-a-t-s), and Enter then changed a
paper. Here a command is *named* by a query when every query word starts a
word of the command (or is one of its keywords); only then may a command
that changes data match at all. Other commands also match on scattered
letters, scored below any named command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

_WORD = re.compile(r"[0-9a-z]+")

#: Scores: the command's text starts with the query / every query word starts a word / letters only.
PREFIX, WORDS, LETTERS = 1.0, 0.8, 0.4


def words(text: str) -> list[str]:
    """Lower-case words of `text` (letters and digits)."""
    return _WORD.findall(text.casefold())


def names(query: str, text: str, keywords: Iterable[str] = ()) -> bool:
    """True when every word of `query` starts a word of `text` or of its `keywords`."""
    wanted = words(query)
    have = words(text) + [w for k in keywords for w in words(k)]
    return bool(wanted) and all(any(h.startswith(w) for h in have) for w in wanted)


def command_score(
    query: str,
    text: str,
    *,
    keywords: Iterable[str] = (),
    changes_data: bool = False,
    letters: Callable[[str], float] | None = None,
) -> float:
    """0 (no match) to 1: how well `query` names the command `text`.

    `letters` scores a scattered-letter match (0-1; the palette's own fuzzy
    matcher); it is used only for commands that do not change data.
    """
    query_text = " ".join(words(query))
    if not query_text:
        return 0.0
    keywords = tuple(keywords)
    if " ".join(words(text)).startswith(query_text) or any(" ".join(words(k)).startswith(query_text) for k in keywords):
        return PREFIX
    if names(query, text, keywords):
        # Earlier matches read better: "rate 3" names "Rate 3 stars" more than "Sort by rating".
        text_words, first = words(text), words(query)[0]
        position = next((i for i, w in enumerate(text_words) if w.startswith(first)), len(text_words))
        return WORDS - min(position, 10) * 0.01
    if changes_data or letters is None:
        return 0.0
    return LETTERS * max(0.0, min(1.0, letters(text)))
