"""A small on-disk cache of web responses: one file per URL, its age from the file's mtime."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from tui.core.store.atomic import atomic_write_bytes


class ResponseCache:
    """Bodies of successful GET requests, keyed by URL, under `folder`.

    A write is atomic (temp file and rename), so an interrupted fetch leaves
    whole responses or none: a resumed fetch can trust every file it finds.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, url: str) -> Path:
        digest = hashlib.sha256(url.encode("utf-8")).hexdigest()
        return self.folder / digest[:2] / digest

    def get(self, url: str, max_age: float | None) -> tuple[bytes, float] | None:
        """The cached body and its age in seconds; None when absent or older than `max_age` (None: any age)."""
        path = self._path(url)
        try:
            age = time.time() - path.stat().st_mtime
            if max_age is not None and age > max_age:
                return None
            return path.read_bytes(), age
        except OSError:
            return None

    def put(self, url: str, body: bytes) -> None:
        """Store a body; a cache that cannot be written is no reason to fail the fetch."""
        path = self._path(url)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(path, body, durable=False)
        except OSError:
            pass

    def drop(self, url: str) -> None:
        """Forget one response (a cached body its reader refused)."""
        try:
            os.unlink(self._path(url))
        except OSError:
            pass

    def clear(self) -> None:
        """Forget every cached response (tests, `--refresh` does not need it)."""
        for path in self.folder.glob("*/*"):
            try:
                os.unlink(path)
            except OSError:
                pass
