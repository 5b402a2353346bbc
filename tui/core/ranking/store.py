"""The matrices saved beside the library, in `ranking/v<FORMAT>-<digest>/`, named by the papers' digest.

Derived data: a folder for another digest is stale (the papers changed) and is
removed when a new one is saved; a folder that cannot be read, or whose arrays
do not agree (cut short, edited by hand), is simply rebuilt. Never a
migration: a new FORMAT makes every older folder stale. Each file is written
with `store.atomic` into a temp folder that is renamed into place last, so a
folder appears complete or not at all. The arrays are memory-mapped when
loaded: a query touches only its terms' rows and postings.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np

from tui.core.ranking.build import Matrices
from tui.core.ranking.rows import SavedRows
from tui.core.store.atomic import atomic_replace, fsync_dir

RANKING_DIR = "ranking"
FORMAT = "1"
_ARRAYS = ("terms", "idf", "docs", "term_vectors", "indptr", "indices", "data")


#: Arrays a query reads a few rows of: read with `pread` (`rows.SavedRows`), never mapped. The terms are read whole
#: (binary-searched for every word of a query), the papers' vectors memory-mapped (every question reads all of them).
_READ_BY_ROWS = frozenset({"term_vectors", "indices", "data"})


def _opened(path: Path, name: str) -> np.ndarray | SavedRows:
    if name in _READ_BY_ROWS:
        return SavedRows(path)
    return np.asarray(np.load(path, mmap_mode=None if name == "terms" else "r", allow_pickle=False))


def key_for(digest: str) -> str:
    """The folder name of the matrices of papers with this digest."""
    return f"v{FORMAT}-{digest}"


def load(folder: Path, digest: str, size: int) -> Matrices | None:
    """The saved matrices of `digest` for `size` papers, or None when absent, unreadable or inconsistent."""
    where = folder / RANKING_DIR / key_for(digest)
    try:
        meta = json.loads((where / "meta.json").read_text(encoding="utf-8"))
        arrays = {name: _opened(where / f"{name}.npy", name) for name in _ARRAYS}
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return None
    if meta.get("terms") != len(arrays["terms"]) or meta.get("size") != size or meta.get("format") != FORMAT:
        return None
    matrices = Matrices(**arrays)  # type: ignore[arg-type]  # (each name gets its own kind: `_opened`)
    return matrices if matrices.fits(size) else None


def save(folder: Path, digest: str, matrices: Matrices) -> None:
    """Write `matrices` (as built: arrays in memory) for `digest`, complete or not at all, and remove the folders of
    other digests."""
    root = folder / RANKING_DIR
    root.mkdir(parents=True, exist_ok=True)
    key = key_for(digest)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=root))
    try:
        for name in _ARRAYS:
            with atomic_replace(tmp / f"{name}.npy") as out:
                np.save(out, np.ascontiguousarray(getattr(matrices, name)), allow_pickle=False)
        with atomic_replace(tmp / "meta.json") as out:  # last: its presence says the rest is there
            out.write(json.dumps({"format": FORMAT, "size": matrices.size, "terms": len(matrices.terms)}).encode())
        if (root / key).exists():
            shutil.rmtree(root / key, ignore_errors=True)
        os.rename(tmp, root / key)
        fsync_dir(root)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    for old in root.iterdir():
        if old.name != key:
            shutil.rmtree(old, ignore_errors=True)

