"""papers.json as the store uses it: papers loaded without their abstracts, writes streamed record by record.

The file is the TinyDB document store every version of paperdesk reads
and writes ({"papers": {"1": {...}, ...}, "formats": {...}}). Loading reads
the catalog beside it (`store.catalog`) when that names this very file,
else reads the file a record at a time (`store.scan`) and writes a new
catalog; the abstracts stay in the file (`store.shelf`). A write copies
the records that did not change byte for byte (keys this version does not
know survive, in a replaced record too), writes the new ones, and renames the result over the old
file: a reader sees the old file or the new one. Memory never holds the
whole file, whatever its size.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Mapping
from hashlib import blake2b
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import orjson

from tui.core.errors import LibraryError, ReadOnlyLibrary, os_reason
from tui.core.models import OPTIONAL_PAPER_FIELDS, Paper
from tui.core.store.atomic import atomic_replace
from tui.core.store.catalog import CATALOG_FILE, Layout, file_key, read_catalog, write_catalog
from tui.core.store.jsonfile import AtomicJSONStorage, DamagedFile, WriteFailed
from tui.core.store.shelf import AbstractShelf, OpenFile

if TYPE_CHECKING:
    from tui.core.store.scan import Record

#: Bytes copied at a time from the old file to the new.
_COPY = 1 << 20


class PapersFile:
    """papers.json, its catalog and the shelf its abstracts are read from; one per open library."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        self.shelf = AbstractShelf()
        self.layout = Layout.empty()
        self.tables: dict[str, Any] = {}
        """The file's other tables (formats), as parsed."""
        self.digest: str | None = None
        """A hash of the file as loaded or last written (None: no file, or memory changed without it)."""
        self._key: list[int] | None = None

    @property
    def catalog_path(self) -> Path:
        return self.path.with_name(CATALOG_FILE)

    # -- loading -------------------------------------------------------------------------------

    def load(self) -> list[Paper]:
        """The stored papers in file order ([] when there is no file); a damaged file raises `DamagedFile`."""
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot be read ({os_reason(exc)})") from None
        file = OpenFile(fd)
        self._key = file_key(os.fstat(fd))
        found = read_catalog(self.catalog_path, self._key, self.shelf)
        if found is not None:
            self.shelf.move_to(file, found.spans)
            self.layout, self.tables, self.digest = found.layout, found.tables, found.digest
            return found.papers
        papers = self._scan(file)
        if not self.read_only:
            self.save_catalog()
        return papers

    def _scan(self, file: OpenFile) -> list[Paper]:
        from tui.core.store.scan import Unfollowable, scan  # a start with a current catalog never scans: its regexes stay uncompiled

        layout, spans = Layout.empty(), array("q")

        def take(record: Record) -> None:
            paper = _paper(record.doc, self.path)
            slot = len(layout.papers)
            layout.papers.append(paper)
            layout.keys.append(record.key)
            layout.docs.extend(record.at)
            layout.order.append(slot)
            spans.extend(record.abstract_at or (-1, -1))
            if record.abstract_at is not None:
                paper.shelve(self.shelf, slot)

        try:
            with os.fdopen(os.dup(file.fd), "rb") as handle:
                found = scan(handle, take)
        except Unfollowable:
            return self._parse_whole()
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot be read ({os_reason(exc)})") from None
        self.shelf.move_to(file, spans)
        self.layout, self.tables, self.digest = layout, found.tables, found.digest
        return layout.papers

    def _parse_whole(self) -> list[Paper]:
        """The file parsed at once, as before catalogs: it names a damaged file's damage; papers hold their abstracts."""
        whole = AtomicJSONStorage(self.path, read_only=True)
        data = whole.read() or {}
        docs = data.pop("papers", {})
        papers = [_paper(doc, self.path) for doc in docs.values()]
        keys = array("q", (int(k) if k.isdigit() and k.isascii() else -1 for k in docs))
        n = len(papers)
        self.layout = Layout(papers, keys, array("q", [-1]) * (2 * n), list(range(n)))
        self.shelf.move_to(None, array("q", [-1]) * (2 * n))
        self.tables, self.digest = data, whole.digest
        return list(papers)

    def save_catalog(self) -> None:
        """Write the catalog of the file as loaded or last written (a failure only costs the next start a scan)."""
        if self._key is None or self.digest is None:
            return
        try:
            write_catalog(self.catalog_path, self._key, self.digest, self.tables, self.layout, self.shelf.spans)
        except OSError:
            pass

    # -- writing -------------------------------------------------------------------------------

    def write(self, added: list[Paper], replaced: Mapping[str, Paper], removed: set[str], tables: dict[str, Any]) -> None:
        """Store the change in ONE atomic write, then read the abstracts of new and replaced papers from the new file.

        On failure (`WriteFailed`, `ReadOnlyLibrary`) the file, the catalog
        and every paper are as before. The catalog follows.
        """
        if self.read_only:
            raise ReadOnlyLibrary(f"{self.path}: the library is open read-only")
        if self.changed_outside():
            raise LibraryError(
                f"{self.path}: changed outside paperdesk since the library was opened; nothing written over it "
                "(close the library and open it again to read it)"
            )
        try:
            with atomic_replace(self.path, buffering=_COPY) as handle:
                out = _Out(handle)
                layout, spans, shelve, gone = self._stream(out, added, replaced, removed, tables)
                out.flush()
        except OSError as exc:
            raise WriteFailed(self.path, exc) from None
        self.tables = tables
        try:
            new = OpenFile(os.open(self.path, os.O_RDONLY))
            self._key, self.digest = file_key(os.fstat(new.fd)), out.hash.hexdigest()
        except OSError:  # written, but cannot be opened again: the texts stay in memory, the next write is from memory
            for paper, _ in shelve:
                paper.keep_in_memory()
            layout.docs = array("q", [-1]) * len(layout.docs)
            self.layout, self._key, self.digest = layout, None, None
            kept = array("q", self.shelf.spans)  # the old file's spans still serve the papers that were in it
            kept.extend(array("q", [-1]) * (len(layout.docs) - len(kept)))
            self.shelf.move_to(self.shelf.file, kept)
            return
        for paper in gone:
            paper.keep_in_memory()  # its record is not in the new file
        self.shelf.move_to(new, spans)
        for paper, slot in shelve:
            paper.shelve(self.shelf, slot)
        self.layout = layout
        self.save_catalog()

    def changed_outside(self) -> bool:
        """Whether papers.json is no longer the file loaded or last written here: another program (a sync tool, git)
        replaced or edited it. A write would put the papers as this library holds them over it, so it refuses instead.

        Its name (size, times, inode) first; a file named otherwise is hashed, and the same bytes written again are
        still ours. A file removed outside, or one this library never had, is not asked about: nothing of it to lose.
        """
        if self._key is None:
            return False
        try:
            now = file_key(os.stat(self.path))
            if now == self._key:
                return False
            found = blake2b(digest_size=16)
            with open(self.path, "rb") as handle:
                while chunk := handle.read(_COPY):
                    found.update(chunk)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot be read ({os_reason(exc)}); nothing written") from None
        if found.hexdigest() == self.digest:
            self._key = now
            return False
        return True

    def _stream(
        self, out: _Out, added: list[Paper], replaced: Mapping[str, Paper], removed: set[str], tables: dict[str, Any]
    ) -> tuple[Layout, array, list[tuple[Paper, int]], list[Paper]]:
        """Write the new file to `out`; return its layout and spans, the papers to shelve at their slots, and those gone."""
        old, old_file = self.layout, self.shelf.file
        layout = Layout(list(old.papers), array("q", old.keys), array("q", old.docs), [])
        spans = array("q", self.shelf.spans)
        shelve: list[tuple[Paper, int]] = []
        gone: list[Paper] = []  # removed: their text moves to memory, their slots to nowhere
        run: list[int] = []  # slots of unchanged records next to each other in the old file
        out.put(b'{"papers":{')
        next_key = max((old.keys[slot] for slot in old.order if old.papers[slot].id not in removed), default=0) + 1
        for slot in old.order:
            paper = old.papers[slot]
            if paper.id in removed:
                _copy_run(out, old_file, old, run, layout, spans)
                gone.append(paper)
                spans[2 * slot] = spans[2 * slot + 1] = -1
                continue
            new = replaced.get(paper.id)
            layout.order.append(slot)
            if new is None and old.docs[2 * slot] >= 0 and old.keys[slot] >= 0:
                run.append(slot)
                continue
            _copy_run(out, old_file, old, run, layout, spans)
            if old.keys[slot] < 0:
                layout.keys[slot], next_key = next_key, next_key + 1
            foreign = _foreign(old_file, old, slot) if new is not None else None
            layout.papers[slot] = paper = new if new is not None else paper
            if _put_record(out, layout, spans, slot, paper, foreign):
                shelve.append((paper, slot))
        _copy_run(out, old_file, old, run, layout, spans)
        for paper in added:
            slot = len(layout.papers)
            layout.papers.append(paper)
            layout.keys.append(next_key)
            next_key += 1
            layout.docs.extend((-1, -1))
            spans.extend((-1, -1))
            layout.order.append(slot)
            if _put_record(out, layout, spans, slot, paper):
                shelve.append((paper, slot))
        out.put(b"}")
        for name, table in tables.items():
            if name != "papers":
                out.put(b"," + orjson.dumps(name) + b":" + orjson.dumps(table))
        out.put(b"}")
        return layout, spans, shelve, gone


