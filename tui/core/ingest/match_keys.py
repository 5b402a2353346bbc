"""The keys a paper is matched by (`matching.MatchIndex`), computed for a few thousand papers at a time.

Evidence keys (id, DOI, arXiv id, URL, normalized title) are 64-bit hashes
of their values, salted by kind; the blocking keys of a long, specific
abstract come from `sketch`. Computing them needs the abstract's text, so
an import computes them as it reads each slice of a file (`incoming`),
before the text leaves memory; stored papers get theirs when they are
matched against.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from tui.core.ingest.identity import arxiv_id, normalize_doi, normalize_title, normalize_url
from tui.core.ingest.sketch import abstract_keys
from tui.core.ingest.versions import block_keys
from tui.core.models import Paper, abstract_basis

# Kinds of keys, strongest evidence first. The stored id and the id the abstract gives are both
# ids (one hash space, so either finds the other), told apart only to be tried in this order. The last
# two only block: papers sharing an abstract's key (`sketch`) or a first author and two title words (`versions`)
# are compared in full.
ID, ABSTRACT_ID, DOI, ARXIV, URL, TITLE, ABSTRACT, VERSION = range(8)
#: Kinds that only say which papers to compare.
BLOCKING = (ABSTRACT, VERSION)
#: Mixed into each key's hash, so a DOI and a title that are the same text stay different keys.
_SALT = {ID: 0x2F3C5A17, ABSTRACT_ID: 0x2F3C5A17, DOI: 0x61C88647, ARXIV: 0x7FEB352D, URL: 0x846CA68B, TITLE: 0x1B873593, VERSION: 0x5BD1E995}
_ID_SALT = _SALT[ID]
_VERSION_SALT = _SALT[VERSION]


def abstract_id(basis: str) -> str:
    """`models.paper_id` of a specific abstract already normalized (`normalize_space`), without normalizing it again."""
    return hashlib.sha1(basis.encode("utf-8")).hexdigest()[:12]


def fold(text: str) -> str:
    """`str.casefold`, quicker for ASCII text (where it is `lower`)."""
    return text.lower() if text.isascii() else text.casefold()


@dataclass
class KeyRows:
    """Every key of some papers (slots from `first`), and what matching needs besides: the evidence keys as
    parallel arrays, and what the abstracts gave (`part`, slots from 0), kept apart so that the matcher
    joins them into its columns without a copy of each slice's keys on the way (`pieces`).

    `abstract_ids` holds the id a paper's abstract gives where that is not
    its id; `lengths` the length of each paper's normalized abstract (0 when
    it is not specific).
    """

    first: int
    evidence: tuple[np.ndarray, np.ndarray, np.ndarray]  # hashes (uint64), slots (int32), kinds (int8)
    part: AbstractPart
    abstract_ids: dict[int, str] = field(default_factory=dict)

    @property
    def lengths(self) -> array:
        return self.part.lengths

    def pieces(self, column: int) -> tuple[np.ndarray, np.ndarray]:
        """The evidence's, then the abstracts', hashes (column 0), slots (1) or kinds (2)."""
        if column == 0:
            return self.evidence[0], self.part.hashes
        if column == 1:
            return self.evidence[1], self.part.slots + np.int32(self.first)
        return self.evidence[2], np.full(len(self.part.hashes), ABSTRACT, dtype=np.int8)

    @property
    def hashes(self) -> np.ndarray:
        return np.concatenate(self.pieces(0))

    @property
    def slots(self) -> np.ndarray:
        return np.concatenate(self.pieces(1))

    @property
    def kinds(self) -> np.ndarray:
        return np.concatenate(self.pieces(2))

    def moved(self, by: int) -> KeyRows:
        """The same rows for papers `by` slots further on."""
        hashes, slots, kinds = self.evidence
        return KeyRows(self.first + by, (hashes, slots + np.int32(by), kinds), self.part, {slot + by: aid for slot, aid in self.abstract_ids.items()})


@dataclass
class AbstractPart:
    """What the abstracts of some papers give their keys (slots from 0), in values that mean the same in
    any process (`hash` of a string does not): each one's abstract id ("" when not specific), the length of
    its normalized abstract, and its blocking keys. Making them reads and normalizes every abstract, which
    is most of what keying a library costs: an import keeps them for the papers it wrote (`ingest.key_cache`)."""

    aids: list[str]
    lengths: array
    hashes: np.ndarray  # uint64: the blocking keys (`sketch`)
    slots: np.ndarray  # int32: the paper each belongs to

    def __len__(self) -> int:
        return len(self.aids)

    def aliases(self, papers: Sequence[Paper]) -> set[str]:
        """The ids these abstracts give that are not their papers' own (`papers`: the ones they were made for)."""
        return {aid for aid, paper in zip(self.aids, papers, strict=True) if aid and aid != paper.id}

    @classmethod
    def joined(cls, parts: Sequence[AbstractPart]) -> AbstractPart:
        """The parts one after the other (slots moved on)."""
        offsets = np.cumsum([0] + [len(p) for p in parts[:-1]]).tolist()
        return cls(
            [aid for p in parts for aid in p.aids],
            array("i", [n for p in parts for n in p.lengths]),
            np.concatenate([p.hashes for p in parts]) if parts else np.zeros(0, np.uint64),
            np.concatenate([p.slots + np.int32(at) for p, at in zip(parts, offsets, strict=True)]) if parts else np.zeros(0, np.int32),
        )

    def taken(self, order: Sequence[int]) -> AbstractPart:
        """The papers at `order` (each at most once), in that order."""
        where = np.full(len(self), -1, dtype=np.int64)
        where[np.asarray(order, dtype=np.int64)] = np.arange(len(order))
        moved = where[self.slots]
        kept = moved >= 0
        return AbstractPart([self.aids[i] for i in order], array("i", [self.lengths[i] for i in order]), self.hashes[kept], moved[kept].astype(np.int32))


