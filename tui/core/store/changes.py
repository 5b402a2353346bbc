"""What a save does to an annotation: the fields it may set, their checks, and the dates it fills in."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tui.core.models import DATED_FIELDS, EDITABLE_FIELDS, Annotation, Status, highlights_from

#: Everything a save may set.
SAVABLE_FIELDS = frozenset(EDITABLE_FIELDS + DATED_FIELDS)


def normalized(old: Annotation, changes: dict[str, Any], now: str) -> dict[str, Any]:
    """`changes` checked and in stored form: `opened=True` keeps the first date, tags a tuple.

    Raises `ValueError` for an unknown field or a rating outside 0-5.
    """
    unknown = set(changes) - SAVABLE_FIELDS
    if unknown:
        raise ValueError(f"unknown annotation fields: {sorted(unknown)}")
    changes = dict(changes)
    if changes.get("opened") is True:  # "the reader opened it": keep the first date
        changes["opened"] = old.opened or now
    if "status" in changes:
        changes["status"] = Status(changes["status"])
    if "tags" in changes:
        changes["tags"] = tuple(changes["tags"])
    if "highlights" in changes:
        changes["highlights"] = highlights_from(changes["highlights"])
    if "rating" in changes:
        rating = int(changes["rating"])
        if not 0 <= rating <= 5:
            raise ValueError("rating must be between 0 and 5")
        changes["rating"] = rating
    return changes


def apply_changes(old: Annotation, changes: dict[str, Any], now: str) -> Annotation:
    """A new annotation with `changes` applied and the record and status dates filled in."""
    new = replace(old, **normalized(old, changes, now))
    new.created = old.created or now
    new.updated = now
    if new.status is Status.READING and not new.started:
        new.started = now
    if new.status is Status.READ and not new.finished:
        new.finished = now
    return new
