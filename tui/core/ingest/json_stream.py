"""Reading a JSON array of paper objects, or JSON Lines, a few MB at a time, so a large file never sits in memory whole.

Parsing a large export at once holds its bytes, its decoded text and every
object it holds at the same time; here each slice of the array becomes
papers before the next is read. A slice ends at a `}` followed by `,` and
`{`: if that is inside a string (or a nested object), the slice is not
valid JSON on its own and a longer one is tried. Only a plain UTF-8 array is
read this way; anything else (a wrapper object, UTF-16, a damaged file)
answers None and is read whole, which also gives the exact error message.
JSON Lines are read the same way, a block of whole lines at a time.

Each slice goes to `take` with the share of the file read so far, from
which an import's progress estimates how many entries the file holds.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

#: Bytes read at a time.
READ_BYTES = 4 << 20
_BOUNDARY_TAIL = re.compile(rb"[ \t\r\n]*,[ \t\r\n]*\{")
_SPACE = b" \t\r\n"


class _NotPlain(Exception):
    """The file is not a plain UTF-8 JSON array of objects: read it whole instead."""


#: What each slice goes to: (where, value) pairs ("entry N" or "line N"), and the share of the file read so far.
Take = Callable[[list[tuple[str, Any]], float], None]


def read_array(path: Path, take: Take) -> int | None:
    """Hand each slice of the array in the file at `path` to `take` as (\"entry N\", value) pairs.

    Returns the number of entries, or None when the file is not a plain
    UTF-8 JSON array (`take` may have been called: its results must then be
    dropped). OSError propagates.
    """
    with open(path, "rb") as stream:
        try:
            return _read(_Counted(stream, path), take)
        except _NotPlain:
            return None


class _Counted:
    """A file's `read`, counting the bytes read against the file's size."""

    def __init__(self, stream: Any, path: Path) -> None:
        self.stream, self.got = stream, 0
        self.size = max(1, os.fstat(stream.fileno()).st_size)

    def __call__(self, size: int) -> bytes:
        more = self.stream.read(size)
        self.got += len(more)
        return more

    def share(self, waiting: int) -> float:
        """The share of the file read and handed on, with `waiting` bytes read but not handed on yet."""
        return min(1.0, max(0, self.got - waiting) / self.size)


def _read(read: _Counted, take: Take) -> int:
    buf = bytearray()
    while True:  # up to the first character after a byte-order mark and spaces
        more = read(READ_BYTES)
        buf += more
        start = 3 if buf.startswith(codecs.BOM_UTF8) else 0
        while start < len(buf) and buf[start] in _SPACE:
            start += 1
        if not more or (start < len(buf) and len(buf) >= 3):
            break
    if start >= len(buf) or buf[start] != ord("["):
        raise _NotPlain  # empty, a wrapper object, another encoding, not JSON: the whole-file reader says which
    del buf[:start]  # the buffer starts with the array's `[` from here on: each slice is parsed in place
    done = 0
    wait_for = 0  # after a slice that did not parse, read on until the buffer holds this much
    while True:
        more = read(READ_BYTES)
        if more:
            buf += more
            if len(buf) < wait_for:
                continue
            cut = _last_boundary(buf)
            if cut < 0:
                continue
            after = buf[cut + 1]  # a space or the comma: `]` for the parse, then back (no copy of the slice)
            buf[cut + 1] = ord("]")
            try:
                with memoryview(buf) as view:
                    items = orjson.loads(view[: cut + 2])
            except orjson.JSONDecodeError:
                wait_for = 2 * len(buf)  # a `},{` inside a string: try again with twice as much
                continue
            finally:
                buf[cut + 1] = after
            wait_for = 0
            del buf[1 : buf.index(b",", cut + 1) + 1]
        else:
            try:
                items = orjson.loads(buf)
            except orjson.JSONDecodeError:
                raise _NotPlain from None
            if not isinstance(items, list):
                raise _NotPlain
            buf = bytearray()
        take([(f"entry {n}", item) for n, item in enumerate(items, done + 1)], read.share(len(buf) - 1 if buf else 0))
        done += len(items)
        if not more:
            return done


class Broken:
    """A JSON Lines line that did not parse: skipped in its place, with the parser's reason."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def read_lines(path: Path, take: Take) -> int | None:
    """Hand each block of the JSON Lines file at `path` to `take` as (\"line N\", value or `Broken`) pairs.

    Lines are numbered and skipped as reading the whole text numbers and skips
    them (blank ones left out). Returns the number of entries, or None when the
    file is anything but plain UTF-8 with LF or CRLF line ends (`take` may have
    been called: its results must then be dropped). OSError propagates.
    """
    with open(path, "rb") as stream:
        read = _Counted(stream, path)
        try:
            return _read_lines(read, take)
        except _NotPlain:
            return None


def _read_lines(read: _Counted, take: Take) -> int:
    buf = bytearray()  # whole lines are parsed where they lie: no copy of a block, no list of its lines
    number = done = 0
    first = True
    while True:
        more = read(READ_BYTES)
        if first and (more.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in more):
            raise _NotPlain  # UTF-16 or 32, or binary: the whole-file reader says which
        if not first and b"\x00" in more:
            raise _NotPlain
        buf += more[3:] if first and more.startswith(codecs.BOM_UTF8) else more
        first = False
        limit = buf.rfind(b"\n") + 1 if more else len(buf)  # whole lines only, until the file ends
        if not limit and more:
            continue
        items = []
        pos = 0
        with memoryview(buf) as view:
            while pos < limit:
                stop = buf.find(b"\n", pos, limit)
                stop = limit if stop < 0 else stop
                number += 1
                end = stop - 1 if stop > pos and buf[stop - 1] == 13 else stop  # a CRLF line end
                at = pos
                pos = stop + 1
                if buf.find(b"\r", at, end) >= 0:
                    raise _NotPlain  # a lone CR is a line end to the whole-file reader
                if at == end or buf[at] != 123:  # not plainly an object: blank lines are left out as the whole text leaves them
                    line = bytes(view[at:end])
                    if not line.strip() or not line.isascii() and not _decoded(line).strip():
                        continue
                try:
                    items.append((f"line {number}", orjson.loads(view[at:end])))
                except orjson.JSONDecodeError as exc:
                    _decoded(bytes(view[at:end]))  # bytes that are not UTF-8: the whole-file reader names them
                    items.append((f"line {number}", Broken(f"not valid JSON ({exc})")))
        del buf[:limit]
        if items:
            take(items, read.share(len(buf)))
            done += len(items)
        if not more:
            return done


def _decoded(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        raise _NotPlain from None


def _last_boundary(buf: bytearray) -> int:
    """The index of the last `}` followed by `,` and `{` (spaces allowed), else -1."""
    i = buf.rfind(b"}")
    while i >= 0:
        if _BOUNDARY_TAIL.match(buf, i + 1):
            return i
        i = buf.rfind(b"}", 0, i)
    return -1
