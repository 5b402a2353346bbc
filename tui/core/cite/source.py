"""Whether a paper's title and abstract are LaTeX: it depends on the format the paper came from.

BibTeX, arXiv and the conference paper lists write LaTeX (`$k$-SAT`,
`Erd\\H{o}s`); RIS, CSL-JSON, Zotero and Crossref write plain text, where a `$`
is a dollar and a `\\` a backslash. A paper remembers its source in `extra`:
a BibTeX entry its `bibtex_type`, an RIS record its `type_of_reference` (TY),
a CSL item, a Zotero item or a Crossref work its CSL `type` (or Zotero's link).
"""

from __future__ import annotations

from tui.core.ingest.bibtex_raw import TYPE
from tui.core.models import Paper

#: CSL 1.0.2's item types and Crossref's work types: a `type` in `extra` that says the paper came from CSL-JSON.
CSL_TYPES = frozenset(
    "article article-journal article-magazine article-newspaper bill book broadcast chapter classic collection dataset "
    "document entry entry-dictionary entry-encyclopedia event figure graphic hearing interview legal_case legislation "
    "manuscript map motion_picture musical_score pamphlet paper-conference patent performance periodical "
    "personal_communication post post-weblog regulation report review review-book software song speech standard "
    "thesis treaty webpage "
    "book-chapter book-part book-section book-series book-set book-track component database dissertation edited-book "
    "grant journal journal-article journal-issue journal-volume monograph other peer-review posted-content "
    "proceedings proceedings-article proceedings-series reference-book reference-entry report-component report-series "
    "standard-series".split()
)
#: `extra` keys only a plain-text source writes: RIS (rispy's TY) and Zotero's link back.
_PLAIN_MARKS = ("type_of_reference", "zotero")


def latex_source(paper: Paper) -> bool:
    """True when `paper`'s title and abstract are LaTeX as stored (BibTeX, arXiv, paper lists); False for RIS,
    CSL-JSON, Zotero and Crossref, whose text means each character as written."""
    extra = paper.extra
    if isinstance(extra.get(TYPE), str):
        return True
    if any(mark in extra for mark in _PLAIN_MARKS):
        return False
    kind = extra.get("type")
    return not (isinstance(kind, str) and kind in CSL_TYPES)
