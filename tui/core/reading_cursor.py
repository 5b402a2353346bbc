"""The reading cursor of the abstract: sentence and word spans, and moving or growing a selection over them.

`h` in the reading pane starts a highlight at the sentence under this
cursor; `j`/`k` move it a sentence at a time, shift+arrows grow the passage
by a sentence (down/up) or a word (right/left). Everything here works on
offsets into the text the pane shows (`highlights.document`), so the UI only
draws what it is given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

#: Words after which a period does not end a sentence.
_ABBREVIATIONS = frozenset("e.g i.e al etc vs cf fig figs eq eqs sec resp approx no dr mr ms prof st e.g. i.e.".split())
_END = re.compile(r"[.!?…]+[\"')\]’”]*(?=\s+[\"'(\[‘“]?[A-Z0-9]|\s*$)|\n\s*\n")
_WORD = re.compile(r"\S+")


@lru_cache(maxsize=64)
def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Each sentence of `text` as (start, end), whitespace around it left out; blank text has none."""
    spans = []
    start = 0
    for match in _END.finditer(text):
        before = text[start:match.start()].split()
        if match.group()[:1] == "." and before and before[-1].rstrip(".").casefold() in _ABBREVIATIONS:
            continue
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return tuple(out)


@lru_cache(maxsize=64)
def word_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Each run of non-space characters of `text` as (start, end)."""
    return tuple(m.span() for m in _WORD.finditer(text))


@dataclass(frozen=True, slots=True)
class Cursor:
    """A passage of the shown abstract, [start, end): one sentence when the cursor just moved."""

    start: int
    end: int


def _index_at(spans: tuple[tuple[int, int], ...], offset: int) -> int:
    """The span holding `offset`, or the last one starting before it."""
    found = 0
    for i, (s, _) in enumerate(spans):
        if s <= offset:
            found = i
    return found


def first(text: str) -> Cursor | None:
    """The cursor on the first sentence; None when there is no text."""
    spans = sentence_spans(text)
    return Cursor(*spans[0]) if spans else None


def at_sentence(text: str, offset: int) -> Cursor | None:
    """The cursor on the sentence holding `offset`."""
    spans = sentence_spans(text)
    return Cursor(*spans[_index_at(spans, offset)]) if spans else None


def moved(text: str, cursor: Cursor, step: int) -> Cursor:
    """The cursor `step` sentences on (back when negative) from where the passage ends (starts), kept in the text."""
    spans = sentence_spans(text)
    if not spans:
        return cursor
    here = _index_at(spans, cursor.end - 1 if step > 0 else cursor.start)
    return Cursor(*spans[max(0, min(len(spans) - 1, here + step))])


def grown_by_sentence(text: str, cursor: Cursor, step: int) -> Cursor:
    """The passage with the next sentence added (`step` 1) or the previous one (-1)."""
    spans = sentence_spans(text)
    if not spans:
        return cursor
    if step > 0:
        i = _index_at(spans, max(cursor.start, cursor.end - 1))
        nxt = i + 1 if spans[i][1] <= cursor.end else i
        return Cursor(cursor.start, spans[min(nxt, len(spans) - 1)][1])
    i = _index_at(spans, cursor.start)
    prev = i - 1 if spans[i][0] >= cursor.start else i
    return Cursor(spans[max(prev, 0)][0], cursor.end)


def grown_by_word(text: str, cursor: Cursor, step: int) -> Cursor:
    """The passage's end moved a word on (`step` 1) or back (-1); it never shrinks below one word."""
    words = word_spans(text)
    if not words:
        return cursor
    if step > 0:
        later = [e for _, e in words if e > cursor.end]
        return Cursor(cursor.start, later[0]) if later else cursor
    earlier = [e for s, e in words if e < cursor.end and s >= cursor.start]
    return Cursor(cursor.start, earlier[-1]) if earlier else cursor
