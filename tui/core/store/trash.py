"""The trash inside a library folder: removed papers with their annotations, one batch per removal.

`trash.json` holds the batches oldest first; restoring takes the newest (or
all) back. Written atomically, before the papers and annotations files
change, so a crash between the writes loses nothing: a paper both stored and
in the trash is simply not restored twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Collection, Container, Iterable

import orjson

from tui.core.errors import LibraryError
from tui.core.models import Annotation, Paper, utc_now
from tui.core.store.atomic import atomic_write_bytes

TRASH_FILE = "trash.json"


def read_trash(folder: Path) -> list[dict[str, Any]]:
    """The batches in the trash, oldest first; [] when there is no trash yet."""
    path = folder / TRASH_FILE
    try:
        data = orjson.loads(path.read_bytes())
    except FileNotFoundError:
        return []
    except (OSError, orjson.JSONDecodeError) as exc:
        raise LibraryError(f"{path}: the trash cannot be read ({exc}); nothing was changed") from None
    batches = data.get("batches") if isinstance(data, dict) else None
    return [b for b in batches if isinstance(b, dict)] if isinstance(batches, list) else []


def write_trash(folder: Path, batches: list[dict[str, Any]]) -> None:
    """Replace the trash with `batches`, atomically."""
    atomic_write_bytes(folder / TRASH_FILE, orjson.dumps({"batches": batches}, option=orjson.OPT_INDENT_2))


@dataclass
class TrashChange:
    """Papers leaving for the trash or coming back, in the shape `LibraryStore.change_papers` takes."""

    added: list[Paper] = field(default_factory=list)
    replaced: dict[str, Paper] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)


def new_batch(what: str, papers: Iterable[Paper], annotations: Iterable[Annotation]) -> dict[str, Any]:
    """One removal as the trash keeps it: when, what the user asked to remove, the papers and their annotations."""
    return {"removed": utc_now(), "what": what, "papers": [p.to_doc() for p in papers], "annotations": [a.to_doc() for a in annotations]}


def trashed(batches: list[dict[str, Any]], stored: Container[str], annotated: Container[str]) -> tuple[list[Paper], dict[str, Annotation]]:
    """The papers of `batches` not stored again meanwhile, and their annotations not written again meanwhile."""
    found = (Paper.from_doc(doc) for batch in batches for doc in batch.get("papers", []))
    papers = {p.id: p for p in found if p.id not in stored}
    kept = (Annotation.from_doc(doc) for batch in batches for doc in batch.get("annotations", []))
    return list(papers.values()), {a.id: a for a in kept if a.id in papers and a.id not in annotated}


def chosen_batches(batches: list[dict[str, Any]], *, everything: bool = False, ids: Collection[str] | None = None) -> tuple[list, list]:
    """The batches to restore and those to keep: all, the newest one, or the newest holding exactly the papers `ids`.

    The app's undo names its removal by ids, so a removal made since (or an
    older one from the command line) is never restored in its place.
    """
    if everything:
        return batches, []
    at = len(batches) - 1
    if ids is not None:
        wanted = set(ids)
        while at >= 0 and {doc.get("id") for doc in batches[at].get("papers", [])} != wanted:
            at -= 1
    if at < 0:
        return [], batches
    return [batches[at]], batches[:at] + batches[at + 1 :]
