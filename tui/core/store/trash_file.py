"""trash.json itself: reading and writing the batches, and whether a move is under way (`store.trash` moves them).

Kept apart from the moves so that opening a library (which asks whether a kill left a move
half done) reads a few bytes and loads nothing more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tui.core.errors import LibraryError, os_reason
from tui.core.store.annotations_check import annotation_problem, shown
from tui.core.store.atomic import atomic_write_bytes

TRASH_FILE = "trash.json"
#: The key of a batch whose move is under way, and its two values.
STATE = "state"
REMOVING = "removing"
RESTORING = "restoring"


class DamagedTrash(LibraryError):
    """trash.json exists but is not a trash paperdesk wrote: removing and restoring refuse, and it is left untouched."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path}: damaged trash ({problem}); nothing was changed, it was left untouched ({TRASH_RESTORE_HINT})")


#: Where the line about a damaged trash points the reader.
TRASH_RESTORE_HINT = "`paperdesk backups` lists the copies of the trash to restore"


def _batch_problem(batch: Any) -> str | None:
    if not isinstance(batch, dict):
        return f"is {shown(batch)}, not a removal"
    papers, notes = batch.get("papers", []), batch.get("annotations", [])
    if not isinstance(papers, list):
        return f"papers are {shown(papers)}, not a list"
    for doc in papers:
        if not isinstance(doc, dict) or not isinstance(doc.get("id"), str) or not doc["id"]:
            return f"a paper is {shown(doc)}, not a paper with its id"
        if type(doc.get("seq", 0)) is not int or not isinstance(doc.get("extra", {}), dict):
            return f"paper {doc['id']}: its place or extra fields are not as paperdesk writes them"
    if not isinstance(notes, list):
        return f"annotations are {shown(notes)}, not a list"
    for number, doc in enumerate(notes, 1):
        problem = annotation_problem(str(number), doc)
        if problem:
            return problem
    state = batch.get(STATE)
    if state is not None and state not in (REMOVING, RESTORING):
        return f"its state is {shown(state)}"
    return None


def trash_problem(data: Any) -> str | None:
    """Why parsed trash data is not a trash paperdesk wrote (None when it is): every batch a record of papers with ids
    and annotations of the types paperdesk writes (`annotations_check`)."""
    if not isinstance(data, dict):
        return f"it is {shown(data)}, not a trash"
    batches = data.get("batches")
    if not isinstance(batches, list):
        return f"its batches are {shown(batches)}, not a list"
    for number, batch in enumerate(batches, 1):
        problem = _batch_problem(batch)
        if problem:
            return f"removal {number}: {problem}"
    return None


def parse_trash(raw: bytes) -> list[dict[str, Any]]:
    """The batches of a trash file's bytes; ValueError saying why they are not a trash."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    problem = trash_problem(data)
    if problem:
        raise ValueError(problem)
    return list(data["batches"])


def read_trash(folder: Path) -> list[dict[str, Any]]:
    """The batches in the trash, oldest first; [] when there is no trash yet; `DamagedTrash` when it is not a trash."""
    path = folder / TRASH_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise LibraryError(f"{path}: the trash cannot be read ({os_reason(exc)}); nothing was changed") from None
    try:
        return parse_trash(raw)
    except ValueError as exc:
        raise DamagedTrash(path, str(exc)) from None


def readable_trash(folder: Path) -> list[dict[str, Any]]:
    """`read_trash` for what only consults the trash (the keys and list places it reserves): [] when it is damaged."""
    try:
        return read_trash(folder)
    except LibraryError:
        return []


def trash_damage(folder: Path) -> str | None:
    """"PATH: damaged trash (…)" when trash.json cannot be used; None when it can (or there is none)."""
    try:
        read_trash(folder)
    except LibraryError as exc:
        return str(exc)
    return None


def move_under_way(folder: Path) -> bool:
    """Whether a batch is marked as moving (a kill interrupted a removal or a restore); no parse when not."""
    try:
        raw = (folder / TRASH_FILE).read_bytes()
    except OSError:
        return False
    return b'"' + STATE.encode() + b'"' in raw


def write_trash(folder: Path, batches: list[dict[str, Any]]) -> None:
    """Replace the trash with `batches`, atomically; `WriteFailed` (one line) when the disk refuses."""
    from tui.core.store.jsonfile import WriteFailed

    path = folder / TRASH_FILE
    try:
        atomic_write_bytes(path, orjson.dumps({"batches": batches}, option=orjson.OPT_INDENT_2))
    except OSError as exc:
        raise WriteFailed(path, exc) from None


