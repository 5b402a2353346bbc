"""Highlights in Markdown: a block quote per highlight with its comment under it, and reading them back.

```
> the passage as the abstract has it

— why it matters
```

The blank line ends the quote: without it Markdown's lazy continuation
would carry the comment into the quote, as if the paper had said it.
Files written before (the comment right under the `>` lines) read back the same.

Per-paper files hold them under `## Highlights` (before `## Notes`, which runs
to the end of the file); the one-document export under `### Highlights`. A
file read back gives (text, comment) pairs; `merged` turns them into stored
highlights, keeping the selector (prefix, suffix, offset, creation time) of
each highlight the library already has with that text and anchoring new ones
in the abstract.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tui.core.highlights import Anchored, anchor_all, document, locate, make
from tui.core.models import Highlight
from tui.core.render.text import clean

HIGHLIGHTS_HEADING = "## Highlights"
#: Starts a comment line under a quote.
COMMENT_MARK = "—"


def _block(anchored: Anchored) -> str:
    h = anchored.highlight
    lines = [f"> {line}" if line.strip() else ">" for line in clean(h.text).strip("\n").split("\n")]
    if h.comment:
        lines += ["", f"{COMMENT_MARK} {' '.join(clean(h.comment).split())}"]  # the blank line ends the quote
    return "\n".join(lines)


def highlights_markdown(highlights: Sequence[Highlight], abstract: str) -> str:
    """The highlights as quote blocks in reading order (orphaned ones last), blank lines between."""
    return "\n\n".join(_block(a) for a in anchor_all(highlights, document(abstract)))


def highlights_section(body: str) -> list[tuple[str, str]] | None:
    """The (text, comment) pairs under `## Highlights` in a file's body; None when it has no such heading."""
    lines = body.split("\n")
    try:
        at = lines.index(HIGHLIGHTS_HEADING)
    except ValueError:
        return None
    found: list[tuple[str, str]] = []
    quote: list[str] = []
    closed = ""  # a quote a blank line ended: the comment under it may follow
    for line in lines[at + 1:]:
        if line.startswith("## ") or line == "##":
            break
        if line.startswith(">"):
            if closed:
                found.append((closed, ""))
                closed = ""
            quote.append(line[2:] if line.startswith("> ") else line[1:])
            continue
        text = "\n".join(quote).strip() or closed
        if line.startswith(COMMENT_MARK) and text:
            found.append((text, " ".join(clean(line[len(COMMENT_MARK):]).split())))
            quote, closed = [], ""
        elif not line.strip() and quote and text:
            closed, quote = text, []
        elif line.strip() and closed:  # the reader's own line: that quote had no comment
            found.append((closed, ""))
            closed = ""
    text = "\n".join(quote).strip() or closed
    if text:
        found.append((text, ""))
    return [(clean(t), c) for t, c in found]


def pair_list(highlights: Iterable[Highlight]) -> list[list[str]]:
    """What a file can say about highlights: [text, comment] each, for hashing and comparing."""
    return [[" ".join(clean(h.text).split()), h.comment] for h in highlights]


def merged(pairs: Sequence[tuple[str, str]], current: Sequence[Highlight], abstract: str, now: str = "") -> tuple[Highlight, ...]:
    """The highlights a file asks for, in its order: known texts keep their selector, new ones are anchored.

    A passage no longer in the abstract is kept as written (orphaned).
    When the file says exactly what the library holds (in any order), the
    library's highlights come back unchanged.
    """
    if sorted(map(tuple, pair_list(current))) == sorted((" ".join(t.split()), c) for t, c in pairs):
        return tuple(current)
    doc = document(abstract)
    left = list(current)
    out = []
    for text, comment in pairs:
        key = " ".join(text.split())
        same = next((h for h in left if " ".join(h.text.split()) == key), None)
        if same is not None:
            left.remove(same)
            out.append(Highlight(same.text, comment, same.prefix, same.suffix, same.start, same.created))
            continue
        span = locate(Highlight(text), doc)
        out.append(make(doc, *span, comment=comment, created=now) if span else Highlight(text, comment, created=now))
    return tuple(out)
