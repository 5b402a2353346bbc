"""Sort orders and search cancellation: the light part of search, importable without numpy.

The UI needs these names at start-up; the index itself (numpy, rapidfuzz) is
imported only when it is built, in a worker, after the first paint.
"""

from __future__ import annotations

#: Sort orders, in the order the sort key cycles them.
SORTS = ("relevance", "list", "for-me", "rating", "recent", "title", "group")
SORT_NAMES = {
    "relevance": "relevance",
    "list": "list order",
    "for-me": "for me",
    "rating": "rating",
    "recent": "recently annotated",
    "title": "title",
    "group": "group score",
}


class Cancelled(Exception):
    """The search was stopped by its caller because a newer query superseded it."""


#: What `paperdesk list --sort for-me` (and the palette) say when the `for_me` setting turned the learned sort off.
FOR_ME_OFF = "the for-me sort is off (for_me = false in the settings file)"


def next_sort(sort: str, ranks: bool = True, in_group: bool = False, for_me: bool = True) -> str:
    """The sort order after `sort`, cycling.

    Without free text to rank by (`ranks` false) relevance is list order, so
    the cycle skips list order: every press changes the list.
    The group score is in the cycle only for a library in a reading group
    (`in_group`): elsewhere it would be the rating order again.
    The learned order ("for me") is skipped when the settings turned it off (`for_me` false).
    """
    at = SORTS.index(sort) if sort in SORTS else -1
    while True:
        at = (at + 1) % len(SORTS)
        name = SORTS[at]
        if offered(name, in_group, for_me) and not (name == "list" and not ranks):
            return name


def offered(sort: str, in_group: bool, for_me: bool) -> bool:
    """Whether the sort key's cycle and the command palette offer `sort`: the group score only in a reading group
    (elsewhere it is the rating order again), "for me" only while the settings leave it on."""
    return not (sort == "group" and not in_group or sort == "for-me" and not for_me)
