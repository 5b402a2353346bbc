"""One library file as TinyDB sees it: compact JSON, read once, replaced atomically."""

from __future__ import annotations

from collections.abc import Callable
from hashlib import blake2b
from pathlib import Path
from typing import Any

import orjson
from tinydb.storages import Storage

from tui.core.errors import LibraryError, ReadOnlyLibrary, os_reason
from tui.core.store.atomic import atomic_write_bytes


class DamagedFile(LibraryError):
    """A library file exists but does not parse; it is kept untouched."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path}: damaged library file ({problem}); it was left untouched")


class WriteFailed(LibraryError, OSError):
    """A library file could not be written (disk full, read-only, permissions); the old file is intact.

    Both a `LibraryError` (one line for the user) and the `OSError` it was,
    so callers that handle either keep working.
    """

    def __init__(self, path: Path, exc: OSError) -> None:
        OSError.__init__(self, exc.errno, exc.strerror, str(path))
        self.message = f"{path}: cannot be written ({os_reason(exc)}); it was left as it was"

    def __str__(self) -> str:
        return self.message


def digest_of(raw: bytes) -> str:
    """The hash a file's bytes are known by (`digest`; `store.written` records it)."""
    return blake2b(raw, digest_size=16).hexdigest()


def identity(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from the next: every replace is a new inode, an edit in place a new time or size."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_ino, stat.st_mtime_ns, stat.st_size


class AtomicJSONStorage(Storage):
    """TinyDB storage that writes compact JSON atomically and reads the file once.

    TinyDB's `JSONStorage` rewrites its file in place (a crash mid-write leaves
    it truncated) and re-parses the whole file on every operation. This one
    keeps the parsed data in memory, writes temp+fsync+rename, and forgets
    its cache when a write fails so memory never runs ahead of the disk.
    """

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self.read_only = read_only
        self._cache: dict[str, Any] | None = None
        self.digest: str | None = None
        """A hash of the file's bytes as last read or written (None before): keys what is derived from it."""
        self.before_write: Callable[[bytes, dict[str, Any]], None] | None = None
        """Called with the new bytes and their data just before they replace the file (`store.written` records them)."""
        self.base_raw: bytes | None = None
        """The file's bytes as last read or written here (None: there was none): the base an outside change is merged against."""
        self._seen: tuple[int, int, int] | None = None  # the file's identity then (`identity`)

    def read(self) -> dict[str, Any] | None:
        if self._cache is not None:
            return self._cache
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot be read ({os_reason(exc)})") from None
        if not raw.strip():
            raise DamagedFile(self.path, "the file is empty")
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise DamagedFile(self.path, f"not valid JSON: {exc}") from None
        if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
            raise DamagedFile(self.path, "not a TinyDB document store")
        self._cache = data
        self.digest = digest_of(raw)
        self.base_raw, self._seen = raw, identity(self.path)
        return data

    def write(self, data: dict[str, Any]) -> None:
        if self.read_only:
            self._cache = None
            raise ReadOnlyLibrary(f"{self.path}: the library is open read-only")
        try:
            raw = orjson.dumps(data)
            if self.before_write is not None:
                self.before_write(raw, data)
            atomic_write_bytes(self.path, raw)
        except OSError as exc:  # disk full, read-only, permissions: one line naming the file
            self._cache = None
            raise WriteFailed(self.path, exc) from None
        except BaseException:
            self._cache = None
            raise
        self._cache = data
        self.digest = digest_of(raw)
        self.base_raw, self._seen = raw, identity(self.path)

    def outside_bytes(self, *, thorough: bool) -> bytes | None:
        """The file's bytes when another program replaced or rewrote it since it was last read or written here.

        None when it is still the one seen (or was removed: the next write puts it back, nothing of it to keep).
        Quick (`thorough` False, before a journal append): only a file whose identity changed is read and
        compared; thorough (before the file is replaced): always read, so an edit within one clock tick is seen.
        """
        now = identity(self.path)
        if now is None or (not thorough and now == self._seen):
            return None
        try:
            raw = self.path.read_bytes()
        except OSError:
            return None
        if digest_of(raw) == self.digest:
            self._seen = now
            return None
        return raw

    def read_as_empty(self) -> None:
        """Read as an empty store from now on, without parsing the file again (it is damaged)."""
        self._cache = {}

    def close(self) -> None:
        self._cache = None
