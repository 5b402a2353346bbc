"""Highlights anchored like the W3C Web Annotation TextQuoteSelector: quote, prefix, suffix, offset hint.

A highlight is made on the abstract as shown (`document`: LaTeX as
Unicode), keeping the exact text, up to `CONTEXT` characters before and
after it, and its offset. When the abstract changes (a re-import), `locate`
finds the quote again: every place the text occurs (whitespace may differ,
a re-wrapped abstract is the same text) is scored by how much of the prefix
and suffix still surround it, ties going to the place nearest the old
offset. A highlight whose text is gone is *orphaned*: kept, shown apart,
never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from tui.core.models import Highlight
from tui.core.render.latex import to_unicode

#: Characters of context kept on each side of a highlight.
CONTEXT = 32


def document(abstract: str) -> str:
    """The text highlights are anchored in: the abstract as the reading pane shows it."""
    return to_unicode(abstract)


def make(doc: str, start: int, end: int, comment: str = "", created: str = "") -> Highlight:
    """A highlight of `doc[start:end]` (surrounding whitespace left out), with its context.

    Raises `ValueError` for an empty or blank passage.
    """
    start, end = max(0, min(start, len(doc))), max(0, min(end, len(doc)))
    while start < end and doc[start].isspace():
        start += 1
    while end > start and doc[end - 1].isspace():
        end -= 1
    if start >= end:
        raise ValueError("a highlight needs some text")
    return Highlight(
        text=doc[start:end],
        comment=" ".join(comment.split()),
        prefix=doc[max(0, start - CONTEXT):start],
        suffix=doc[end:end + CONTEXT],
        start=start,
        created=created,
    )


def _pattern(text: str) -> re.Pattern[str] | None:
    parts = text.split()
    return re.compile(r"\s+".join(map(re.escape, parts))) if parts else None


def _common_tail(a: str, b: str) -> int:
    """How many characters `a` and `b` share at their ends."""
    n = 0
    while n < min(len(a), len(b)) and a[len(a) - 1 - n] == b[len(b) - 1 - n]:
        n += 1
    return n


def _common_head(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def locate(highlight: Highlight, doc: str) -> tuple[int, int] | None:
    """Where `highlight` is in `doc` now, as (start, end); None when its text is no longer there."""
    text, hint = highlight.text, highlight.start
    if 0 <= hint and doc.startswith(text, hint) and doc[:hint].endswith(highlight.prefix) and doc[hint + len(text):].startswith(highlight.suffix):
        return hint, hint + len(text)  # the abstract did not change around it: the common case, cheap
    pattern = _pattern(text)
    if pattern is None:
        return None
    best: tuple[tuple[int, int], tuple[int, int]] | None = None
    match = pattern.search(doc)
    while match is not None:  # overlapping places too ("a beta" twice in "alpha beta beta")
        s, e = match.span()
        match = pattern.search(doc, s + 1)
        context = _common_tail(doc[max(0, s - len(highlight.prefix) - 8):s], highlight.prefix)
        context += _common_head(doc[e:e + len(highlight.suffix) + 8], highlight.suffix)
        distance = abs(s - hint) if hint >= 0 else s
        rank = (-context, distance)
        if best is None or rank < best[0]:
            best = (rank, (s, e))
    return best[1] if best else None


@dataclass(frozen=True, slots=True)
class Anchored:
    """A highlight and where it is in the abstract now; `start == -1`: orphaned (its text is gone)."""

    highlight: Highlight
    start: int = -1
    end: int = -1

    @property
    def orphaned(self) -> bool:
        return self.start < 0


def anchor_all(highlights: Iterable[Highlight], doc: str) -> list[Anchored]:
    """Each highlight located in `doc`, in reading order; the orphaned ones last, as they were made."""
    found = []
    for h in highlights:
        span = locate(h, doc)
        found.append(Anchored(h, *span) if span else Anchored(h))
    return sorted(found, key=lambda a: (a.orphaned, a.start if not a.orphaned else 0))


def reanchored(highlight: Highlight, doc: str) -> Highlight:
    """`highlight` with its selector brought up to date for `doc` (unchanged when orphaned)."""
    span = locate(highlight, doc)
    if span is None:
        return highlight
    fresh = make(doc, *span)
    return replace(highlight, text=fresh.text, prefix=fresh.prefix, suffix=fresh.suffix, start=fresh.start)


def record(anchored: Anchored) -> dict[str, object]:
    """`list --json`'s form of a highlight: text, comment, prefix, suffix, start (-1 and orphaned when lost)."""
    h = anchored.highlight
    out: dict[str, object] = {"text": h.text, "comment": h.comment, "prefix": h.prefix, "suffix": h.suffix, "start": anchored.start}
    if anchored.orphaned:
        out["orphaned"] = True
    return out


def without(highlights: Sequence[Highlight], gone: Highlight) -> tuple[Highlight, ...]:
    """`highlights` less `gone` (its first equal entry)."""
    out = list(highlights)
    if gone in out:
        out.remove(gone)
    return tuple(out)


def with_comment(highlights: Sequence[Highlight], target: Highlight, comment: str) -> tuple[Highlight, ...]:
    """`highlights` with `target`'s comment replaced (one line)."""
    fixed = replace(target, comment=" ".join(comment.split()))
    return tuple(fixed if h == target else h for h in highlights)
