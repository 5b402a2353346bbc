"""The small value types the rest of paperdesk passes around: papers and annotations."""

from __future__ import annotations

import datetime as _dt
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any, Protocol


def normalize_space(text: str) -> str:
    """Collapse every run of whitespace to one space, so re-wrapped text hashes the same.

    Most long text (every abstract an import hashes, several times) is
    already normalized: a few substring scans say so and return it as it is,
    several times quicker than splitting it into words, and allocating nothing.
    """
    if (
        len(text) > 100
        and text.isascii()
        and "  " not in text
        and "\n" not in text
        and "\t" not in text
        and "\r" not in text
        and "\x0b" not in text
        and "\x0c" not in text
        and "\x1c" not in text
        and "\x1d" not in text
        and "\x1e" not in text
        and "\x1f" not in text
        and text[:1] != " "
        and text[-1:] != " "
    ):
        return text
    return " ".join(text.split())


#: Abstracts scraped exports put where there is none; they name no paper.
BOILERPLATE_ABSTRACTS = frozenset(
    {
        "", "part of", "abstract", "no abstract", "no abstract available", "abstract not available",
        "abstract unavailable", "not available", "n a", "na", "none", "null", "tba", "tbd", "to appear",
        "coming soon", "missing", "abstract missing", "no abstract provided", "abstract forthcoming",
    }
)
#: An abstract shorter than this (in words) is too generic to tell papers apart.
SPECIFIC_WORDS = 15


def is_specific_abstract(abstract: str) -> bool:
    """True when the abstract is long and specific enough to name one paper.

    Boilerplate ("Part of", "No abstract available.", "Abstract", empty) and
    very short abstracts are stored and shown but never used for identity;
    `BOILERPLATE_ABSTRACTS` names the common ones (tests check each is caught).
    """
    # Every boilerplate phrase is far shorter than SPECIFIC_WORDS words, so length alone decides.
    return len(abstract.split(None, SPECIFIC_WORDS)) > SPECIFIC_WORDS - 1


def abstract_basis(abstract: str) -> tuple[str, bool]:
    """(the abstract as ids are made from it: spacing normalized, whether it is specific enough to name a paper)."""
    basis = normalize_space(abstract)
    # `is_specific_abstract`, for text whose words are one space apart: counting them allocates nothing,
    # and the first 200 characters almost always hold enough (counting all 1,500 costs 0.1 s at 50,000).
    return basis, basis.count(" ", 0, 200) >= SPECIFIC_WORDS - 1 or basis.count(" ") >= SPECIFIC_WORDS - 1


def paper_id(abstract: str, title: str = "", basis: tuple[str, bool] | None = None) -> str:
    """A short stable id: twelve hex digits of SHA-1 over what names the paper.

    A long, specific abstract is the basis (whitespace-normalized, so a list
    imported twice, re-wrapped or with CRLF line ends maps onto the papers
    already stored) — the rule every library written before issue 13 used, so
    stored ids and the annotations keyed on them stay valid. A paper whose
    abstract is boilerplate or very short is keyed by its case-folded title;
    with neither, by whatever abstract text there is. `basis` is the
    abstract's `abstract_basis`, when the caller has it already.
    """
    import hashlib  # OpenSSL-backed: loaded on first use, not at start-up

    text, specific = basis or abstract_basis(abstract)
    if not specific and normalize_space(title):
        text = "title:" + normalize_space(title).casefold()
    elif not text:
        text = "title:"
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def variant_id(pid: str, salt: str) -> str:
    """Another stable id for a paper whose natural id is taken by a different paper."""
    import hashlib

    return hashlib.sha1(f"{pid}|{salt}".encode()).hexdigest()[:12]


def utc_now() -> str:
    """The current time as stored in annotations and exports: ISO-8601, UTC, whole seconds."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def day(stamp: str) -> str:
    """The date part (YYYY-MM-DD) of a stored time stamp, as lists and exports show it."""
    return stamp[:10]


class Status(str, Enum):
    """Where a paper stands in the reader's queue; the value is what is stored."""

    UNREAD = "unread"
    TO_READ = "to-read"
    READING = "reading"
    READ = "read"
    SKIPPED = "skipped"


_OPTIONAL_PAPER_FIELDS = ("title", "derived_title", "authors", "year", "venue", "url", "doi", "tags", "extra")


class Shelf(Protocol):
    """Where stored abstracts wait on disk until read (`store.shelf`): slot -> the text."""

    def text(self, slot: int) -> str: ...


