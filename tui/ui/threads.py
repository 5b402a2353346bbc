"""Worker threads report to the UI without waiting for it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.message_pump import MessagePump


def to_ui(node: MessagePump, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """From a worker thread: run `callback` on the UI thread soon, without waiting for it to run.

    `App.call_from_thread` blocks until the callback has run; when the app
    stops first (the terminal closed during start-up), a worker blocked there
    kept the whole process alive, holding the library's lock. Posting never
    blocks, and once the app has gone the report is simply dropped.
    """
    try:
        node.call_later(callback, *args, **kwargs)
    except RuntimeError:
        pass  # the event loop has closed: nobody is left to tell


def to_ui_every(node: MessagePump, callback: Callable[..., Any], seconds: float) -> Callable[..., None]:
    """A worker's progress callback that runs `callback` on the UI thread (`to_ui`) at most once every `seconds`.

    A long import reports after every slice of entries; posting each report
    would flood the app's message queue with redraws nobody can see. A call
    whose first argument (the stage) differs from the last one passed always
    passes, so the screen never misses a change of stage; the others are
    dropped until their turn (each call carries the whole count so far, so
    only frames are lost, never progress).
    """
    passed_at, passed_first = float("-inf"), object()  # when the last call passed, and its first argument

    def report(*args: Any) -> None:
        nonlocal passed_at, passed_first
        now = time.monotonic()
        first = args[0] if args else None
        if first == passed_first and now - passed_at < seconds:
            return
        passed_at, passed_first = now, first
        to_ui(node, callback, *args)

    return report
