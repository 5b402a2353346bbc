"""What the stored papers' abstracts give their match keys, kept beside papers.json between imports.

Keying a library for an import reads and normalizes every stored abstract
(`match_keys.AbstractPart`): most of what importing a file into a large
library costs before anything is matched, and the same work each time. An
import that wrote papers.json keeps that part for the papers it wrote, named
by the file's digest (the catalog's); the next import uses it while the
digest still matches, and computes it again otherwise. It is derived data
only: a missing, stale or damaged file costs the next import the work, never
a wrong match, and any other writer of papers.json makes it stale.

Here are only the bytes; the library opens the file (written atomically).
"""

from __future__ import annotations

import io
from array import array
from collections.abc import Iterable, Sequence
from typing import IO

import numpy as np

from tui.core.ingest.match_keys import AbstractPart

#: The file beside papers.json.
KEYS_FILE = "papers.keys"
#: Bump when what an abstract gives its keys changes (`match_keys`, `sketch`), or this layout: older files are then stale.
VERSION = 2


def write(out: IO[bytes], digest: str, order: Sequence[int] | np.ndarray, parts: Iterable[AbstractPart]) -> None:
    """The kept keys for papers.json with this digest, to `out`: paper `i` is entry `order[i]` of `parts`, one
    after the other. The parts are written as they come (an import's slices: never joined in memory, at
    the end of an import whose peak is what it is); the next import joins them as it reads them."""
    np.save(out, np.array([VERSION, len(order)], dtype=np.int64))
    np.save(out, np.array([digest]))
    np.save(out, np.asarray(order, dtype=np.int64))
    for part in parts:
        np.save(out, np.array([aid.encode("ascii") for aid in part.aids], dtype="S16"))
        np.save(out, np.frombuffer(part.lengths, dtype=np.int32) if part.lengths else np.zeros(0, np.int32))
        np.save(out, part.hashes.astype(np.uint64, copy=False))
        np.save(out, part.slots.astype(np.int32, copy=False))


def loads(data: bytes, digest: str | None, count: int) -> AbstractPart | None:
    """The kept keys in `data` when they were kept for papers.json with this `digest` and hold `count` papers; else None."""
    if not digest:
        return None
    stream = io.BytesIO(data)
    try:
        version, n = (int(x) for x in np.load(stream, allow_pickle=False).tolist())
        if version != VERSION or n != count or str(np.load(stream, allow_pickle=False)[0]) != digest:
            return None
        order = np.load(stream, allow_pickle=False)
        parts = []
        while stream.tell() < len(data):
            aids = [aid.decode("ascii") for aid in np.load(stream, allow_pickle=False).tolist()]
            lengths = array("i", np.load(stream, allow_pickle=False).astype(np.int32).tobytes())
            hashes = np.load(stream, allow_pickle=False).astype(np.uint64)
            slots = np.load(stream, allow_pickle=False).astype(np.int32)
            if len(lengths) != len(aids) or len(hashes) != len(slots) or (len(slots) and not 0 <= slots.min() <= slots.max() < len(aids)):
                return None
            parts.append(AbstractPart(aids, lengths, hashes, slots))
    except (OSError, ValueError, KeyError, IndexError, EOFError, TypeError):  # (UnicodeDecodeError is a ValueError)
        return None
    joined = AbstractPart.joined(parts)
    if len(order) != count or len(set(order.tolist())) != count or (count and not 0 <= order.min() <= order.max() < len(joined)):
        return None
    return joined.taken(order.tolist())
