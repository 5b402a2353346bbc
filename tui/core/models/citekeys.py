"""What a citation key may be: the rule every reader, the key editor and the writers share."""

from __future__ import annotations

import re
from typing import Any

#: A key as BibTeX reads one: no spaces, commas, braces or the characters BibTeX gives a meaning; no control
#: character (C0, DEL, C1: an ESC in a key printed to a terminal acts), no bidi override or invisible mark.
_VALID = re.compile(r"[^\s,{}()=\\#%\"'~\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]{1,100}")
#: Ids a program made: a UUID or hash (hex digits and dashes), Mendeley's citation items ("ITEM-1").
_MADE = re.compile(r"(?=.*\d)[0-9a-fA-F\-]+|ITEM-\d+", re.I)


def valid_key(key: str) -> bool:
    """Whether `key` can be a citation key: 1-100 characters, none that BibTeX reads as syntax."""
    return _VALID.fullmatch(key) is not None


def id_as_key(value: Any) -> str:
    """A CSL `id` or an RIS `ID` as a citation key, or "" when it is not one a person chose: a number
    (EndNote's, Zotero's item numbers), a URL (Zotero's item URIs), a UUID or Mendeley's "ITEM-1", or anything
    `valid_key` refuses."""
    if not isinstance(value, str):
        return ""
    value = value.strip()
    if not valid_key(value) or "://" in value or not any(ch.isalpha() for ch in value) or _MADE.fullmatch(value):
        return ""
    return value
