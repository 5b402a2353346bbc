"""Whether the annotations file holds what the reader made: each value of the type paperdesk writes, and what it sums to.

Reading is lenient (`Annotation.from_doc` reads a value it cannot use as the
default), so `"rating": "five"` from a hand edit or a sync tool would show as
unrated, and the next save would write it back as 0: the value would be gone
without a word. The store names such a value instead and opens the library
read-only (`wrong_values`). The summary (papers carrying annotations, notes,
saved views, followed authors) is what `store.written` records at every write and what
`paperdesk backups` lists, so an open can tell a file that lost annotations
behind paperdesk's back, and a backup says what it holds.
"""

from __future__ import annotations

from typing import Any

import orjson

from tui.core.models import Status
from tui.core.records import FieldRecord
from tui.core.words import plural

_STATUSES = frozenset(s.value for s in Status)
#: Annotation fields stored as text (a missing one reads as empty).
_TEXT_FIELDS = ("notes", "title", "created", "updated", "opened", "started", "finished")
_HIGHLIGHT_TEXT = ("comment", "prefix", "suffix", "created")


class Summary(FieldRecord):
    """What an annotations file holds, in the counts a reader recognises. A plain class (why: `tui.core.records`)."""

    def __init__(self, annotated: int = 0, notes: int = 0, views: int = 0, follows: int = 0) -> None:
        self.annotated, self.notes, self.views, self.follows = annotated, notes, views, follows

    def line(self) -> str:
        """"12 annotated papers, 5 notes" (and the saved views and followed authors, when there are any)."""
        views = f", {plural(self.views, 'saved view')}" if self.views else ""
        follows = f", {plural(self.follows, 'followed author')}" if self.follows else ""
        return f"{plural(self.annotated, 'annotated paper')}, {plural(self.notes, 'note')}{views}{follows}"

    def losses(self, now: Summary) -> str:
        """What `now` has fewer of than this summary: "0 annotated papers (was 12), 0 notes (was 5)"; "" when nothing."""
        counts = (
            ("annotated paper", now.annotated, self.annotated), ("note", now.notes, self.notes),
            ("saved view", now.views, self.views), ("followed author", now.follows, self.follows),
        )
        return ", ".join(f"{plural(n, word)} (was {old})" for word, n, old in counts if n < old)


def _docs(data: dict[str, Any], table: str) -> dict[str, Any]:
    docs = data.get(table)
    return docs if isinstance(docs, dict) else {}


def summarize(data: dict[str, Any]) -> Summary:
    """The counts of a checked file's data (`wrong_values` found nothing): `Annotation.is_annotated` on each document,
    read from the document itself (a file of 50,000 annotations is summed at each write)."""
    annotated = notes = 0
    for doc in _docs(data, "annotations").values():
        if not isinstance(doc, dict):
            continue
        text = doc.get("notes") or ""
        has_notes = bool(text.strip()) if isinstance(text, str) else False
        notes += has_notes
        annotated += bool(
            has_notes or doc.get("rating") or doc.get("status", "unread") != "unread" or doc.get("tags")
            or doc.get("title") or doc.get("highlights")
        )
    return Summary(annotated, notes, len(_docs(data, "views")), len(_docs(data, "follows")))


def shown(value: Any) -> str:
    """A stored value as JSON, short enough for a one-line message."""
    text = orjson.dumps(value).decode("utf-8")
    return text if len(text) <= 40 else text[:39] + "…"


def _highlight_problem(doc: Any) -> str | None:
    if not isinstance(doc, dict):
        return f"is {shown(doc)}, not a highlight"
    if not isinstance(doc.get("text"), str) or not doc["text"].strip():
        return "has no text"
    for name in _HIGHLIGHT_TEXT:
        if not isinstance(doc.get(name, ""), str):
            return f"{name} is {shown(doc[name])}, not text"
    start = doc.get("start", -1)
    if type(start) is not int:
        return f"start is {shown(start)}, not a whole number"
    return None


def annotation_problem(key: str, doc: Any) -> str | None:
    """Why one stored annotation is not as paperdesk writes it (None when it is); keys it does not know are left alone."""
    if not isinstance(doc, dict):
        return f"document {key} is {shown(doc)}, not an annotation"
    pid = doc.get("id")
    if not isinstance(pid, str) or not pid:
        return f"document {key} names no paper (its id is {shown(pid)})"
    where = f"paper {pid}"
    for name in _TEXT_FIELDS:
        if not isinstance(doc.get(name, ""), str):
            return f"{where}: {name} is {shown(doc[name])}, not text"
    rating = doc.get("rating", 0)
    if type(rating) is not int or not 0 <= rating <= 5:
        return f"{where}: rating is {shown(rating)}, not a whole number from 0 to 5"
    status = doc.get("status", "unread")
    if not isinstance(status, str) or status not in _STATUSES:
        return f"{where}: status is {shown(status)}, not one of {', '.join(s.value for s in Status)}"
    tags = doc.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        return f"{where}: tags are {shown(tags)}, not a list of words"
    highlights = doc.get("highlights", [])
    if not isinstance(highlights, list):
        return f"{where}: highlights are {shown(highlights)}, not a list"
    for number, highlight in enumerate(highlights, 1):
        problem = _highlight_problem(highlight)
        if problem:
            return f"{where}: highlight {number} {problem}"
    return None


def _view_problem(key: str, doc: Any) -> str | None:
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str) or not isinstance(doc.get("query", ""), str):
        return f"saved view {key} is {shown(doc)}, not a name and a query"
    return None


def _follow_problem(key: str, doc: Any) -> str | None:
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
        return f"followed author {key} is {shown(doc)}, not a name"
    return None


def _duplicates(docs: dict[str, Any]) -> list[str]:
    """Papers with more than one annotation document: the store reads one per paper, so the others would be dropped
    without a word at the next write; each is named with its documents."""
    where: dict[str, list[str]] = {}
    for key, doc in docs.items():
        if isinstance(doc, dict) and isinstance(doc.get("id"), str) and doc["id"]:
            where.setdefault(doc["id"], []).append(key)
    return [f"paper {pid} has {len(keys)} annotations (documents {', '.join(keys)})" for pid, keys in where.items() if len(keys) > 1]


def wrong_values(data: dict[str, Any]) -> str | None:
    """The first value of the wrong type in the file's data (or paper annotated twice), and how many more there are;
    None when every one is right."""
    docs = _docs(data, "annotations")
    found = [problem for key, doc in docs.items() if (problem := annotation_problem(key, doc))]
    found += _duplicates(docs)
    found += [problem for key, doc in _docs(data, "views").items() if (problem := _view_problem(key, doc))]
    found += [problem for key, doc in _docs(data, "follows").items() if (problem := _follow_problem(key, doc))]
    if not found:
        return None
    more = f" (and {plural(len(found) - 1, 'more wrong value')})" if len(found) > 1 else ""
    return found[0] + more
