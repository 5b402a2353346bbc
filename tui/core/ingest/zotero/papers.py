"""A Zotero item as a paper: Zotero's fields mapped onto paperdesk's, the rest kept in `extra`.

Authors are the item's authors in their order (the type's main creators when
it names no author); editors are kept apart (`extra["editors"]`). The venue is
the proceedings title, else the conference, else the publication. The
citation key is Zotero 7's `citationKey` field, else Better BibTeX's
`Citation Key:` line in `extra`; a paper with neither gets the pattern's key
when it enters the library. `extra["zotero"]` is the link back (the item key,
its library and a zotero:// link), the collections, and the child notes as
Markdown: Zotero's notes, kept apart from the reader's own.
"""

from __future__ import annotations

import re
from typing import Any

from tui.core.ingest.fields import clean_doi
from tui.core.ingest.zotero.items import ZoteroItem
from tui.core.ingest.zotero.notes import note_markdown
from tui.core.models import Paper, normalize_space, paper_id, valid_key

#: The key of a paper's `extra` that holds what came from Zotero.
ZOTERO = "zotero"
#: `extra` keys a Zotero import writes besides `ZOTERO`: a re-import replaces them (a value removed in Zotero goes).
OWNED = ("editors", "page", "volume", "issue", "publisher", "type", "arxiv", "also_in")
#: The other lists a paper is in (a paper in several collections): the `list:` filter reads them beside `Paper.list`.
ALSO_IN = "also_in"

#: Fields holding the title, in the order tried (some item types rename it).
TITLE_FIELDS = ("title", "caseName", "nameOfAct", "subject")
#: Fields naming where a paper appeared, in the order tried.
VENUE_FIELDS = ("proceedingsTitle", "conferenceName", "publicationTitle", "bookTitle", "repository", "university", "institution", "websiteTitle")
#: Creator types that are not the paper's authors.
NOT_AUTHORS = frozenset({"editor", "seriesEditor", "translator", "bookAuthor", "reviewedAuthor", "contributor", "counsel", "commenter"})
#: Zotero item types as the CSL types paperdesk's citations read (`cite.kinds`).
CSL_TYPES = {
    "conferencePaper": "paper-conference", "journalArticle": "article-journal", "preprint": "preprint", "book": "book",
    "bookSection": "chapter", "thesis": "thesis", "report": "report", "webpage": "webpage", "manuscript": "manuscript",
}

_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
_KEY_LINE = re.compile(r"^\s*(?:citation key|bibtex)\s*:\s*(\S+)\s*$", re.I | re.M)
_DOI_LINE = re.compile(r"^\s*doi\s*:\s*(10\.\S+)\s*$", re.I | re.M)
_ARXIV = re.compile(r"arxiv(?:\.org/(?:abs|pdf)/|\s*[:.]\s*|:)\s*(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[a-z]{2})?/\d{7})", re.I)


def year_of(date: str) -> str:
    """The year of a Zotero date ("2024-07-00 July 2024", "2024", "July 2024"); "" when it names none."""
    for found in _YEAR.findall(date):
        if found != "0000":
            return found
    return ""


def citation_key(fields: dict[str, str]) -> str:
    """The key Zotero 7 (`citationKey`) or Better BibTeX (`Citation Key:` in `extra`) gives, when a valid one."""
    key = fields.get("citationKey", "").strip()
    if not key:
        found = _KEY_LINE.search(fields.get("extra", ""))
        key = found.group(1) if found else ""
    return key if valid_key(key) else ""


def arxiv_of(fields: dict[str, str]) -> str:
    """The arXiv id (no version) from the archive id, an `arXiv:` line in `extra`, or the URL; else ""."""
    for text in (fields.get("archiveID", ""), fields.get("extra", ""), fields.get("url", ""), fields.get("DOI", "")):
        found = _ARXIV.search(text) if "rxiv" in text.lower() else None
        if found:
            return found.group(1).casefold()
    return ""


def paper_of(item: ZoteroItem, *, automatic_tags: bool = False) -> Paper | None:
    """The item as a paper, or None when it has neither a title nor an abstract."""
    f = item.fields
    title = normalize_space(next((f[n] for n in TITLE_FIELDS if f.get(n, "").strip()), ""))
    abstract = f.get("abstractNote", "").strip()
    if not title and not abstract:
        return None
    authors = tuple(name for name, kind in item.creators if kind == "author")
    if not authors:
        authors = tuple(name for name, kind in item.creators if kind not in NOT_AUTHORS)
    editors = [name for name, kind in item.creators if kind in ("editor", "seriesEditor")]
    doi = clean_doi(f.get("DOI", "")) or (m.group(1) if (m := _DOI_LINE.search(f.get("extra", ""))) else "")
    extra: dict[str, Any] = {}
    for name, key in (("pages", "page"), ("volume", "volume"), ("issue", "issue"), ("publisher", "publisher")):
        if f.get(name, "").strip():
            extra[key] = f[name].strip()
    if editors:
        extra["editors"] = editors
    if item.type in CSL_TYPES:
        extra["type"] = CSL_TYPES[item.type]
    if arxiv := arxiv_of(f):
        extra["arxiv"] = arxiv
    lists = item.collections or [item.library.label]
    if len(lists) > 1:
        extra[ALSO_IN] = lists[1:]
    notes = [{"key": key, "text": text} for key, html in item.notes if (text := note_markdown(html))]
    extra[ZOTERO] = {
        "key": item.key,
        "library": item.library.ident,
        "link": item.library.uri + item.key,
        "type": item.type,
        "modified": item.modified,
        "collections": list(item.collections),
        "lists": lists,
        "notes": notes,
    }
    return Paper(
        id=paper_id(abstract, title),
        abstract=abstract,
        list=lists[0],
        title=title,
        authors=authors,
        year=year_of(f.get("date", "")),
        venue=normalize_space(next((f[n] for n in VENUE_FIELDS if f.get(n, "").strip()), "")),
        url=f.get("url", "").strip(),
        doi=doi,
        tags=tuple(dict.fromkeys(name for name, kind in item.tags if kind == 0 or automatic_tags)),
        extra=extra,
        citekey=citation_key(f),
    )


def link_of(paper: Paper) -> tuple[str, str] | None:
    """(library ident, item key) of the Zotero item a stored paper came from, or None."""
    zotero = paper.extra.get(ZOTERO) if paper.extra else None
    if isinstance(zotero, dict) and isinstance(zotero.get("key"), str) and isinstance(zotero.get("library"), str):
        return zotero["library"], zotero["key"]
    return None
