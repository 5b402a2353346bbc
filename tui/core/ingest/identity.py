"""What names a paper: normalized DOI, arXiv id, URL and title, and when two records cannot be one paper.

The merger matches on these keys; a key that says nothing about one paper
(a boilerplate abstract, a URL of a whole site) is never produced.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from tui.core.models import Paper, normalize_space

_NON_WORD = re.compile(r"[\W_]+")
_DOI_PREFIX = re.compile(r"^(https?://)?(dx\.)?doi\.org/")
_SCHEME = re.compile(r"^[a-z]+://")
_ARXIV = re.compile(r"(?:arxiv\.org/(?:abs|pdf)/|arxiv[.:]\s*|10\.48550/arxiv\.)(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[a-z]{2})?/\d{7})", re.I)


_ASCII_NON_WORD = bytes(c for c in range(128) if not chr(c).isalnum())
#: ASCII bytes that are not letters or digits (what `_NON_WORD` matches in ASCII text) -> a space.
_ASCII_SPACES = bytes.maketrans(_ASCII_NON_WORD, b" " * len(_ASCII_NON_WORD))


def normalize_title(title: str) -> str:
    """Case, accents-as-written, LaTeX dollars, punctuation and spacing do not make a title different."""
    if title.isascii():  # most titles: a byte translation does what the pattern does, quicker
        return " ".join(title.lower().encode().translate(_ASCII_SPACES).decode().split())
    return " ".join(_NON_WORD.sub(" ", title.casefold()).split())


def normalize_doi(doi: str) -> str:
    """`https://doi.org/10.1/X`, `doi:10.1/x` and `10.1/x` are one DOI."""
    d = doi.strip().casefold()
    d = _DOI_PREFIX.sub("", d)
    return d.removeprefix("doi:").strip()


def arxiv_id(paper: Paper) -> str:
    """The arXiv identifier (without version) named by the paper's URL (abs or pdf), DOI (`10.48550/arXiv.ID`),
    `eprint` (BibTeX's, biblatex's, DBLP's CoRR volume) or venue ("arXiv preprint arXiv:ID"), else ""."""
    extra = paper.extra or {}
    extra = extra.get("bibtex_fields") or extra  # a BibTeX entry's fields as written (`ingest.bibtex_raw`), else as kept before
    archive = str(extra.get("archiveprefix") or extra.get("eprinttype") or "").casefold()  # BibTeX's, and biblatex's name
    eprint = extra.get("eprint") if archive == "arxiv" else ""
    if not eprint and isinstance(paper.extra.get("arxiv"), str):  # the id an arXiv fetch or a Zotero import keeps
        eprint = paper.extra["arxiv"]
    volume = extra.get("volume")
    if not eprint and isinstance(volume, str) and volume.startswith("abs/") and "corr" in paper.venue.casefold():
        eprint = volume[4:]  # DBLP's CoRR entries: journal CoRR, volume abs/ID
    for text in (paper.url, paper.doi, f"arxiv:{eprint}" if isinstance(eprint, str) and eprint else "", paper.venue):
        if not text or "rx" not in text.lower():
            continue  # every form the pattern matches holds "arxiv", whose "rx" no case folding changes
        m = _ARXIV.search(text)
        if m:
            return m.group(1).casefold()
    return ""


def normalize_url(url: str) -> str:
    """A URL that names one page: scheme, `www.`, a trailing slash and a fragment aside; "" for a bare site."""
    u = url.strip().casefold()
    u = _SCHEME.sub("", u).removeprefix("www.").split("#", 1)[0].rstrip("/")
    host, _, path = u.partition("/")
    if len(path) < 4 or "." not in host:
        return ""
    return u


def surnames(paper: Paper) -> frozenset[str]:
    """The last word of each author name, folded: enough to tell author lists apart."""
    return names_surnames(paper.authors) if paper.authors else frozenset()


@lru_cache(maxsize=16384)
def names_surnames(authors: tuple[str, ...]) -> frozenset[str]:
    """`surnames` of these author names (cached: a record imported again asks for the same list)."""
    out = set()
    for name in authors:
        if name.isascii():  # most names: a byte translation does what the pattern does, quicker
            spelled = name.lower().encode().translate(_ASCII_SPACES).split()
            last = spelled[-1].decode() if spelled else ""
        else:
            words = _NON_WORD.sub(" ", _ascii(name).casefold()).split()
            last = words[-1] if words else ""
        if last and last not in ("al", "others"):
            out.add(last)
    return frozenset(out)


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode() or text


def different_papers(a: Paper, b: Paper) -> bool:
    """Two records that cannot be one paper whatever their abstracts.

    Both have author lists and they share no surname: whether the titles
    differ (then the abstracts are a scraper's copy) or agree (two papers
    called "Introduction"), these are two papers.
    """
    if a.authors == b.authors:
        return False  # one author list (a record imported again) shares its surnames, or has none
    sa, sb = surnames(a), surnames(b)
    return bool(sa and sb and not sa & sb)


def norm_abstract(abstract: str) -> str:
    """The abstract as compared for similarity: spacing and case aside."""
    return normalize_space(abstract).casefold()
