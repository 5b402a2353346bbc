"""`paperdesk list` and `show`, and every verb that picks papers by a filter query: the papers it matches, ranked.

The command line's `export`, `remove` and `cite` choose their papers here, as
the app's filter box does (`search`); the library's search index is loaded
(or built and saved) here too, for the app's session (`usecases.open`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from tui.core.library import Library
from tui.core.models import Paper

if TYPE_CHECKING:
    from tui.core.search.index import SearchIndex
    from tui.core.search.query import Query


class GroupMarks(Protocol):
    """A reading group's marks, which the index reads for `votes:`, `group:`, `discuss:` (`usecases.group.Sight`)."""

    def attach(self, index: SearchIndex) -> None: ...


def papers_matching(library: Library, query: Query | str, sort: str | None = None, *, group: GroupMarks | None = None) -> Sequence[Paper]:
    """The papers the filter query matches, ranked as the app's filter box ranks them. An empty query
    gives every paper in list order; `sort` is one of `search.sorts.SORTS` (relevance when None); a
    malformed query raises the one-line `QueryError`. Used by `paperdesk list/show/export`."""
    from tui.core.search.query import parse_query

    parsed = parse_query(query) if isinstance(query, str) else query
    if parsed.is_empty and sort in (None, "relevance", "list"):
        return library.papers
    index = search_index(library)
    if group is not None:
        group.attach(index)
    return index.search(parsed, sort or "relevance")


def search_index(library: Library, early: Callable[[SearchIndex], None] | None = None) -> SearchIndex:
    """The library's search index: the saved one when papers.json is unchanged, else built and saved (`search.stored`);
    `early` is given an index of a large library's titles while it builds (`search.stored.load_or_build`)."""
    from tui.core.search.stored import load_or_build  # numpy: loaded when first needed

    index = load_or_build(library.folder, library.papers_digest, library.papers, library.annotations(), save=not library.read_only, early=early)
    follows = library.follows()
    if follows:  # `followed:`, and the list's mark
        from tui.core.usecases.follow import followed_papers

        index.set_followed(followed_papers(index.papers, follows))
    return index
