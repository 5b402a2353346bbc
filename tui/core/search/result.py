"""A ranking's outcome: matching papers in display order, and what matched, worked out lazily.

At 100,000 papers a query can match tens of thousands; the list draws a
screenful. So only the first `HEAD` hits are put in order up front
(argpartition), the rest when scrolled to, and title match spans are found
for the rows actually drawn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol, overload

import numpy as np

from tui.core.models import Annotation, Paper, shown_title
from tui.core.search.folding import fold_query
from tui.core.search.query import WORD, Query, words
from tui.core.search.terms import TermMatch

#: How many of the best hits are put in order at once; the rest only when scrolled to.
HEAD = 256

Spans = list[tuple[int, int]]


class RankedPapers(Protocol):
    """What a result reads from the index that ranked it (`SearchIndex` provides it)."""

    papers: list[Paper]
    size: int
    position: dict[str, int]

    def title_of(self, i: int) -> str: ...

    def annotation(self, i: int) -> Annotation | None: ...


class SearchResult(Sequence[Paper]):
    """Matching papers in display order, plus what matched where, computed for shown rows only."""

    def __init__(
        self,
        index: RankedPapers,
        query: Query,
        sort: str,
        docs: np.ndarray,
        key: np.ndarray | None,
        matchers: list[TermMatch],
    ) -> None:
        self.ranked_by = index
        self.query = query
        self.sort = sort
        self._docs = docs
        self._key = key
        self._order: np.ndarray | None = docs if key is None else None
        self.head = self._top(HEAD)
        self._matchers = matchers
        self._papers = index.papers
        self._memo: dict[tuple[str, bool], bool] = {}
        self.spans = _LazySpans(self)

    def _top(self, k: int) -> np.ndarray:
        """The first k papers in order, without sorting all of them (argpartition, then sort k)."""
        if self._order is not None:
            return self._order[:k]
        assert self._key is not None
        if len(self._docs) <= k:
            return self.order
        part = np.argpartition(self._key, k)[:k]
        return self._docs[part[np.argsort(self._key[part])]]

    @property
    def order(self) -> np.ndarray:
        """Every matching paper's position in the library, in display order (sorted on first use)."""
        if self._order is None:
            assert self._key is not None
            self._order = self._docs[np.argsort(self._key)]
        return self._order

    @property
    def total(self) -> int:
        """How many papers the library holds (the "of N" in "7 / 33")."""
        return self.ranked_by.size

    def __len__(self) -> int:
        return len(self._docs)

    @overload
    def __getitem__(self, i: int) -> Paper: ...

    @overload
    def __getitem__(self, i: slice) -> list[Paper]: ...

    def __getitem__(self, i: int | slice) -> Paper | list[Paper]:
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            source = self.head if stop <= len(self.head) and step == 1 else self.order
            return [self._papers[j] for j in source[start:stop:step].tolist()]
        if 0 <= i < len(self.head):
            return self._papers[int(self.head[i])]
        return self._papers[int(self.order[i])]

    def __iter__(self) -> Iterator[Paper]:
        return map(self._papers.__getitem__, self.order.tolist())

    def position(self, pid: str) -> int | None:
        """Where paper `pid` is in this result, or None."""
        doc = self.ranked_by.position.get(pid)
        if doc is None:
            return None
        found = np.flatnonzero(self.order == doc)
        return int(found[0]) if len(found) else None

    def _matches(self, word: str, in_body: bool) -> bool:
        key = (word, in_body)
        known = self._memo.get(key)
        if known is None:
            known = self._memo[key] = any(m.level(word, in_body) for m in self._matchers)
        return known

    def title_spans(self, pid: str) -> Spans:
        """Character spans of matched words (and phrases) in the paper's shown title."""
        doc = self.ranked_by.position.get(pid)
        if doc is None:
            return []
        title = self.ranked_by.title_of(doc)
        spans = [m.span() for m in WORD.finditer(title) if self._matches(fold_query(m.group()).casefold(), in_body=False)]
        if self.query.phrases and len(title.casefold()) == len(title):
            folded = title.casefold()
            for phrase in self.query.phrases:
                start = folded.find(phrase)
                while start >= 0:
                    spans.append((start, start + len(phrase)))
                    start = folded.find(phrase, start + 1)
        return sorted(spans)

    def words_for(self, paper: Paper) -> list[str]:
        """The words (and phrases) to mark in this paper's pane: those that matched the query."""
        if not (self._matchers or self.query.phrases):
            return []
        doc = self.ranked_by.position.get(paper.id)
        ann = self.ranked_by.annotation(doc) if doc is not None else None
        text = " ".join((shown_title(paper, ann), paper.abstract, ann.notes if ann else ""))
        found = {w for w in set(words(text)) if self._matches(w, in_body=True)}
        return sorted(found) + list(self.query.phrases)


class _LazySpans(Mapping[str, Spans]):
    """pid -> title spans, computed when a row is drawn (never for all 100,000 hits)."""

    def __init__(self, result: SearchResult) -> None:
        self._result = result
        self._done: dict[str, Spans] = {}

    def __getitem__(self, pid: str) -> Spans:
        spans = self._done.get(pid)
        if spans is None:
            spans = self._done[pid] = self._result.title_spans(pid) if self._result._matchers or self._result.query.phrases else []
        return spans

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return (p.id for p in self._result)

    def __len__(self) -> int:
        return len(self._result)
