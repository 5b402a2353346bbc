"""Exporting, the one way `paperdesk export` and the app's export dialog both take: what goes out, and where.

`export_entries` chooses by query (the command line); `view_entries`
by what the dialog offers (the highlighted paper, the view as filtered, every
annotated paper). Either way `write_export` writes them: one Markdown document,
or one file per paper named for this library, or one BibTeX, CSL-JSON or RIS
document (`usecases.cite.citation_text`) (`export.writing`: atomic, and a file edited
outside paperdesk is never replaced without `force`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from tui.core.export.markdown import Entry, annotated_entries, entries, library_id
from tui.core.export.writing import WouldOverwrite, write_document, write_per_paper
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.store.atomic import atomic_write_text, document_mode
from tui.core.usecases.sync import library_key

__all__ = ["Entry", "Written", "WouldOverwrite", "export_entries", "save_text", "view_entries", "write_export"]


class Written:
    """What `write_export` wrote: how many papers or files, and the document's path (the folder's, per paper).

    A plain class, not a dataclass (why: `tui.core.records`).
    """

    __slots__ = ("count", "path", "per_paper")

    def __init__(self, count: int, path: Path, per_paper: bool) -> None:
        self.count, self.path, self.per_paper = count, path, per_paper


def export_entries(library: Library, *, query: str | None = None, everything: bool = False) -> list[Entry]:
    """What `paperdesk export` writes: the papers `query` matches, else every paper, else the annotated ones."""
    from tui.core.usecases.list import papers_matching

    if query is not None:
        return entries(papers_matching(library, query), library.annotation)
    if everything:
        return entries(library.papers, library.annotation)
    return annotated_entries(library.papers, library.annotations())


def view_entries(library: Library, scope: str, view: Sequence[Paper], current: Paper | None) -> list[Entry]:
    """The export dialog's choice: "current" (the highlighted paper), "view" (the list as filtered), else every annotated paper."""
    if scope == "current":
        return entries([current] if current else [], library.annotation)
    if scope == "view":
        return entries(view, library.annotation)
    return annotated_entries(library.papers, library.annotations())


def write_export(
    library: Library, path: str | os.PathLike[str], items: Sequence[Entry], *, per_paper: bool, force: bool = False,
    fmt: str = "markdown", notes: bool = False,
) -> Written:
    """Write `items` to `path`: one document, or (`per_paper`, Markdown only) one file each into the folder `path`.

    `fmt` is markdown or a citation format (`usecases.cite.CITATION_FORMATS`: bibtex, csl-json, ris; `notes`: with the
    reader's notes). Raises `WouldOverwrite` (nothing written) when it would replace a file and `force` is not given.
    """
    if fmt != "markdown":
        from tui.core.export.writing import write_file
        from tui.core.usecases.cite import citation_text

        pairs = [(e.paper, e.annotation) for e in items]
        return Written(len(items), write_file(path, lambda: citation_text(pairs, fmt, notes=notes), force=force), False)
    if per_paper:
        written = write_per_paper(path, items, force=force, library=library_id(library_key(library)))
        return Written(len(written), Path(path), True)
    return Written(len(items), write_document(path, items, force=force), False)


def save_text(path: Path, text: str) -> None:
    """Write `text` to the file `path` atomically, its folders made (the copy dialog's "Save to file", a screenshot),
    with the mode of any export (`document_mode`)."""
    if path.is_dir():
        raise IsADirectoryError(21, "is a folder, not a file", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text, mode=document_mode(path))
