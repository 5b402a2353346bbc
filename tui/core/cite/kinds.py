"""What kind of publication a paper is (a conference paper, a journal article, a preprint), for every writer's types.

The source's own word wins (a BibTeX entry type, a CSL or Crossref `type`,
an RIS `TY`); without one the venue's words decide ("Proceedings", "Journal",
a conference paperdesk knows by name), and a paper with only an arXiv id is
a preprint.
"""

from __future__ import annotations

import re

from tui.core.ingest.bibtex_raw import IN_JOURNAL, IN_VOLUME, TYPE
from tui.core.ingest.identity import arxiv_id
from tui.core.models import Paper
from tui.core.render.venues import VENUES

CONFERENCE, JOURNAL, PREPRINT, OTHER = "conference", "journal", "preprint", "other"
#: Source type words (CSL, Crossref, RIS) -> the kind.
_TYPES = {
    "paper-conference": CONFERENCE, "proceedings-article": CONFERENCE, "conf": CONFERENCE, "cpaper": CONFERENCE,
    "article-journal": JOURNAL, "journal-article": JOURNAL, "jour": JOURNAL, "ejour": JOURNAL,
    "posted-content": PREPRINT, "preprint": PREPRINT, "unpb": PREPRINT,
}
_JOURNAL_WORDS = re.compile(r"\b(journal|transactions|letters|review|magazine|annals|bulletin)\b", re.I)
_CONFERENCE_WORDS = re.compile(r"\b(proceedings|conference|workshop|symposium|meeting|congress|colloquium)\b", re.I)
_ARXIV_VENUE = re.compile(r"\b(arxiv|corr|preprint)\b", re.I)
#: Venues paperdesk knows by name that are journals (the others it knows are conferences).
_JOURNALS = frozenset({"TMLR", "JMLR"})
_SHORT_NAMES = {alias: short for short, (aliases, _) in VENUES.items() for alias in (*aliases, short.casefold())}


def kind_of(paper: Paper) -> str:
    """`CONFERENCE`, `JOURNAL`, `PREPRINT` or `OTHER`."""
    extra = paper.extra
    entry_type = extra.get(TYPE)
    if isinstance(entry_type, str):
        if entry_type in IN_VOLUME:
            return CONFERENCE
        if entry_type in IN_JOURNAL:
            return JOURNAL
    for name in ("type", "type_of_reference"):
        found = _TYPES.get(str(extra.get(name, "")).casefold())
        if found:
            return found
    venue = paper.venue
    if venue and not _ARXIV_VENUE.search(venue):
        if _JOURNAL_WORDS.search(venue):
            return JOURNAL
        if _CONFERENCE_WORDS.search(venue):
            return CONFERENCE
        words = re.findall(r"[a-z0-9]+", venue.casefold())
        short = next((_SHORT_NAMES[w] for w in words if w in _SHORT_NAMES), "")
        if short:
            return JOURNAL if short in _JOURNALS else CONFERENCE
    if arxiv_id(paper):
        return PREPRINT
    if isinstance(entry_type, str) and entry_type in ("unpublished", "misc", "online", "techreport"):
        return OTHER
    return CONFERENCE if venue and not _ARXIV_VENUE.search(venue) else PREPRINT if venue else OTHER
