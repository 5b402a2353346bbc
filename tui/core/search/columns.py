"""The per-paper columns the field filters read (`list:`, `venue:`, `year:`, `has:`), from the papers alone.

They depend on papers.json only (not on annotations), so the saved index
keeps them beside the words (`search.stored`) and a start memory-maps them:
building them walks every paper nine times, a tenth of a second at 50,000
papers, on the way to the first usable filter. Tag and author lookups are
dicts of sets, built on first use (`SearchIndex.paper_tags`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tui.core.models import Paper
from tui.core.search.filters import year_number

#: A year in a list's name ("ICML 2025 Papers"): four digits 19xx or 20xx, not inside a longer number.
_LIST_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def list_year(name: str) -> int:
    """The year a list's name holds ("ICML 2025" -> 2025), given by `year:` to its papers that have none (a
    conference's abstracts list no year of their own); 0 when it holds none, or two different ones ("2019-2021")."""
    found = set(_LIST_YEAR.findall(name))
    return int(found.pop()) if len(found) == 1 else 0


#: What `has:` reads from the papers themselves, in the rows of `Columns.flags` after the first (tags).
HAS = ("abstract", "authors", "url", "doi")


@dataclass(frozen=True, eq=False)
class Columns:
    """Codes per paper: `codes` rows are list, venue (0: none) and year (0: none; a paper without one files under
    its list's, `list_year`); `flags` rows are has-tags then `HAS`. Names are sorted, so a code is a name's
    position (a venue's plus one)."""

    list_names: list[str]
    venues: list[str]
    codes: np.ndarray
    flags: np.ndarray

    @classmethod
    def of(cls, papers: Sequence[Paper]) -> Columns:
        n = len(papers)
        list_names = sorted({p.list for p in papers})
        list_code = {name: i for i, name in enumerate(list_names)}
        venues = sorted({p.venue for p in papers if p.venue})
        venue_code = {name: i + 1 for i, name in enumerate(venues)}
        codes = np.empty((3, n), dtype=np.int32)
        codes[0] = np.fromiter((list_code[p.list] for p in papers), dtype=np.int32, count=n)
        codes[1] = np.fromiter((venue_code.get(p.venue, 0) for p in papers), dtype=np.int32, count=n)
        list_years = {name: list_year(name) for name in list_names}
        codes[2] = np.fromiter((year_number(p.year) or list_years[p.list] for p in papers), dtype=np.int32, count=n)
        flags = np.empty((1 + len(HAS), n), dtype=bool)
        flags[0] = np.fromiter((bool(p.tags) for p in papers), dtype=bool, count=n)
        # has_abstract, not abstract: a stored abstract stays on disk (Paper.shelve)
        for row, attr in enumerate(("has_abstract", "authors", "url", "doi"), start=1):
            flags[row] = np.fromiter((bool(getattr(p, attr)) for p in papers), dtype=bool, count=n)
        return cls(list_names, venues, codes, flags)

    def fits(self, size: int) -> bool:
        """The arrays cover `size` papers and every code names a name (a saved copy is this library's)."""
        codes, flags = self.codes, self.flags
        if codes.dtype != np.int32 or flags.dtype != np.bool_ or codes.shape != (3, size) or flags.shape != (1 + len(HAS), size):
            return False
        if not size:
            return True
        return bool(codes[0].min() >= 0 and codes[0].max() < len(self.list_names) and codes[1].min() >= 0 and codes[1].max() <= len(self.venues))


def name_docs(papers: Sequence[Paper]) -> tuple[dict[str, set[int]], dict[str, set[int]]]:
    """Each tag, and each author, of `papers` (casefolded) -> the positions of the papers holding it."""
    paper_tags: dict[str, set[int]] = {}
    author_docs: dict[str, set[int]] = {}
    for i, paper in enumerate(papers):
        for tag in paper.tags:
            paper_tags.setdefault(tag.casefold(), set()).add(i)
        for author in paper.authors:
            author_docs.setdefault(author.casefold(), set()).add(i)
    return paper_tags, author_docs


#: The `extra` key naming the other lists a paper is in (a Zotero item in several collections).
ALSO_IN = "also_in"


def also_listed(papers: Sequence[Paper]) -> dict[str, set[int]]:
    """Each list a paper is in besides its own (`extra["also_in"]`) -> the positions of those papers."""
    docs: dict[str, set[int]] = {}
    for i, paper in enumerate(papers):
        names = paper.extra.get(ALSO_IN) if paper.extra else None
        if isinstance(names, list):
            for name in names:
                if isinstance(name, str):
                    docs.setdefault(name, set()).add(i)
    return docs
