"""A generated corpus of nasty import files: each case, its bytes, and what importing it must do.

`expect` is either `Error("words in the message")` (one line naming the file,
nothing stored) or `Imported(n)` (exactly n new papers). Latin-1 and
Windows-1252 are refused with a one-line "not UTF-8" error by design: the
same bytes mean different letters in each 8-bit code page, and a wrong guess
would store mojibake. UTF-16 is decoded with a BOM, and without one only when
it is unmistakable (see tui/core/ingest/textfile.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PARA = "We study the robustness of parsers against hostile input and report results on {}."
BIG = 5 * 1024 * 1024  # a single 5 MB paragraph
MANY = 20_000


@dataclass(frozen=True)
class Error:
    words: str


@dataclass(frozen=True)
class Imported:
    added: int


Expect = Error | Imported


def _big_words() -> str:
    return ("lorem ipsum dolor sit amet " * (BIG // 27 + 1))[:BIG].strip()


def _many(i: int) -> str:
    return f"Abstract {i}: we study problem {i * 7919 % 100003} with method {i}."


CASES: dict[str, tuple[bytes | Callable[[], bytes], Expect]] = {
    # empty, header-only, whitespace-only
    "empty.txt": (b"", Error("is empty")),
    "empty.bib": (b"", Error("is empty")),
    "empty.json": (b"", Error("is empty")),
    "header.txt": (b"My list\n", Error("only a header line")),
    "header.bib": (b"% only a comment\n@comment{nothing here}\n", Error("holds no BibTeX entries")),
    "header.json": (b"[]", Error("empty JSON array")),
    "whitespace.txt": (b" \n\t\n  \r\n", Error("only whitespace")),
    "whitespace.bib": (b"\n \t \n", Error("is empty")),
    "whitespace.json": (b"  \r\n ", Error("is empty")),
    # binary
    "nul.txt": (b"List\n\nabc\x00def ghi\n", Error("binary file")),
    "nul.bib": (b"@article{a, title={x\x00y}}", Error("binary file")),
    "nul.json": (b'[{"title": "a\x00"}]\xff\xfe', Error("binary file")),
    "random.txt": (bytes(range(256)) * 8, Error("binary file")),
    # 8-bit code pages: refused, saying it is not UTF-8
    "latin1.txt": ("Liste\n\nCaf\xe9 na\xefve r\xe9sum\xe9 of an abstract.\n".encode("latin-1"), Error("not UTF-8")),
    "cp1252.txt": ("List\n\n\u201cQuoted\u201d \u2013 an abstract\n".encode("cp1252"), Error("not UTF-8")),
    "latin1.bib": ("@article{a, title={Caf\xe9}, abstract={R\xe9sum\xe9}}".encode("latin-1"), Error("not UTF-8")),
    "cp1252.json": ('[{"title": "\u201cq\u201d"}]'.encode("cp1252"), Error("not UTF-8")),
    # UTF-16 with BOM, and without
    "utf16.txt": (("UTF-16 list\n\n" + PARA.format("utf16 txt") + "\n").encode("utf-16"), Imported(1)),
    "utf16.bib": (("@article{k, title={Sixteen}, abstract={" + PARA.format("utf16 bib") + "}}").encode("utf-16"), Imported(1)),
    "utf16.json": (json.dumps([{"title": "Sixteen J", "abstract": PARA.format("utf16 json")}]).encode("utf-16"), Imported(1)),
    "utf16-nobom.txt": (("No BOM\n\n" + PARA.format("utf16 le") + "\n").encode("utf-16-le"), Imported(1)),
    "utf16be-nobom.json": (json.dumps([{"title": "BE", "abstract": PARA.format("utf16 be")}]).encode("utf-16-be"), Imported(1)),
    # BOM + CRLF
    "bomcrlf.txt": (
        b"\xef\xbb\xbfBOM list\r\n\r\n" + PARA.format("crlf one").encode() + b"\r\nwrapped\r\n\r\n" + PARA.format("crlf two").encode() + b"\r\n",
        Imported(2),
    ),
    "bomcrlf.bib": (b"\xef\xbb\xbf@article{k,\r\n title={BOM T},\r\n abstract={" + PARA.format("crlf bib").encode() + b"}\r\n}\r\n", Imported(1)),
    "bomcrlf.json": (b'\xef\xbb\xbf[\r\n{"title": "BOMJ", "abstract": "' + PARA.format("crlf json").encode() + b'"}\r\n]\r\n', Imported(1)),
    # size
    "big.txt": (lambda: b"Big\n\n" + _big_words().encode() + b"\n", Imported(1)),
    "big.json": (lambda: json.dumps([{"title": "Big", "abstract": _big_words()}]).encode(), Imported(1)),
    "many.txt": (lambda: ("Many\n\n" + "\n\n".join(_many(i) for i in range(MANY))).encode(), Imported(MANY)),
    "many.bib": (lambda: "\n".join(f"@article{{k{i}, title={{T {i}}}, abstract={{{_many(i)}}}}}" for i in range(MANY)).encode(), Imported(MANY)),
    "many.jsonl": (lambda: "\n".join(json.dumps({"abstract": _many(i)}) for i in range(MANY)).encode(), Imported(MANY)),
    # duplicates
    "dups.txt": (("Dups\n\n" + "\n\n".join([PARA.format("dups")] * 50)).encode(), Imported(1)),
    "dups.json": (json.dumps([{"abstract": PARA.format("dups json")}] * 50).encode(), Imported(1)),
    "dups.bib": ("\n".join(f"@article{{k{i}, abstract={{{PARA.format('dups bib')}}}}}" for i in range(50)).encode(), Imported(1)),
    # wrong JSON types
    "number.json": (b"42", Error("holds a number")),
    "string.json": (b'"papers"', Error("holds text")),
    "null.json": (b"null", Error("holds null")),
    "wrongtypes.json": (
        b'[1, "x", null, [], {"title": 5}, {"abstract": ["a"]}, {"title": {"x": 1}}, {"title": true},'
        b' {"title": "ok", "authors": 3}, {"title": "y", "year": [1]}, {"title": "Good one", "abstract": "fine"}]',
        Imported(1),
    ),
    "wrongtypes.jsonl": (b'5\n"x"\n[1]\n{"title": "Line ok"}\n', Imported(1)),
    # truncated
    "truncated.json": (b'[{"title": "a", "abstract": "b"}, {"title": "c", "abs', Error("not valid JSON")),
    # a BibTeX file whose last entry is open at its end was cut short: refused whole, as truncated JSON is
    "truncated.bib": (
        b"@article{a, title={Whole}, abstract={fine}}\n@article{b, title={Cut}, abstract={cut off",
        Error("the file is cut short; nothing was imported"),
    ),
    "truncated-only.bib": (b"@article{b, title={Cut}, abstract={cut off", Error("ends inside the entry at line 1")),
    # deeply nested
    "nested.bib": (
        lambda: b"@article{n, title={" + b"{" * 50000 + b"deep" + b"}" * 50000 + b"}, abstract={" + b"\\frac{" * 20000 + b"x" + b"}" * 20000 + b"}}",
        Imported(1),
    ),
    "unclosed.bib": (lambda: b"@article{n, title={" + b"{" * 50000 + b"deep}", Error("the file is cut short")),
    "nested.json": (lambda: b"[" * 100000 + b"]" * 100000, Error("not valid JSON")),
    "nested-object.json": (lambda: b'[{"title": "n", "x": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5000 + b"}]", Error("not valid JSON")),
    "nested.txt": (lambda: b"Nested\n\n" + b"{[(" * 30000 + b"\n", Imported(1)),
}


def materialize(folder: Path, name: str) -> Path:
    """Write case `name` into `folder` and return its path."""
    content, _ = CASES[name]
    data = content() if callable(content) else content
    path = folder / name
    path.write_bytes(data)
    return path
