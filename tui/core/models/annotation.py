"""What the reader writes about a paper: status, rating, tags, notes, highlights."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any

from tui.core.models.paper import Paper


class Status(str, Enum):
    """Where a paper stands in the reader's queue; the value is what is stored."""

    UNREAD = "unread"
    TO_READ = "to-read"
    READING = "reading"
    READ = "read"
    SKIPPED = "skipped"



@dataclass(frozen=True, slots=True)
class Highlight:
    """A passage of the abstract the reader marked, with an optional one-line comment.

    Anchored like a W3C Web Annotation TextQuoteSelector: `text` is the exact
    passage (of the abstract as shown, LaTeX as Unicode), `prefix`/`suffix` a
    little of what surrounds it, and `start` its offset, only a hint
    (`core.highlights` finds it again when the abstract changes). `created`
    tells two highlights of the same text apart.
    """

    text: str
    comment: str = ""
    prefix: str = ""
    suffix: str = ""
    start: int = -1
    created: str = ""

    def to_doc(self) -> dict[str, Any]:
        """The dict stored in the annotation (and `list --json`'s fields, plus `created`)."""
        return {"text": self.text, "comment": self.comment, "prefix": self.prefix, "suffix": self.suffix,
                "start": self.start, "created": self.created}

    @classmethod
    def from_doc(cls, doc: Any) -> Highlight | None:
        """Rebuild from a stored dict; None for a record a hand edit broke (it has no text)."""
        if isinstance(doc, Highlight):
            return doc
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str) or not doc["text"].strip():
            return None
        start = doc.get("start", -1)
        return cls(
            text=doc["text"],
            comment=" ".join(str(doc.get("comment", "") or "").split()),
            prefix=str(doc.get("prefix", "") or ""),
            suffix=str(doc.get("suffix", "") or ""),
            start=start if isinstance(start, int) and not isinstance(start, bool) else -1,
            created=str(doc.get("created", "") or ""),
        )


def highlights_from(value: Any) -> tuple[Highlight, ...]:
    """Stored highlights (a list of dicts, or Highlights) as a tuple, dropping broken records."""
    if not isinstance(value, (list, tuple)):
        return ()
    found = (Highlight.from_doc(doc) for doc in value)
    return tuple(h for h in found if h is not None)


#: Fields of an annotation the reader edits (the rest are timestamps).
EDITABLE_FIELDS = ("notes", "rating", "status", "tags", "title", "highlights")
#: Time stamps a save may set: "opened" by the reader, "started"/"finished" as the status moves.
DATED_FIELDS = ("opened", "started", "finished")


@dataclass(slots=True)
class Annotation:
    """What the reader wrote about one paper, keyed by the paper's id.

    Timestamps are ISO-8601 strings in UTC: `opened` when the paper was first
    shown, `started` when it first became "reading", `finished` when it first
    became "read"; `created`/`updated` track the record itself.
    """

    id: str
    notes: str = ""
    rating: int = 0
    status: Status = Status.UNREAD
    tags: tuple[str, ...] = ()
    title: str = ""
    created: str = ""
    updated: str = ""
    opened: str = ""
    started: str = ""
    finished: str = ""
    highlights: tuple[Highlight, ...] = ()

    @property
    def is_annotated(self) -> bool:
        """True when the reader has said anything about the paper."""
        return bool(
            self.notes.strip() or self.rating or self.status is not Status.UNREAD or self.tags or self.title or self.highlights
        )

    @property
    def carries_work(self) -> bool:
        """True when it holds notes, highlights, a rating or tags: removing the paper asks first (a status alone is cheap to redo)."""
        return bool(self.notes.strip() or self.rating or self.tags or self.highlights)

    def to_doc(self) -> dict[str, Any]:
        """The dict stored in TinyDB; no highlights, no key (a record as older versions wrote it)."""
        doc = asdict(self)
        doc["status"] = self.status.value
        doc["tags"] = list(self.tags)
        doc.pop("highlights")
        if self.highlights:
            doc["highlights"] = [h.to_doc() for h in self.highlights]
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Annotation:
        """Rebuild from a stored dict, tolerating missing or unknown keys."""
        try:
            status = Status(doc.get("status", "unread"))
        except ValueError:
            status = Status.UNREAD
        try:
            rating = max(0, min(5, int(doc.get("rating", 0) or 0)))
        except (TypeError, ValueError):
            rating = 0
        tags = doc.get("tags") or ()
        return cls(
            id=str(doc.get("id", "")),
            notes=str(doc.get("notes", "") or ""),
            rating=rating,
            status=status,
            tags=tuple(str(t) for t in tags) if isinstance(tags, (list, tuple)) else (),
            title=str(doc.get("title", "") or ""),
            created=str(doc.get("created", "") or ""),
            updated=str(doc.get("updated", "") or ""),
            opened=str(doc.get("opened", "") or ""),
            started=str(doc.get("started", "") or ""),
            finished=str(doc.get("finished", "") or ""),
            highlights=highlights_from(doc.get("highlights")),
        )


def shown_title(paper: Paper, annotation: Annotation | None) -> str:
    """The title the reader sees: their own rename, else the data's, else the derived one."""
    if annotation is not None and annotation.title:
        return annotation.title
    return paper.shown_title


def source_tags(paper: Paper, annotation: Annotation | None) -> tuple[str, ...]:
    """The tags that came with the data (BibTeX `keywords`, Zotero's tags) and are not the reader's own.

    Shown beside the reader's, marked as the source's: a tag the reader kept (made theirs) shows once, as
    theirs; one they removed is gone from the paper (`usecases.annotate.drop_source_tags`).
    """
    mine = {t.casefold() for t in annotation.tags} if annotation is not None else set()
    return tuple(t for t in paper.tags if t.casefold() not in mine)
