"""Per-paper ranks for the sort orders that are not relevance: recently annotated, and title."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from tui.core.models import Annotation


def recent_ranks(annotations: Mapping[int, Annotation], size: int) -> np.ndarray:
    """Per paper (by index position), how recently its annotation changed: higher is more recent, 0 never."""
    key = np.zeros(size, dtype=np.int64)
    stamped = sorted((ann.updated, i) for i, ann in annotations.items() if ann.updated)
    for rank, (_, i) in enumerate(stamped, start=1):
        key[i] = rank
    return key


def title_ranks(size: int, title_of: Callable[[int], str]) -> np.ndarray:
    """Per paper, its place in alphabetical order of shown titles."""
    order = sorted(range(size), key=lambda i: title_of(i).casefold())
    key = np.empty(size, dtype=np.int64)
    key[np.array(order, dtype=np.int64)] = np.arange(size)
    return key
