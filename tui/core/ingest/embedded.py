"""The fields of a BibTeX entry embedded as a string in another format (paper-list JSON's `bibtex`).

A small brace-aware scanner, not the full parser: one entry per record, and
thousands of records per file, so it has to be quick and never raise.
"""

from __future__ import annotations

import re

_FIELD = re.compile(r"([A-Za-z][\w\-]*)\s*=\s*")
_BRACE = re.compile(r"[{}]")
_BRACE_OR_QUOTE = re.compile(r'[{}"]')
_BARE = re.compile(r"[^,}\s]+")


def bibtex_fields(text: str) -> dict[str, str]:
    """Field name (lower case) -> raw value, outer braces or quotes removed; {} when nothing parses."""
    if not isinstance(text, str) or "@" not in text:
        return {}
    start = text.find("{", text.find("@"))
    if start < 0:
        return {}
    body = text[start + 1 :]
    comma = body.find(",")
    if comma < 0:
        return {}
    out: dict[str, str] = {}
    pos = comma + 1
    while True:
        m = _FIELD.search(body, pos)
        if not m:
            break
        name, i = m.group(1).lower(), m.end()
        if i >= len(body):
            break
        value, pos = _value(body, i)
        if value is None:
            break
        out.setdefault(name, " ".join(value.split()))
    return out


def _value(body: str, i: int) -> tuple[str | None, int]:
    """The value starting at `i` and where scanning goes on (braces and quotes found by a regex, not char by char)."""
    opener = body[i]
    if opener == "{":
        close = body.find("}", i + 1)
        if close >= 0 and body.find("{", i + 1, close) < 0:  # no braces inside: most values
            return body[i + 1 : close], close + 1
        depth = 0
        for m in _BRACE.finditer(body, i):
            if m.group() == "{":
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return body[i + 1 : m.start()], m.end()
        return None, len(body)
    if opener == '"':
        depth = 0
        for m in _BRACE_OR_QUOTE.finditer(body, i + 1):
            ch = m.group()
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif depth <= 0:
                return body[i + 1 : m.start()], m.end()
        return None, len(body)
    bare = _BARE.match(body, i)
    return (bare.group(), bare.end()) if bare else (None, len(body))
