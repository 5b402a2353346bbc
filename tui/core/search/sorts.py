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
    the cycle skips the step between the two: every press changes the list.
    The group score is in the cycle only for a library in a reading group
    (`in_group`): elsewhere it would be the rating order again.
    """
    following = SORTS[(SORTS.index(sort) + 1) % len(SORTS)] if sort in SORTS else SORTS[0]
    if following == "group" and not in_group:
        return next_sort(following, ranks, in_group)
    if not ranks and {sort, following} == {"relevance", "list"}:
        return next_sort(following, in_group=in_group)
    return following
