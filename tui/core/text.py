"""Making text from data safe to show: control characters become visible, never act."""

from __future__ import annotations

import re

# C0 controls except tab and newline, DEL, and C1 controls (which include CSI/OSC
# introducers on some terminals). Shown as Unicode "control pictures".
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
# Bidi overrides/isolates can reorder the rest of a terminal line: drop them.
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ ␁ … ␛ …
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"


def visible(text: str) -> str:
    """Text with every terminal control made visible or removed; newlines and tabs kept."""
    if _CONTROLS.search(text) or _BIDI.search(text):
        text = _BIDI.sub("", _CONTROLS.sub(_picture, text))
    return text


def one_line(text: str) -> str:
    """`visible`, on a single line: every run of whitespace becomes one space."""
    return " ".join(visible(text).split())
