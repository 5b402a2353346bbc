"""A paper as imported, whose abstract may wait on disk until read, and its stored form."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, Protocol

#: The fields `Paper.to_doc` writes only when set, in the order it writes them.
OPTIONAL_PAPER_FIELDS = ("title", "derived_title", "authors", "year", "venue", "url", "doi", "tags", "extra")


class Shelf(Protocol):
    """Where stored abstracts wait on disk until read (`store.shelf`): slot -> the text."""

    def text(self, slot: int) -> str: ...


@dataclass(slots=True)
class _PaperFields:
    """A paper's fields as the dataclass stores them, one slot each: `Paper` is what the rest uses."""

    id: str
    abstract: str  # `Paper.abstract` reads it: the text, or (an int) where the shelf keeps it
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


#: The slot behind `Paper.abstract`: the text, or (an int) where the paper's shelf keeps it.
_HELD: MemberDescriptorType = _PaperFields.__dict__["abstract"]


def _abstract_text(paper: _PaperFields) -> str:
    held = _HELD.__get__(paper, _PaperFields)
    if held.__class__ is str:
        return held
    shelf = paper._shelf
    assert shelf is not None  # `shelve` sets the shelf before the slot
    return shelf.text(held)


class Paper(_PaperFields):
    """One paper as imported: its text and metadata, never the reader's annotations.

    `derived_title` is computed once at import (from the abstract) and stored,
    so start-up never re-derives titles; `title` is a title that came with the
    data and wins over the derived one.

    A stored paper's abstract stays on disk until read (`shelve`): abstracts
    are most of a library's bytes, and a list, a search or a start needs
    none of them. Reading `abstract` then costs one small file read. The
    constructor, `==`, `repr` and `dataclasses.replace` see the text, as
    they would see a plain field.
    """

    __slots__ = ()

    if TYPE_CHECKING:  # the property below, as a type checker reads it (it cannot read `property(...)`)

        @property
        def abstract(self) -> str:
            """The abstract's text (read from its shelf when shelved)."""

        @abstract.setter
        def abstract(self, text: str) -> None: ...

    else:
        # The setter is the slot's own (no Python call): the constructor sets the abstract of every paper built.
        abstract = property(_abstract_text, _HELD.__set__, doc="The abstract's text (read from its shelf when shelved).")

    @property
    def has_abstract(self) -> bool:
        """True when the abstract is not empty; never reads it from disk (a shelved one never is)."""
        held = _HELD.__get__(self, Paper)
        return held.__class__ is not str or bool(held)

    @property
    def shelf_slot(self) -> int | None:
        """Where `shelve` put the abstract, or None while the text is held in memory."""
        held = _HELD.__get__(self, Paper)
        return None if held.__class__ is str else held

    def shelve(self, shelf: Shelf, slot: int) -> None:
        """Let the abstract live on `shelf` (at `slot`) instead of in memory; it reads the same."""
        self._shelf = shelf  # first: a thread reading the abstract meanwhile sees the text or the slot, both valid
        _HELD.__set__(self, slot)

    def with_changes(self, **changes: Any) -> Paper:
        """`dataclasses.replace`, but a shelved abstract stays on its shelf (replace() would read it into memory:
        a migration or a list rename would hold every abstract until written), and quicker (an import
        renumbers every paper it adds)."""
        new = Paper(
            self.id, "", self.list, self.seq, self.title, self.derived_title, self.authors,
            self.year, self.venue, self.url, self.doi, self.tags, self.extra,
        )
        new._shelf = self._shelf
        _HELD.__set__(new, _HELD.__get__(self, Paper))
        for name, value in changes.items():
            setattr(new, name, value)  # `abstract` goes through its property: the text, held in memory
        return new

    def abstract_json(self) -> bytes:
        """The abstract as a JSON string, for a writer: bytes copied from a shelf that keeps them so
        (`ingest.spool`), else the text encoded."""
        held = _HELD.__get__(self, Paper)
        if held.__class__ is not str:
            as_json = getattr(self._shelf, "json", None)
            if as_json is not None:
                return as_json(held)
            held = self.abstract
        import orjson

        return orjson.dumps(held)

    def keep_in_memory(self) -> None:
        """Read a shelved abstract into memory: its place on disk is about to go (the paper was removed)."""
        _HELD.__set__(self, self.abstract)

    @property
    def shown_title(self) -> str:
        """The title to display when the reader has not renamed the paper."""
        return self.title or self.derived_title or "(untitled)"

    def to_doc(self, *, abstract: bool = True) -> dict[str, Any]:
        """The compact dict stored in TinyDB: empty fields are left out (and the abstract, when not wanted:
        a writer that copies it as JSON bytes, `abstract_json`, never reads it)."""
        value: Any
        doc: dict[str, Any] = {"id": self.id, "abstract": self.abstract} if abstract else {"id": self.id}
        doc["list"], doc["seq"] = self.list, self.seq
        # `OPTIONAL_PAPER_FIELDS` in order, written out rather than looped over: a writer makes one doc a paper.
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
