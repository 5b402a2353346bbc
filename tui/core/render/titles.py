"""Titles as the reader sees them: LaTeX rendered like abstracts ($\\epsilon$-VAE reads ε-VAE).

Titles are stored as the source wrote them; every place that shows one (list
rows, reading pane, palette, exports, `list --json`) calls `display_title`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tui.core.models import Annotation, Paper

_LATEXISH = re.compile(r"[\\$`{}*^]")


@lru_cache(maxsize=8192)
def title_text(title: str) -> str:
    """One title rendered: math and macros as Unicode; plain titles pass unchanged (rows put it on one line)."""
    if not _LATEXISH.search(title):
        return title
    from tui.core.render.latex import to_unicode

    return to_unicode(title)


def display_title(paper: Paper, annotation: Annotation | None = None) -> str:
    """The title to show: the reader's rename as typed, else the data's (rendered), else the derived one."""
    if annotation is not None and annotation.title:
        return annotation.title  # the reader typed what they want to see; exports give it back unchanged
    return title_text(paper.shown_title)


def row_title(paper: Paper, annotation: Annotation | None = None) -> str:
    """`display_title` on one line, as list rows and the palette show it."""
    from tui.core.render.text import one_line

    return one_line(display_title(paper, annotation))


def is_derived(paper: Paper, annotation: Annotation | None = None) -> bool:
    """True when the title shown was derived from the abstract (no title came with the data, no rename)."""
    return not paper.title.strip() and not (annotation is not None and annotation.title) and bool(paper.derived_title)
