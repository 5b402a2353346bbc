"""BM25 weights of every (term, paper) pair, built in bulk with numpy: a term -> papers sparse matrix (CSC).

Why not bm25s's own `BM25.index`: measured at 100,000 synthetic papers it
took 7-9 s on top of tokenizing (its build loops in Python over papers,
with a Counter and small arrays per paper) and grew the process by ~440 MB
(lists of token ids per paper). Here every word goes into one flat int
array once; stop words and stems are mapped per distinct word (a few
hundred thousand, not millions); the (term, paper) pairs with their field
weight are packed into one int64 key, sorted once, and run-length counted.
The weights are Lucene's BM25 (the variant bm25s calls "lucene"):
idf = ln(1 + (N - df + 0.5) / (df + 0.5)), tf saturation with k1 and b.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from dataclasses import dataclass
from itertools import count, islice, repeat
from typing import Iterable, Sequence

import numpy as np

from tui.core.models import Paper
from tui.core.related.tokens import Tokenizer, words

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


#: Papers split per batch: the per-token arrays of one batch are all that is held at once.
BATCH = 8192


def build(papers: Sequence[Paper], tokenizer: Tokenizer) -> Weights:
    """The BM25 weights of `papers` (about a second per 15,000 papers, mostly splitting words)."""
    n = len(papers)
    terms: dict[str, int] = {}
    ids: defaultdict[str, int] = defaultdict(count().__next__)
    word_term = np.zeros(0, dtype=np.int64)
    keys, doc_len = [], np.zeros(n, dtype=np.float64)
    for first in range(0, n, BATCH):
        flat, weight, lengths = _split(papers[first : first + BATCH], ids.__getitem__)
        new = list(islice(ids, len(word_term), None))
        found = np.fromiter((-1 if t is None else terms.setdefault(t, len(terms)) for t in tokenizer.terms(new)), dtype=np.int64, count=len(new))
        word_term = np.concatenate((word_term, found))
        token_term = word_term[np.frombuffer(flat, dtype=np.int32)]
        doc = np.repeat(np.arange(first, first + len(lengths), dtype=np.int64), np.frombuffer(lengths, dtype=np.int32))
        keep = token_term >= 0
        w = np.frombuffer(weight, dtype=np.int8)[keep]
        doc = doc[keep]
        doc_len += np.bincount(doc, weights=w, minlength=n)
        # One key per token: term, then paper, then the field weight in the low two bits; one sort orders them as CSC.
        keys.append((token_term[keep] * max(n, 1) + doc) * 4 + w)
    del ids, word_term
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


def _split(papers: Sequence[Paper], word_id) -> tuple[array, array, array]:  # type: ignore[no-untyped-def]
    """Every word of `papers` as an id (flat), its field weight, and how many words each paper has."""
    flat, weight, lengths = array("i"), array("b"), array("i")
    for paper in papers:
        start = len(flat)
        for text, w in fields(paper):
            if text:
                found = words(text)
                flat.extend(map(word_id, found))
                weight.extend(repeat(w, len(found)))
        lengths.append(len(flat) - start)
    return flat, weight, lengths
