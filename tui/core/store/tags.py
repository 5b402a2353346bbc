"""Tags typed as one comma-separated line: parsing, the tags in use, and completion."""

from __future__ import annotations

from collections.abc import Iterable

from tui.core.models import Annotation, Paper, source_tags
from tui.core.render.text import one_line

__all__ = ["complete", "format_tags", "known_tags", "parse_tags", "source_tags"]


def parse_tags(text: str) -> tuple[str, ...]:
    """Split "a, b ,, a" into ("a", "b"): trimmed, one line each, no empties, no repeats."""
    seen: dict[str, str] = {}
    for raw in text.split(","):
        tag = " ".join(one_line(raw).split())
        if tag and tag.casefold() not in seen:
            seen[tag.casefold()] = tag
    return tuple(seen.values())


def format_tags(tags: Iterable[str]) -> str:
    """The editable line for `tags`, the inverse of `parse_tags`.

    Each tag goes through `one_line` (as `parse_tags` does), so a tag stored
    with a control character reaches the editor as a harmless picture, never raw.
    """
    return ", ".join(one_line(t) for t in tags)


def known_tags(annotations: Iterable[Annotation], papers: Iterable[Paper] = ()) -> list[str]:
    """Every tag in use, most used first (then alphabetically), for completion: the reader's, then those
    that came with the data (`papers`' source tags) that no reader's tag spells already."""
    counts: dict[str, int] = {}
    for ann in annotations:
        for tag in ann.tags:
            counts[tag] = counts.get(tag, 0) + 1
    mine = sorted(counts, key=lambda t: (-counts[t], t.casefold()))
    taken = {t.casefold() for t in mine}
    found: dict[str, int] = {}
    spelled: dict[str, str] = {}
    for paper in papers:
        for tag in paper.tags:
            folded = tag.casefold()
            if folded not in taken:
                spelled.setdefault(folded, tag)
                found[folded] = found.get(folded, 0) + 1
    return mine + [spelled[f] for f in sorted(found, key=lambda f: (-found[f], f))]


def complete(text: str, known: Iterable[str]) -> str | None:
    """`text` with its last, unfinished tag completed from `known`, or None.

    Only the fragment after the last comma is completed, and only with a
    tag that is not already in the line.
    """
    head, sep, fragment = text.rpartition(",")
    stem = fragment.lstrip()
    if not stem:
        return None
    used = {t.casefold() for t in parse_tags(head)}
    for tag in known:
        if tag.casefold().startswith(stem.casefold()) and tag.casefold() not in used and tag != stem:
            lead = fragment[: len(fragment) - len(stem)]
            return f"{head}{sep}{lead}{tag}"
    return None