def abstract_part(records: Sequence[Paper], bases: Sequence[tuple[str, bool]] | None = None) -> AbstractPart:
    """What the abstracts of `records` give their keys (slots from 0): the part of `key_rows` that reads the
    abstracts, made while they are in memory (`incoming`); the evidence keys can come later, from the fields.

    `bases`, when given, holds the `models.abstract_basis` each record's id was made from (by `models.paper_id`,
    as a reader makes it): a specific abstract's id is then the record's own.
    """
    aids: list[str] = []
    lengths = array("i", bytes(4 * len(records)))
    norms: list[str] = []
    owners = array("i")
    for slot, paper in enumerate(records):
        if bases is None:
            basis, specific = abstract_basis(paper.abstract)
            aid = abstract_id(basis) if specific else ""
        else:
            basis, specific = bases[slot]
            aid = paper.id if specific else ""  # `paper_id` hashed this very basis
        aids.append(aid)
        if specific:
            norm = fold(basis)
            norms.append(norm)
            owners.append(slot)
            lengths[slot] = len(norm)
    sketch, owner = abstract_keys(norms)
    return AbstractPart(aids, lengths, sketch, np.frombuffer(owners, dtype=np.int32)[owner] if len(owners) else np.zeros(0, np.int32))


def key_rows(
    records: Sequence[Paper], first: int = 0, bases: Sequence[tuple[str, bool]] | None = None, known: AbstractPart | None = None
) -> KeyRows:
    """Every key of `records` (slots from `first`): the evidence each paper carries, strongest first,
    then the blocking keys of its abstract (`sketch`).

    `known`, when given, is what the records' abstracts gave (`AbstractPart`, slots from 0): no abstract is
    read; else it is made here (`abstract_part`, with `bases`). With the evidence, the keys that block
    candidate versions: the first author's surname with the title's longest words, and those words alone (`versions.block_keys`).
    """
    if known is None:
        known = abstract_part(records, bases)
    hashes: list[int] = []
    kinds = bytearray()
    slots = array("i")
    abstract_ids: dict[int, str] = {}
    put_hash, put_kind, put_slot = hashes.append, kinds.append, slots.append
    for slot, paper in enumerate(records, first):
        put_hash(hash(paper.id) ^ _ID_SALT)
        put_kind(ID)
        put_slot(slot)
        aid = known.aids[slot - first]
        if aid and aid != paper.id:
            abstract_ids[slot] = aid
            put_hash(hash(aid) ^ _ID_SALT)
            put_kind(ABSTRACT_ID)
            put_slot(slot)
        if paper.doi and (doi := normalize_doi(paper.doi)):
            put_hash(hash(doi) ^ _SALT[DOI])
            put_kind(DOI)
            put_slot(slot)
        if arxiv := arxiv_id(paper):
            put_hash(hash(arxiv) ^ _SALT[ARXIV])
            put_kind(ARXIV)
            put_slot(slot)
        if paper.url and (url := normalize_url(paper.url)):
            put_hash(hash(url) ^ _SALT[URL])
            put_kind(URL)
            put_slot(slot)
        if paper.title and (title := normalize_title(paper.title)):
            put_hash(hash(title) ^ _SALT[TITLE])
            put_kind(TITLE)
            put_slot(slot)
            for key in block_keys(paper, title):
                put_hash(hash(key) ^ _VERSION_SALT)
                put_kind(VERSION)
                put_slot(slot)
    evidence = (np.array(hashes, dtype=np.int64).view(np.uint64), np.frombuffer(slots, dtype=np.int32), np.frombuffer(kinds, dtype=np.int8))
    return KeyRows(first, evidence, known, abstract_ids)
