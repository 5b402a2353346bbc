"""Query words against the index's vocabulary: match levels, the sorted word list, and word -> papers lists."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass
from itertools import count
from typing import Sequence

import numpy as np
from rapidfuzz import fuzz, process

from tui.core.models import Paper
from tui.core.search.folding import fold
from tui.core.search.query import WORD

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

#: Sorts after every word that starts with a given prefix.
HIGH = "\U0010ffff"


class Postings:
    """Word -> papers, as one CSR pair: the papers of word w are indices[indptr[w]:indptr[w + 1]]."""

    def __init__(self, indices: np.ndarray, indptr: np.ndarray) -> None:
        """As built (`split_papers`) or as saved (`search.stored`: the arrays may be memory-mapped)."""
        self.indices, self.indptr = indices, indptr

    def range(self, lo: int, hi: int) -> np.ndarray:
        """Papers of the words lo..hi-1 (a prefix range of the sorted vocabulary)."""
        return self.indices[self.indptr[lo] : self.indptr[hi]]

    def words(self, wids: np.ndarray) -> np.ndarray:
        """Papers of the given words, concatenated (a paper may repeat)."""
        if len(wids) == 1:
            return self.range(int(wids[0]), int(wids[0]) + 1)
        return np.concatenate([self.indices[self.indptr[w] : self.indptr[w + 1]] for w in wids.tolist()])


@dataclass
class TermMatch:
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


def overlay_levels(term: str, found: list[str]) -> list[tuple[str, int]]:
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


class Vocabulary:
    """Every distinct word of the library, sorted, so a prefix is one range of word ids."""

    def __init__(self, words: list[str], joined: str | None = None) -> None:
        """`joined`: the words already joined by line feeds (a saved index's vocab.txt), not joined again."""
        self.words = words
        # The vocabulary as one string, so "words containing x" is a C-speed substring search.
        self._joined = "\n".join(words) if joined is None else joined
        starts = np.zeros(len(words), dtype=np.int64)
        if words:
            np.cumsum(np.fromiter(map(len, words[:-1]), dtype=np.int64, count=len(words) - 1) + 1, out=starts[1:])
        self._starts = starts

    def match(self, term: str) -> TermMatch:
        """How `term` matches the vocabulary: exactly, as a prefix, as a typo, or inside a word."""
        vocab = self.words
        lo = bisect_left(vocab, term)
        hi = bisect_left(vocab, term + HIGH, lo)
        exact = lo if lo < hi and vocab[lo] == term else None
        extra: dict[int, int] = {}
        n = len(term)
        if n >= FUZZY_MIN and vocab:
            # Typos are looked for among words with the same first letter (a sorted range):
            # at 200,000 words a full scan costs ~100 ms, the range well under one.
            first_lo = bisect_left(vocab, term[0])
            first_hi = bisect_left(vocab, term[0] + HIGH, first_lo)
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
                for wid in self.containing(term).tolist():
                    extra.setdefault(wid, INFIX)
        for wid in range(lo, hi):
            extra.pop(wid, None)
        return TermMatch(term, lo, hi, exact, extra, frozenset(vocab[w] for w in extra))

    def containing(self, part: str) -> np.ndarray:
        """Ids of the vocabulary words that contain `part` (a substring search over one string)."""
        if "\n" in part or not part:
            return np.arange(len(self.words)) if not part else np.zeros(0, dtype=np.int64)
        hits = [m.start() for m in re.finditer(re.escape(part), self._joined)]
        if not hits:
            return np.zeros(0, dtype=np.int64)
        ids = np.searchsorted(self._starts, np.array(hits, dtype=np.int64), side="right") - 1
        # The hits come in order, so the ids do: repeats are neighbours. (np.unique would import
        # numpy.ma, about 20 ms, on the first such query of a process: `list --query`, a start.)
        return ids[np.concatenate(([True], ids[1:] != ids[:-1]))]


def split_papers(papers: Sequence[Paper]) -> tuple[Vocabulary, list[Postings]]:
    """Every paper split into words, in three fields: the vocabulary (every distinct word gets an id in
    sorted order, so a prefix is one id range) and the word -> papers postings of each field.

    The loop stays in C as far as it can (findall, set, a defaultdict fed
    by a counter), and word ids go straight into compact int arrays: at
    100,000 papers that is ~13 million ids, too many for Python lists.
    Only those arrays and the postings made from them are ever as long as
    every word of every paper (`_postings`), so the first start of a large
    library peaks at about twice its postings' size above what it holds.
    """
    ids: defaultdict[str, int] = defaultdict(count().__next__)
    get_id = ids.__getitem__
    flat = [array("i"), array("i"), array("i")]
    lengths = [array("i"), array("i"), array("i")]
    findall = WORD.findall
    for paper in papers:
        meta = " ".join((paper.list, " ".join(paper.tags), " ".join(paper.authors), paper.venue, paper.year))
        for field_no, text in ((TITLE, fold(paper.shown_title)), (META, meta), (BODY, fold(paper.abstract))):
            found = set(findall(text.casefold()))
            flat[field_no].extend(map(get_id, found))
            lengths[field_no].append(len(found))
    vocabulary = Vocabulary(sorted(ids))
    remap = np.empty(len(ids), dtype=np.int64)
    remap[np.fromiter(map(ids.__getitem__, vocabulary.words), dtype=np.int64, count=len(ids))] = np.arange(len(ids), dtype=np.int64)
    del ids
    fields: list[Postings] = []
    for field_no in (TITLE, META, BODY):
        fields.append(_postings(np.frombuffer(flat[field_no], dtype=np.int32), np.frombuffer(lengths[field_no], dtype=np.int32), remap))
        flat[field_no] = array("i")
    return vocabulary, fields


#: How many word ids `_postings` places at a time: its temporaries stay a few MiB at any library size.
STEP = 1 << 16


def _postings(ids: np.ndarray, lengths: np.ndarray, remap: np.ndarray) -> Postings:
    """Word -> papers lists from each paper's word ids (`ids`: paper after paper, `lengths[i]` of paper i;
    ids as first met, `remap` turns them into vocabulary ids), placed a step of papers at a time.

    A counting sort: every word's list gets its place from the counts, and each
    step writes its papers into the lists (ascending, as papers come in order).
    The whole-library temporaries a sort would make (one int64 order of every
    id, the ids remapped, the papers repeated) never exist: at 100,000 papers
    they were ~350 MiB above the index on a first start.
    """
    size = len(remap)
    counts = np.zeros(size, dtype=np.int64)
    for lo in range(0, len(ids), STEP):  # a step at a time: bincount copies what it counts into int64
        counts += np.bincount(ids[lo : lo + STEP], minlength=size)
    counts[remap] = counts.copy()
    indptr = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    del counts
    free = indptr[:-1][remap]  # by first-met id: the next free place in its word's list
    indices = np.empty(len(ids), dtype=np.int32)
    ends = np.cumsum(lengths, dtype=np.int64)
    paper, n = 0, len(lengths)
    while paper < n:
        lo = int(ends[paper - 1]) if paper else 0
        stop = max(paper + 1, int(np.searchsorted(ends, lo + STEP, side="right")))
        hi = int(ends[stop - 1])
        if hi > lo:
            step = ids[lo:hi]
            order = np.argsort(step, kind="stable")
            docs = np.repeat(np.arange(paper, stop, dtype=np.int32), lengths[paper:stop])[order]
            ranked = step[order]
            del order
            first = np.empty(len(ranked), dtype=bool)
            first[0] = True
            np.not_equal(ranked[1:], ranked[:-1], out=first[1:])
            starts = np.flatnonzero(first)
            del first
            words = ranked[starts]
            runs = np.diff(starts, append=len(ranked))
            # A word's ids in this step go to consecutive places from its next free one.
            place = np.repeat(free[words] - starts, runs)
            place += np.arange(len(ranked))
            indices[place] = docs
            free[words] += runs
        paper = stop
    return Postings(indices, indptr)