class _Out:
    """The new file as it is written: where the next byte goes, and a hash of all of them.

    Small pieces (three a record) are gathered and handed on a mebibyte at a time: a write
    and a hash update per piece cost more than the bytes.
    """

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.at = 0
        self.records = 0
        self.hash = blake2b(digest_size=16)
        self._waiting = bytearray()

    def put(self, data: bytes) -> None:
        self.at += len(data)
        if len(data) >= _COPY:  # a run of records copied from the old file: on at once
            self.flush()
            self.hash.update(data)
            self.handle.write(data)
            return
        self._waiting += data
        if len(self._waiting) >= _COPY:
            self.flush()

    def flush(self) -> None:
        """Hand on what is waiting (call once the last piece is put)."""
        if self._waiting:
            self.hash.update(self._waiting)
            self.handle.write(self._waiting)
            self._waiting.clear()


def _copy_run(out: _Out, file: OpenFile | None, old: Layout, run: list[int], layout: Layout, spans: array) -> None:
    """Copy unchanged records next to each other (with the keys and commas between them) byte for byte, and empty
    `run`; their spans move by one offset."""
    if not run:
        return
    assert file is not None
    start, end = old.docs[2 * run[0]], old.docs[2 * run[-1] + 1]
    out.put((b"," if out.records else b"") + b'"%d":' % old.keys[run[0]])
    out.records += len(run)
    shift = out.at - start
    at = start
    while at < end:
        chunk = file.read(min(_COPY, end - at), at)
        if not chunk:
            raise OSError(5, "papers.json ended early")
        out.put(chunk)
        at += len(chunk)
    for slot in run:
        layout.docs[2 * slot] += shift
        layout.docs[2 * slot + 1] += shift
        if spans[2 * slot] >= 0:
            spans[2 * slot] += shift
            spans[2 * slot + 1] += shift
    run.clear()


