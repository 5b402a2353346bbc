"""One paper as every citation format sees it: its key, kind, people and publication details, as Unicode.

BibTeX keeps its source's spelling (`bibtex_out`); CSL-JSON, RIS and the
formatted references want text a reader can read, so titles and names
of a LaTeX source (BibTeX, arXiv, a paper list: `source.latex_source`) go
through the project's LaTeX rendering (`render`) once, here; an RIS or
CSL-JSON record's text, where `$` is a dollar, is given as written. Details
beyond the paper's own fields (pages, volume, publisher) come from
wherever the source kept them: its BibTeX entry, a CSL or Crossref record,
an RIS record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tui.core.cite.kinds import kind_of
from tui.core.cite.names import Person, authors_of, editors_of, unicode_text
from tui.core.cite.source import latex_source
from tui.core.ingest.bibtex_raw import entry_fields
from tui.core.ingest.identity import arxiv_id
from tui.core.models import BOILERPLATE_ABSTRACTS, Annotation, Paper, normalize_space, valid_key
from tui.core.render.latex import to_unicode
from tui.core.render.titles import title_text

#: Details and where each source keeps them: BibTeX field, then CSL/Crossref key, then RIS (rispy) key.
_DETAILS = {
    "pages": ("pages", "page", ""),
    "volume": ("volume", "volume", "volume"),
    "issue": ("number", "issue", "number"),
    "publisher": ("publisher", "publisher", "publisher"),
    "place": ("address", "publisher-place", "place_published"),
}


@dataclass
class Citable:
    """What a reference says about one paper, in plain Unicode (no LaTeX, no markup)."""

    key: str
    kind: str
    title: str
    authors: list[Person]
    more_authors: bool
    editors: list[Person]
    year: str
    venue: str
    doi: str
    url: str
    pdf: str
    arxiv: str
    abstract: str
    notes: str = ""
    details: dict[str, str] = field(default_factory=dict)
    """pages, volume, issue, publisher, place: those the source gave."""


def cited_title(paper: Paper, annotation: Annotation | None = None) -> str:
    """The title a reference gives: the data's, else the reader's rename, else the one derived from the abstract.
    The data's title is LaTeX rendered only when its source wrote LaTeX (`source.latex_source`)."""
    renamed = annotation.title if annotation is not None else ""
    if paper.title.strip():
        return unicode_text(title_text(paper.title)) if latex_source(paper) else normalize_space(paper.title)
    return normalize_space(renamed) or unicode_text(title_text(paper.derived_title))


def told_abstract(paper: Paper) -> str:
    """The abstract as stored, or "" when there is none worth citing ("No abstract available.")."""
    if not paper.has_abstract:
        return ""
    abstract = paper.abstract.strip()
    return "" if " ".join(re.findall(r"[a-z0-9]+", abstract[:60].casefold())) in BOILERPLATE_ABSTRACTS else abstract


def _pages(extra: dict) -> str:
    start, end = extra.get("start_page"), extra.get("end_page")
    if isinstance(start, str) and start:
        return f"{start}-{end}" if isinstance(end, str) and end else start
    return ""


def citation_key(paper: Paper) -> str:
    """The key a paper is cited by: its own, else its source's, when BibTeX can read it (`valid_key`: a key stored by
    an older paperdesk may hold a control character); else `paper-ID`."""
    for key in (paper.citekey, str(paper.extra.get("bibtex_key") or "")):
        if key and valid_key(key):
            return key
    return f"paper-{paper.id}"


def citable(paper: Paper, annotation: Annotation | None = None, *, notes: bool = False) -> Citable:
    """`paper` (with the reader's renamed title, and notes when asked) as a reference sees it."""
    fields = entry_fields(paper)
    extra = paper.extra
    details = {}
    for name, (bib, csl, ris) in _DETAILS.items():
        if shown := unicode_text(fields.get(bib, "")):  # BibTeX: LaTeX
            details[name] = shown
            continue
        value = extra.get(csl) or (extra.get(ris) if ris else "")
        if isinstance(value, list):  # RIS and Crossref keep some values as lists
            value = next((v for v in value if isinstance(v, str)), "")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str) and value.strip():
            details[name] = normalize_space(value)  # CSL, Crossref, RIS: plain text
    if "pages" not in details and (pages := _pages(extra)):
        details["pages"] = pages
    if "pages" in details:  # BibTeX's en dash "1--10", and "1 – 10": a range as CSL and RIS read one
        details["pages"] = re.sub(r"\s*(--?|–|—)\s*", "-", details["pages"])
    people, more = authors_of(paper)
    if not people and paper.authors:  # names a BibTeX list could not split: as shown
        people = [Person(literal=name) for name in paper.authors]
    pdf = extra.get("pdf")
    abstract = told_abstract(paper)
    latex = latex_source(paper)
    return Citable(
        key=citation_key(paper),
        kind=kind_of(paper),
        title=cited_title(paper, annotation),
        authors=people,
        more_authors=more,
        editors=editors_of(paper),
        year=paper.year,
        venue=unicode_text(paper.venue) if latex else normalize_space(paper.venue),
        doi=paper.doi,
        url=paper.url,
        pdf=pdf if isinstance(pdf, str) else "",
        arxiv=arxiv_id(paper),
        abstract=(to_unicode(abstract) if latex else abstract).strip() if abstract else "",
        notes=annotation.notes.strip() if notes and annotation is not None else "",
        details=details,
    )
