"""Another member's paper met with this library's: by DOI, arXiv id, citation key, then title (and year).

First of all by its id, a hash of its abstract: members who imported the same file meet at once, and
papers whose titles repeat (two "Introduction"s) are told apart by their abstracts. Members import the same conference from different files (BibTeX from the
proceedings, a titles-only list from the website), so a paper's id, made from
its abstract, says nothing across libraries. The evidence is tried strongest
first. A citation key must not be contradicted (another DOI, arXiv id or year,
or a clearly different title: keys made by a pattern repeat across
libraries). A title is compared as it reads: LaTeX rendered and compatibility
forms folded (`$^2$`, `²` and `2` are one), then case, accents as written and
punctuation aside (`ingest.identity.normalize_title`); when both sides have a
year it must be the same.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from rapidfuzz import fuzz

from tui.core.ingest.identity import arxiv_id, normalize_doi, normalize_title
from tui.core.models import Paper
from tui.core.render.titles import title_text

#: A citation key match needs titles at least this alike (rapidfuzz ratio) when both have one.
KEY_TITLES_ALIKE = 80.0


@lru_cache(maxsize=16384)
def title_key(title: str) -> str:
    """A title as matching compares it: rendered, NFKC-folded, normalized."""
    if not title.strip():
        return ""
    return normalize_title(unicodedata.normalize("NFKC", title_text(title)))


def year_of(text: str) -> str:
    """The four-digit year a field starts with, else ""."""
    head = text.strip()[:4]
    return head if len(head) == 4 and head.isdigit() else ""


#: How much a match by each kind of evidence must be checked against the rest (`Identity.contradicts`).
SURE, BUT_DOI, ALL, BUT_TITLE = range(4)


class Identity:
    """What names a paper across libraries: its id (a hash of its abstract, or of its title when it has
    none), normalized DOI, arXiv id, citation key (case-folded), title key, year."""

    __slots__ = ("pid", "doi", "arxiv", "citekey", "title", "year")

    def __init__(self, doi: str = "", arxiv: str = "", citekey: str = "", title: str = "", year: str = "", pid: str = "") -> None:
        self.pid, self.doi, self.arxiv, self.citekey = pid, normalize_doi(doi) if doi else "", arxiv.casefold(), citekey.casefold()
        self.title, self.year = title_key(title), year_of(year)

    @classmethod
    def of(cls, paper: Paper) -> Identity:
        return cls(paper.doi, arxiv_id(paper), paper.citekey, paper.shown_title, paper.year, paper.id)

    def contradicts(self, other: Identity, *, check: int) -> bool:
        """Evidence on both sides that says these are two papers, for a match that needs `check`:

        `SURE` (a DOI: the paper), `BUT_DOI` (an arXiv id yields to two DOIs), `ALL` (a citation key yields
        to two DOIs, arXiv ids or years, or clearly different titles), `BUT_TITLE` (an id or a title yields
        to two DOIs, arXiv ids or years).
        """
        if check == SURE:
            return False
        if self.doi and other.doi and self.doi != other.doi:
            return True
        if check == BUT_DOI:
            return False
        if (self.arxiv and other.arxiv and self.arxiv != other.arxiv) or (self.year and other.year and self.year != other.year):
            return True
        return check == ALL and bool(self.title and other.title) and fuzz.ratio(self.title, other.title) < KEY_TITLES_ALIKE


class Matcher:
    """This library's papers by each kind of evidence; `find` names the one another member's paper is."""

    def __init__(self, papers: Iterable[Paper]) -> None:
        self.by_id: dict[str, list[tuple[str, Identity]]] = {}
        self.by_doi: dict[str, list[tuple[str, Identity]]] = {}
        self.by_arxiv: dict[str, list[tuple[str, Identity]]] = {}
        self.by_key: dict[str, list[tuple[str, Identity]]] = {}
        self.by_title: dict[str, list[tuple[str, Identity]]] = {}
        for paper in papers:
            self.add(paper.id, Identity.of(paper))

    def _evidence(self, ident: Identity) -> tuple[tuple[dict[str, list[tuple[str, Identity]]], str, int], ...]:
        """Each kind of evidence, strongest first: its table, `ident`'s value of it, the check a match needs."""
        return (
            (self.by_id, ident.pid, BUT_TITLE),
            (self.by_doi, ident.doi, SURE),
            (self.by_arxiv, ident.arxiv, BUT_DOI),
            (self.by_key, ident.citekey, ALL),
            (self.by_title, ident.title, BUT_TITLE),
        )

    def add(self, pid: str, ident: Identity) -> None:
        for table, value, _ in self._evidence(ident):
            if value:
                table.setdefault(value, []).append((pid, ident))

    def find(self, ident: Identity) -> str | None:
        """The id of the paper `ident` names here, or None: the same abstract (id), DOI, arXiv id, citation key,
        then title with year."""
        for table, value, check in self._evidence(ident):
            for pid, mine in table.get(value, ()) if value else ():
                if not ident.contradicts(mine, check=check):
                    return pid
        return None
