"""The catalog beside papers.json: every paper's fields but its abstract, and where each record lies in the file.

papers.json stays the TinyDB file every version reads (the abstracts live
there). The catalog is derived from it, so a start reads a fraction of the
file's bytes instead of parsing the whole file into dicts. It names the exact papers.json it was
made from (size, modification and change times, inode) and a hash of its
own body, so a catalog that is stale, cut short or damaged is never
trusted: the store reads papers.json again and writes a new one. Written
after each write of papers.json, not durably (a crash costs a rebuild).
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable
from hashlib import blake2b
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tui.core.models import Paper, Shelf
from tui.core.store.atomic import atomic_replace

if TYPE_CHECKING:
    import numpy as np

CATALOG_FILE = "papers.catalog"
#: Bump when the catalog's layout changes: an older catalog is then rebuilt.
VERSION = 1
_TEXT_FIELDS = ("title", "derived_title", "year", "venue", "url", "doi")


class Layout:
    """Where papers.json's records lie, by slot: the store's number for a paper's record during a session.

    Slots never change meaning while the library is open (a paper in
    another thread keeps reading through its slot); a write appends slots
    for new papers and moves the spans of all of them. A plain class, as
    `Catalog`, not a dataclass (why: `tui.core.records`); nothing compares layouts.
    """

    def __init__(self, papers: list[Paper], keys: array, docs: array, order: list[int]) -> None:
        self.papers = papers
        """The paper of each slot, as the file holds it."""
        self.keys = keys
        """Each record's TinyDB key (-1: give it a new one)."""
        self.docs = docs
        """Two numbers a slot: the record's first byte and the byte after it; -1 when it is written from memory."""
        self.order = order
        """The slots in the file's order."""

    @classmethod
    def empty(cls) -> Layout:
        return cls([], array("q"), array("q"), [])


def file_key(stat: os.stat_result) -> list[int]:
    """What names one papers.json: a rewrite (always a new file, renamed over it) changes the inode and times."""
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]


class Catalog:
    """A catalog as read: the papers (in file order, abstracts shelved), their layout and spans, the other tables."""

    def __init__(self, papers: list[Paper], layout: Layout, spans: array, tables: dict[str, Any], digest: str) -> None:
        self.papers, self.layout, self.spans, self.tables, self.digest = papers, layout, spans, tables, digest


def _body_hash(body: bytes = b"") -> blake2b:
    """The hash of the catalog's body, as written (fed piece by piece) and as checked (whole)."""
    return blake2b(body, digest_size=16)


def write_catalog(path: Path, key: list[int], digest: str, tables: dict[str, Any], layout: Layout, spans: array) -> None:
    """Write the catalog of the papers of `layout` (in file order); OSError when the disk refuses.

    Written a column at a time, never whole in memory (a large library's body is megabytes): the
    header line goes first with a placeholder where the hash of the body goes, and the hash,
    known at the end, is written over it before the file is renamed into place.
    """
    import numpy as np  # loaded by a write, never by a start

    papers = [layout.papers[slot] for slot in layout.order]
    names = sorted({p.list for p in papers})
    code = {name: i for i, name in enumerate(names)}
    order = np.array(layout.order, dtype=np.int64)
    doc_spans = _pairs(layout.docs)[order].ravel()
    held = np.array([-1 if (slot := p.shelf_slot) is None else slot for p in papers], dtype=np.int64)
    abstract_pairs = np.full((len(papers), 2), -1, dtype=np.int64)
    shelved = held >= 0
    abstract_pairs[shelved] = _pairs(spans)[held[shelved]]
    abstract_spans = abstract_pairs.ravel()
    inline = {str(i): papers[i].abstract for i in np.flatnonzero(~shelved).tolist() if papers[i].has_abstract}
    keys = np.frombuffer(layout.keys, dtype=np.int64)[order] if len(order) else order
    columns: list[tuple[str, Callable[[], Any]]] = [
        ("tables", lambda: tables),
        ("keys", lambda: keys),
        ("docs", lambda: doc_spans),
        ("spans", lambda: abstract_spans),
        ("inline", lambda: inline),
        ("lists", lambda: names),
        ("list", lambda: _numbers(array("q", (code[p.list] for p in papers)))),
        ("id", lambda: [p.id for p in papers]),
        ("seq", lambda: _numbers(array("q", (p.seq for p in papers)))),
        ("authors", lambda: [p.authors for p in papers]),
        ("tags", lambda: [p.tags for p in papers]),
        ("extra", lambda: {str(i): p.extra for i, p in enumerate(papers) if p.extra}),
    ]

    def texts(name: str) -> Callable[[], list[str]]:
        return lambda: [getattr(p, name) for p in papers]

    columns += [(name, texts(name)) for name in _TEXT_FIELDS]
    placeholder = "0" * 32  # as long as a body hash
    head = orjson.dumps({"catalog": VERSION, "file": key, "digest": digest, "n": len(papers), "body": placeholder})
    at = head.index(placeholder.encode())
    body = _body_hash()
    with atomic_replace(path, durable=False) as handle:
        handle.write(head + b"\n")
        for i, (name, column) in enumerate(columns):
            piece = (b"{" if i == 0 else b",") + orjson.dumps(name) + b":" + orjson.dumps(column(), option=orjson.OPT_SERIALIZE_NUMPY)
            body.update(piece)
            handle.write(piece)
        body.update(b"}")
        handle.write(b"}")
        handle.flush()
        os.pwrite(handle.fileno(), body.hexdigest().encode(), at)


