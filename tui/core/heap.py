"""Letting a large import reuse the memory it frees, instead of handing it back and faulting it in again.

glibc's malloc gives the top of its heap back to the system once more than
a threshold is free there (128 KiB at first, raised as large blocks come and
go), and serves each block above another threshold with a fresh mapping of
its own. An import allocates and frees megabytes at a time: each 4 MB slice
of the file and the objects parsed from it, numpy's temporaries for the
blocking keys of 2,048 abstracts (`ingest.sketch`), the read-ahead of the
writer. A 50,000-paper import so touched ~600 MB of fresh pages (~150,000
page faults, a quarter of a second of system time) to peak at 140 MB. With
both thresholds at `KEEP_BYTES`, freed blocks are used again: ~60,000 faults,
and a peak a few MB higher.

Only glibc is asked (`mallopt`); elsewhere nothing changes.
"""

from __future__ import annotations

import sys

#: Free bytes the heap keeps at its top, and the size from which a block gets a mapping of its own.
KEEP_BYTES = 16 << 20
#: glibc's `mallopt` parameters (malloc.h).
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def reuse_freed_memory(keep: int = KEEP_BYTES) -> bool:
    """Have malloc keep up to `keep` freed bytes for reuse (see the module's docstring); True when it agreed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (ImportError, OSError, AttributeError):  # no ctypes, or a C library without mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    # Setting either turns off glibc's own adjusting of both (which is what lets freed blocks go back).
    return bool(mallopt(_M_MMAP_THRESHOLD, keep)) & bool(mallopt(_M_TRIM_THRESHOLD, keep))
