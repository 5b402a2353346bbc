"""The search index: built once from the library, it ranks papers for a query in milliseconds.

Why an index rather than a scan: fuzzy-scoring whole abstracts is slow (a
plain scan costs ~100 ms at 100,000 papers) and ranks badly (`partial_ratio`
gives 100 to any substring, so "lora" ties with "exploration"). Instead every
paper is split into words once, at load; a query word is matched against the
vocabulary (exact, prefix, typo-tolerant via rapidfuzz, and inside longer
words), and inverted lists map the matched words to papers with numpy. Three
fields weigh differently: the shown title, the metadata (list, tags, authors,
venue, year, notes) and the abstract. Each query word must match somewhere;
a paper's score sums, per word, its best match, so whole-word title hits beat
fuzzy abstract hits.

What the reader writes (renamed titles, tags, notes, status, rating) lives in
a small overlay that `update_annotation` refreshes after each save.
"""

from __future__ import annotations

import re
import threading
from array import array
from bisect import bisect_left
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from itertools import count
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np
from rapidfuzz import fuzz, process

from tui.core.models import Annotation, Paper, Status
from tui.core.query import WORD, Filter, Query, words
from tui.core.records import shown_title
from tui.core.search_result import SearchResult
from tui.core.sorts import SORT_NAMES, SORTS, Cancelled, next_sort  # noqa: F401 (re-exported)
from tui.core.text import one_line

TITLE, META, BODY = 0, 1, 2
#: Added to a word's match level by field: a title hit outranks the same hit in the abstract.
FIELD_BONUS = (30, 10, 0)

EXACT, PREFIX, INFIX = 100, 90, 65
#: rapidfuzz ratio a vocabulary word needs to count as a typo of the query word.
FUZZY_CUTOFF = 80
#: Query words shorter than this match word starts in titles and metadata only (a single
#: letter matches nothing in abstracts; two letters only a whole word), so a short query
#: does not match every abstract weakly.
SHORT = 3
#: Typo tolerance starts at this length; matching inside longer words at INFIX_MIN.
FUZZY_MIN, INFIX_MIN = 4, 5
#: The typo-tolerant prefix match (a word being typed) is tried up to this length.
FUZZY_PREFIX_MAX = 12


_STATUS_CODE = {status: code for code, status in enumerate(Status)}
_HIGH = "\U0010ffff"


class _Postings:
    """Word -> papers, as one CSR pair: the papers of word w are indices[indptr[w]:indptr[w + 1]]."""

    def __init__(self, wids: np.ndarray, docs: np.ndarray, vocab_size: int) -> None:
        order = np.argsort(wids, kind="stable")
        self.indices = docs[order].astype(np.int32)
        counts = np.bincount(wids, minlength=vocab_size)
        self.indptr = np.zeros(vocab_size + 1, dtype=np.int64)
        np.cumsum(counts, out=self.indptr[1:])

    def range(self, lo: int, hi: int) -> np.ndarray:
        """Papers of the words lo..hi-1 (a prefix range of the sorted vocabulary)."""
        return self.indices[self.indptr[lo] : self.indptr[hi]]

    def words(self, wids: np.ndarray) -> np.ndarray:
        """Papers of the given words, concatenated (a paper may repeat)."""
        if len(wids) == 1:
            return self.range(int(wids[0]), int(wids[0]) + 1)
        return np.concatenate([self.indices[self.indptr[w] : self.indptr[w + 1]] for w in wids.tolist()])


@dataclass
class _TermMatch:
    """How one query word matched the vocabulary: the level of every matched word."""

    term: str
    lo: int
    hi: int
    exact: int | None
    extra: dict[int, int]  # vocabulary id -> level, for typo and inside-word matches
    extra_words: frozenset[str]

    def level(self, word: str, in_body: bool) -> int:
        """The level at which `word` (case-folded) matches, 0 when it does not."""
        if word == self.term:
            return EXACT if (len(self.term) > 1 or not in_body) else 0
        if word.startswith(self.term) and (len(self.term) >= SHORT or not in_body):
            return PREFIX
        return INFIX if word in self.extra_words else 0


