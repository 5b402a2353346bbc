"""papers.json read one record at a time: each paper's fields, and where its record and abstract lie in the file.

Parsing the whole file at once holds it twice (the bytes, then every
record as dicts, which take more than the bytes). Here the file is read in chunks and each record is decoded alone
(`json`'s C decoder, which reports where a value ends), so memory holds
one chunk and the papers without their abstracts. Any layout JSON allows
is read (compact or indented, keys in any order, \\u escapes); what this
reader cannot follow raises `Unfollowable`, and the caller parses the file
whole as before (which also names the damage of a damaged file).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from hashlib import blake2b
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:  # json's own string scanner: public in json.decoder since Python 2.6, left out of typeshed as undocumented

    def scanstring(s: str, end: int, strict: bool = True, /) -> tuple[str, int]: ...
else:
    from json.decoder import scanstring

#: Bytes read at a time; a record longer than a chunk makes the next read larger.
CHUNK = 1 << 20
#: A table key this long is not a key: the file is not laid out as a TinyDB file.
_KEY_LIMIT = 1 << 16
_WS = r"[ \t\n\r]*"
_KEY = re.compile(_WS + r'"((?:[^"\\]|\\.)*)"' + _WS + ":" + _WS)
_MARK = re.compile(_WS + r"([{},])")
_END = re.compile(_WS + r"\Z")
_CLOSE = re.compile(_WS + r"(\}?)")
_ABSTRACT_KEY = re.compile(r'"abstract"' + _WS + ":" + _WS + '"')
_DECODER = json.JSONDecoder()


class Unfollowable(Exception):
    """The file is not a TinyDB file this reader can follow record by record (damaged, or laid out oddly)."""


@dataclass
class Record:
    """One paper's record: its TinyDB key (-1 when not a number), the parsed dict, and byte spans in the file."""

    key: int
    doc: dict[str, Any]
    at: tuple[int, int]
    abstract_at: tuple[int, int] | None
    """Where `"abstract": "..."` lies (key to closing quote), None when the text could not be located."""


@dataclass
class Scanned:
    """What a scan found besides the records: the other tables, and a hash of the whole file."""

    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    digest: str = ""


class _Text:
    """The file as text, a chunk at a time, with the byte offset of the read position."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.hash = blake2b(digest_size=16)
        self.text, self.i, self.byte, self.eof, self.ascii = "", 0, 0, False, True

    def more(self) -> None:
        if self.eof:
            raise Unfollowable("the file ends early")
        chunk = self.handle.read(max(CHUNK, len(self.text) - self.i))
        self.hash.update(chunk)
        self.eof = not chunk
        try:
            added = self.decoder.decode(chunk, final=self.eof)
        except UnicodeDecodeError as exc:
            raise Unfollowable(str(exc)) from None
        self.text = self.text[self.i :] + added
        self.i = 0
        self.ascii = self.text.isascii()

    def size(self, start: int, end: int) -> int:
        """Bytes of text[start:end] in the file."""
        return end - start if self.ascii else len(self.text[start:end].encode("utf-8"))

    def go(self, end: int) -> None:
        self.byte += self.size(self.i, end)
        self.i = end

    def match(self, pattern: re.Pattern[str]) -> re.Match[str]:
        while True:
            found = pattern.match(self.text, self.i)
            if found is not None and (found.end() < len(self.text) or self.eof):
                return found
            if found is None and (self.eof or len(self.text) - self.i > _KEY_LIMIT):
                raise Unfollowable(f"unexpected text at byte {self.byte}")
            self.more()

    def mark(self) -> str:
        found = self.match(_MARK)
        self.go(found.end())
        return found.group(1)

    def key(self) -> str:
        found = self.match(_KEY)
        try:
            key = json.loads(f'"{found.group(1)}"')
        except ValueError:
            raise Unfollowable(f"a bad key at byte {self.byte}") from None
        self.go(found.end())
        return key

    def value(self) -> tuple[Any, int]:
        """The JSON value at the read position, and where it ends (the position does not move)."""
        while True:
            try:
                return _DECODER.raw_decode(self.text, self.i)
            except json.JSONDecodeError:
                if self.eof:
                    raise Unfollowable(f"a value that does not parse at byte {self.byte}") from None
                self.more()


def scan(handle: IO[bytes], on_record: Callable[[Record], None]) -> Scanned:
    """Read a TinyDB file from `handle`, calling `on_record` for each record of its "papers" table in file order."""
    text, out = _Text(handle), Scanned()
    if text.mark() != "{":
        raise Unfollowable("not a JSON object")
    first = True
    while True:
        mark = text.mark() if not first else _peek_close(text)
        if mark == "}":
            break
        if not first and mark != ",":
            raise Unfollowable(f"expected , at byte {text.byte}")
        first = False
        name = text.key()
        if name == "papers":
            if "papers" in out.tables:
                raise Unfollowable("two papers tables")
            _papers(text, on_record)
            out.tables["papers"] = {}
            continue
        value, end = text.value()
        if not isinstance(value, dict):
            raise Unfollowable(f"table {name!r} is not an object")
        out.tables[name] = value
        text.go(end)
    if not text.match(_END):
        raise Unfollowable("text after the end")
    while not text.eof:
        text.more()  # the hash covers the whole file
    out.tables.pop("papers", None)
    out.digest = text.hash.hexdigest()
    return out


def _peek_close(text: _Text) -> str:
    """Before a table's first member: "}" (consumed) when it is empty, else "," as if one had been read."""
    found = text.match(_CLOSE)
    if found.group(1):
        text.go(found.end())
        return "}"
    return ","


def _papers(text: _Text, on_record: Callable[[Record], None]) -> None:
    if text.mark() != "{":
        raise Unfollowable("the papers table is not an object")
    first = True
    while True:
        mark = _peek_close(text) if first else text.mark()
        if mark == "}":
            return
        if mark != ",":
            raise Unfollowable(f"expected , at byte {text.byte}")
        first = False
        key = text.key()
        doc, end = text.value()
        if not isinstance(doc, dict):
            raise Unfollowable(f"paper record {key!r} is not an object")
        start, at = text.i, text.byte
        abstract_at = _abstract_span(text, doc, start, end)
        text.go(end)
        on_record(Record(int(key) if key.isdigit() and key.isascii() else -1, doc, (at, text.byte), abstract_at))


def _abstract_span(text: _Text, doc: dict[str, Any], start: int, end: int) -> tuple[int, int] | None:
    """Bytes (from the record's start) of `"abstract": "..."` at the record's top level; None if not found."""
    wanted = doc.get("abstract")
    if not isinstance(wanted, str) or not wanted:
        return None
    at = start
    for _ in range(8):  # the key may also appear inside a nested object (extra): its value then differs
        found = _ABSTRACT_KEY.search(text.text, at, end)
        if found is None:
            return None
        value, close = scanstring(text.text, found.end())
        if value == wanted:
            begin = text.byte + text.size(start, found.start())
            return begin, begin + text.size(found.start(), close)
        at = found.end()
    return None
