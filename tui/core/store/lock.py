"""One writer per library folder: the `.lock` file, and why a library opens read-only without it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui.core.errors import os_reason
from tui.core.store.lock_pid import forget_holder_pid, read_holder_pid, write_holder_pid

LOCK_FILE = ".lock"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the lock could not be had: `held` when another process has it (`pid` when known)."""

    reason: str
    held: bool = False
    pid: int | None = None


def take_write_lock(folder: Path) -> tuple[Any, Refusal | None]:
    """(the held lock, None), or (None, why the folder cannot be written by this process).

    The lock is refused when another paperdesk holds it, or when the folder
    itself is not writable (a lock file left writable there is not enough).
    The holder records its PID beside the lock, so a refusal can name it.
    """
    from filelock import FileLock, Timeout

    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            return None, Refusal(f"{folder}: cannot write here (permission denied); opened read-only")
        lock = FileLock(str(folder / LOCK_FILE), timeout=0, thread_local=False)
        lock.acquire()
    except Timeout:
        pid = read_holder_pid(folder)
        who = f"another paperdesk (PID {pid})" if pid else "another paperdesk"
        how = f" (quit it, or end it with `kill {pid}`)" if pid else ""
        return None, Refusal(f"{folder}: {who} is using this library{how}; opened read-only", held=True, pid=pid)
    except OSError as exc:
        return None, Refusal(f"{folder}: cannot write here ({os_reason(exc)}); opened read-only")
    write_holder_pid(folder)  # for the notice of the next process to try
    return lock, None


def release_write_lock(lock: Any, folder: Path) -> None:
    """Forget the PID record, then let the lock go."""
    forget_holder_pid(folder)
    lock.release()
