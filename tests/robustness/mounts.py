"""Real faults where the machine allows them: a tiny tmpfs that fills up, a read-only bind mount.

Mounting needs root (and a kernel/container that permits it); each helper
yields None when it cannot, and the tests fall back to simulating the fault.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _run(*args: str) -> bool:
    if os.geteuid() != 0 or shutil.which(args[0]) is None:
        return False
    try:
        return subprocess.run(args, capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@contextmanager
def small_tmpfs(folder: Path, size: str = "512k") -> Iterator[Path | None]:
    """`folder` as a tmpfs of `size` (None when mounting is not permitted); unmounted afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    if not _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)):
        yield None
        return
    try:
        yield folder
    finally:
        _run("umount", "-l", str(folder))


@contextmanager
def read_only_mount(source: Path, target: Path) -> Iterator[Path | None]:
    """`source` seen read-only at `target` through a bind mount (None when not permitted)."""
    target.mkdir(parents=True, exist_ok=True)
    if not _run("mount", "--bind", str(source), str(target)):
        yield None
        return
    try:
        if not _run("mount", "-o", "remount,ro,bind", str(target)):
            yield None
            return
        yield target
    finally:
        _run("umount", "-l", str(target))


def fill(folder: Path) -> Path:
    """Write a filler file into `folder` until the disk is full; return it (delete it to free space)."""
    filler = folder / ".filler"
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(chunk)
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise
    # Small writes may still fit in the last partial page: take those too.
    with open(filler, "ab", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0")
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise
    return filler


class FullDiskOs:
    """Stands in for `os` inside tui.core.store.atomic and .journal when no tmpfs can be had: every file write hits ENOSPC."""

    def __getattr__(self, name: str):
        return getattr(os, name)

    @staticmethod
    def write(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    @staticmethod
    def fdopen(fd: int, *args, **kwargs):
        handle = os.fdopen(fd, *args, **kwargs)

        def write(data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        handle.write = write
        return handle