@dataclass(slots=True)
class Paper:
    """One paper as imported: its text and metadata, never the reader's annotations.

    `derived_title` is computed once at import (from the abstract) and stored,
    so start-up never re-derives titles; `title` is a title that came with the
    data and wins over the derived one.

    A stored paper's abstract stays on disk until read (`shelve`): abstracts
    are most of a library's bytes, and a list, a search or a start needs
    none of them. Reading `abstract` then costs one small file read.
    """

    id: str
    abstract: str
    list: str
    seq: int = 0
    title: str = ""
    derived_title: str = ""
    authors: tuple[str, ...] = ()
    year: str = ""
    venue: str = ""
    url: str = ""
    doi: str = ""
    tags: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    _shelf: Shelf | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def has_abstract(self) -> bool:
        """True when the abstract is not empty; never reads it from disk (a shelved one never is)."""
        held = _ABSTRACT.__get__(self, Paper)
        return held.__class__ is not str or bool(held)

    @property
    def shelf_slot(self) -> int | None:
        """Where `shelve` put the abstract, or None while the text is held in memory."""
        held = _ABSTRACT.__get__(self, Paper)
        return None if held.__class__ is str else held

    def shelve(self, shelf: Shelf, slot: int) -> None:
        """Let the abstract live on `shelf` (at `slot`) instead of in memory; it reads the same."""
        self._shelf = shelf  # first: a thread reading the abstract meanwhile sees the text or the slot, both valid
        _ABSTRACT.__set__(self, slot)

    def with_changes(self, **changes: Any) -> Paper:
        """`dataclasses.replace`, but a shelved abstract stays on its shelf (replace() would read it into memory:
        a migration or a list rename of 50,000 papers would hold every abstract until written), and several
        times quicker (an import renumbers every paper it adds)."""
        new = Paper(
            self.id, "", self.list, self.seq, self.title, self.derived_title, self.authors,
            self.year, self.venue, self.url, self.doi, self.tags, self.extra,
        )
        new._shelf = self._shelf
        _ABSTRACT.__set__(new, _ABSTRACT.__get__(self, Paper))
        for name, value in changes.items():
            setattr(new, name, value)  # `abstract` goes through its property: the text, held in memory
        return new

    def abstract_json(self) -> bytes:
        """The abstract as a JSON string, for a writer: bytes copied from a shelf that keeps them so
        (`ingest.spool`), else the text encoded."""
        held = _ABSTRACT.__get__(self, Paper)
        if held.__class__ is not str:
            as_json = getattr(self._shelf, "json", None)
            if as_json is not None:
                return as_json(held)
            held = self._shelf.text(held)  # type: ignore[union-attr]
        import orjson

        return orjson.dumps(held)

    def keep_in_memory(self) -> None:
        """Read a shelved abstract into memory: its place on disk is about to go (the paper was removed)."""
        _ABSTRACT.__set__(self, self.abstract)

    @property
    def shown_title(self) -> str:
        """The title to display when the reader has not renamed the paper."""
        return self.title or self.derived_title or "(untitled)"

    def to_doc(self, *, abstract: bool = True) -> dict[str, Any]:
        """The compact dict stored in TinyDB: empty fields are left out (and the abstract, when not wanted:
        a writer that copies it as JSON bytes, `abstract_json`, never reads it)."""
        doc: dict[str, Any] = {"id": self.id, "abstract": self.abstract} if abstract else {"id": self.id}
        doc["list"], doc["seq"] = self.list, self.seq
        # `_OPTIONAL_PAPER_FIELDS` in order, written out: a writer makes one doc a paper (a third quicker than a loop).
        if value := self.title:
            doc["title"] = value
        if value := self.derived_title:
            doc["derived_title"] = value
        if value := self.authors:
            doc["authors"] = list(value) if isinstance(value, tuple) else value
        if value := self.year:
            doc["year"] = value
        if value := self.venue:
            doc["venue"] = value
        if value := self.url:
            doc["url"] = value
        if value := self.doi:
            doc["doi"] = value
        if value := self.tags:
            doc["tags"] = list(value) if isinstance(value, tuple) else value
        if value := self.extra:
            doc["extra"] = value
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Paper:
        """Rebuild a paper from its stored dict, ignoring keys this version does not know."""
        return cls(
            id=str(doc["id"]),
            abstract=str(doc.get("abstract", "")),
            list=str(doc.get("list", "")),
            seq=int(doc.get("seq", 0)),
            title=str(doc.get("title", "")),
            derived_title=str(doc.get("derived_title", "")),
            authors=tuple(doc.get("authors", ())),
            year=str(doc.get("year", "")),
            venue=str(doc.get("venue", "")),
            url=str(doc.get("url", "")),
            doi=str(doc.get("doi", "")),
            tags=tuple(doc.get("tags", ())),
            extra=dict(doc.get("extra", {})),
        )


#: The slot that holds a paper's abstract: its text, or (an int) where its shelf keeps it.
_ABSTRACT = Paper.__dict__["abstract"]


def _abstract(paper: Paper) -> str:
    held = _ABSTRACT.__get__(paper, Paper)
    if held.__class__ is str:
        return held
    return paper._shelf.text(held)  # type: ignore[union-attr]


# The dataclass keeps `abstract` as a field (constructor, replace(), ==, repr read it as text); reading
# it goes through the shelf when the text is on disk. A property cannot be declared on a slots dataclass.
Paper.abstract = property(_abstract, _ABSTRACT.__set__, doc="The abstract's text (read from disk when shelved).")  # type: ignore[assignment]


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
