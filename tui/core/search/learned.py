"""What the search index asks of a learned ranking (`tui.core.ranking.Ranker`): meaning scores for `about:`.

The index stays free of the ranking engine (scikit-learn, built in a worker on
first use): it is handed an object with this shape once one is ready, and
until then `about:` text is matched as ordinary words. The "for me" order is
handed over as plain scores (`SearchIndex.set_for_me`).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np


class Meaning(Protocol):
    """Per paper, how close its meaning is to a text (`about`), and which papers count as matching it (`about_cutoff`)."""

    def about(self, text: str) -> np.ndarray: ...

    def about_cutoff(self, scores: np.ndarray) -> np.ndarray: ...


def descending_ranks(values: np.ndarray) -> np.ndarray:
    """Each value's place when sorted high to low, equal values sharing one (so ties fall back to list order)."""
    _, inverse = np.unique(-values.astype(np.float64), return_inverse=True)
    return inverse.astype(np.int64).reshape(-1)
