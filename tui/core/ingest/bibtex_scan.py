"""BibTeX files of the common shape read quickly, exactly as bibtexparser reads them; anything else is left to it.

bibtexparser's splitter walks the file a mark at a time (every brace, quote,
comma, equals sign and line end) in Python, which is most of a large import's
time. Most files are plain entries: `@type{key,` then `name = {value}`,
`"value"` or a bare word, separated by commas. `scan` reads those with a few
patterns and gives the entries as bibtexparser's default parse stack would
(the type lowercased, a braced or quoted value without its delimiters, a bare
word as written, the line of the `@`). A file with anything it does not read
the same way returns None, and the caller parses it with bibtexparser: string
macros, `@comment` or `@preamble` blocks, `(`-delimited entries, `#`
concatenation, an escaped brace anywhere, braces nested deeper than four, a
quoted value holding braces, quotes or backslashes, a repeated entry key or
field name, an `@` that starts a block inside an entry, anything malformed.
Tests hold it to bibtexparser directly (tests/core/test_bibtex_scan.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Where bibtexparser starts a block (its own pattern): `@`, a word, spaces or tabs, then `{` or `(`.
_BLOCK_START = re.compile(r"@[\w]*( |\t)*(?=[{(])")
#: Block types bibtexparser reads as something other than an entry (it tests the lowercased mark's start).
_NOT_ENTRIES = ("@comment", "@preamble", "@string")
#: The key, up to its comma: no mark of bibtexparser's splitter (`{}",=`) nor a backslash (which unmarks one).
_HEAD = re.compile(r'\{([^{}",=\\]*),')


def _braced(depth: int) -> str:
    """A braced value with its braces balanced, nested at most `depth` deep (no escaped brace: the file has none)."""
    inner = r"[^{}]*"
    group = r"\{" + inner + r"\}"
    for _ in range(depth - 1):
        group = r"\{" + inner + r"(?:" + group + inner + r")*\}"
    return group


#: One field: its name (no mark, no backslash), `=`, a braced value, a quoted one without braces, quotes or
#: backslashes, or a bare word, then the comma or brace that ends it.
_FIELD = re.compile(r'([^{}",=\\]*)=\s*(' + _braced(4) + r'|"[^"{}\\]*"|[^\s{}",=\\#]+)\s*([,}])')
_END = re.compile(r"\s*\}")


@dataclass
class Entry:
    """One entry as bibtexparser gives it: `fields` by name as written, values without their delimiters."""

    key: str
    entry_type: str
    fields: dict[str, str]
    start_line: int


def scan(text: str) -> list[Entry] | None:
    """The entries of `text`, in order, when every block is a plain entry (see the module); else None."""
    if "\\{" in text or "\\}" in text:
        return None  # bibtexparser does not count an escaped brace: the patterns here would
    starts = [m for m in _BLOCK_START.finditer(text)]
    entries: list[Entry] = []
    keys: set[str] = set()
    line, counted = 0, 0
    for k, mark in enumerate(starts):
        opened = mark.end()
        if text.startswith("(", opened) or mark.group().lower().startswith(_NOT_ENTRIES):
            return None
        head = _HEAD.match(text, opened)
        if head is None:
            return None
        key = head.group(1).strip()
        if key in keys:
            return None  # bibtexparser keeps the first, and reports the others as failed blocks
        keys.add(key)
        fields: dict[str, str] = {}
        pos = head.end()
        while True:
            end = _END.match(text, pos)
            if end is not None:
                pos = end.end()
                break
            field = _FIELD.match(text, pos)
            if field is None:
                return None
            name, value = field.group(1).strip(), field.group(2)
            if name in fields:
                return None  # a repeated field name: bibtexparser fails the entry
            fields[name] = value[1:-1] if value[0] in '{"' else value
            pos = field.end()
            if field.group(3) == "}":
                break
        if k + 1 < len(starts) and pos > starts[k + 1].start():
            return None  # a block starts inside this entry: bibtexparser would stop there, or not
        # bibtexparser's line of the `@`: line ends before it, but for one after a backslash (not a mark to it).
        line += text.count("\n", counted, mark.start()) - text.count("\\\n", counted, mark.start())
        counted = mark.start()
        entries.append(Entry(key, mark.group()[1:].strip().lower(), fields, line))
    return entries