def _overlay_levels(term: str, found: list[str]) -> list[tuple[str, int]]:
    """Match levels of the words the reader wrote (notes, tags, renamed titles), typos via cdist."""
    levels = {w: EXACT if w == term else PREFIX for w in found if w.startswith(term)}
    n = len(term)
    if n >= FUZZY_MIN and found:
        scores = process.cdist([term], found, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, dtype=np.uint8, workers=1)[0]
        for k in np.flatnonzero(scores).tolist():
            levels.setdefault(found[k], int(scores[k] * 0.9))
        if n <= FUZZY_PREFIX_MAX:
            cut = [w[:n] for w in found]
            scores = process.cdist([term], cut, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, dtype=np.uint8, workers=1)[0]
            for k in np.flatnonzero(scores).tolist():
                if len(found[k]) > n:
                    levels[found[k]] = max(levels.get(found[k], 0), int(scores[k] * 0.85))
        if n >= INFIX_MIN:
            for w in found:
                if term in w:
                    levels.setdefault(w, INFIX)
    return list(levels.items())


class SearchIndex:
    """Papers split into words once; `search` ranks them for a query.

    Thread-safe: the UI ranks in a worker thread while a save may call
    `update_annotation` on the UI thread; one lock serializes them.
    """

    def __init__(self, papers: Sequence[Paper], annotations: Mapping[str, Annotation] | None = None) -> None:
        self._lock = threading.RLock()
        self.papers: list[Paper] = list(papers)
        self.size = n = len(self.papers)
        self.position = {p.id: i for i, p in enumerate(self.papers)}
        self._build_words()
        self._build_fields()
        # The annotation overlay.
        self.status = np.zeros(n, dtype=np.uint8)
        self.rating = np.zeros(n, dtype=np.int8)
        self.renamed = np.zeros(n, dtype=bool)
        self.has_notes = np.zeros(n, dtype=bool)
        self.has_ann_tags = np.zeros(n, dtype=bool)
        self._annotations: dict[int, Annotation] = {}
        self._overlay: dict[int, dict[int, set[str]]] = {}  # doc -> field -> words
        self._overlay_docs: dict[int, dict[str, set[int]]] = {TITLE: {}, META: {}}
        self._ann_tags: dict[str, set[int]] = {}
        self._recent_key: np.ndarray | None = None
        self._title_key: np.ndarray | None = None
        self._cache: OrderedDict[tuple, np.ndarray] = OrderedDict()
        for pid, annotation in (annotations or {}).items():
            self._apply_annotation(pid, annotation)

    # -- building ------------------------------------------------------------------

    def _build_words(self) -> None:
        """Give every distinct word an id in sorted order, so a prefix is one id range.

        The loop stays in C as far as it can (findall, set, a defaultdict fed
        by a counter), and word ids go straight into compact int arrays: at
        100,000 papers that is ~10 million ids, too many for Python lists.
        """
        ids: defaultdict[str, int] = defaultdict(count().__next__)
        get_id = ids.__getitem__
        flat = [array("i"), array("i"), array("i")]
        lengths = [array("i"), array("i"), array("i")]
        findall = WORD.findall
        for paper in self.papers:
            meta = " ".join((paper.list, " ".join(paper.tags), " ".join(paper.authors), paper.venue, paper.year))
            for field_no, text in ((TITLE, paper.shown_title), (META, meta), (BODY, paper.abstract)):
                found = set(findall(text.casefold()))
                flat[field_no].extend(map(get_id, found))
                lengths[field_no].append(len(found))
        self.vocab = sorted(ids)
        remap = np.empty(len(ids), dtype=np.int32)
        remap[np.fromiter(map(ids.__getitem__, self.vocab), dtype=np.int32, count=len(ids))] = np.arange(
            len(ids), dtype=np.int32
        )
        del ids
        # The vocabulary as one string, so "words containing x" is a C-speed substring search.
        self._joined = "\n".join(self.vocab)
        starts = np.zeros(len(self.vocab), dtype=np.int64)
        if self.vocab:
            np.cumsum(np.fromiter((len(w) + 1 for w in self.vocab[:-1]), dtype=np.int64), out=starts[1:])
        self._starts = starts
        self.fields: list[_Postings] = []
        for field_no in (TITLE, META, BODY):
            wids = remap[np.frombuffer(flat[field_no], dtype=np.int32)]
            flat[field_no] = array("i")
            counts = np.frombuffer(lengths[field_no], dtype=np.int32)
            docs = np.repeat(np.arange(len(counts), dtype=np.int32), counts)
            self.fields.append(_Postings(wids, docs, len(self.vocab)))
            del wids, docs

    def _build_fields(self) -> None:
        self.list_names = sorted({p.list for p in self.papers})
        name_code = {name: i for i, name in enumerate(self.list_names)}
        self.list_code = np.fromiter((name_code[p.list] for p in self.papers), dtype=np.int32, count=self.size)
        self.venues = sorted({p.venue for p in self.papers if p.venue})
        venue_code = {name: i + 1 for i, name in enumerate(self.venues)}
        self.venue_code = np.fromiter((venue_code.get(p.venue, 0) for p in self.papers), dtype=np.int32, count=self.size)
        self.year = np.fromiter((_year(p.year) for p in self.papers), dtype=np.int32, count=self.size)
        self._paper_tags: dict[str, set[int]] = {}
        self._authors: dict[str, set[int]] = {}
        for i, paper in enumerate(self.papers):
            for tag in paper.tags:
                self._paper_tags.setdefault(tag.casefold(), set()).add(i)
            for author in paper.authors:
                self._authors.setdefault(author.casefold(), set()).add(i)
        self.has_paper_tags = np.fromiter((bool(p.tags) for p in self.papers), dtype=bool, count=self.size)
        self._has = {
            name: np.fromiter((bool(getattr(p, attr)) for p in self.papers), dtype=bool, count=self.size)
            for name, attr in (("abstract", "abstract"), ("authors", "authors"), ("url", "url"), ("doi", "doi"))
        }

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
        self.status[i] = _STATUS_CODE[annotation.status]
        self.rating[i] = annotation.rating
        self.renamed[i] = bool(annotation.title)
        self.has_notes[i] = bool(annotation.notes.strip())
        self.has_ann_tags[i] = bool(annotation.tags)
        for field_no, found in self._overlay.pop(i, {}).items():
            for word in found:
                docs = self._overlay_docs[field_no][word]
                docs.discard(i)
                if not docs:
                    del self._overlay_docs[field_no][word]
        overlay = {
            TITLE: set(words(annotation.title)),
            META: set(words(annotation.notes)) | set(words(" ".join(annotation.tags))),
        }
        self._overlay[i] = overlay
        for field_no, found in overlay.items():
            for word in found:
                self._overlay_docs[field_no].setdefault(word, set()).add(i)
        for tag in old.tags if old else ():
            docs = self._ann_tags.get(tag.casefold())
            if docs:
                docs.discard(i)
        for tag in annotation.tags:
            self._ann_tags.setdefault(tag.casefold(), set()).add(i)
        if old is None or old.updated != annotation.updated:
            self._recent_key = None
        if old is None or old.title != annotation.title:
            self._title_key = None
        self._cache.clear()

    def annotation(self, i: int) -> Annotation | None:
        return self._annotations.get(i)

    def title_of(self, i: int) -> str:
        """The title as the list shows it: the reader's rename wins, on one line."""
        return one_line(shown_title(self.papers[i], self._annotations.get(i)))

    def _text_of(self, i: int) -> str:
        """Everything searchable about paper i but its abstract, for exact phrases."""
        paper = self.papers[i]
        ann = self._annotations.get(i)
        parts = [paper.title, paper.list, *paper.tags, *paper.authors, paper.venue, paper.year]
        if ann is not None:
            parts += [ann.title, ann.notes, *ann.tags]
        return "\n".join(parts)

    # -- matching one query word --------------------------------------------------

    def _match(self, term: str) -> _TermMatch:
        key = ("match", term)
        cached = self._cache.get(key)
        if cached is not None:
            return cached  # type: ignore[return-value]
        vocab = self.vocab
        lo = bisect_left(vocab, term)
        hi = bisect_left(vocab, term + _HIGH, lo)
        exact = lo if lo < hi and vocab[lo] == term else None
        extra: dict[int, int] = {}
        n = len(term)
        if n >= FUZZY_MIN and vocab:
            # Typos are looked for among words with the same first letter (a sorted range):
            # at 200,000 words a full scan costs ~100 ms, the range well under one.
            first_lo = bisect_left(vocab, term[0])
            first_hi = bisect_left(vocab, term[0] + _HIGH, first_lo)
            same_start = vocab[first_lo:first_hi]
            scores = process.cdist([term], same_start, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, dtype=np.uint8, workers=1)[0]
            for k in np.flatnonzero(scores).tolist():
                extra[first_lo + k] = int(scores[k] * 0.9)
            if n <= FUZZY_PREFIX_MAX:
                cut = [w[:n] for w in same_start]
                scores = process.cdist([term], cut, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, dtype=np.uint8, workers=1)[0]
                for k in np.flatnonzero(scores).tolist():
                    if len(same_start[k]) > n:
                        extra[first_lo + k] = max(extra.get(first_lo + k, 0), int(scores[k] * 0.85))
            if n >= INFIX_MIN:
                for wid in self._containing(term).tolist():
                    extra.setdefault(wid, INFIX)
        for wid in range(lo, hi):
            extra.pop(wid, None)
        match = _TermMatch(term, lo, hi, exact, extra, frozenset(vocab[w] for w in extra))
        self._remember(key, match)  # type: ignore[arg-type]
        return match

    def _containing(self, part: str) -> np.ndarray:
        """Ids of the vocabulary words that contain `part` (a substring search over one string)."""
        if "\n" in part or not part:
            return np.arange(len(self.vocab)) if not part else np.zeros(0, dtype=np.int64)
        hits = [m.start() for m in re.finditer(re.escape(part), self._joined)]
        if not hits:
            return np.zeros(0, dtype=np.int64)
        return np.unique(np.searchsorted(self._starts, np.array(hits, dtype=np.int64), side="right") - 1)

    def _remember(self, key: tuple, value: object) -> None:
        self._cache[key] = value  # type: ignore[assignment]
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
        for field_no, postings in enumerate(self.fields):
            target = np.zeros(self.size, dtype=np.uint8) if (field_no == TITLE and renamed_any) else total
            bonus = FIELD_BONUS[field_no]

            def put(docs: np.ndarray, value: int) -> None:
                if len(docs):
                    target[docs] = np.maximum(target[docs], value)

            for level, wids in grouped:
                put(postings.words(wids), level + bonus)
            if match.hi > match.lo and (len(term) >= SHORT or field_no != BODY):
                put(postings.range(match.lo, match.hi), PREFIX + bonus)
            if match.exact is not None and (len(term) > 1 or field_no != BODY):
                put(postings.range(match.exact, match.exact + 1), EXACT + bonus)
            if target is not total:
                target[self.renamed] = 0
                np.maximum(total, target, out=total)
        for field_no, by_word in self._overlay_docs.items():
            bonus = FIELD_BONUS[field_no]
            for word, level in _overlay_levels(term, list(by_word)):
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
            if _contains(papers[i].abstract.casefold(), phrase, at_word_start) or _contains(
                self._text_of(i).casefold(), phrase, at_word_start
            ):
                result[i] = True
        self._remember(key, result)
        return result

    def _word_docs(self, word: str, prefix: bool) -> np.ndarray:
        """Papers holding `word` (or, with `prefix`, a word starting with it) in any field."""
        mask = np.zeros(self.size, dtype=bool)
        lo = bisect_left(self.vocab, word)
        hi = bisect_left(self.vocab, word + _HIGH, lo) if prefix else lo + int(lo < len(self.vocab) and self.vocab[lo] == word)
        if hi > lo:
            for postings in self.fields:
                mask[postings.range(lo, hi)] = True
        for by_word in self._overlay_docs.values():
            for other, docs in by_word.items():
                if other == word or (prefix and other.startswith(word)):
                    mask[list(docs)] = True
        return mask

    # -- field filters ---------------------------------------------------------------

    def _filter_mask(self, flt: Filter) -> np.ndarray:
        value = flt.value
        if flt.field == "status":
            mask = _lookup(len(_STATUS_CODE), [_STATUS_CODE[s] for s in value])[self.status]  # type: ignore[attr-defined]
        elif flt.field == "rating":
            mask = (self.rating >= value.low) & (self.rating <= value.high)  # type: ignore[attr-defined]
        elif flt.field == "year":
            mask = (self.year >= max(1, value.low)) & (self.year <= value.high)  # type: ignore[attr-defined]
        elif flt.field == "tag":
            mask = np.zeros(self.size, dtype=bool)
            for tags in (self._paper_tags, self._ann_tags):
                for tag, docs in tags.items():
                    if tag.startswith(str(value)) and docs:
                        mask[list(docs)] = True
        elif flt.field == "list":
            mask = _lookup(len(self.list_names), _fuzzy_names(str(value), self.list_names))[self.list_code]
        elif flt.field == "venue":
            codes = [c + 1 for c in _fuzzy_names(str(value), self.venues)]
            mask = _lookup(len(self.venues) + 1, codes)[self.venue_code]
        elif flt.field == "author":
            mask = np.zeros(self.size, dtype=bool)
            for author, docs in self._authors.items():
                if _author_matches(str(value), author):
                    mask[list(docs)] = True
        elif flt.field == "has":
            if value == "notes":
                mask = self.has_notes.copy()
            elif value == "tags":
                mask = self.has_paper_tags | self.has_ann_tags
            elif value == "rating":
                mask = self.rating > 0
            else:
                mask = self._has[str(value)].copy()
        else:  # pragma: no cover - the parser only makes known fields
            raise ValueError(flt.field)
        return ~mask if flt.negate else mask

    # -- sorting -----------------------------------------------------------------------

    def _recent(self) -> np.ndarray:
        """Per paper, how recently its annotation changed: higher is more recent, 0 never."""
        if self._recent_key is None:
            key = np.zeros(self.size, dtype=np.int64)
            stamped = sorted((ann.updated, i) for i, ann in self._annotations.items() if ann.updated)
            for rank, (_, i) in enumerate(stamped, start=1):
                key[i] = rank
            self._recent_key = key
        return self._recent_key

    def _titles(self) -> np.ndarray:
        """Per paper, its place in alphabetical order of shown titles."""
        if self._title_key is None:
            order = sorted(range(self.size), key=lambda i: self.title_of(i).casefold())
            key = np.empty(self.size, dtype=np.int64)
            key[np.array(order, dtype=np.int64)] = np.arange(self.size)
            self._title_key = key
        return self._title_key

    def _sort_key(self, docs: np.ndarray, score: np.ndarray | None, sort: str) -> np.ndarray | None:
        """A unique int64 key per matching paper (smaller first), or None when list order is wanted.

        Ties break by list order (the paper's position is the key's low part),
        so the same query always gives the same order.
        """
        n = max(1, self.size)
        if sort == "relevance" and score is not None:
            primary = int(score.max(initial=0)) - score[docs].astype(np.int64)
        elif sort == "rating":
            primary = 5 - self.rating[docs].astype(np.int64)
        elif sort == "recent":
            recent = self._recent()
            primary = int(recent.max(initial=0)) - recent[docs]
        elif sort == "title":
            return self._titles()[docs]
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

            for term in dict.fromkeys(query.terms):
                scores = self._term_scores(term)
                narrow(scores > 0)
                score = scores.astype(np.int32) if score is None else score + scores
            for phrase in query.phrases:
                found = self._phrase_mask(phrase, should_stop)
                narrow(found)
                bonus = found.astype(np.int32) * EXACT
                score = bonus if score is None else score + bonus
            for term in query.excluded_terms:
                narrow(~self._strict_docs(term))
            for phrase in query.excluded_phrases:
                narrow(~self._phrase_mask(phrase, should_stop))
            for flt in query.filters:
                narrow(self._filter_mask(flt))
            docs = np.arange(self.size, dtype=np.int64) if mask is None else np.flatnonzero(mask)
            key = self._sort_key(docs, score, sort)
            matchers = [self._match(term) for term in dict.fromkeys(query.terms)]
            return SearchResult(self, query, sort, docs, key, matchers)