#: The keys of a paper's record this version writes (`Paper.to_doc`); a record's other keys are a newer version's.
_OWN_KEYS = frozenset({"id", "abstract", "list", "seq", *OPTIONAL_PAPER_FIELDS})


def _foreign(file: OpenFile | None, old: Layout, slot: int) -> dict[str, Any] | None:
    """The keys of the old record at `slot` that this version does not know (a newer version's), to keep when the
    paper is written anew; None when there are none or the record is not in the old file."""
    start, end = old.docs[2 * slot], old.docs[2 * slot + 1]
    if file is None or start < 0:
        return None
    try:
        doc = orjson.loads(file.read(end - start, start))
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(doc, dict):
        return None
    return {k: v for k, v in doc.items() if k not in _OWN_KEYS} or None


def _put_record(out: _Out, layout: Layout, spans: array, slot: int, paper: Paper, foreign: dict[str, Any] | None = None) -> bool:
    """Write one record from memory at `slot`; True when its abstract is in the file (to be shelved there).

    The record is `{"id":…,"abstract":…,` then the other fields, as every version writes it (orjson's
    compact form); the abstract goes in as the JSON bytes it waits on disk as during an import,
    never decoded and encoded again, and the record is put together from its pieces (no second dict).
    """
    text = paper.abstract_json()
    doc = paper.to_doc(abstract=False)
    if foreign:
        doc.update(foreign)  # a newer version's keys in the record this one replaces: kept, as in a copied record
    key = b',"%d":' % layout.keys[slot] if out.records else b'"%d":' % layout.keys[slot]
    head = b'%b{"id":%b,"abstract":' % (key, orjson.dumps(doc.pop("id")))
    start = out.at + len(key)
    out.records += 1
    out.put(b"%b%b,%b" % (head, text, orjson.dumps(doc)[1:]))  # `doc` always holds list and seq
    layout.docs[2 * slot], layout.docs[2 * slot + 1] = start, out.at
    if len(text) > 2:
        abstract_at = start - len(key) + len(head) - len(b'"abstract":')
        spans[2 * slot], spans[2 * slot + 1] = abstract_at, abstract_at + len(b'"abstract":') + len(text)
        return True
    spans[2 * slot] = spans[2 * slot + 1] = -1
    return False


def _paper(doc: Any, path: Path) -> Paper:
    try:
        return Paper.from_doc(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DamagedFile(path, f"a paper record is malformed: {exc!r}") from None
