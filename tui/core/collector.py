"""Pausing Python's cyclic garbage collector while long-lived objects are made, then freezing them.

Reading a library, importing a file, importing the app and building the search
index each make many objects that live as long as the process and almost no
garbage: the collector would only rescan them, over and over. They pause it
and freeze what they made. The switch is global while the pauses can overlap
(a library opening while an index builds in another thread), so pauses are
counted: the collector runs again when the last one ends, not the first.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0


def pause() -> None:
    """No cyclic collection until the matching `resume`."""
    global _depth
    with _lock:
        _depth += 1
        gc.disable()


def resume(*, freeze: bool = True) -> None:
    """End one `pause`: freeze what was made (out of the collector's way for good), and let it run
    again once no pause is left."""
    global _depth
    with _lock:
        _depth = max(0, _depth - 1)
        if freeze:
            gc.freeze()
        if _depth == 0:
            gc.enable()


@contextmanager
def paused(*, freeze: bool = True) -> Iterator[None]:
    """`pause` for the block, `resume` after it, even when it raises."""
    pause()
    try:
        yield
    finally:
        resume(freeze=freeze)