def _contains(text: str, phrase: str, at_word_start: bool) -> bool:
    """`phrase` occurs in `text` (both case-folded), starting at a word start when asked."""
    pos = text.find(phrase)
    while pos >= 0:
        if not at_word_start or pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] == "_"):
            return True
        pos = text.find(phrase, pos + 1)
    return False


def _lookup(size: int, codes: Sequence[int]) -> np.ndarray:
    """A boolean table over codes: `table[code_array]` is a faster `np.isin`."""
    table = np.zeros(size, dtype=bool)
    table[list(codes)] = True
    return table


def _year(text: str) -> int:
    digits = "".join(ch for ch in text[:4] if ch.isdigit())
    return int(digits) if len(digits) == 4 else 0


def _fuzzy_names(value: str, names: Sequence[str]) -> list[int]:
    """Indices of the names `value` means: those containing it, else those close to it."""
    folded = [" ".join(name.casefold().split()) for name in names]
    inside = [i for i, name in enumerate(folded) if value in name]
    if inside:
        return inside
    scored = process.extract(value, folded, scorer=fuzz.WRatio, limit=None, score_cutoff=75)
    if not scored:
        return []
    best = scored[0][1]
    return [index for _, score, index in scored if score >= best - 5]


def _author_matches(value: str, author: str) -> bool:
    """Every word of `value` starts a word of the author's name, or is a near-typo of one."""
    names = words(author)
    for part in words(value):
        if not any(name.startswith(part) or fuzz.ratio(part, name) >= 85 for name in names):
            return False
    return True


def rank(papers: Iterable[Paper], annotations: Mapping[str, Annotation], text: str, sort: str = "relevance") -> SearchResult:
    """One-shot convenience for scripts and the CLI: index, parse, search."""
    from tui.core.query import parse_query

    return SearchIndex(list(papers), annotations).search(parse_query(text), sort)
