"""Hang-up and SIGTERM end the app within a second, notes saved first, whatever state it is in.

A Python-level handler (not the event loop's) runs even when the loop is
stuck: closing the terminal during start-up once left the main thread
blocked in Textual's shutdown, the signal queued behind a loop that never
ran again, and the process holding the library's lock for good. The handler
asks the loop to save the notes and exit cleanly, and starts a watchdog
thread: if the process is still alive `GRACE` seconds later, the watchdog
saves what notes it can reach and ends the process at once. The library's
files are written atomically and its lock is released by the kernel, so
ending it that way loses nothing that was acknowledged.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

#: Seconds the clean exit gets before the watchdog ends the process.
GRACE = 0.8
SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class HangupGuard:
    """Installs the handlers for one app run; `exit_cleanly(sig)` is the app's own way out."""

    def __init__(self, exit_cleanly: Callable[[int], Awaitable[None]], flush_notes: Callable[[], Any]) -> None:
        self.exit_cleanly = exit_cleanly
        self.flush_notes = flush_notes
        self._previous: dict[int, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._armed = False

    def install(self) -> None:
        """On the main thread only (signals cannot be caught elsewhere); a no-op otherwise."""
        if threading.current_thread() is not threading.main_thread():
            return
        self._loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            self._previous[sig] = signal.signal(sig, self._on_signal)

    def remove(self) -> None:
        for sig, previous in self._previous.items():
            try:
                signal.signal(sig, previous)
            except (ValueError, TypeError):
                pass
        self._previous.clear()

    def _on_signal(self, signum: int, frame: object) -> None:
        if not self._armed:
            self._armed = True
            threading.Thread(target=self._watchdog, args=(signum,), name="hangup-watchdog", daemon=True).start()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self.exit_cleanly(signum)))
            except RuntimeError:
                pass

    def _watchdog(self, signum: int) -> None:
        time.sleep(GRACE)
        try:
            self.flush_notes()
        except Exception:  # noqa: BLE001 - the app may be half torn down; ending matters more
            pass
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
        os._exit(128 + signum)
