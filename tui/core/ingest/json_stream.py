"""Reading a JSON array of paper objects a few MB at a time, so a large file never sits in memory whole.

Parsing a large export at once holds its bytes, its decoded text and every
object it holds at the same time; here each slice of the array becomes
papers before the next is read. A slice ends at a `}` followed by `,` and
`{`: if that is inside a string (or a nested object), the slice is not
valid JSON on its own and a longer one is tried. Only a plain UTF-8 array is
read this way; anything else (a wrapper object, UTF-16, a damaged file)
answers None and is read whole, which also gives the exact error message.
"""

from __future__ import annotations

import codecs
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


def read_array(path: Path, take: Callable[[list[tuple[str, Any]]], None]) -> int | None:
    """Hand each slice of the array in the file at `path` to `take` as (\"entry N\", value) pairs.

    Returns the number of entries, or None when the file is not a plain
    UTF-8 JSON array (`take` may have been called: its results must then be
    dropped). OSError propagates.
    """
    with open(path, "rb") as stream:
        try:
            return _read(stream.read, take)
        except _NotPlain:
            return None


def _read(read: Callable[[int], bytes], take: Callable[[list[tuple[str, Any]]], None]) -> int:
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
        take([(f"entry {n}", item) for n, item in enumerate(items, done + 1)])
        done += len(items)
        if not more:
            return done


def _last_boundary(buf: bytearray) -> int:
    """The index of the last `}` followed by `,` and `{` (spaces allowed), else -1."""
    i = buf.rfind(b"}")
    while i >= 0:
        if _BOUNDARY_TAIL.match(buf, i + 1):
            return i
        i = buf.rfind(b"}", 0, i)
    return -1
