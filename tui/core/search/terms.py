"""Query words against the index's vocabulary: match levels, the sorted word list, and word -> papers lists."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count

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
            # scoring the whole vocabulary for every keystroke would not keep up with typing.
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
        # numpy.ma on the first such query of a process: `list --query`, a start.)
        return ids[np.concatenate(([True], ids[1:] != ids[:-1]))]


#: ASCII bytes that are not word characters (what `query.WORD` leaves out of ASCII text) -> a space.
_NOT_WORD = bytes(c for c in range(128) if not (chr(c).isalnum() or c == ord("_")))
_ASCII_SPACES = bytes.maketrans(_NOT_WORD, b" " * len(_NOT_WORD))


def words(text: str) -> list[str]:
    """The words of `text`, case folded: `query.WORD` over `text.casefold()`. A byte translation and a split
    find the same words several times quicker than the pattern (UTF-8 bytes beyond ASCII are left alone)."""
    if text.isascii():
        return text.lower().encode().translate(_ASCII_SPACES).decode().split()
    found: list[str] = []  # split at ASCII non-word characters the same way; the pattern only for the pieces beyond ASCII
    for piece in text.casefold().encode().translate(_ASCII_SPACES).decode().split():
        if piece.isascii():
            found.append(piece)
        else:
            found += WORD.findall(piece)
    return found


def split_papers(papers: Sequence[Paper], *, abstracts: bool = True) -> tuple[Vocabulary, list[Postings]]:
    """Every paper split into words, in three fields: the vocabulary (every distinct word gets an id in
    sorted order, so a prefix is one id range) and the word -> papers postings of each field.
    Without `abstracts` the abstracts' field is left empty: a small fraction of the work, for an index
    that answers from titles and metadata while the whole one is built.

    The loop stays in C as far as it can (findall, set, a defaultdict fed
    by a counter), and word ids go straight into compact int arrays: at
    100,000 papers that is ~14 million ids, too many for Python lists. Each
    `STEP` of papers is packed (`_pack`) before the next is split, and the
    postings are placed from the packs (`_postings`): no array as long as
    every word of every paper exists but the packs (2 to 3 bytes a word) and the
    postings themselves (4), so a first start of a large library peaks at
    less than twice its postings' size above what it holds.
    """
    ids: defaultdict[str, int] = defaultdict(count().__next__)
    get_id = ids.__getitem__
    packs: list[list[Pack]] = [[], [], []]
    split = words
    fields = (TITLE, META, BODY) if abstracts else (TITLE, META)
    for first in range(0, len(papers), STEP):
        flat = [array("i"), array("i"), array("i")]
        lengths = [array("i"), array("i"), array("i")]
        for paper in papers[first : first + STEP]:
            meta = " ".join((paper.list, " ".join(paper.tags), " ".join(paper.authors), paper.venue, paper.year))
            texts = (fold(paper.shown_title), meta, fold(paper.abstract)) if abstracts else (fold(paper.shown_title), meta)
            for field_no, text in enumerate(texts):
                found = split(text)  # a word twice in a paper goes once into its postings (`_pack`)
                flat[field_no].extend(map(get_id, found))
                lengths[field_no].append(len(found))
        for field_no in fields:
            packs[field_no].append(_pack(flat[field_no], lengths[field_no]))
    vocabulary = Vocabulary(sorted(ids))
    remap = np.empty(len(ids), dtype=np.int64)
    remap[np.fromiter(map(ids.__getitem__, vocabulary.words), dtype=np.int64, count=len(ids))] = np.arange(len(ids), dtype=np.int64)
    del ids
    return vocabulary, [_postings(packs[field_no], remap) for field_no in (TITLE, META, BODY)]


#: Papers split and packed at a time: a paper's place in its step fits 16 bits (at most 65,536).
STEP = 2048

#: One step of papers' words in one field, ordered by word: each word (its first-met id) once, how many of
#: the step's papers hold it, and those papers (their places in the step), ascending within each word.
Pack = tuple[np.ndarray, np.ndarray, np.ndarray]


def _pack(ids: array, lengths: array) -> Pack:
    """A step's word ids (paper after paper, `lengths[i]` of its paper i, repeats and all) as a `Pack`: 2 to 3
    bytes a word (the papers in 16 bits, a word and its count once) against 4, and sorted once, here.

    Each (word, paper) is one int64, the word above the bits of the paper's place: one sort of those values
    orders them by word, then paper, and a paper's repeats of a word fall together, to be dropped.
    """
    flat = np.frombuffer(ids, dtype=np.int32) if len(ids) else np.zeros(0, dtype=np.int32)
    if not len(flat):
        return flat, np.zeros(0, dtype=np.uint16), np.zeros(0, dtype=np.uint16)
    bits = max(1, (len(lengths) - 1).bit_length())
    pairs = flat.astype(np.int64) << bits
    pairs |= np.repeat(np.arange(len(lengths), dtype=np.int64), np.frombuffer(lengths, dtype=np.int32))
    pairs.sort()
    fresh = np.empty(len(pairs), dtype=bool)
    fresh[0] = True
    np.not_equal(pairs[1:], pairs[:-1], out=fresh[1:])
    pairs = pairs[fresh]
    ranked = (pairs >> bits).astype(np.int32)
    docs = (pairs & ((1 << bits) - 1)).astype(np.uint16)
    del pairs
    first = np.empty(len(ranked), dtype=bool)
    first[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    return ranked[starts], np.diff(starts, append=len(ranked)).astype(np.uint16), docs


def _postings(packs: list[Pack], remap: np.ndarray) -> Postings:
    """Word -> papers lists from the packs of one field, in paper order (`remap`: first-met id -> vocabulary id).

    A counting sort: every word's list gets its place from the counts, and each
    step's papers are written into the lists (ascending, as steps come in order).
    No whole-library temporary exists: a sort of every word id would make an
    int64 order of them, the ids remapped and the papers repeated, which sets
    a first start's peak (benchmarks/memory.py).
    """
    size = len(remap)
    counts = np.zeros(size, dtype=np.int64)
    for words, runs, _ in packs:
        counts[words] += runs  # a word is once in a pack
    counts[remap] = counts.copy()
    indptr = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    del counts
    free = indptr[:-1][remap]  # by first-met id: the next free place in its word's list
    indices = np.empty(int(indptr[-1]), dtype=np.int32)
    packs.reverse()
    first = 0
    while packs:
        words, runs, docs = packs.pop()  # freed once placed
        if len(docs):
            held = runs.astype(np.int64)
            # A word's papers in this step go to consecutive places from its next free one.
            place = np.repeat(free[words] - (np.cumsum(held) - held), held)
            place += np.arange(len(docs))
            papers = docs.astype(np.int32)
            papers += first
            indices[place] = papers
            free[words] += held
        first += STEP
    return Postings(indices, indptr)
