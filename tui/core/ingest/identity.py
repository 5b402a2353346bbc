"""What names a paper: normalized DOI, arXiv id, URL and title, and when two records cannot be one paper.

The merger matches on these keys; a key that says nothing about one paper
(a boilerplate abstract, a URL of a whole site) is never produced.
"""

from __future__ import annotations

import heapq
import re
import unicodedata
import zlib
from functools import lru_cache

from tui.core.models import Paper, normalize_space

#: Words at each end of an abstract that form a blocking key.
BLOCK_WORDS = 8
#: Words in a sampled shingle, and how many distinct words (chosen by content, so shifts do not matter) start one.
SHINGLE_WORDS = 5
SAMPLED = 12

_ARXIV = re.compile(r"(?:arxiv\.org/(?:abs|pdf)/|arxiv[.:]\s*|10\.48550/arxiv\.)(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[a-z]{2})?/\d{7})", re.I)


def normalize_title(title: str) -> str:
    """Case, accents-as-written, LaTeX dollars, punctuation and spacing do not make a title different."""
    return " ".join(re.sub(r"[\W_]+", " ", title.casefold()).split())


def normalize_doi(doi: str) -> str:
    """`https://doi.org/10.1/X`, `doi:10.1/x` and `10.1/x` are one DOI."""
    d = doi.strip().casefold()
    d = re.sub(r"^(https?://)?(dx\.)?doi\.org/", "", d)
    return d.removeprefix("doi:").strip()


def arxiv_id(paper: Paper) -> str:
    """The arXiv identifier (without version) named by the paper's URL, DOI or `eprint`, else ""."""
    extra = paper.extra or {}
    eprint = extra.get("eprint") if str(extra.get("archiveprefix", "")).casefold() == "arxiv" else ""
    for text in (paper.url, paper.doi, f"arxiv:{eprint}" if isinstance(eprint, str) and eprint else ""):
        m = _ARXIV.search(text or "")
        if m:
            return m.group(1).casefold()
    return ""


def normalize_url(url: str) -> str:
    """A URL that names one page: scheme, `www.`, a trailing slash and a fragment aside; "" for a bare site."""
    u = url.strip().casefold()
    u = re.sub(r"^[a-z]+://", "", u).removeprefix("www.").split("#", 1)[0].rstrip("/")
    host, _, path = u.partition("/")
    if len(path) < 4 or "." not in host:
        return ""
    return u


def surnames(paper: Paper) -> frozenset[str]:
    """The last word of each author name, folded: enough to tell author lists apart."""
    out = set()
    for name in paper.authors:
        words = re.sub(r"[\W_]+", " ", _ascii(name).casefold()).split()
        if words and words[-1] not in ("al", "others"):
            out.add(words[-1])
    return frozenset(out)


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode() or text


def different_papers(a: Paper, b: Paper) -> bool:
    """Two records that cannot be one paper whatever their abstracts.

    Both have author lists and they share no surname: whether the titles
    differ (then the abstracts are a scraper's copy) or agree (two papers
    called "Introduction"), these are two papers.
    """
    sa, sb = surnames(a), surnames(b)
    return bool(sa and sb and not sa & sb)


def norm_abstract(abstract: str) -> str:
    """The abstract as compared for similarity: spacing and case aside."""
    return normalize_space(abstract).casefold()


@lru_cache(maxsize=8192)
def abstract_blocks(norm: str) -> frozenset[str]:
    """Blocking keys of an abstract: its first and last words, and shingles sampled by their content.

    A shingle is kept when its first word is one of the SAMPLED words whose
    hashes are smallest (a bottom-k sketch), so two abstracts at least 95%
    alike share most of these keys wherever their edits fall; candidates are
    found without comparing against everything, and the same keys are used
    whatever the size of the import.
    """
    words = norm.split()
    keys = {"^" + " ".join(words[:BLOCK_WORDS]), "$" + " ".join(words[-BLOCK_WORDS:])}
    chosen = set(heapq.nsmallest(SAMPLED, {_word_hash(w) for w in words}))
    for i in range(len(words) - SHINGLE_WORDS + 1):
        if _word_hash(words[i]) in chosen:
            keys.add(" ".join(words[i : i + SHINGLE_WORDS]))
    return frozenset(keys)


@lru_cache(maxsize=65536)
def _word_hash(word: str) -> int:
    return zlib.crc32(word.encode())
