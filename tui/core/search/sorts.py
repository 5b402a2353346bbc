"""Sort orders and search cancellation: the light part of search, importable without numpy.

The UI needs these names at start-up; the index itself (numpy, rapidfuzz) is
imported only when it is built, in a worker, after the first paint.
"""

from __future__ import annotations

#: Sort orders, in the order the sort key cycles them.
SORTS = ("relevance", "list", "rating", "recent", "title")
SORT_NAMES = {
    "relevance": "relevance",
    "list": "list order",
    "rating": "rating",
    "recent": "recently annotated",
    "title": "title",
}


class Cancelled(Exception):
    """The search was stopped by its caller because a newer query superseded it."""


def next_sort(sort: str, ranks: bool = True) -> str:
    """The sort order after `sort`, cycling.

    Without free text to rank by (`ranks` false) relevance is list order, so
    the cycle skips the step between the two: every press changes the list.
    """
    following = SORTS[(SORTS.index(sort) + 1) % len(SORTS)] if sort in SORTS else SORTS[0]
    if not ranks and {sort, following} == {"relevance", "list"}:
        return next_sort(following)
    return following
