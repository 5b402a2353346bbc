"""Sort orders and search cancellation: the light part of search, importable without numpy.

The UI needs these names at start-up; the index itself (numpy, rapidfuzz) is
imported only when it is built, in a worker, after the first paint.
"""

from __future__ import annotations

#: Sort orders, in the order the sort key cycles them.
SORTS = ("relevance", "list", "rating", "recent", "title", "group")
SORT_NAMES = {
    "relevance": "relevance",
    "list": "list order",
    "rating": "rating",
    "recent": "recently annotated",
    "title": "title",
    "group": "group score",
}


class Cancelled(Exception):
    """The search was stopped by its caller because a newer query superseded it."""


def next_sort(sort: str, ranks: bool = True, in_group: bool = False) -> str:
    """The sort order after `sort`, cycling.

    Without free text to rank by (`ranks` false) relevance is list order, so
    the cycle skips list order: every press changes the list.
    The group score is in the cycle only for a library in a reading group
    (`in_group`): elsewhere it would be the rating order again.
    """
    at = SORTS.index(sort) if sort in SORTS else -1
    while True:
        at = (at + 1) % len(SORTS)
        if not (SORTS[at] == "group" and not in_group or SORTS[at] == "list" and not ranks):
            return SORTS[at]
