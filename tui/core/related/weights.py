"""BM25 weights of every (term, paper) pair, as a term -> papers sparse matrix (CSC), from the search index.

The search index (tui/core/search) has already split every title and
abstract into words, once, and keeps word -> papers postings (saved beside
the library and memory-mapped on the next start). The related index reuses
them: each distinct word is mapped to its term (stop words dropped, stemmed:
a few hundred thousand words, not millions of tokens), and the (word, paper)
pairs become (term, paper) pairs with numpy alone: far less work than
tokenizing every abstract again, and far less time and memory than bm25s's
own `BM25.index`, which loops over papers in Python with a Counter and small
arrays per paper (benchmarks/related.py measures the build).

The price: the postings hold which words a paper uses, not how often, so a
term's frequency in a paper counts its distinct spellings ("graph",
"graphs") and where they stand (the title counts twice). For abstracts,
where a topic word is repeated rather than varied, the saturation of BM25
makes this a small loss; the labelled pairs of tests/core/test_related.py
measure it. The weights are Lucene's BM25 (bm25s's "lucene" variant):
idf = ln(1 + (N - df + 0.5) / (df + 0.5)), tf saturated by k1, length by b.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
    """The BM25 weights of the papers of `index` (its titles, abstracts and the lists' own tags).

    Built a batch of terms at a time (`STEP` tokens, `_batches`): each batch's
    (term, paper) pairs are sorted and weighed on their own and written into
    the result, so besides the result only one batch's temporaries are alive
    (one sort of every token key at once would hold several times the result).
    """
    n = index.size
    terms: dict[str, int] = {}
    word_term = np.fromiter(
        (-1 if t is None else terms.setdefault(t, len(terms)) for t in tokenizer.terms(index.vocab, remember=False)),
        dtype=np.int64, count=len(index.vocab),
    )
    width = max(n, 1)
    tagged_terms = [(terms.setdefault(found, len(terms)), tagged) for tag, tagged in index.paper_tags.items() for found in tokenizer.counts(tag)]
    sources = [
        (np.asarray(index.fields[field].indices), np.asarray(index.fields[field].indptr), weight)
        for field, weight in ((TITLE, TITLE_WEIGHT), (BODY, ABSTRACT_WEIGHT))
    ]
    tag_term = np.repeat(np.array([t for t, _ in tagged_terms], dtype=np.int64), [len(tagged) for _, tagged in tagged_terms])
    tag_doc = np.concatenate([np.zeros(0, dtype=np.int64)] + [np.fromiter(tagged, dtype=np.int64, count=len(tagged)) for _, tagged in tagged_terms])
    by_term = np.argsort(tag_term, kind="stable")
    tag_term, tag_doc = tag_term[by_term], tag_doc[by_term]
    # Each paper's length: its words that are terms (stop words not), weighted by where they stand.
    kept = word_term >= 0
    doc_len = np.zeros(n, dtype=np.float64)
    tokens = np.bincount(tag_term, minlength=len(terms))
    for docs, indptr, weight in sources:
        held = np.zeros(n, dtype=np.int64)
        for lo, hi in _word_steps(indptr):
            held += np.bincount(docs[indptr[lo] : indptr[hi]][np.repeat(kept[lo:hi], np.diff(indptr[lo : hi + 1]))], minlength=n)
        doc_len += held * weight
        tokens += np.bincount(word_term[kept], weights=np.diff(indptr)[kept], minlength=len(terms)).astype(np.int64)
    doc_len += np.bincount(tag_doc, minlength=n) * TAG_WEIGHT
    norm = (K1 * (1 - B + B * doc_len / (doc_len.mean() if doc_len.any() else 1.0))).astype(np.float32)
    del doc_len
    # The words of each term, in term order; the result has at most one entry per token.
    words = np.argsort(word_term, kind="stable")
    word_at = np.searchsorted(word_term[words], np.arange(len(terms) + 1))
    tag_at = np.searchsorted(tag_term, np.arange(len(terms) + 1))
    df = np.zeros(len(terms), dtype=np.int64)
    data, papers, at = np.empty(int(tokens.sum()), dtype=np.float32), np.empty(int(tokens.sum()), dtype=np.int32), 0
    for t0, t1 in _batches(tokens):
        keys = [_keys(docs, indptr, words[word_at[t0] : word_at[t1]], word_term, t0, width, weight) for docs, indptr, weight in sources]
        keys.append(((tag_term[tag_at[t0] : tag_at[t1]] - t0) * width + tag_doc[tag_at[t0] : tag_at[t1]]) * 4 + TAG_WEIGHT)
        key = np.concatenate(keys)
        del keys
        key.sort()
        tf, term, paper = _pairs(key, width)
        del key
        counts = np.bincount(term, minlength=t1 - t0)
        df[t0:t1] = counts
        _bm25(data[at : at + len(tf)], tf, norm[paper], np.log1p((n - counts + 0.5) / (counts + 0.5)).astype(np.float32)[term])
        papers[at : at + len(tf)] = paper
        at += len(tf)
    # Shrunk in place: the tail past `at` was never written, so it never took memory.
    data.resize(at, refcheck=False)
    papers.resize(at, refcheck=False)
    indptr = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(df, out=indptr[1:])
    return Weights(terms, data, papers, indptr, n)


#: Tokens handled at a time (a batch of terms, a step of words): the build's temporaries stay a few MiB.
STEP = 1 << 16


def _bm25(out: np.ndarray, tf: np.ndarray, norm: np.ndarray, idf: np.ndarray) -> None:
    """BM25 of each pair into `out`, in float32, in place: idf * tf * (k1 + 1) / (tf + norm)."""
    out[:] = norm
    out += tf
    np.divide(tf * np.float32(K1 + 1), out, out=out)
    out *= idf


def _word_steps(indptr: np.ndarray) -> list[tuple[int, int]]:
    """Ranges of word ids lo..hi-1 whose postings hold about `STEP` papers each (at least one word)."""
    steps, lo, size = [], 0, len(indptr) - 1
    while lo < size:
        hi = max(lo + 1, int(np.searchsorted(indptr, indptr[lo] + STEP, side="right")) - 1)
        steps.append((lo, min(hi, size)))
        lo = min(hi, size)
    return steps


def _batches(tokens: np.ndarray) -> list[tuple[int, int]]:
    """Ranges of term ids t0..t1-1 holding about `STEP` tokens each (at least one term)."""
    ends = np.cumsum(tokens)
    batches, t0 = [], 0
    while t0 < len(tokens):
        before = int(ends[t0 - 1]) if t0 else 0
        t1 = max(t0 + 1, int(np.searchsorted(ends, before + STEP, side="right")))
        batches.append((t0, t1))
        t0 = t1
    return batches


def _keys(docs: np.ndarray, indptr: np.ndarray, words: np.ndarray, word_term: np.ndarray, t0: int, width: int, weight: int) -> np.ndarray:
    """The sort keys of the tokens of `words` in one field: term (from t0), then paper, then the weight in two bits."""
    starts = indptr[words]
    lengths = indptr[words + 1] - starts
    total = int(lengths.sum())
    at = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    at += np.arange(total)
    key = np.repeat(word_term[words] - t0, lengths)
    key *= width
    key += docs[at]
    key *= 4
    key += weight
    return key


def _pairs(key: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From sorted token keys (changed in place): each distinct (term, paper) pair's weighted term
    frequency, term and paper."""
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
