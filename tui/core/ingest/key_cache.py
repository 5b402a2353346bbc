"""What the stored papers' abstracts give their match keys, kept beside papers.json between imports.

Keying a library for an import reads and normalizes every stored abstract
(`match_keys.AbstractPart`): most of what importing a file into a large
library costs before anything is matched, and the same work each time. An
import that wrote papers.json keeps that part for the papers it wrote, named
by the file's digest (the catalog's); the next import uses it while the
digest still matches, and computes it again otherwise. It is derived data
only: a missing, stale or damaged file costs the next import the work, never
a wrong match, and any other writer of papers.json makes it stale.

Here are only the bytes; the library reads and writes the file.
"""

from __future__ import annotations

import io
import zipfile
from array import array

import numpy as np

from tui.core.ingest.match_keys import AbstractPart

#: The file beside papers.json.
KEYS_FILE = "papers.keys"
#: Bump when what an abstract gives its keys changes (`match_keys`, `sketch`): older files are then stale.
VERSION = 1


def dumps(part: AbstractPart, digest: str) -> bytes:
    """The part, for papers.json with this digest, as the file's bytes (numpy's .npz, no pickles)."""
    out = io.BytesIO()
    np.savez(
        out,
        version=np.array([VERSION]),
        digest=np.array([digest]),
        aids=np.array([aid.encode("ascii") for aid in part.aids], dtype="S16"),
        lengths=np.frombuffer(part.lengths, dtype=np.int32) if part.lengths else np.zeros(0, np.int32),
        hashes=part.hashes.astype(np.uint64),
        slots=part.slots.astype(np.int32),
    )
    return out.getvalue()


def loads(data: bytes, digest: str | None, count: int) -> AbstractPart | None:
    """The part in `data` when it was kept for papers.json with this `digest` and holds `count` papers; else None."""
    if not digest:
        return None
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as saved:
            if int(saved["version"][0]) != VERSION or str(saved["digest"][0]) != digest:
                return None
            aids = [aid.decode("ascii") for aid in saved["aids"].tolist()]
            lengths = array("i", saved["lengths"].astype(np.int32).tobytes())
            hashes, slots = saved["hashes"].astype(np.uint64), saved["slots"].astype(np.int32)
    except (OSError, ValueError, KeyError, IndexError, EOFError, zipfile.BadZipFile):  # (UnicodeDecodeError is a ValueError)
        return None
    if len(aids) != count or len(lengths) != count or len(hashes) != len(slots) or (len(slots) and not 0 <= slots.min() <= slots.max() < count):
        return None
    return AbstractPart(aids, lengths, hashes, slots)
