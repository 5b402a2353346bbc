"""A saved array read a few rows at a time with `pread`, never mapped: what a query reads of the big, sparsely read arrays.

Memory-mapping them made the app's resident memory grow by about 1.5 MiB per
row touched (the page cache holds large folios, and a fault maps the whole
folio; `MADV_RANDOM` did not help): 6 MiB for one five-word `about:` query at
5,000 papers, and all of the 50 MiB array over a session. Reading the rows
copies a few kilobytes and maps nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np


class SavedRows:
    """The .npy file at `path` (C order), checked whole on opening (a truncated file raises ValueError), read by rows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with open(path, "rb") as handle:
            version = np.lib.format.read_magic(handle)
            if version == (1, 0):
                shape, fortran, dtype = np.lib.format.read_array_header_1_0(handle)
            else:
                shape, fortran, dtype = np.lib.format.read_array_header_2_0(handle)
            self.offset = handle.tell()
            size = os.fstat(handle.fileno()).st_size
        if fortran or dtype.hasobject or not shape:
            raise ValueError(f"{path.name}: not a C-order array of numbers")
        self.shape: tuple[int, ...] = tuple(shape)
        self.dtype = dtype
        self.ndim = len(shape)
        self.row_bytes = int(np.prod(shape[1:], dtype=np.int64)) * dtype.itemsize
        if size != self.offset + self.row_bytes * shape[0]:
            raise ValueError(f"{path.name}: {size} bytes, not the {self.offset + self.row_bytes * shape[0]} its header says")

    def __len__(self) -> int:
        return self.shape[0]

    def rows(self, ids: np.ndarray) -> np.ndarray:
        """The rows `ids` (each in range), in that order."""
        out = np.empty((len(ids), *self.shape[1:]), dtype=self.dtype)
        if len(ids):
            fd = os.open(self.path, os.O_RDONLY)
            try:
                for k, i in enumerate(ids.tolist()):
                    out[k] = np.frombuffer(os.pread(fd, self.row_bytes, self.offset + i * self.row_bytes), dtype=self.dtype).reshape(self.shape[1:])
            finally:
                os.close(fd)
        return out

    def span(self, lo: int, hi: int) -> np.ndarray:
        """Rows lo..hi-1 of a one-dimensional array."""
        if hi <= lo:
            return np.zeros(0, dtype=self.dtype)
        fd = os.open(self.path, os.O_RDONLY)
        try:
            data = os.pread(fd, (hi - lo) * self.row_bytes, self.offset + lo * self.row_bytes)
        finally:
            os.close(fd)
        return np.frombuffer(data, dtype=self.dtype).copy()


def rows_of(source: np.ndarray | SavedRows, ids: np.ndarray) -> np.ndarray:
    """Rows `ids` of an array in memory or saved."""
    return source.rows(ids) if isinstance(source, SavedRows) else np.asarray(source[ids])


def span_of(source: np.ndarray | SavedRows, lo: int, hi: int) -> np.ndarray:
    """Items lo..hi-1 of a one-dimensional array in memory or saved."""
    return source.span(lo, hi) if isinstance(source, SavedRows) else np.asarray(source[lo:hi])
