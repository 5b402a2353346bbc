"""Which stored (or earlier imported) paper an incoming one is: the index the merger asks.

Every paper, stored or incoming, gets its keys up front: evidence (id, DOI,
arXiv id, URL, normalized title) and the blocking keys of its abstract
(`sketch`). The keys of all papers are sorted once (numpy), so the papers
that share a key with another are known before the first comparison; an
incoming paper that shares none (most of a new import) costs nothing more.
For the others, the papers sharing a key are taken in the order they came
(stored first, then the import in file order): an incoming paper can only
match what came before it, and matches what the earlier one became (the
stored paper it merged into, or the id it was added under).

Evidence keys are held as 64-bit hashes; a hit is checked against the real
values, so a hash collision can never merge two papers. A collision between
blocking keys only adds a candidate, which the full comparison then rejects.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

from tui.core.ingest.identity import arxiv_id, different_papers, norm_abstract, normalize_doi, normalize_title, normalize_url, surnames
from tui.core.ingest.match_keys import ABSTRACT, ABSTRACT_ID, ARXIV, BLOCKING, DOI, ID, TITLE, URL, VERSION, AbstractPart, KeyRows, key_rows
from tui.core.ingest.sketch import CHUNK
from tui.core.ingest.versions import ANOTHER_VERSION, SAME_TITLE, other_version, stored_ids
from tui.core.models import Paper, variant_id

#: Abstracts at least this similar (rapidfuzz ratio, 0-100) are the same paper.
SIMILARITY = 95.0
#: A blocking key shared by more papers than this is too common to compare by.
MAX_BLOCK_PAPERS = 64
#: At most this many candidates (those sharing the most keys) get the full comparison.
MAX_CANDIDATES = 12

_REASONS = {ID: "same id", ABSTRACT_ID: "same id", DOI: "same DOI", ARXIV: "same arXiv id", URL: "same URL", TITLE: SAME_TITLE}
#: Evidence that names one paper so surely that author lists are not checked.
_SURE = (DOI, ARXIV)


class MatchIndex:
    """Finds the stored paper an incoming one duplicates.

    `papers` are the stored papers, `incoming` those an import brings, in
    order. `find` each incoming paper in that order, then `add` what it became
    (a new paper, or the stored one it merged into) before the next. A paper
    that is not the next incoming one can be asked about too (tests do): it
    is then compared with every paper the index holds by then.
    """

    def __init__(
        self, papers: Iterable[Paper], incoming: Sequence[Paper] = (), prepared: Sequence[KeyRows] | None = None, known: AbstractPart | None = None,
        *, versions: bool = True,
    ) -> None:
        """`prepared`: the keys of `incoming` already computed as it was read (`incoming.Incoming.rows_for`);
        `known`: what the stored papers' abstracts gave their keys before (`key_cache`), when it is known.
        `stored_part` is that, whether it was known or made here. `versions`: a paper may also match another
        version of itself (`versions.other_version`: a near-identical title, most of the authors, a year within one)."""
        stored = list(papers)
        self.papers: dict[str, Paper] = {p.id: p for p in stored}
        self._records: list[Paper] = stored + list(incoming)
        self._pids: list[str | None] = [p.id for p in stored] + [None] * len(incoming)
        self._next = len(stored)
        self._current: int | None = None
        #: Ids a new paper may not take: every indexed id, and the ids indexed abstracts give.
        self._ids: set[str] = set(self.papers) | stored_ids(stored)  # an absorbed version's id is its own, for a split
        self._versions = versions
        self._abstract_ids: dict[int, str] = {}  # slot -> its abstract's id, where that differs from its id
        self._lengths = array("i")  # slot -> the length of its normalized abstract
        self.stored_part: AbstractPart | None = None
        self._build(len(stored), prepared, known if known is not None and len(known) == len(stored) else None)

    # -- building ------------------------------------------------------------------------

    def _build(self, stored: int, prepared: Sequence[KeyRows] | None, known: AbstractPart | None) -> None:
        if known is not None:  # no stored abstract read
            rows = [key_rows(self._records[:stored], 0, known=known)]
            self.stored_part = known
        else:
            rows = [key_rows(self._records[first : min(first + CHUNK, stored)], first) for first in range(0, stored, CHUNK)]
            self.stored_part = AbstractPart.joined([chunk.part for chunk in rows])
        for chunk in rows:
            self._ids.update(chunk.abstract_ids.values())
        if prepared is None:
            rows += [key_rows(self._records[first : first + CHUNK], first) for first in range(stored, len(self._records), CHUNK)]
        else:
            rows += [chunk.moved(stored) for chunk in prepared]
        for chunk in rows:
            self._abstract_ids.update(chunk.abstract_ids)
            self._lengths.extend(chunk.lengths)
        assert len(self._lengths) == len(self._records)
        columns = [
            np.concatenate([piece for chunk in rows for piece in chunk.pieces(column)]) if rows else np.zeros(0, dtype)
            for column, dtype in enumerate((np.uint64, np.int32, np.int8))
        ]
        del rows
        self._group(columns, stored)

    def _group(self, columns: list[np.ndarray], stored: int) -> None:
        """Keep only the keys an incoming paper shares with another paper, grouped by key, slots in order.

        `columns` (keys, slots, kinds) is emptied as it is sorted, so no copy outlives its use.
        """
        order = np.lexsort((columns[1], columns[0]))
        keys, slots, kinds = (columns.pop(0)[order] for _ in range(3))
        del order
        repeat = np.zeros(len(keys), dtype=bool)
        repeat[1:] = (keys[1:] == keys[:-1]) & (slots[1:] == slots[:-1])  # a key twice in one paper counts once
        keys, slots, kinds = keys[~repeat], slots[~repeat], kinds[~repeat]
        starts = np.flatnonzero(np.append(True, keys[1:] != keys[:-1]))
        sizes = np.diff(np.append(starts, len(keys)))
        last_slot = slots[starts + sizes - 1]  # slots are sorted within a group: the last is the latest
        # A blocking key shared by very many papers ("in this paper we propose a novel ...") says little.
        group_kind = kinds[starts]
        telling = (sizes > 1) & (last_slot >= stored) & (((group_kind != ABSTRACT) & (group_kind != VERSION)) | (sizes <= MAX_BLOCK_PAPERS))
        rows = np.repeat(telling, sizes)
        self._slots = slots[rows]
        self._kinds = kinds[rows]
        kept_sizes = sizes[telling]
        group_start = np.repeat(np.cumsum(kept_sizes) - kept_sizes, kept_sizes)
        self._group_start = group_start
        self._group_end = group_start + np.repeat(kept_sizes, kept_sizes)
        self._by_slot = np.argsort(self._slots, kind="stable")
        self._row_bounds: list[int] = np.searchsorted(self._slots[self._by_slot], np.arange(len(self._records) + 1)).tolist()

    # -- asking --------------------------------------------------------------------------

    def taken(self, pid: str) -> bool:
        """True when a stored or planned paper already has, or answers to, this id."""
        return pid in self.papers or pid in self._ids

    def find(self, paper: Paper) -> tuple[str, str] | None:
        """(stored id, why) when `paper` is already in the library, else None."""
        slot = self._next
        if slot < len(self._records) and self._records[slot] is paper:
            self._current = slot
            self._next += 1
            return self._find_slot(slot, paper)
        self._current = None
        return MatchIndex(self.papers.values(), [paper], versions=self._versions).find(paper)

    def known_as(self, paper: Paper, pid: str) -> None:
        """`paper`, the next incoming one, is the stored paper `pid` and changes nothing in it (`merge.adds_nothing`):
        indexed as `find` then `add` would have, without the search."""
        slot = self._next
        assert self._records[slot] is paper and pid in self.papers
        self._next += 1
        self._pids[slot] = pid
        if (aid := self._abstract_ids.get(slot)) is not None:
            self._ids.add(aid)

    def reserve(self, pid: str) -> None:
        """Keep `pid` from any new paper: an absorbed version holds it (`versions.absorb`)."""
        self._ids.add(pid)

    def add(self, paper: Paper, as_id: str | None = None) -> None:
        """Index `paper` under `as_id` (the stored id it is, or merged into): what the paper last found became."""
        pid = as_id or paper.id
        self.papers[pid] = paper if as_id is None or as_id == paper.id else paper.with_changes(id=pid)
        self._ids.add(pid)
        if self._current is not None:
            self._pids[self._current] = pid
            if (aid := self._abstract_ids.get(self._current)) is not None:
                self._ids.add(aid)
            self._current = None

    def _find_slot(self, slot: int, paper: Paper) -> tuple[str, str] | None:
        lo, hi = self._row_bounds[slot], self._row_bounds[slot + 1]
        if lo == hi:
            return None  # shares no key with any other paper
        rows = self._by_slot[lo:hi].tolist()
        kinds = self._kinds[rows].tolist()
        for kind, row in sorted((k, r) for k, r in zip(kinds, rows, strict=True) if k not in BLOCKING):
            for member in self._members(row, slot):
                pid = self._pids[member]
                assert pid is not None  # `_members` gives only papers with an id
                if not self._shares(kind, slot, member):
                    continue  # two values whose hashes met
                target = self.papers[pid]
                if kind in _SURE or not different_papers(paper, target) and not (kind == URL and _titles_differ(paper, target)):
                    return pid, _REASONS[kind]
        shared: Counter[int] = Counter()
        for kind, row in zip(kinds, rows, strict=True):
            if kind == ABSTRACT:
                shared.update(self._members(row, slot))
        if not shared:
            return self._find_version(slot, paper, kinds, rows)
        size = self._lengths[slot]
        # A ratio of at least SIMILARITY needs lengths within that ratio too: a cheap first cut.
        low, high = size * SIMILARITY / (200 - SIMILARITY), size * (200 - SIMILARITY) / SIMILARITY
        norm = counts = None
        for member, _ in sorted(shared.items(), key=lambda item: (-item[1], item[0]))[:MAX_CANDIDATES]:
            if not low <= self._lengths[member] <= high:
                continue
            pid = self._pids[member]
            assert pid is not None  # `_members` gives only papers with an id
            if norm is None:
                norm = norm_abstract(paper.abstract)
                counts = char_counts(norm)
            other = norm_abstract(self._records[member].abstract)
            if counts is not None and surely_dissimilar(norm, counts, other):
                continue  # a second cut, as sure as the first, that spares most of the comparisons
            from rapidfuzz import fuzz  # loaded by the first import that compares abstracts, not by every one

            if fuzz.ratio(norm, other, score_cutoff=SIMILARITY):
                if not different_papers(paper, self.papers[pid]):
                    return pid, "similar abstract"
        return self._find_version(slot, paper, kinds, rows)

    def _find_version(self, slot: int, paper: Paper, kinds: list[int], rows: list[int]) -> tuple[str, str] | None:
        """The stored paper `paper` is another version of (`versions.other_version`), among those sharing
        a key of `versions.block_keys` with it (the first author and the two longest title words, or the three
        longest words), those sharing the most first; None when there is none."""
        if not self._versions:
            return None
        shared: Counter[int] = Counter()
        for kind, row in zip(kinds, rows, strict=True):
            if kind == VERSION:
                shared.update(self._members(row, slot))
        for member, _ in sorted(shared.items(), key=lambda item: (-item[1], item[0]))[:MAX_CANDIDATES]:
            pid = self._pids[member]
            assert pid is not None  # `_members` gives only papers with an id
            if other_version(paper, self._records[member]):
                return pid, ANOTHER_VERSION
        return None

    def _members(self, row: int, slot: int) -> list[int]:
        """The papers before `slot` that share the key of `row`, in the order they came (each already
        stored, or added or merged by this import)."""
        members = self._slots[self._group_start[row] : self._group_end[row]].tolist()
        return [m for m in members if m < slot and self._pids[m] is not None]

    def _shares(self, kind: int, slot: int, member: int) -> bool:
        """True when paper `member` really carries the key of this kind that `slot` has (not just its hash)."""
        paper, other = self._records[slot], self._records[member]
        if kind in (ID, ABSTRACT_ID):
            value = paper.id if kind == ID else self._abstract_ids[slot]
            return value in (other.id, self._abstract_ids.get(member, other.id))
        if kind == DOI:
            return normalize_doi(paper.doi) == normalize_doi(other.doi)
        if kind == ARXIV:
            return arxiv_id(paper) == arxiv_id(other)
        if kind == URL:
            return normalize_url(paper.url) == normalize_url(other.url)
        return normalize_title(paper.title) == normalize_title(other.title)

    def free_id(self, paper: Paper) -> str:
        """The paper's own id, or a stable variant when a different paper already holds it."""
        pid = paper.id
        n = 0
        while self.taken(pid):
            if n == 0:
                salt = normalize_title(paper.title) + "|" + " ".join(sorted(surnames(paper))) + "|" + paper.url
            n += 1
            pid = variant_id(paper.id, salt if n == 1 else f"{salt}|{n}")
        return pid


