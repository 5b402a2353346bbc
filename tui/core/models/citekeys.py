"""What a citation key may be: the rule every reader, the key editor and the writers share."""

from __future__ import annotations

import re
from typing import Any

#: A key as BibTeX reads one: no spaces, commas, braces or the characters BibTeX gives a meaning.
_VALID = re.compile(r"[^\s,{}()=\\#%\"'~]{1,100}")


def valid_key(key: str) -> bool:
    """Whether `key` can be a citation key: 1-100 characters, none that BibTeX reads as syntax."""
    return _VALID.fullmatch(key) is not None


def id_as_key(value: Any) -> str:
    """A CSL `id` or an RIS `ID` as a citation key, or "" when it is not one a person chose: a number
    (EndNote's, Zotero's item numbers), a URL (Zotero's item URIs), or anything `valid_key` refuses."""
    if not isinstance(value, str):
        return ""
    value = value.strip()
    if not valid_key(value) or value.isdigit() or "://" in value or not any(ch.isalpha() for ch in value):
        return ""
    return value
