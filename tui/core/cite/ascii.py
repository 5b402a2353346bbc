"""Text folded to lower-case ASCII letters and digits, for citation keys: "Łukasz Dvořák" -> "lukasz dvorak"."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

#: Letters NFKD leaves whole (no combining mark to strip), used when anyascii is not installed.
_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
                          "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i", "ħ": "h", "Ħ": "H"})
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def to_ascii(text: str) -> str:
    """`text` transliterated to ASCII: anyascii when installed (it knows Cyrillic, Greek, CJK), else accents dropped."""
    if text.isascii():
        return text
    try:
        from anyascii import anyascii
    except ImportError:  # a dependency, but a key must still be made without it
        decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
        return "".join(ch for ch in decomposed if ch.isascii())
    return anyascii(text)


def key_words_of(text: str) -> Iterator[str]:
    """`key_words`, one at a time (a key wants the first few)."""
    for word in text.split():
        folded = _NOT_ALNUM.sub("", (word if word.isascii() else to_ascii(word)).lower())
        if folded:
            yield folded


def key_words(text: str) -> list[str]:
    """The lower-case ASCII words of `text`, a hyphenated one whole ("Low-Rank Erdős–Rényi graphs" -> ["lowrank",
    "erdosrenyi", "graphs"])."""
    return list(key_words_of(text))
