"""LaTeX environments in abstracts: lists as bulleted lines, display math as lines of Unicode.

`\\begin{itemize}…\\end{itemize}` becomes one line per `\\item` ("• …",
"1. …" for `enumerate`); `equation`, `align*` and friends become one line per
row, `&` alignment dropped. A display that cannot be converted whole is shown
whole as source: never half-converted.
"""

from __future__ import annotations

import re

from tui.core.render.latex_math import math_to_unicode

LIST_ENVS = frozenset({"itemize", "enumerate", "description"})
MATH_ENVS = frozenset(
    f"{name}{star}" for name in ("equation", "align", "gather", "multline", "eqnarray", "flalign", "displaymath") for star in ("", "*")
) | {"math"}

_ITEM = re.compile(r"\\item\b\s*(?:\[([^\]]*)\])?")
_DROP = re.compile(r"\\(?:label|tag)\s*\{[^{}]*\}|\\(?:nonumber|notag)\b")
_ROW = re.compile(r"\\\\(?:\[[^\]]*\])?")


def environment_end(text: str, name: str, start: int) -> tuple[int, int]:
    """(start, end) of the `\\end{name}` closing the environment whose body starts at `start`; (-1, -1) if none."""
    begin, end = f"\\begin{{{name}}}", f"\\end{{{name}}}"
    depth = 1
    pos = start
    while True:
        b = text.find(begin, pos)
        e = text.find(end, pos)
        if e < 0:
            return -1, -1
        if 0 <= b < e:
            depth += 1
            pos = b + len(begin)
            continue
        depth -= 1
        if depth == 0:
            return e, e + len(end)
        pos = e + len(end)


def list_items(body: str) -> list[tuple[str, str]]:
    """(label, text) of each `\\item` of a list body; text before the first item is dropped."""
    parts = _ITEM.split(body)
    # split gives [before, label1, text1, label2, text2, ...]
    return [((parts[i] or "").strip(), parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2) if parts[i + 1].strip()]


def display_math_lines(body: str) -> list[str] | None:
    """Each row of a display-math body as Unicode, or None when any row cannot be converted."""
    rows = [row.replace("&", " ").strip() for row in _ROW.split(_DROP.sub("", body))]
    out = []
    for row in rows:
        if not row:
            continue
        shown = math_to_unicode(row)
        if shown is None:
            return None
        out.append(shown)
    return out or None
