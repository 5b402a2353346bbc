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
    from tui.core.ranking.engine import ForMe
    from tui.core.search.index import SearchIndex
    from tui.core.search.query import Query


class GroupMarks(Protocol):
    """A reading group's marks, which the index reads for `votes:`, `group:`, `discuss:` (`usecases.group.Sight`)."""

    def attach(self, index: SearchIndex) -> None: ...


class View:
    """The papers a query and a sort give, and for the "for me" sort what was learned (each paper's score and why)."""

    def __init__(self, papers: Sequence[Paper], learned: ForMe | None = None, position: dict[str, int] | None = None,
                 needs: str | None = None) -> None:
        self.papers = papers
        self.learned = learned
        """The "for me" scores (None for any other sort)."""
        self.needs = needs
        """What the "for me" order says instead of learning ("rate a few papers 4 or 5", "more like ‹title›"); None when learned."""
        self._position = position or {}

    def score(self, paper: Paper) -> float | None:
        """The paper's "for me" score (higher: more for you); None for another sort."""
        i = self._position.get(paper.id)
        return None if self.learned is None or i is None else float(self.learned.scores[i])

    def why(self, paper: Paper) -> str | None:
        """One line on why the paper is where it is in "for me" (plain text); None for another sort."""
        i = self._position.get(paper.id)
        return None if self.learned is None or i is None else self.learned.why(i)


def papers_matching(library: Library, query: Query | str, sort: str | None = None, *, group: GroupMarks | None = None) -> Sequence[Paper]:
    """The papers the filter query matches, ranked as the app's filter box ranks them. An empty query
    gives every paper in list order; `sort` is one of `search.sorts.SORTS` (relevance when None); a
    malformed query raises the one-line `QueryError`. Used by `paperdesk list/show/export`."""
    return view_of(library, query, sort, group=group).papers


def view_of(library: Library, query: Query | str, sort: str | None = None, *, group: GroupMarks | None = None,
            positive_tag: str | None = None) -> View:
    """`papers_matching`, with what "for me" learned. `about:` in the query and the "for me" sort load (or
    build and save) the library's ranking engine (`usecases.rank`); `positive_tag` counts as a 4–5 rating."""
    from tui.core.search.query import parse_query

    parsed = parse_query(query) if isinstance(query, str) else query
    if parsed.is_empty and sort in (None, "relevance", "list"):
        return View(library.papers)
    index = search_index(library)
    if group is not None:
        group.attach(index)
    learned = needs = None
    if sort == "for-me" or parsed.about:
        from tui.core.usecases.rank import labels_now, needs_line, ranker_of

        ranker = ranker_of(library)
        index.set_meaning(ranker)
        if sort == "for-me":
            labels = labels_now(index.papers, library.annotations(), positive_tag, library.follows())
            learned = ranker.for_me(labels)
            needs = needs_line(learned, labels, index.title_of)
            index.set_for_me(None if learned.needs else learned.scores)
    return View(index.search(parsed, sort or "relevance"), learned, index.position, needs)


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
