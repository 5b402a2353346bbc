"""A library written by an older paperdesk brought up to date as it opens: versioned, one atomic write, ids kept.

papers.json records what it was written to (`LibraryStore.formats`, e.g.
{"titles": 2}); each step here runs when that number is below today's and
records the new one in the same write as its changes (titles re-derived,
citation keys given). Paper ids do not change, so annotations (keyed on
them) need nothing. Today's numbers are in
`store.formats` (`CURRENT`): a library opens without importing this module
unless it is behind them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tui.core.errors import LibraryError
from tui.core.models import Paper
from tui.core.store.formats import CITEKEY_RULE, CITEKEYS, CURRENT, TITLE_RULE, TITLES

if TYPE_CHECKING:
    from tui.core.store.storage import LibraryStore


@dataclass
class Migration:
    """Papers to replace and the formats they now follow, in the shape `LibraryStore.change_papers` takes."""

    replaced: dict[str, Paper] = field(default_factory=dict)
    formats: dict[str, int] = field(default_factory=dict)
    added: list[Paper] = field(default_factory=list)
    removed: set[str] = field(default_factory=set)


def mark_current(library: LibraryStore) -> None:
    """A new papers file is written by today's rules: say so in its first write."""
    library.formats.update(CURRENT)


def migrate(library: LibraryStore) -> int:
    """Bring papers stored by older rules up to date in one write; return how many papers changed.

    Titles: re-derived where older rules stored them (those ending in "…",
    or vaguer); only titles the data did not bring are touched
    (`derived_title` set, `title` empty); a rename the reader gave lives in
    the annotation and still wins. Citation keys: a library written before
    keys existed gets one for every paper, in list order (the source's key
    an older version kept in `extra`, else one from the pattern), given by
    the store's change walk as every paper entering a library gets its key
    (`library.CitationKeys`, the store's key-giver); so does a paper whose record an older version
    wrote again without its key. A library opened read-only is brought up to
    date in memory.
    """
    titles = library.formats.get(TITLES, 0) < TITLE_RULE
    # An older version writing this library again writes the records it changes without their keys.
    keys = library.formats.get(CITEKEYS, 0) < CITEKEY_RULE or any(not p.citekey for p in library.papers)
    if not (titles or keys):
        return 0
    from tui.core.cite.keys import legacy_source_key
    from tui.core.ingest.titles import derive_title

    def plan(papers: list[Paper]) -> Migration:
        replaced = {}
        for paper in papers:
            if titles and paper.derived_title and not paper.title.strip():
                title = derive_title(paper.abstract)
                if title != paper.derived_title:
                    paper = replaced[paper.id] = paper.with_changes(derived_title=title)
            if keys and not paper.citekey:
                replaced[paper.id] = paper.with_changes(citekey=legacy_source_key(paper.extra))
        return Migration(replaced, dict(CURRENT))

    try:
        return len(library.change_papers(plan, write=not library.read_only).replaced)
    except (LibraryError, OSError):  # the disk refused (full, read-only): today's papers in memory, written next time
        return len(library.change_papers(plan, write=False).replaced)
