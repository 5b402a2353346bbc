"""The trash inside a library folder: removed papers with their annotations, one batch per removal.

`trash.json` holds the batches oldest first; restoring takes the newest (or
all, or the one the app's undo names) back. A removal or a restore changes
three files (the trash, papers.json, annotations.json), and no rename makes
three files change at once. So the trash says first what is under way: a
batch is written marked `removing` (or marked `restoring`) before the other
files change, and the mark goes when they have. A kill in between leaves the
mark, and the next writable open finishes the move (`LibraryStore.settle_trash`):
each step can be done again without changing what it did, so a paper is never
both stored and in the trash, nor in neither.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from tui.core.models import Annotation, Paper, Status, utc_now
from tui.core.store.trash_file import REMOVING, STATE

__all__ = ["RestorePlan", "RestorePlanner", "Restored", "TrashChange", "highest_seq", "new_batch", "plan_by_id", "restored_annotation", "trashed_papers"]

def highest_seq(batches: Iterable[dict[str, Any]]) -> int:
    """The last list position a trashed paper holds (-1: none): an import numbers its papers after it, so a
    paper restored later never shares its place with one imported meanwhile."""
    seqs = (doc.get("seq") for batch in batches for doc in batch.get("papers", []))
    return max((s for s in seqs if isinstance(s, int) and not isinstance(s, bool)), default=-1)


@dataclass
class TrashChange:
    """Papers leaving for the trash or coming back, in the shape `LibraryStore.change_papers` takes."""

    added: list[Paper] = field(default_factory=list)
    replaced: dict[str, Paper] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)


@dataclass
class RestorePlan(TrashChange):
    """What a restore does to the stored papers, and where each trashed paper went: `into[trashed id]` is the
    stored id it became (its own when it came back, another when the library holds that paper again)."""

    into: dict[str, str] = field(default_factory=dict)


#: Decides a restore: the stored papers and the trashed ones (newest removal first) -> the plan. The use cases
#: pass one that knows a paper imported again since (`core.library.plan_restore`); the store alone knows ids.
RestorePlanner = Callable[[list[Paper], list[Paper]], RestorePlan]


def plan_by_id(stored: list[Paper], trashed: list[Paper]) -> RestorePlan:
    """A restore that knows papers by id only: a paper stored again keeps what it has; the others come back."""
    have = {p.id for p in stored}
    plan = RestorePlan()
    for paper in trashed:
        plan.into[paper.id] = paper.id
        if paper.id not in have:
            have.add(paper.id)
            plan.added.append(paper)
    return plan


@dataclass
class Restored:
    """What a restore did: the batches it took, the papers back in the list, and the papers the library held
    again (imported since their removal), which the trashed copies filled in."""

    batches: list[dict[str, Any]] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)


def new_batch(what: str, papers: Iterable[Paper], annotations: Iterable[Annotation]) -> dict[str, Any]:
    """One removal as the trash keeps it, marked as under way: when, what the user asked to remove, the papers
    and their annotations."""
    return {
        "removed": utc_now(), "what": what, "papers": [p.to_doc() for p in papers],
        "annotations": [a.to_doc() for a in annotations], STATE: REMOVING,
    }


def trashed_papers(batches: list[dict[str, Any]]) -> tuple[list[Paper], list[Annotation]]:
    """The papers and annotations of `batches`, the newest removal first (its copy of a paper wins)."""
    newest = list(reversed(batches))
    papers = [Paper.from_doc(doc) for batch in newest for doc in batch.get("papers", [])]
    notes = [Annotation.from_doc(doc) for batch in newest for doc in batch.get("annotations", [])]
    return papers, notes


def restored_annotation(current: Annotation | None, old: Annotation, pid: str) -> Annotation:
    """The annotation a restore leaves on `pid`: the trashed one, or, when the paper was annotated again since
    its removal, the newer one with its gaps filled from the old (notes: both kept). Doing it twice changes
    nothing more."""
    if current is None or not current.is_annotated:
        return replace(old, id=pid)
    notes = current.notes
    if old.notes.strip() and old.notes.strip() not in notes:
        notes = f"{notes.rstrip()}\n\n{old.notes}" if notes.strip() else old.notes
    have = {t.casefold() for t in current.tags}
    return replace(
        current,
        notes=notes,
        rating=current.rating or old.rating,
        status=old.status if current.status is Status.UNREAD else current.status,
        tags=current.tags + tuple(t for t in old.tags if t.casefold() not in have),
        title=current.title or old.title,
        highlights=current.highlights + tuple(h for h in old.highlights if h not in current.highlights),
        opened=current.opened or old.opened,
        started=current.started or old.started,
        finished=current.finished or old.finished,
    )


def chosen_batches(batches: list[dict[str, Any]], *, everything: bool = False, ids: Collection[str] | None = None) -> list[int]:
    """Where the batches to restore are: all, the newest one, or the newest holding exactly the papers `ids`.

    The app's undo names its removal by ids, so a removal made since (or an
    older one from the command line) is never restored in its place.
    """
    if everything:
        return list(range(len(batches)))
    at = len(batches) - 1
    if ids is not None:
        wanted = set(ids)
        while at >= 0 and {doc.get("id") for doc in batches[at].get("papers", [])} != wanted:
            at -= 1
    return [at] if at >= 0 else []
