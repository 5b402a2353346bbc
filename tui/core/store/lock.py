"""One writer per library folder: the `.lock` file, and why a library opens read-only without it.

The lock is the operating system's own lock on `.lock` (`flock` on POSIX, `msvcrt.locking`
on Windows), taken without waiting: it goes with the process, so a killed holder leaves
nothing to clean up. The file itself stays empty and in place; the holder's PID lives
beside it (`lock_pid`). Plain stdlib: the `filelock` package would add its imports to every start.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from pathlib import Path

from tui.core.errors import os_reason
from tui.core.store.lock_pid import forget_holder_pid, read_holder_pid, write_holder_pid

LOCK_FILE = ".lock"
#: What a lock held elsewhere raises (some file systems say EACCES; Windows says EDEADLOCK).
_HELD_ERRNOS = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", errno.EDEADLK)})


class Refusal:
    """Why the lock could not be had: `held` when another process has it (`pid` when known).

    A plain class, not a frozen dataclass (why: `tui.core.records`): made only when the lock is refused.
    """

    __slots__ = ("reason", "held", "pid")

    def __init__(self, reason: str, held: bool = False, pid: int | None = None) -> None:
        self.reason, self.held, self.pid = reason, held, pid


class WriteLock:
    """The held lock: an open descriptor of `.lock` with the OS lock on it; `release` is idempotent."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError:
            pass  # closing the descriptor lets the lock go anyway
        finally:
            os.close(fd)

    def __del__(self) -> None:
        self.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class MarkerLock(WriteLock):
    """Where the file system cannot lock (ENOSYS: some network mounts), a marker file made with O_EXCL
    holding the holder's PID stands in for the OS lock; releasing removes it."""

    def __init__(self, fd: int, marker: Path) -> None:
        super().__init__(fd)
        self._marker: Path | None = marker

    def release(self) -> None:
        marker, self._marker = self._marker, None
        if marker is not None:
            try:
                marker.unlink()
            except OSError:
                pass
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


def _alive(pid: int) -> bool:
    """True when process `pid` runs (or cannot be asked: taken as running, to stay safe)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


#: Seconds a marker without a PID yet counts as held: its maker is between creating it and writing the PID.
_MARKER_BEING_WRITTEN = 5.0


def _marker_held(marker: Path) -> bool:
    """Whether the marker names a live process, or is so new that its PID is still being written."""
    try:
        text = marker.read_text(encoding="ascii").strip()
        if not text:
            return time.time() - marker.stat().st_mtime < _MARKER_BEING_WRITTEN
        return _alive(int(text))
    except (OSError, ValueError):
        return False  # gone, unreadable or not a PID: stale, as a dead holder's


def _take_marker(fd: int, path: Path) -> WriteLock | None:
    """The marker-file lock beside `path` (`path` + ".excl"), or None while a live process holds it.
    A marker left by a process that is gone (killed) is taken over."""
    marker = path.with_name(path.name + ".excl")
    for _ in range(2):
        try:
            made = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            if _marker_held(marker):
                os.close(fd)
                return None
            try:
                marker.unlink()  # stale: its holder is gone
            except FileNotFoundError:
                pass
            except OSError:
                os.close(fd)
                raise
            continue
        except OSError:
            os.close(fd)
            raise
        with os.fdopen(made, "w", encoding="ascii") as out:
            out.write(str(os.getpid()))
        return MarkerLock(fd, marker)
    os.close(fd)
    return None


def _acquire(path: Path) -> WriteLock | None:
    """The lock on `path`, or None when another open descriptor (any process, or this one) holds it.

    Where the file system cannot lock at all (ENOSYS), a marker file stands in (`MarkerLock`),
    so one writer is still enforced there.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    try:
        _lock(fd)
    except OSError as exc:
        if exc.errno == errno.ENOSYS:
            return _take_marker(fd, path)
        os.close(fd)
        if exc.errno in _HELD_ERRNOS:
            return None
        raise
    return WriteLock(fd)


def take_write_lock(folder: Path) -> tuple[WriteLock | None, Refusal | None]:
    """(the held lock, None), or (None, why the folder cannot be written by this process).

    The lock is refused when another paperdesk holds it, or when the folder
    itself is not writable (a lock file left writable there is not enough).
    The holder records its PID beside the lock, so a refusal can name it.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            return None, Refusal(f"{folder}: cannot write here (permission denied); opened read-only")
        lock = _acquire(folder / LOCK_FILE)
    except OSError as exc:
        return None, Refusal(f"{folder}: cannot write here ({os_reason(exc)}); opened read-only")
    if lock is None:
        pid = read_holder_pid(folder)
        who = f"another paperdesk (PID {pid})" if pid else "another paperdesk"
        how = f" (quit it, or end it with `kill {pid}`)" if pid else ""
        return None, Refusal(f"{folder}: {who} is using this library{how}; opened read-only", held=True, pid=pid)
    write_holder_pid(folder)  # for the notice of the next process to try
    return lock, None


def release_write_lock(lock: WriteLock, folder: Path) -> None:
    """Forget the PID record, then let the lock go."""
    forget_holder_pid(folder)
    lock.release()