def _pairs(values: array) -> np.ndarray:
    """Two numbers a slot, as rows."""
    import numpy as np

    return np.frombuffer(values, dtype=np.int64).reshape(-1, 2) if len(values) else np.zeros((0, 2), np.int64)


def _numbers(values: array) -> np.ndarray:
    """Integers as orjson writes a list of them, without an int object each (numpy: loaded by a write, never by a start)."""
    import numpy as np

    return np.frombuffer(values, dtype=np.int64) if len(values) else np.zeros(0, np.int64)


def read_catalog(path: Path, key: list[int], shelf: Shelf) -> Catalog | None:
    """The catalog of the papers.json named by `key`, its papers shelved on `shelf`; None when missing, stale or damaged."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, _, body = raw.partition(b"\n")
    del raw
    try:
        header = orjson.loads(head)
        if not isinstance(header, dict) or header.get("catalog") != VERSION or header.get("file") != key:
            return None
        if header.get("body") != _body_hash(body).hexdigest():
            return None
        data = orjson.loads(body)
        del body
        return _catalog(data, header, shelf)
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def _catalog(data: dict[str, Any], header: dict[str, Any], shelf: Shelf) -> Catalog:
    n = int(header["n"])
    ids, names, codes = data["id"], data["lists"], data["list"]
    spans, docs, inline, extra = array("q", data["spans"]), array("q", data["docs"]), data["inline"], data["extra"]
    titles, derived, years, venues, urls, dois = (data[name] for name in _TEXT_FIELDS)
    seqs, authors, tags = data["seq"], data["authors"], data["tags"]
    if not all(len(column) == n for column in (ids, codes, seqs, authors, tags, titles, derived, years, venues, urls, dois)):
        raise ValueError("columns of different lengths")
    if len(spans) != 2 * n or len(docs) != 2 * n:
        raise ValueError("spans of a different length")
    common: dict[str, str] = {}  # one string object for each repeated year and venue
    inline = {int(i): text for i, text in inline.items()}
    extra = {int(i): found for i, found in extra.items()}
    lists = [names[c] for c in codes]
    shelve = Paper.shelve
    papers: list[Paper] = []
    append = papers.append
    columns = zip(ids, lists, seqs, titles, derived, authors, years, venues, urls, dois, tags, strict=True)
    for i, (pid, name, seq, title, derived_title, people, year, venue, url, doi, tagged) in enumerate(columns):
        paper = Paper(
            pid, inline.get(i, "") if inline else "", name, seq, title, derived_title, tuple(people),
            common.setdefault(year, year), common.setdefault(venue, venue), url, doi, tuple(tagged),
            (extra.get(i) or {}) if extra else {},
        )
        if spans[2 * i] >= 0:
            shelve(paper, shelf, i)
        append(paper)
    keys = array("q", data["keys"])
    if len(keys) != n or not all(isinstance(t, dict) for t in data["tables"].values()):
        raise ValueError("keys of a different length, or a table that is not one")
    layout = Layout(papers, keys, docs, list(range(n)))
    return Catalog(papers, layout, spans, data["tables"], str(header["digest"]))
