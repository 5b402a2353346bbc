"""Worker threads report to the UI without waiting for it."""

from __future__ import annotations

from typing import Any, Callable

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
