"""Removing papers to the library's trash and bringing them back: `paperdesk remove` and `restore`.

The trash itself (a file in the library) is the store's; this chooses the
papers (by list, query or id) and refuses to drop annotations without force.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tui.core.models import Paper
from tui.core.store.storage import LibraryStore
from tui.core.words import plural

if TYPE_CHECKING:
    from tui.core.store.trash import RestorePlan

#: The papers a filter query matches (`library.papers_matching`, passed in: this module sits below the use cases).
Matching = Callable[[LibraryStore, str], Sequence[Paper]]


@dataclass
class RemoveOutcome:
    """What `remove_papers` did: how many papers went to the trash, or why none did."""

    removed: int = 0
    annotated: int = 0
    refused: str = ""


def choose_papers(
    library: LibraryStore, matching: Matching, *, lists: Sequence[str] = (), query: str | None = None, ids: Sequence[str] = ()
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
        chosen.update((p.id, p) for p in matching(library, query))
    for pid in ids:
        paper = library.get(pid)
        if paper is None:
            raise LibraryError(f"no paper has the id {pid}; `paperdesk list` shows the ids")
        chosen[pid] = paper
    parts = [f'list "{n}"' for n in lists] + ([f"query {query!r}"] if query is not None else []) + ([f"{len(ids)} by id"] if ids else [])
    return list(chosen.values()), ", ".join(parts)


def remove_papers(
    library: LibraryStore, matching: Matching, *, lists: Sequence[str] = (), query: str | None = None, ids: Sequence[str] = (), force: bool = False
) -> RemoveOutcome:
    """Move the chosen papers (and their annotations) to the library's trash.

    Papers carrying notes, highlights, a rating or tags are removed only with `force`;
    without it nothing is removed and `refused` says how many carry them.
    `restore_papers` brings the last removal back.
    """
    papers, what = choose_papers(library, matching, lists=lists, query=query, ids=ids)
    notes = library.annotations()
    annotated = sum(p.id in notes and notes[p.id].carries_work for p in papers)
    if annotated and not force:
        why = f"{annotated} of the {plural(len(papers))} carry notes, highlights, a rating or tags"
        return RemoveOutcome(0, annotated, f"{why}; nothing removed (add --force to move them to the trash anyway)")
    return RemoveOutcome(library.remove_papers([p.id for p in papers], what), annotated)


def restore_papers(library: LibraryStore, *, everything: bool = False) -> list[str]:
    """Bring back the last removal (every one with `everything`); one line per batch restored, and one for
    papers the library held again (imported since), which were filled in rather than stored twice."""
    restored = library.restore_papers(everything=everything)
    lines = [
        f"restored {plural(len(batch.get('papers', [])))} ({batch.get('what', '')}, removed {batch.get('removed', '')[:16].replace('T', ' ')})"
        for batch in restored.batches
    ]
    if restored.updated:
        again = f"{plural(len(restored.updated))} were in the library again (imported since)"
        lines.append(f"{again}: kept there, their empty fields and annotations filled in from the trash")
    return lines


def plan_restore(stored: list[Paper], trashed: list[Paper]) -> RestorePlan:
    """Where trashed papers (the newest removal first) go back: a paper the library holds again (by the import's
    evidence: id, DOI, arXiv id, URL, title, abstract) keeps its id and gets its gaps filled from the trashed copy;
    the others come back with their ids, at their old places unless a paper holds that place now."""
    from tui.core.ingest.merge import MatchIndex, merge_into
    from tui.core.store.trash import RestorePlan

    index = MatchIndex(stored, trashed)  # found in this order, each added before the next (as an import does)
    by_id = {p.id: p for p in stored}
    seqs = {p.seq for p in stored}
    free = max([*seqs, *(p.seq for p in trashed)], default=-1) + 1
    plan = RestorePlan()
    added_at: dict[str, int] = {}
    for paper in trashed:
        hit = index.find(paper)
        if hit is None:
            if paper.seq in seqs:  # a library written before imports kept trashed places free
                paper, free = paper.with_changes(seq=free), free + 1
            seqs.add(paper.seq)
            added_at[paper.id] = len(plan.added)
            plan.added.append(paper)
            plan.into[paper.id] = paper.id
            index.add(paper)
            continue
        pid = hit[0]
        plan.into[paper.id] = pid
        if pid in added_at:
            merged = merge_into(plan.added[added_at[pid]], paper)
            plan.added[added_at[pid]] = merged
        else:
            old = plan.replaced.get(pid) or by_id[pid]
            merged = merge_into(old, paper)
            if merged is not old:
                plan.replaced[pid] = merged
        index.add(merged, as_id=pid)
    return plan
