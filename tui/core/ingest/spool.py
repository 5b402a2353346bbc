"""Abstracts of the papers an import is reading, kept on disk until the import writes them.

Abstracts are most of a paper export's bytes. Held as Python strings from
the moment they are read until papers.json is written, they would be most of
an import's peak memory, and after the first slice of the file nothing but the
writer (and the rare near-duplicate comparison) reads them again. So each
paper a reader makes is shelved here (`Paper.shelve`) as it is read: the
abstract's JSON string goes to an unnamed temporary file (gone with the
process, whatever happens), and the writer copies those bytes into
papers.json without decoding them (`json`).

A small import never creates the file: bytes are written once a mebibyte
is waiting. If the temporary file cannot be made or written, the bytes
stay in memory: the import is as it was before, never lost.
"""

from __future__ import annotations

import os
import tempfile
import threading
from array import array
from collections.abc import Iterable
from typing import IO

import orjson

from tui.core.models import Paper

#: Bytes held in memory before they are written to the file.
FLUSH_BYTES = 1 << 20


class Spool:
    """Slot -> an abstract, as JSON bytes in a temporary file (`models.Shelf`); one per import."""

    def __init__(self) -> None:
        self._spans = array("q")  # two numbers a slot: where its bytes start and end
        self._pending = bytearray()  # bytes not in the file yet; they follow `_written`
        self._written = 0
        self._file: IO[bytes] | None = None
        self._in_memory = False  # the file could not be made or written: everything stays in `_pending`
        self._block: tuple[int, bytes] = (0, b"")  # the last part of the file read, and where it starts
        self._lock = threading.Lock()

    def __copy__(self) -> Spool:
        return self  # shared by the papers it holds, as `store.shelf.AbstractShelf` is

    def __deepcopy__(self, memo: dict) -> Spool:
        return self

    def __reduce__(self) -> tuple:
        raise TypeError("a spool of abstracts cannot be pickled (its file means nothing elsewhere)")

    def put(self, papers: Iterable[Paper]) -> None:
        """Move the abstracts of `papers` here (each paper then reads it from here); "" stays as it is."""
        with self._lock:
            pending, spans, dumps, written = self._pending, self._spans, orjson.dumps, self._written
            slot = len(spans) // 2
            for paper in papers:  # every paper of an import: no more than the work needs
                if paper.shelf_slot is not None or not (text := paper.abstract):
                    continue
                spans.append(written + len(pending))
                pending += dumps(text)
                spans.append(written + len(pending))
                paper.shelve(self, slot)
                slot += 1
            if len(pending) >= FLUSH_BYTES and not self._in_memory:
                self._flush()

    def json(self, slot: int) -> bytes:
        """The abstract at `slot` as the JSON string it was stored as.

        The writer asks for the abstracts in the order they came: a read that follows the last one
        reads a mebibyte ahead; any other (a near-duplicate comparison) reads just its bytes.
        """
        with self._lock:
            start, end = self._spans[2 * slot], self._spans[2 * slot + 1]
            if start >= self._written:
                return bytes(self._pending[start - self._written : end - self._written])
            at, block = self._block
            if not (at <= start and end <= at + len(block)):
                assert self._file is not None
                size = max(FLUSH_BYTES, end - start) if start == at + len(block) else end - start
                block = os.pread(self._file.fileno(), min(size, self._written - start), start)
                if len(block) < end - start:
                    raise OSError(5, "the temporary file of an import's abstracts ended early")
                at = start
                self._block = (at, block)
            return block[start - at : end - at]

    def text(self, slot: int) -> str:
        """The abstract at `slot`."""
        return orjson.loads(self.json(slot))

    def _flush(self) -> None:
        """Write the waiting bytes to the file; when that fails, keep them (and all to come) in memory."""
        try:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="paperdesk-import-")
            fd = self._file.fileno()
            while self._pending:
                done = os.write(fd, self._pending)
                del self._pending[:done]
                self._written += done
        except OSError:
            self._in_memory = True
