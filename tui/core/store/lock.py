"""One writer per library folder: the `.lock` file, and why a library opens read-only without it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tui.core.errors import os_reason

LOCK_FILE = ".lock"


def take_write_lock(folder: Path) -> tuple[Any, str | None]:
    """(the held lock, None), or (None, why the folder cannot be written by this process).

    The lock is refused when another paperdesk holds it, or when the folder
    itself is not writable (a lock file left writable there is not enough).
    """
    from filelock import FileLock, Timeout

    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            return None, f"{folder}: cannot write here (permission denied); opened read-only"
        lock = FileLock(str(folder / LOCK_FILE), timeout=0, thread_local=False)
        lock.acquire()
    except Timeout:
        return None, f"{folder}: another paperdesk is using this library; opened read-only"
    except OSError as exc:
        return None, f"{folder}: cannot write here ({os_reason(exc)}); opened read-only"
    return lock, None
