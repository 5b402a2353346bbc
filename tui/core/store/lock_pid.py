"""Who holds a library: the holder's PID, written beside the lock so a refusal can name it.

The lock file only carries the OS lock (and `filelock`, which earlier versions
used, truncated it on every attempt to take it), so the PID lives in a file of
its own (`.lock.pid`), written atomically by the process that holds the lock,
just after taking it, and removed just before releasing it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tui.core.store.atomic import atomic_write_bytes

LOCK_PID_FILE = ".lock.pid"
#: How long a process that found the library locked waits for the holder to write its PID.
HOLDER_PID_WAIT = 2.0


def write_holder_pid(folder: Path) -> None:
    """Record this process as the holder (call only while holding the lock); best effort."""
    try:
        atomic_write_bytes(folder / LOCK_PID_FILE, f"{os.getpid()}\n".encode(), durable=False, mode=0o644)
    except OSError:
        pass


def forget_holder_pid(folder: Path) -> None:
    """Remove the record (call while still holding the lock, just before releasing it)."""
    try:
        (folder / LOCK_PID_FILE).unlink()
    except OSError:
        pass


def read_holder_pid(folder: Path, wait: float | None = None) -> int | None:
    """The PID the lock's holder wrote beside the lock, or None when it cannot be told.

    The holder writes it just after taking the lock, so a process that lost a
    race for the lock may look before it is there (or see the PID of a holder
    that was killed): it looks again for up to `wait` seconds until the file
    names a live process.
    """
    deadline = time.monotonic() + (HOLDER_PID_WAIT if wait is None else wait)
    while True:
        try:
            pid = int((folder / LOCK_PID_FILE).read_text().strip())
        except (OSError, ValueError):
            pid = 0
        if pid > 0 and _alive(pid):
            return pid
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)


def _alive(pid: int) -> bool:
    """True when a process with this PID exists (always True where that cannot be asked)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it exists, under another user
        return True
    return True
