"""A paper as imported, whose abstract may wait on disk until read, and its stored form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

#: The fields `Paper.to_doc` writes only when set, in the order it writes them.
OPTIONAL_PAPER_FIELDS = ("title", "derived_title", "authors", "year", "venue", "url", "doi", "tags", "extra", "citekey")


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

    `citekey` is the paper's citation key, given once when it enters the
    library (`core.cite.keys`) and never changed by paperdesk afterwards:
    documents that cite it keep working. It comes last so that positional
    construction (the catalog, `with_changes`) stays as it was.
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
    citekey: str = ""
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
            self.year, self.venue, self.url, self.doi, self.tags, self.extra, self.citekey,
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
        # `OPTIONAL_PAPER_FIELDS` in order, written out: a writer makes one doc a paper (a third quicker than a loop).
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
        if value := self.citekey:
            doc["citekey"] = value
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
            citekey=str(doc.get("citekey", "")),
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
