"""The related-papers index: BM25 over each paper's words, and a paper's own words as its query.

"More like this" the way Lucene's MoreLikeThis does it: the source paper's
most telling terms (by idf and how often the paper uses them) become a
weighted query, and every other paper is scored by BM25 against it. The
weight of every (term, paper) pair is computed once, from the words the
search index already split (`weights.from_search`), so a query is a few
dozen array slices added up.

What the reader wrote (their tags and notes) changes often and is small, so
it is not in the matrix but in an overlay: it adds to the source's query and
gives a bonus to papers whose tags and notes share its terms. Imports and
removals change the papers: the caller builds a new index.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from tui.core.models import Annotation, Paper
from tui.core.related.tokens import Tokenizer
from tui.core.related.weights import fields, from_search

if TYPE_CHECKING:
    from tui.core.search.index import SearchIndex

#: The reader's own tags count three times, a word of their notes twice (a title word counts twice too).
USER_TAG_WEIGHT, NOTE_WEIGHT = 3, 2
#: A word both papers' tags or notes hold is the reader's own judgment: it weighs this many times a shared abstract word.
READER_BOOST = 2.0
#: The query keeps this many of the source's terms: more adds noise and time, fewer misses the point.
QUERY_TERMS = 32
#: Query-side term frequency saturation (BM25's k3): a word used five times is not five times the topic.
K3 = 1.5
#: Shown beside each related paper: its biggest shared terms.
KEY_TERMS = 4


@dataclass(frozen=True)
class Similar:
    """One related paper: how close it is, and the shared terms that weigh most (as the source spells them)."""

    paper: Paper
    score: float
    terms: tuple[str, ...]


def _saturate(tf: float) -> float:
    return tf * (K3 + 1) / (tf + K3)


class RelatedIndex:
    """Every paper's BM25 weights, built once from the search index (the slow part, done on first use);
    `similar` then ranks one paper's neighbours at once.

    Thread-safe: questions and annotation updates take one lock (they share
    the tokenizer's word cache), so any thread may ask.
    """

    def __init__(self, search: SearchIndex, annotations: Mapping[str, Annotation] | None = None) -> None:
        """`search`: the library's search index (its papers and the words it split them into)."""
        self._lock = threading.Lock()
        self.papers = search.papers
        self.size = len(self.papers)
        self.position = search.position
        self.hidden = search.hidden
        """The search index's mask of papers removed since its build (shared, so a removal hides them here too)."""
        self.tokens = Tokenizer()
        self.weights = from_search(search, self.tokens)
        self._df = self.weights.df
        self._overlay: dict[int, Counter[str]] = {}
        self._written: dict[int, str] = {}  # paper -> the reader's tags and notes, for spelling key terms
        for pid, annotation in (annotations or {}).items():
            self._apply(pid, annotation)

    @classmethod
    def of_papers(cls, papers: Sequence[Paper], annotations: Mapping[str, Annotation] | None = None) -> RelatedIndex:
        """The index of `papers`, splitting them into words first (when no search index is at hand)."""
        from tui.core.search.index import SearchIndex

        return cls(SearchIndex(papers), annotations)

    # -- the reader's tags and notes ---------------------------------------------------

    def update_annotation(self, pid: str, annotation: Annotation) -> None:
        """A paper's tags or notes changed: its overlay terms follow (no rebuild)."""
        with self._lock:
            self._apply(pid, annotation)

    def _apply(self, pid: str, annotation: Annotation) -> None:
        i = self.position.get(pid)
        if i is None:
            return
        counts: Counter[str] = Counter()
        for text, weight in ((" ".join(annotation.tags), USER_TAG_WEIGHT), (annotation.notes, NOTE_WEIGHT)):
            for term, n in self.tokens.counts(text).items():
                counts[term] += n * weight
        if counts:
            self._overlay[i] = counts
            self._written[i] = " ".join((*annotation.tags, annotation.notes))
        else:
            self._overlay.pop(i, None)
            self._written.pop(i, None)

    # -- asking ----------------------------------------------------------------------------

    def _idf(self, term: str) -> float:
        t = self.weights.terms.get(term)
        df = int(self._df[t]) if t is not None else 0
        return math.log(1 + (self.size - df + 0.5) / (df + 0.5))

    def query_of(self, i: int) -> dict[str, float]:
        """Paper i's query: its most telling terms, each weighted by how much the paper uses it."""
        counts: Counter[str] = Counter()
        for text, weight in fields(self.papers[i]):
            for term, n in self.tokens.counts(text).items():
                counts[term] += n * weight
        counts.update(self._overlay.get(i, {}))
        elsewhere = {t for j, c in self._overlay.items() if j != i for t in c}
        weights = {}
        for term, tf in counts.items():
            t = self.weights.terms.get(term)
            if (t is None or self._df[t] < 2) and term not in elsewhere:
                continue  # no other paper has it
            weights[term] = _saturate(tf)
        best = sorted(weights, key=lambda term: (-weights[term] * self._idf(term), term))[:QUERY_TERMS]
        return {term: weights[term] for term in best}

    def similar(self, pid: str, limit: int = 10) -> list[Similar]:
        """The `limit` papers most like paper `pid` (never itself), best first; [] when nothing is shared."""
        with self._lock:
            i = self.position.get(pid)
            if i is None or self.size < 2 or limit <= 0:
                return []
            query = self.query_of(i)
            w = self.weights
            scores = np.zeros(self.size, dtype=np.float32)
            for term, weight in query.items():
                t = w.terms.get(term)
                if t is not None:
                    lo, hi = w.indptr[t], w.indptr[t + 1]
                    scores[w.indices[lo:hi]] += weight * w.data[lo:hi]
            bonus = self._overlay_bonus(i, query)
            for j, extra in bonus.items():
                scores[j] += sum(extra.values())
            scores[i] = 0
            scores[self.hidden] = 0  # papers in the trash are never offered
            shown = self._spelling(i)
            return [
                Similar(self.papers[j], float(scores[j]), self._key_terms(j, query, bonus.get(j, {}), shown))
                for j in _top(scores, limit)
            ]

    def _overlay_bonus(self, i: int, query: dict[str, float]) -> dict[int, dict[str, float]]:
        """Per paper with tags or notes, what its shared overlay terms add (weighed as BM25 would)."""
        out: dict[int, dict[str, float]] = {}
        for j, counts in self._overlay.items():
            shared = counts.keys() & query.keys() if j != i else ()
            if shared:
                out[j] = {term: READER_BOOST * query[term] * self._idf(term) * _saturate(counts[term]) for term in shared}
        return out

    def _key_terms(self, j: int, query: dict[str, float], bonus: dict[str, float], shown: dict[str, str]) -> tuple[str, ...]:
        """The shared terms that add most to paper j's score, generic prose left out ("carefully")."""
        parts = dict(bonus)
        for term, weight in query.items():
            t = self.weights.terms.get(term) if term not in self.tokens.generic else None
            if t is not None:
                found = self.weights.weight(t, j)
                if found:
                    parts[term] = parts.get(term, 0.0) + weight * found
        best = sorted(parts, key=lambda term: (-parts[term], term))[:KEY_TERMS]
        return tuple(shown.get(term) or self.tokens.shown.get(term, term) for term in best)

    def _spelling(self, i: int) -> dict[str, str]:
        """Term -> the word paper i uses most for it, so key terms read as the paper wrote them."""
        text = " ".join([text for text, _ in fields(self.papers[i])] + [self._written.get(i, "")])
        return self.tokens.spelling(text)


def _top(scores: np.ndarray, limit: int) -> list[int]:
    """The `limit` best-scoring papers with a score above 0, best first; ties in list order."""
    found = np.flatnonzero(scores > 0)
    if len(found) > limit:
        found = found[np.argpartition(-scores[found], limit - 1)[:limit]]
    return sorted(found.tolist(), key=lambda j: (-scores[j], j))
