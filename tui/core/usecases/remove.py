"""`paperdesk remove` and the app's D: papers moved to the library's trash (`paperdesk restore` brings them back).

The trash itself (a file in the library) is the store's; this chooses the
papers (by list, query or id) and refuses to drop annotations without force.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tui.core.library import Library
from tui.core.models import Paper
from tui.core.usecases.list import papers_matching
from tui.core.words import plural


@dataclass
class RemoveOutcome:
    """What `remove_papers` did: how many papers went to the trash, or why none did."""

    removed: int = 0
    annotated: int = 0
    refused: str = ""


def choose_papers(
    library: Library, *, lists: Sequence[str] = (), query: str | None = None, ids: Sequence[str] = ()
) -> tuple[list[Paper], str]:
    """The papers named by list names, a filter query or ids, and a description of them for the trash.

    A list name or id that matches nothing raises `LibraryError` naming it
    (and, for lists, the lists there are).
    """
    from tui.core.errors import LibraryError

    chosen: dict[str, Paper] = {}
    names = {p.list.casefold(): p.list for p in library.papers}
    for name in lists:
        if name.casefold() not in names:
            there = ", ".join(f'"{n}"' for n in sorted(set(names.values())))
            raise LibraryError(f'no list is called "{name}"; the lists are: {there or "(none)"}')
        chosen.update((p.id, p) for p in library.papers if p.list.casefold() == name.casefold())
    if query is not None:
        chosen.update((p.id, p) for p in papers_matching(library, query))
    trashed = library.trashed_ids() if any(library.get(pid) is None for pid in ids) else {}
    for pid in ids:
        paper = library.get(pid)
        if paper is None and pid in trashed:
            raise LibraryError(f"{pid} is already in the trash (removed {trashed[pid]}); `paperdesk restore` brings it back")
        if paper is None:
            raise LibraryError(f"no paper has the id {pid}; `paperdesk list` shows the ids")
        chosen[pid] = paper
    parts = [f'list "{n}"' for n in lists] + ([f"query {query!r}"] if query is not None else []) + ([f"{len(ids)} by id"] if ids else [])
    return list(chosen.values()), ", ".join(parts)


def remove_papers(
    library: Library, *, lists: Sequence[str] = (), query: str | None = None, ids: Sequence[str] = (), force: bool = False
) -> RemoveOutcome:
    """Move the chosen papers (and their annotations) to the library's trash.

    Papers carrying notes, highlights, a rating or tags are removed only with `force`;
    without it nothing is removed and `refused` says how many carry them.
    `usecases.restore.restore_papers` brings the last removal back.
    """
    papers, what = choose_papers(library, lists=lists, query=query, ids=ids)
    notes = library.annotations()
    annotated = sum(p.id in notes and notes[p.id].carries_work for p in papers)
    if annotated and not force:
        why = f"{annotated} of the {plural(len(papers))} carry notes, highlights, a rating or tags"
        return RemoveOutcome(0, annotated, f"{why}; nothing removed (add --force to move them to the trash anyway)")
    return RemoveOutcome(library.remove_papers([p.id for p in papers], what), annotated)
