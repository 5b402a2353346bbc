"""BM25 weights of every (term, paper) pair, as a term -> papers sparse matrix (CSC), from the search index.

The search index (tui/core/search) has already split every title and
abstract into words, once, and keeps word -> papers postings (saved beside
the library and memory-mapped on the next start). The related index reuses
them: each distinct word is mapped to its term (stop words dropped, stemmed:
a few hundred thousand words, not millions of tokens), and the (word, paper)
pairs become (term, paper) pairs with numpy alone. Measured at 100,000
synthetic papers: about 2.3 s of CPU, against ~10 s to tokenize every
abstract again, and ~22 s with +440 MB for bm25s's own `BM25.index` (it
loops over papers in Python with a Counter and small arrays per paper).

The price: the postings hold which words a paper uses, not how often, so a
term's frequency in a paper counts its distinct spellings ("graph",
"graphs") and where they stand (the title counts twice). For abstracts,
where a topic word is repeated rather than varied, the saturation of BM25
makes this a small loss; the labelled pairs of tests/core/test_related.py
measure it. The weights are Lucene's BM25 (bm25s's "lucene" variant):
idf = ln(1 + (N - df + 0.5) / (df + 0.5)), tf saturated by k1, length by b.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

import numpy as np

from tui.core.models import Paper
from tui.core.related.tokens import Tokenizer
from tui.core.search.terms import BODY, TITLE

if TYPE_CHECKING:
    from tui.core.search.index import SearchIndex

K1, B = 1.2, 0.75
#: How much a word counts by where it stands (at most 3: it is packed in two bits).
TITLE_WEIGHT, ABSTRACT_WEIGHT, TAG_WEIGHT = 2, 1, 2


def fields(paper: Paper) -> Iterable[tuple[str, int]]:
    """A paper's text as imported, with each part's weight: the title and the list's tags say more."""
    return ((paper.title or paper.derived_title, TITLE_WEIGHT), (paper.abstract, ABSTRACT_WEIGHT), (" ".join(paper.tags), TAG_WEIGHT))


@dataclass
class Weights:
    """BM25 weights: the papers of term t are indices[indptr[t]:indptr[t+1]] (ascending), weighing data[...]."""

    terms: dict[str, int]
    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray
    size: int

    @property
    def df(self) -> np.ndarray:
        """How many papers hold each term."""
        return np.diff(self.indptr)

    def weight(self, t: int, paper: int) -> float:
        """Term t's weight in one paper (0 when absent): a binary search in the term's papers."""
        lo, hi = int(self.indptr[t]), int(self.indptr[t + 1])
        k = lo + int(np.searchsorted(self.indices[lo:hi], paper))
        return float(self.data[k]) if k < hi and self.indices[k] == paper else 0.0


def from_search(index: SearchIndex, tokenizer: Tokenizer) -> Weights:
    """The BM25 weights of the papers of `index` (its titles, abstracts and the lists' own tags)."""
    n = index.size
    terms: dict[str, int] = {}
    word_term = np.fromiter(
        (-1 if t is None else terms.setdefault(t, len(terms)) for t in tokenizer.terms(index.vocab)),
        dtype=np.int64, count=len(index.vocab),
    )
    keys, doc_len = [], np.zeros(n, dtype=np.float64)
    for field, weight in ((TITLE, TITLE_WEIGHT), (BODY, ABSTRACT_WEIGHT)):
        postings = index.fields[field]
        term = np.repeat(word_term, np.diff(np.asarray(postings.indptr)))
        keep = term >= 0
        docs = np.asarray(postings.indices)[keep].astype(np.int64)
        doc_len += np.bincount(docs, minlength=n) * weight
        # One key per pair: term, then paper, then the field weight in the low two bits; one sort orders them as CSC.
        keys.append((term[keep] * max(n, 1) + docs) * 4 + weight)
        del term, keep, docs
    for tag, tagged in index.paper_tags.items():
        for found in tokenizer.counts(tag):
            term_id = terms.setdefault(found, len(terms))
            docs = np.fromiter(tagged, dtype=np.int64, count=len(tagged))
            doc_len[docs] += TAG_WEIGHT
            keys.append((term_id * max(n, 1) + docs) * 4 + TAG_WEIGHT)
    tf, term, paper = _pairs(keys, max(n, 1))
    df = np.bincount(term, minlength=len(terms))
    idf = np.log1p((n - df + 0.5) / (df + 0.5)).astype(np.float32)
    # BM25 in float32, in place: the arrays have one entry per (term, paper) pair, millions of them.
    norm = (K1 * (1 - B + B * doc_len / (doc_len.mean() if doc_len.any() else 1.0))).astype(np.float32)
    data = norm[paper]
    data += tf
    np.divide(tf * np.float32(K1 + 1), data, out=data)
    data *= idf[term]
    del term, tf
    indptr = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(df, out=indptr[1:])
    return Weights(terms, data, paper, indptr, n)


def _pairs(keys: list[np.ndarray], n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the token keys (taken: the list is emptied, so the largest arrays of the build go as soon as
    they are used): each distinct (term, paper) pair's weighted term frequency, term and paper."""
    key = np.concatenate(keys) if keys else np.zeros(0, dtype=np.int64)
    keys.clear()
    key.sort()
    if not len(key):
        return np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int32)
    weight = (key & 3).astype(np.uint8)
    key >>= 2
    first = np.empty(len(key), dtype=bool)
    first[0] = True
    np.not_equal(key[1:], key[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    del first
    tf = np.add.reduceat(weight, starts, dtype=np.float32)
    del weight
    pair = key[starts]
    del starts, key
    paper = (pair % n).astype(np.int32)
    pair //= n
    return tf, pair.astype(np.int32), paper
