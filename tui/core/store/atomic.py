"""Crash-safe file writes: a reader sees the old file or the new one, never a mix."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


def fsync_dir(folder: Path) -> None:
    """Make a rename inside `folder` durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: A new document's mode: what the user's umask gives any file they create (0644 under the usual 022). Read once,
#: at import: `os.umask` can only be read by setting it, which is not safe once threads run.
_DOCUMENT_MODE = 0o666 & ~_umask()


def document_mode(path: str | os.PathLike[str] | None = None) -> int:
    """The mode of a file written for the user to keep: an export, a file saved from the copy dialog, a screenshot.

    One rule for all of them, as for any file the user creates (0644 under the
    usual umask), where the store's own files stay private (mkstemp's 0600);
    a file being replaced keeps the mode it has.
    """
    if path is not None:
        try:
            return os.stat(path).st_mode & 0o7777
        except OSError:
            pass
    return _DOCUMENT_MODE


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, durable: bool = True, mode: int | None = None) -> None:
    """Write `data` to `path` via a temp file in the same folder, fsync and rename.

    If anything fails (disk full, permission, a crash) the previous file is
    left exactly as it was and the temp file is removed. The file is private
    (0600, from mkstemp) unless `mode` is given.
    """
    with atomic_replace(path, durable=durable, mode=mode, buffering=-1) as handle:
        handle.write(data)


@contextmanager
def atomic_replace(
    path: str | os.PathLike[str], *, durable: bool = True, mode: int | None = None, buffering: int = 1 << 20
) -> Iterator[IO[bytes]]:
    """`atomic_write_bytes` for a file written piece by piece: the block writes to the handle it gets.

    When the block ends, the temp file is fsynced (unless not `durable`) and renamed over `path`;
    if the block (or the disk) fails, the temp file goes and `path` is as it was.
    """
    target = Path(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb", buffering=buffering) as handle:
            yield handle
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    if durable:
        fsync_dir(target.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, durable: bool = True, mode: int | None = None) -> None:
    """`atomic_write_bytes` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"), durable=durable, mode=mode)
