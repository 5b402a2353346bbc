"""The text the ranking reads per paper, and how it is split into terms (the same at build and at query time).

A paper is its title (the data's, else the one derived from the abstract) and
its abstract, folded as search folds them (`search.folding.fold`: LaTeX read
as shown, so `$\\epsilon$-DP` and `ε-DP` are one word). Terms are lower-cased
words of two or more characters (scikit-learn's default token pattern), the
related index's stop words left out (common English plus the boilerplate every
abstract shares), plus the pairs of adjacent kept words (1–2-grams). The split
is ours, not scikit-learn's, so a query is turned into terms without importing
scikit-learn: the app answers `about:` with numpy alone.
"""

from __future__ import annotations

import re

from tui.core.models import Paper
from tui.core.related.tokens import STOP_WORDS
from tui.core.search.folding import fold

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
#: Longer "words" are run-together formulas or identifiers: they relate nothing, and the terms array is as wide as its longest.
LONGEST = 32


def raw_text(paper: Paper) -> str:
    """A paper's title and abstract as stored (LaTeX and all)."""
    return f"{paper.title or paper.derived_title}\n{paper.abstract}"


def paper_text(paper: Paper) -> str:
    """What the ranking reads of a paper: its title and abstract as shown, folded."""
    return fold(raw_text(paper))


def analyze(text: str) -> list[str]:
    """The terms of `text`: its words (stop words out) and each pair of adjacent kept words."""
    words = [w for w in _TOKEN.findall(text.lower()) if len(w) <= LONGEST and w not in STOP_WORDS and not w.isdigit()]
    return words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
