"""Abstracts left where they are in papers.json, read one at a time when a paper is shown or exported.

The abstracts are most of the memory the papers take, and nothing a start
does (the list, a search from the saved index) reads them. So a stored paper
keeps only its slot (`Paper.shelve`), and the shelf maps a slot to where the
abstract's JSON string lies in the file: one `pread` and one string decoded.

The shelf holds the file open, so a paper read while an import replaces
papers.json still reads the file it was loaded from; after a write, the
store moves every slot to the new file in one assignment (`move_to`), so
a reader in another thread sees either whole generation, never a mix.
"""

from __future__ import annotations

import os
import re
import threading
from array import array

import orjson

#: What every stored span holds: the key, then the string; read back and checked before it is trusted.
_ABSTRACT_SPAN = re.compile(rb'"abstract"[ \t\n\r]*:[ \t\n\r]*(".*")\Z', re.DOTALL)


class OpenFile:
    """A read-only file descriptor, closed when the last reader lets go of it (not before: a thread may be mid-read)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def read(self, size: int, offset: int) -> bytes:
        if hasattr(os, "pread"):
            return os.pread(self.fd, size, offset)
        with _SEEK_LOCK:  # pragma: no cover - platforms without pread
            os.lseek(self.fd, offset, os.SEEK_SET)
            return os.read(self.fd, size)

    def __del__(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass

    def __copy__(self) -> OpenFile:
        return self  # a copy would close the descriptor a second time when dropped

    def __deepcopy__(self, memo: dict) -> OpenFile:
        return self

    def __reduce__(self) -> tuple:
        raise TypeError("an open papers.json cannot be pickled (the descriptor means nothing elsewhere)")


_SEEK_LOCK = threading.Lock()


class AbstractShelf:
    """Slot -> an abstract's text, read from papers.json on demand (`models.Shelf`).

    `spans` holds two numbers per slot, the start of `"abstract":` and the
    end of its string; (-1, -1) for a slot whose paper holds its text. A
    span that does not read back as an abstract (the file was edited in
    place behind the library's back) gives "" rather than another paper's text.
    """

    def __init__(self) -> None:
        self._now: tuple[OpenFile | None, array] = (None, array("q"))

    def __copy__(self) -> AbstractShelf:
        return self  # shared by every paper of a library: copying a paper (asdict, deepcopy) shares it too

    def __deepcopy__(self, memo: dict) -> AbstractShelf:
        return self

    def move_to(self, file: OpenFile | None, spans: array) -> None:
        """Read from `file` at `spans` from now on (one assignment: readers see the old pair or the new)."""
        self._now = (file, spans)

    @property
    def spans(self) -> array:
        """The spans in use (a copy is made before any change)."""
        return self._now[1]

    @property
    def file(self) -> OpenFile | None:
        return self._now[0]

    def text(self, slot: int) -> str:
        file, spans = self._now
        start, end = spans[2 * slot], spans[2 * slot + 1]
        if file is None or start < 0:
            return ""
        try:
            raw = file.read(end - start, start)
        except OSError:
            return ""
        found = _ABSTRACT_SPAN.match(raw)
        if found is None:
            return ""
        try:
            text = orjson.loads(found.group(1))
        except orjson.JSONDecodeError:
            return ""
        return text if isinstance(text, str) else ""
