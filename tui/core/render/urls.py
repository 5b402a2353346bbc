"""Bare http(s) URLs in running text, without the punctuation a sentence glues to them."""

from __future__ import annotations

import re

# A URL ends at a control character too: an escape sequence is never part of a link.
URL = re.compile(r"""https?://[^\s<>"'`{}\\|^\x00-\x1f\x7f-\x9f]+""")
_TRAILING = ".,;:!?'\""


def trim_url(url: str) -> str:
    """Drop sentence punctuation glued to the end of a bare URL, keeping balanced brackets."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last == ")" and url.count("(") < url.count(")"):
            url = url[:-1]
        elif last == "]" and url.count("[") < url.count("]"):
            url = url[:-1]
        else:
            break
    return url


def find_urls(text: str) -> list[str]:
    """Bare http(s) URLs in `text`, in order, without trailing punctuation."""
    return [u for u in (trim_url(m.group()) for m in URL.finditer(text)) if "://" in u and len(u) > 8]
