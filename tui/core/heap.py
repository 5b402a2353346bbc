"""Letting a large import reuse the memory it frees, instead of handing it back and faulting it in again.

glibc's malloc gives the top of its heap back to the system once more than
a threshold is free there, and serves each block above another threshold
with a fresh mapping of its own (both start small and rise as large blocks
come and go). An import allocates and frees megabytes at a time: each slice
of the file and the objects parsed from it, numpy's temporaries for the
blocking keys of a batch of abstracts (`ingest.sketch`), the keys of a whole
library when it is matched against. With glibc's defaults each of those is
faulted in fresh from the system; with blocks up to `MAP_BYTES` taken from
the heap and up to `KEEP_BYTES` kept free at its top, freed memory is used
again, for a peak a little higher. `benchmarks/heap.py` measures both.

Only glibc is asked (`mallopt`); elsewhere nothing changes.
"""

from __future__ import annotations

import sys

#: The size from which a block gets a mapping of its own, and the free bytes the heap keeps at its top.
MAP_BYTES, KEEP_BYTES = 16 << 20, 24 << 20
#: glibc's `mallopt` parameters (malloc.h).
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def reuse_freed_memory(mapped: int = MAP_BYTES, keep: int = KEEP_BYTES) -> bool:
    """Have malloc take blocks under `mapped` bytes from its heap and keep up to `keep` freed bytes there
    for reuse (see the module's docstring); True when it agreed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (ImportError, OSError, AttributeError):  # no ctypes, or a C library without mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    # Setting either turns off glibc's own raising of both thresholds: so both are set.
    return bool(mallopt(_M_MMAP_THRESHOLD, mapped)) & bool(mallopt(_M_TRIM_THRESHOLD, keep))
