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
    width, doc_len = max(n, 1), np.zeros(n, dtype=np.float64)
    tagged_terms = [(terms.setdefault(found, len(terms)), tagged) for tag, tagged in index.paper_tags.items() for found in tokenizer.counts(tag)]
    sizes = [len(index.fields[field].indices) for field in (TITLE, BODY)] + [len(tagged) for _, tagged in tagged_terms]
    # One key per token: term, then paper, then the field weight in the low two bits; one sort orders them as CSC.
    # Built in place in one buffer (stop words get a negative term, so they sort first and are cut off): the
    # build's peak is this buffer and one field's terms, not five temporary arrays of every token.
    key, at = np.empty(sum(sizes), dtype=np.int64), 0
    for field, weight in ((TITLE, TITLE_WEIGHT), (BODY, ABSTRACT_WEIGHT)):
        postings = index.fields[field]
        docs = np.asarray(postings.indices)
        part = key[at : at + len(docs)]
        # Each token's word, then its term, in place (np.repeat would make a second array of every token).
        part[:] = 0
        bounds = np.asarray(postings.indptr)[1:-1]
        np.add.at(part, bounds[bounds < len(part)], 1)
        np.cumsum(part, out=part)
        np.take(word_term, part, out=part, mode="clip")
        doc_len += np.bincount(docs[part >= 0], minlength=n) * weight
        part *= width
        part += docs
        part *= 4
        part += weight
        at += len(docs)
        del part, docs
    for term_id, tagged in tagged_terms:
        docs = np.fromiter(tagged, dtype=np.int64, count=len(tagged))
        doc_len[docs] += TAG_WEIGHT
        key[at : at + len(docs)] = (term_id * width + docs) * 4 + TAG_WEIGHT
        at += len(docs)
    key.sort()
    tokens = [key[np.searchsorted(key, 0) :]]
    del key
    tf, term, paper = _pairs(tokens, width)
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


def _pairs(tokens: list[np.ndarray], n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the sorted token keys (taken from the list, so they are freed here, and changed in place): each
    distinct (term, paper) pair's weighted term frequency, term and paper. Ordered so that at most about
    three arrays of every token are alive at once."""
    key = tokens.pop()
    if not len(key):
        return np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32)
    weight = np.empty(len(key), dtype=np.uint8)
    np.bitwise_and(key, 3, out=weight, casting="unsafe")
    key >>= 2
    first = np.empty(len(key), dtype=bool)
    first[0] = True
    np.not_equal(key[1:], key[:-1], out=first[1:])
    pair = key[first]
    del key
    starts = np.flatnonzero(first)
    del first
    tf = np.add.reduceat(weight, starts, dtype=np.float32)
    del weight, starts
    paper = np.empty(len(pair), dtype=np.int32)
    np.remainder(pair, n, out=paper, casting="unsafe")
    pair //= n
    return tf, pair.astype(np.int32), paper