def char_counts(text: str) -> np.ndarray | None:
    """How often each character occurs in ASCII `text` (None for other text: `surely_dissimilar` then says nothing)."""
    if not text.isascii():
        return None
    return np.bincount(np.frombuffer(text.encode(), dtype=np.uint8), minlength=128)


def surely_dissimilar(text: str, counts: np.ndarray, other: str) -> bool:
    """True only when `fuzz.ratio(text, other)` is below SIMILARITY; `counts` is `char_counts(text)`.

    The ratio is 200 * (longest common subsequence) / (sum of the lengths), and a common
    subsequence holds each character at most as often as the text that has it fewer times:
    the characters the two share, counted, bound it from above (in integers: no rounding).
    Two unrelated abstracts from one field share most of their letters but seldom 95%:
    a few microseconds here instead of tens for the ratio (6,674 candidates in a 50,000-paper import).
    """
    theirs = char_counts(other)
    if theirs is None:
        return False
    shared = int(np.minimum(counts, theirs).sum())
    return 200 * shared < SIMILARITY * (len(text) + len(other))


def _titles_differ(a: Paper, b: Paper) -> bool:
    """Both records have titles and they differ: a shared URL (a code repository, a lab page) is then not one paper."""
    ta, tb = normalize_title(a.title), normalize_title(b.title)
    return bool(ta and tb and ta != tb)
