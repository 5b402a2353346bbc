"""Giving memory back to the system after the big one-off allocations of loading a library."""

from __future__ import annotations

import ctypes
import gc


def release_free_memory() -> None:
    """Collect garbage, then ask glibc to return freed heap pages to the system.

    Loading 100,000 papers parses a large JSON file and builds the search
    index; the temporaries are freed, but glibc keeps the pages, so the
    resident size stays ~250 MiB above what is in use. `malloc_trim` hands
    them back. Elsewhere (macOS, musl) this only collects garbage.
    """
    gc.collect()
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the process's own symbols: libc's (find_library runs a subprocess)
    except (OSError, AttributeError):
        return
    trim(0)
