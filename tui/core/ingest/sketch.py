"""Blocking keys of many abstracts at once: which abstracts are worth comparing for near-identity.

Two abstracts at least 95% alike (rapidfuzz ratio) share most of their
character shingles. Each abstract gets as keys a sample of its shingles
(32 bytes of its normalized text from the start of a word; about SAMPLE of
them, all of a short abstract's), chosen by a hash of their first bytes so
the same shingles are chosen in both copies wherever the edits fall, and
hashes of its first and last 48 bytes. The keys depend on the abstract
alone, never on what it is imported with, so whether a duplicate is found
never depends on the size of the import.

The work is done by numpy over a few thousand abstracts at a time, without a
Python object per word: 50,000 abstracts are hashed in well under a
second, and the keys are 64-bit integers in arrays, not strings in a dict.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Bytes in a shingle; each starts at a word.
SHINGLE_BYTES = 32
#: Bytes at each end of an abstract that form a key of their own.
END_BYTES = 48
#: Shingles sampled per abstract, on average: an abstract of n words keeps each with probability SAMPLE / n.
SAMPLE = 12
#: Abstracts hashed per round: bounds the temporary arrays (a few MB).
CHUNK = 2048

_M1, _M2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_K = np.uint64(0x9E3779B97F4A7C15)
_S1, _S2, _S3 = np.uint64(30), np.uint64(27), np.uint64(31)
_NO_TAG = np.uint64(0)
#: Told apart before mixing, so a first-bytes key never equals a last-bytes or shingle key of the same text.
_PREFIX, _SUFFIX = np.uint64(0x2545F4914F6CDD1D), np.uint64(0xD1B54A32D192ED03)


def _mix(h: np.ndarray) -> np.ndarray:
    """SplitMix64's finalizer, in place: every input bit moves every output bit."""
    h ^= h >> _S1
    h *= _M1
    h ^= h >> _S2
    h *= _M2
    h ^= h >> _S3
    return h


def _hash_windows(words: np.ndarray, starts: np.ndarray, width: int, tag: np.uint64 = _NO_TAG) -> np.ndarray:
    """A 64-bit hash of `width` bytes (a multiple of 8) at each of `starts`; `words` is the bytes as
    unaligned little-endian uint64s, one starting at every byte."""
    h = words[starts] ^ tag
    for offset in range(8, width, 8):
        h *= _K
        h += words[starts + offset]
    return _mix(h)


def abstract_keys(norms: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """(keys, owners): blocking keys (uint64) and the index in `norms` of the abstract each belongs to.

    `norms` are normalized abstracts (`identity.norm_abstract`). A pair may
    appear twice (the smallest hash is usually a sampled one too); an empty
    abstract has no keys.
    """
    keys, owners = [], []
    with np.errstate(over="ignore"):
        for first in range(0, len(norms), CHUNK):
            k, o = _chunk_keys(norms[first : first + CHUNK])
            keys.append(k)
            owners.append(o + first)
    if not keys:
        return np.zeros(0, np.uint64), np.zeros(0, np.int64)
    return np.concatenate(keys), np.concatenate(owners)


def _chunk_keys(norms: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    pad = "\0" * END_BYTES  # between and around abstracts: no window reads into the next one
    raw = (pad + pad.join(norms) + pad).encode("utf-8")  # one encoding, not one per abstract
    lengths = np.fromiter(map(len, norms), dtype=np.int64, count=len(norms))
    if len(raw) != (len(norms) + 1) * END_BYTES + int(lengths.sum()):  # not all ASCII: lengths in bytes
        lengths = np.fromiter((len(n.encode("utf-8")) for n in norms), dtype=np.int64, count=len(norms))
    data = np.frombuffer(raw, dtype=np.uint8)
    words = np.ndarray(shape=(len(raw) - 7,), dtype="<u8", buffer=raw, strides=(1,))
    starts = np.cumsum(lengths + END_BYTES) - lengths  # each abstract's first byte
    ends = starts + lengths
    word = data > 32  # a byte of a word: not a space, not padding (UTF-8 continuation bytes are > 127)
    starts_word = np.empty(len(word), dtype=bool)  # a word byte after a byte that is none (one pass, no temporaries)
    starts_word[0] = False
    np.greater(word[1:], word[:-1], out=starts_word[1:])
    word_starts = np.flatnonzero(starts_word)
    first_words = np.searchsorted(word_starts, starts)  # each abstract's first word
    counts = np.diff(np.append(first_words, len(word_starts)))
    # A shingle is sampled when a quick hash of its first 8 bytes is small enough for about SAMPLE
    # to be kept in each abstract (all of them in a short one): the same ones in both copies of a text.
    quick = words[word_starts] * _K
    quick >>= np.uint64(11)
    limit = (np.minimum(1.0, SAMPLE / np.maximum(counts, 1)) * 2.0**53).astype(np.uint64)
    sampled = np.flatnonzero(quick < np.repeat(limit, counts))  # each word against its abstract's limit
    del quick
    owner = np.searchsorted(first_words, sampled, side="right") - 1  # the abstract of each sampled word
    shingles = _hash_windows(words, word_starts[sampled], SHINGLE_BYTES)
    present = np.flatnonzero(lengths > 0)
    heads = _hash_windows(words, starts[present], END_BYTES, _PREFIX)
    tails = _hash_windows(words, np.maximum(ends[present] - END_BYTES, starts[present]), END_BYTES, _SUFFIX)
    return np.concatenate([shingles, heads, tails]), np.concatenate([owner, present, present])
