"""What a vault keeps: note headings nested under the paper's, tags Obsidian accepts, rendered titles.

Notes are stored as the reader typed them. Written into a file, a note's
`# Heading` must sit below the paper's own headings, or an outline (Obsidian's,
pandoc's) shows it as a sibling of the paper; so export pushes every heading
of a note down by a fixed offset and the notes import pulls it back up: the
round trip gives the typed levels again. Tags with spaces or punctuation are
not Obsidian tags; the vault gets a tag-shaped form, and import maps it back
to the tag as the library holds it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tui.core.render.latex import to_unicode
from tui.core.render.text import clean, one_line

# A fence opens with 3+ backticks or tildes after at most 3 spaces; headings inside are code.
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# An ATX heading: up to 3 spaces, hashes, then a space, a tab or the end of the line ("#tag" is no heading).
_HEADING = re.compile(r"^( {0,3})(#+)(?=[ \t]|$)")


def shift_headings(text: str, by: int) -> str:
    """Every ATX heading of `text` `by` levels deeper (negative: shallower), code fences left alone.

    Moving up never goes above level 1: a heading too shallow to move (one the
    reader typed in the vault under `## Notes`) stays as it is.
    """
    if not by or "#" not in text:
        return text
    out = []
    fence = ""
    for line in text.split("\n"):
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
        elif opened:
            fence = opened.group(1)
        else:
            heading = _HEADING.match(line)
            if heading and len(heading.group(2)) + by >= 1:
                line = heading.group(1) + "#" * (len(heading.group(2)) + by) + line[heading.end() :]
        out.append(line)
    return "\n".join(out)


_NOT_IN_TAG = re.compile(r"[^\w/-]+")


def vault_tag(tag: str) -> str:
    """`tag` as a valid Obsidian tag: `llm training` -> `llm-training`, `#hash` -> `hash`, `2024` -> `y2024`.

    Letters, digits, `_`, `-` and `/` are kept (any script); every other run
    becomes one `-`. A tag of digits only is not a tag in Obsidian, so it gets a `y` prefix.
    """
    if not one_line(clean(tag)).strip():
        return ""  # a blank tag is no tag
    text = _NOT_IN_TAG.sub("-", clean(tag).strip().lstrip("#")).strip("-/")
    text = re.sub(r"-{2,}", "-", text)
    if not text:
        return "tag"
    if text.isdigit():
        text = "y" + text
    return text


def tag_lookup(tags: Iterable[str]) -> dict[str, str]:
    """Vault form -> the tag as the library holds it, for the tags given (first wins)."""
    lookup: dict[str, str] = {}
    for tag in tags:
        lookup.setdefault(vault_tag(tag), tag)
    return lookup


def library_tags(file_tags: Iterable[str], own: Iterable[str], lookup: dict[str, str]) -> tuple[str, ...]:
    """The tags of a file as the library holds them: the paper's own tags first, then any in the library.

    A tag the vault added (not the vault form of a known tag) is kept as written.
    """
    mine = tag_lookup(own)
    out = (mine.get(t) or lookup.get(t) or t for t in file_tags)
    return tuple(dict.fromkeys(out))


def shown_title(title: str) -> str:
    """A title for a heading or a file name: LaTeX rendered (no `$…$`), one line."""
    try:
        text = to_unicode(title)
    except Exception:  # the renderer guards itself; this is belt and braces for a file name
        text = title
    return one_line(clean(text)).strip()
