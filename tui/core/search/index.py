"""The search index: built once from the library, it ranks papers for a query as fast as the reader types.

Why an index rather than a scan: fuzzy-scoring whole abstracts is slow (every
keystroke would read every abstract) and ranks badly (`partial_ratio`
gives 100 to any substring, so "lora" ties with "exploration"). Instead every
paper is split into words once, at load; a query word is matched against the
vocabulary (exact, prefix, typo-tolerant via rapidfuzz, and inside longer
words), and inverted lists map the matched words to papers with numpy. Three
fields weigh differently: the shown title, the metadata (list, tags, authors,
venue, year, notes) and the abstract. Each query word must match somewhere;
a paper's score sums, per word, its best match, so whole-word title hits beat
fuzzy abstract hits. What the reader writes (renamed titles, tags, notes,
highlight comments, status, rating) lives in a small overlay that `update_annotation` refreshes.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from tui.core.models import Annotation, MemberMark, Paper
from tui.core.render.titles import row_title
from tui.core.search.columns import HAS, Columns, also_listed, name_docs
from tui.core.search.filters import STATUS_CODE, filter_mask
from tui.core.search.group import GroupColumns, group_order
from tui.core.search.learned import Meaning, descending_ranks
from tui.core.search.query import WORD, Query, contains_phrase, words
from tui.core.search.ranks import recent_ranks, title_ranks
from tui.core.search.result import SearchResult
from tui.core.search.sorts import Cancelled
from tui.core.search.terms import (
    BODY,
    EXACT,
    FIELD_BONUS,
    HIGH,
    META,
    PREFIX,
    SHORT,
    TITLE,
    Postings,
    TermMatch,
    Vocabulary,
    overlay_levels,
    split_papers,
)


class SearchIndex:
    """Papers split into words once; `search` ranks them for a query.

    Thread-safe: the UI ranks in a worker thread while a save may call
    `update_annotation` on the UI thread; one lock serializes them.
    """

    def __init__(
        self,
        papers: Sequence[Paper],
        annotations: Mapping[str, Annotation] | None = None,
        *,
        words: tuple[Vocabulary, list[Postings]] | None = None,
        columns: Columns | None = None,
    ) -> None:
        """`words` and `columns`: the vocabulary, postings and columns of a saved index of these papers (`search.stored`)."""
        self.provisional = False
        """Titles and metadata only (`titles_only`): no abstract's words are found until the whole index replaces it."""
        self._lock = threading.RLock()
        self.papers: list[Paper] = list(papers)
        self.size = n = len(self.papers)
        self.position = {p.id: i for i, p in enumerate(self.papers)}
        # Building (no saved index) is the slow part: every paper split into words.
        self.vocabulary, fields = split_papers(self.papers) if words is None else words
        self.fields: list[Postings] = list(fields)
        self.vocab = self.vocabulary.words
        self._use_columns(columns if columns is not None else Columns.of(self.papers))
        self._names: tuple[dict[str, set[int]], dict[str, set[int]]] | None = None
        self._also: dict[str, set[int]] | None = None
        # The annotation overlay.
        self.status, self.rating = np.zeros(n, dtype=np.uint8), np.zeros(n, dtype=np.int8)
        self.renamed, self.has_notes, self.has_ann_tags, self.has_highlights = (np.zeros(n, dtype=bool) for _ in range(4))
        self._annotations: dict[int, Annotation] = {}
        self._overlay: dict[int, dict[int, set[str]]] = {}  # doc -> field -> words
        self._overlay_docs: dict[int, dict[str, set[int]]] = {TITLE: {}, META: {}}
        self.annotation_tags: dict[str, set[int]] = {}
        self._recent_key: np.ndarray | None = None
        self._title_key: np.ndarray | None = None
        self._cache: OrderedDict[tuple[str, str], Any] = OrderedDict()  # by its key's kind: a TermMatch or an array
        self.hidden = np.zeros(n, dtype=bool)  # removed (to the trash) since the build: no query finds them
        self.group: GroupColumns | None = None  # a reading group's marks on the papers (`set_group`)
        self.meaning: Meaning | None = None
        """Meaning scores for `about:` (`set_meaning`); None until the ranking engine is ready: `about:` text is then plain words."""
        self.for_me: np.ndarray | None = None
        """The "for me" score of each paper (`set_for_me`); None (nothing learned yet) keeps list order."""
        self.followed: dict[str, list[int]] = {}  # each followed author -> their papers' positions (`set_followed`)
        for pid, annotation in (annotations or {}).items():
            self._apply_annotation(pid, annotation)

    # -- building ------------------------------------------------------------------

    @classmethod
    def titles_only(cls, papers: Sequence[Paper], annotations: Mapping[str, Annotation] | None = None) -> SearchIndex:
        """An index of the titles and metadata, not the abstracts (`provisional`): splitting abstracts is most of a
        build, so this one answers a filter typed on the first start after a large import while that build runs."""
        index = cls(papers, annotations, words=split_papers(papers, abstracts=False))
        index.provisional = True
        return index

    def catch_up(self, annotations: Mapping[str, Annotation]) -> None:
        """Learn the annotations saved since this index was built from an earlier copy of them (a build in a
        thread while the reader went on annotating): those that are not the very objects it holds."""
        with self._lock:
            for pid, annotation in annotations.items():
                i = self.position.get(pid)
                if i is not None and self._annotations.get(i) is not annotation:
                    self._apply_annotation(pid, annotation)

    def _use_columns(self, columns: Columns) -> None:
        self.columns = columns
        self.list_names, self.venues = columns.list_names, columns.venues
        self.list_code, self.venue_code, self.year = (np.asarray(row) for row in columns.codes)
        self.has_paper_tags = np.asarray(columns.flags[0])
        self.has_field = {name: np.asarray(row) for name, row in zip(HAS, columns.flags[1:], strict=True)}

    @property
    def paper_tags(self) -> dict[str, set[int]]:
        """Each tag of the papers (casefolded) -> the papers holding it; built on first use (`tag:`, related papers)."""
        return self._name_docs()[0]

    @property
    def author_docs(self) -> dict[str, set[int]]:
        """Each author (casefolded) -> their papers; built on first use (`author:`)."""
        return self._name_docs()[1]

    @property
    def also_listed(self) -> dict[str, set[int]]:
        """Each list papers are in besides their own (`columns.also_listed`) -> those papers; built on first use (`list:`)."""
        with self._lock:
            if self._also is None:
                self._also = also_listed(self.papers)
            return self._also

    def _name_docs(self) -> tuple[dict[str, set[int]], dict[str, set[int]]]:
        with self._lock:
            if self._names is None:
                self._names = name_docs(self.papers)
            return self._names

    # -- the annotation overlay ---------------------------------------------------

    def update_annotation(self, pid: str, annotation: Annotation) -> None:
        """Refresh one paper's annotation after a save: cheap, no rebuild."""
        with self._lock:
            self._apply_annotation(pid, annotation)

    def _apply_annotation(self, pid: str, annotation: Annotation) -> None:
        i = self.position.get(pid)
        if i is None:
            return
        old = self._annotations.get(i)
        self._annotations[i] = annotation
        self.status[i], self.rating[i] = STATUS_CODE[annotation.status], annotation.rating
        self.renamed[i] = bool(annotation.title)
        self.has_notes[i] = bool(annotation.notes.strip())
        self.has_ann_tags[i], self.has_highlights[i] = bool(annotation.tags), bool(annotation.highlights)
        for field_no, found in self._overlay.pop(i, {}).items():
            for word in found:
                docs = self._overlay_docs[field_no][word]
                docs.discard(i)
                if not docs:
                    del self._overlay_docs[field_no][word]
        overlay = {
            TITLE: set(words(annotation.title)),
            META: set(words(" ".join((annotation.notes, *annotation.tags, *(h.comment for h in annotation.highlights))))),
        }
        self._overlay[i] = overlay
        for field_no, found in overlay.items():
            for word in found:
                self._overlay_docs[field_no].setdefault(word, set()).add(i)
        for tag in old.tags if old else ():
            tagged = self.annotation_tags.get(tag.casefold())
            if tagged:
                tagged.discard(i)
        for tag in annotation.tags:
            self.annotation_tags.setdefault(tag.casefold(), set()).add(i)
        if old is None or old.updated != annotation.updated:
            self._recent_key = None
        if old is None or old.title != annotation.title:
            self._title_key = None
        self._cache.clear()

    def set_group(self, marks: Mapping[str, Sequence[MemberMark]], me: str, discuss: int = 2) -> None:
        """The other members' marks (by paper id), after a group sync or when the group is first read; `discuss`:
        the votes `discuss:` asks for. This member's own vote stays the live rating."""
        columns = GroupColumns(self.size, self.position, marks, me, discuss)
        with self._lock:
            self.group = columns
            self._cache.clear()

    def set_meaning(self, meaning: Meaning | None) -> None:
        """The ranking engine is ready (or gone): `about:` ranks by meaning from now on."""
        with self._lock:
            self.meaning = meaning
            self._cache.clear()

    def set_for_me(self, scores: np.ndarray | None) -> None:
        """The "for me" scores learned from the ratings (one per paper, higher first); None: list order."""
        if scores is not None and len(scores) != self.size:
            raise ValueError(f"for-me scores for {len(scores)} papers, the index holds {self.size}")
        with self._lock:
            self.for_me = scores

    def set_followed(self, followed: Mapping[str, Sequence[int]]) -> None:
        """The papers of each author the reader follows, by position (`usecases.follow.followed_papers`): `followed:`
        reads them. Set after a follow or unfollow, and when the index is made."""
        with self._lock:
            self.followed = {name: list(docs) for name, docs in followed.items()}
            self._cache.clear()

    def followed_ids(self) -> set[str]:
        """The ids of the papers by a followed author (the list's mark)."""
        with self._lock:
            return {self.papers[i].id for docs in self.followed.values() for i in docs}

    def set_hidden(self, pids: Sequence[str], hidden: bool) -> bool:
        """Hide removed papers (or show restored ones) without a rebuild; False if one is not indexed."""
        docs = [self.position.get(pid) for pid in pids]
        with self._lock:
            self.hidden[[d for d in docs if d is not None]] = hidden
        return None not in docs

    def annotation(self, i: int) -> Annotation | None:
        return self._annotations.get(i)

    def title_of(self, i: int) -> str:
        """The title as the list shows it: the reader's rename wins, on one line."""
        return row_title(self.papers[i], self._annotations.get(i))

    def _text_of(self, i: int) -> str:
        """Everything searchable about paper i but its abstract, for exact phrases."""
        paper = self.papers[i]
        ann = self._annotations.get(i)
        parts = [paper.title, paper.list, *paper.tags, *paper.authors, paper.venue, paper.year]
        if ann is not None:
            parts += [ann.title, ann.notes, *ann.tags, *(h.comment for h in ann.highlights)]
        return "\n".join(parts)

    # -- matching one query word --------------------------------------------------

    def _match(self, term: str) -> TermMatch:
        key = ("match", term)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        match = self.vocabulary.match(term)
        self._remember(key, match)
        return match

    def _remember(self, key: tuple[str, str], value: TermMatch | np.ndarray) -> None:
        self._cache[key] = value
        self._cache.move_to_end(key)
        while len(self._cache) > 64:
            self._cache.popitem(last=False)

    def _term_scores(self, term: str) -> np.ndarray:
        """Per paper, the best level at which `term` matches (plus the field's bonus); 0 = no match."""
        key = ("term", term)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        match = self._match(term)
        levels: dict[int, list[int]] = {}
        for wid, level in match.extra.items():
            levels.setdefault(level, []).append(wid)
        grouped = [(level, np.array(wids, dtype=np.int64)) for level, wids in sorted(levels.items())]
        renamed_any = bool(self.renamed.any())
        total = np.zeros(self.size, dtype=np.uint8)

        def put(target: np.ndarray, docs: np.ndarray, value: int) -> None:
            if len(docs):
                target[docs] = np.maximum(target[docs], value)

        for field_no, postings in enumerate(self.fields):
            target = np.zeros(self.size, dtype=np.uint8) if (field_no == TITLE and renamed_any) else total
            bonus = FIELD_BONUS[field_no]
            for level, wids in grouped:
                put(target, postings.words(wids), level + bonus)
            if match.hi > match.lo and (len(term) >= SHORT or field_no != BODY):
                put(target, postings.range(match.lo, match.hi), PREFIX + bonus)
            if match.exact is not None and (len(term) > 1 or field_no != BODY):
                put(target, postings.range(match.exact, match.exact + 1), EXACT + bonus)
            if target is not total:
                target[self.renamed] = 0
                np.maximum(total, target, out=total)
        for field_no, by_word in self._overlay_docs.items():
            bonus = FIELD_BONUS[field_no]
            for word, level in overlay_levels(term, list(by_word)):
                docs = by_word[word]
                if level:
                    idx = np.fromiter(docs, dtype=np.int64, count=len(docs))
                    total[idx] = np.maximum(total[idx], level + bonus)
        self._remember(key, total)
        return total

    def _strict_docs(self, term: str) -> np.ndarray:
        """Papers holding a word that is `term` or starts with it (for -exclusions: no typos)."""
        match = self._match(term)
        mask = np.zeros(self.size, dtype=bool)
        for postings in self.fields:
            if match.hi > match.lo:
                mask[postings.range(match.lo, match.hi)] = True
        for by_word in self._overlay_docs.values():
            for word, docs in by_word.items():
                if word.startswith(term):
                    mask[list(docs)] = True
        return mask

    def _phrase_mask(self, phrase: str, should_stop: Callable[[], bool]) -> np.ndarray:
        """Papers containing the phrase (case-insensitive, starting at a word start).

        The index narrows first: every word of the phrase whole, the last one
        as a prefix (it may still be being typed); a one-word phrase needs
        nothing more. Candidates are then checked with a cheap substring test
        and one compiled regex. As the reader types the phrase grows, so the
        previous phrase's papers are the candidates.
        """
        key = ("phrase", phrase)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        found = words(phrase)
        if len(found) == 1 and found[0] == phrase:
            result = self._word_docs(phrase, prefix=True)
            self._remember(key, result)
            return result
        candidates: np.ndarray | None = None
        for prev_key, prev in self._cache.items():
            if prev_key[0] == "phrase" and phrase.startswith(prev_key[1]):
                candidates = np.flatnonzero(prev)
        if candidates is None:
            mask = np.ones(self.size, dtype=bool)
            for k, word in enumerate(found):
                mask &= self._word_docs(word, prefix=k == len(found) - 1 and phrase.endswith(word))
            candidates = np.flatnonzero(mask)
        at_word_start = bool(WORD.match(phrase))
        papers = self.papers
        result = np.zeros(self.size, dtype=bool)
        for n, i in enumerate(candidates.tolist()):
            if n % 4096 == 4095 and should_stop():
                raise Cancelled
            if contains_phrase(papers[i].abstract.casefold(), phrase, at_word_start) or contains_phrase(
                self._text_of(i).casefold(), phrase, at_word_start
            ):
                result[i] = True
        self._remember(key, result)
        return result

    def _word_docs(self, word: str, prefix: bool) -> np.ndarray:
        """Papers holding `word` (or, with `prefix`, a word starting with it) in any field."""
        mask = np.zeros(self.size, dtype=bool)
        lo = bisect_left(self.vocab, word)
        hi = bisect_left(self.vocab, word + HIGH, lo) if prefix else lo + int(lo < len(self.vocab) and self.vocab[lo] == word)
        if hi > lo:
            for postings in self.fields:
                mask[postings.range(lo, hi)] = True
        for by_word in self._overlay_docs.values():
            for other, docs in by_word.items():
                if other == word or (prefix and other.startswith(word)):
                    mask[list(docs)] = True
        return mask

    def _about(self, meaning: Meaning, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Every `about:` text's meaning score summed, and the papers close enough to all of them (cached per text)."""
        total = np.zeros(self.size, dtype=np.float32)
        close = np.ones(self.size, dtype=bool)
        for text in dict.fromkeys(texts):
            key = ("about", text)
            cached = self._cache.get(key)
            if cached is None:
                scores = np.asarray(meaning.about(text), dtype=np.float32)
                cached = np.stack([scores, np.asarray(meaning.about_cutoff(scores), dtype=np.float32)])
                self._remember(key, cached)
            total += cached[0]
            close &= cached[1] > 0
        return total, close

    # -- sorting -----------------------------------------------------------------------

    def _recent(self) -> np.ndarray:
        if self._recent_key is None:
            self._recent_key = recent_ranks(self._annotations, self.size)
        return self._recent_key

    def _titles(self) -> np.ndarray:
        if self._title_key is None:
            self._title_key = title_ranks(self.size, self.title_of)
        return self._title_key

    def _sort_key(self, docs: np.ndarray, score: np.ndarray | None, sort: str) -> np.ndarray | None:
        """A unique int64 key per matching paper (smaller first), or None when list order is wanted.

        Ties break by list order (the paper's position is the key's low part),
        so the same query always gives the same order.
        """
        n = max(1, self.size)
        if sort == "relevance" and score is not None and score.dtype.kind == "f":  # ranked by meaning (`about:`)
            primary = descending_ranks(score[docs])
        elif sort == "relevance" and score is not None:
            primary = int(score.max(initial=0)) - score[docs].astype(np.int64)
        elif sort == "for-me":
            learned = self.for_me
            if learned is None:
                return None
            primary = descending_ranks(learned[docs])
        elif sort == "rating":
            primary = 5 - self.rating[docs].astype(np.int64)
        elif sort == "recent":
            recent = self._recent()
            primary = int(recent.max(initial=0)) - recent[docs]
        elif sort == "title":
            return self._titles()[docs]
        elif sort == "group":
            primary = group_order(self, docs)
        else:
            return None
        return primary * n + docs

    # -- the query ------------------------------------------------------------------------

    def search(self, query: Query, sort: str = "relevance", should_stop: Callable[[], bool] = lambda: False) -> SearchResult:
        """The papers matching `query`, best first (or in the `sort` order), with what matched.

        `should_stop` is polled during the rare slow part (checking exact phrases
        on many papers); when it turns true the search raises `Cancelled`, so a
        superseded keystroke stops costing CPU.
        """
        with self._lock:
            mask: np.ndarray | None = None
            score: np.ndarray | None = None

            def narrow(part: np.ndarray) -> None:
                nonlocal mask
                mask = part.copy() if mask is None else (mask & part)

            meaning = self.meaning
            # Until the meaning index is ready, `about:` text is matched as the words it is made of.
            typed = query.terms if meaning is not None else (*query.terms, *(w for text in query.about for w in words(text)))
            for term in dict.fromkeys(typed):
                scores = self._term_scores(term)
                narrow(scores > 0)
                score = scores.astype(np.int32) if score is None else score + scores
            for phrase in query.phrases:
                found = self._phrase_mask(phrase, should_stop)
                narrow(found)
                bonus = found.astype(np.int32) * EXACT
                score = bonus if score is None else score + bonus
            if meaning is not None and query.about:
                close = self._about(meaning, query.about)
                narrow(close[1])
                # Ranked by meaning; typed words add their match, scaled below one meaning point.
                score = close[0] if score is None else close[0] + score.astype(np.float32) / max(1, int(score.max(initial=0)))
            for term in query.excluded_terms:
                narrow(~self._strict_docs(term))
            for phrase in query.excluded_phrases:
                narrow(~self._phrase_mask(phrase, should_stop))
            for flt in query.filters:
                narrow(filter_mask(self, flt))
            if self.hidden.any():
                narrow(~self.hidden)
            docs = np.arange(self.size, dtype=np.int64) if mask is None else np.flatnonzero(mask)
            key = self._sort_key(docs, score, sort)
            matchers = [self._match(term) for term in dict.fromkeys(typed)]
            return SearchResult(self, query, sort, docs, key, matchers)
