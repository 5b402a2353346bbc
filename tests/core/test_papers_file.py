"""papers.json read without its abstracts: the catalog beside it, the shelf the abstracts are read from, streamed writes.

Every open must give exactly the papers a whole parse of papers.json gives
(the previous versions' way), whether it reads the catalog, scans the file,
or falls back to the whole parse; a catalog that does not name the file is
never trusted; writes keep papers.json a TinyDB file any version reads.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from dataclasses import replace
from pathlib import Path

import orjson
import pytest

from tests.conftest import FIXTURES, stored_annotations
from tui.core.errors import LibraryError
from tui.core.library import Library
from tui.core.models import Annotation, Paper
from tui.core.store.catalog import CATALOG_FILE
from tui.core.store.formats import CITEKEY_RULE, CITEKEYS, TITLE_RULE
from tui.core.store.jsonfile import DamagedFile
from tui.core.store.papers_file import PapersFile
from tui.core.store.storage import PAPERS_FILE, LibraryStore
from tui.core.store.trash import TrashChange

ODD_TEXTS = [
    "Plain words about graphs and their sparsification, long enough to be an abstract of a paper.",
    'Quotes " and backslashes \\ and a fake key "abstract": "not me" inside, plus },{"id":"x"',
    "Accents é à ü, CJK 论文 图, an emoji 🧪 and math $\\epsilon$-VAE with \\u escapes written out.",
    "Line\nbreaks\tand\ttabs\r\nand control \x01 characters",
    "",
]


def whole(folder: Path) -> dict[str, Paper]:
    """The papers as the previous versions read them: papers.json parsed at once."""
    data = json.loads((folder / PAPERS_FILE).read_bytes())
    return {p.id: p for p in (Paper.from_doc(d) for d in data.get("papers", {}).values())}


def fields(paper: Paper) -> tuple:
    return (paper.id, paper.abstract, paper.list, paper.seq, paper.title, paper.derived_title, paper.authors,
            paper.year, paper.venue, paper.url, paper.doi, paper.tags, paper.extra)


def same_as_file(lib: LibraryStore) -> None:
    expected = whole(lib.folder)
    assert sorted(fields(p) for p in lib.papers) == sorted(fields(p) for p in expected.values())
    assert lib.papers_digest == hashlib.blake2b((lib.folder / PAPERS_FILE).read_bytes(), digest_size=16).hexdigest()


def reopened(folder: Path, *, scan: bool) -> None:
    """Open again read-only, through the catalog or (catalog deleted) through a scan, and compare with a whole parse."""
    if scan:
        (folder / CATALOG_FILE).unlink(missing_ok=True)
    with LibraryStore.open(folder, read_only=True) as lib:
        same_as_file(lib)


@pytest.mark.parametrize("name", ["library_main", "legacy_library"])
def test_a_library_the_previous_version_wrote_opens_with_every_annotation(name: str, tmp_path: Path) -> None:
    folder = tmp_path / name
    shutil.copytree(FIXTURES / name, folder)
    notes = stored_annotations(folder)
    assert notes and not (folder / CATALOG_FILE).exists()
    with Library.open(folder) as lib:  # scans papers.json (and migrates), writes the catalog
        same_as_file(lib)
        for doc in notes.values():
            assert lib.annotation(doc["id"]) == Annotation.from_doc(doc)
            assert lib.get(doc["id"]) is not None
    assert (folder / CATALOG_FILE).exists()
    with Library.open(folder) as lib:  # through the catalog
        same_as_file(lib)
        assert {pid: lib.annotation(pid).to_doc() for pid in lib.annotations()} == {
            d["id"]: Annotation.from_doc(d).to_doc() for d in notes.values()
        }
    json.loads((folder / PAPERS_FILE).read_bytes())  # still the TinyDB file the previous version reads


@pytest.mark.parametrize("layout", ["scanned", "parsed whole"])
def test_a_current_catalog_is_trusted_and_the_file_is_not_read_again(layout: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog's point: a start reads it, never papers.json; also after a file the scan gave up on (no record
    spans: every one -1, abstracts inline)."""
    from tui.core.store import scan

    folder = tmp_path / "lib"
    data = tinydb_style(folder)
    if layout == "parsed whole":  # two papers tables: the scan gives up, the last one counts
        (folder / PAPERS_FILE).write_bytes(b'{"papers":{},' + json.dumps(data).encode()[1:])
    PapersFile(folder / PAPERS_FILE).load()  # writes the catalog, not papers.json
    assert (folder / CATALOG_FILE).exists()

    def refuse(*_: object) -> None:
        raise AssertionError("papers.json scanned though its catalog is current")

    monkeypatch.setattr(scan, "scan", refuse)
    papers = PapersFile(folder / PAPERS_FILE, read_only=True).load()
    assert sorted(fields(p) for p in papers) == sorted(fields(p) for p in whole(folder).values())


@pytest.mark.parametrize("damage", ["truncated", "flipped", "garbage", "empty", "another library's", "file replaced"])
def test_a_damaged_or_stale_catalog_is_rebuilt_never_trusted(damage: str, library: Library, tmp_path: Path) -> None:
    folder = library.folder
    library.close()
    catalog = folder / CATALOG_FILE
    raw = catalog.read_bytes()
    if damage == "truncated":
        catalog.write_bytes(raw[: len(raw) // 2])
    elif damage == "flipped":
        at = len(raw) - 200
        catalog.write_bytes(raw[:at] + bytes([raw[at] ^ 1]) + raw[at + 1 :])
    elif damage == "garbage":
        catalog.write_bytes(b"\x00\xffnot a catalog\n{]")
    elif damage == "empty":
        catalog.write_bytes(b"")
    elif damage == "another library's":
        other = tmp_path / "other"
        with Library.open(other) as lib:
            lib.change_papers(lambda _: TrashChange(added=[Paper("dddddddddddd", ODD_TEXTS[0], "Other", seq=99_999)]))
        shutil.copy(other / CATALOG_FILE, catalog)
    else:  # papers.json rewritten by someone else: same papers, records in another order
        data = json.loads((folder / PAPERS_FILE).read_bytes())
        data["papers"] = dict(reversed(list(data["papers"].items())))
        (folder / PAPERS_FILE).write_text(json.dumps(data, indent=1))
    reopened(folder, scan=False)
    with LibraryStore.open(folder) as lib:  # the writer writes a good catalog again
        same_as_file(lib)
    assert catalog.read_bytes() != b"" and catalog.read_bytes().partition(b"\n")[0].startswith(b'{"catalog":')
    reopened(folder, scan=False)


def tinydb_style(folder: Path) -> dict:
    """A papers.json as TinyDB's own JSONStorage writes it (json.dumps: spaces, \\u escapes), with odd records."""
    papers = {
        "1": {"id": "aaaaaaaaaaa1", "abstract": ODD_TEXTS[0], "list": "L", "seq": 0, "future_field": {"kept": [1, 2]}},
        "2": {"list": "L", "seq": 1, "extra": {"abstract": "a nested decoy"}, "abstract": ODD_TEXTS[1], "id": "aaaaaaaaaaa2"},
        "3": {"id": "aaaaaaaaaaa3", "abstract": ODD_TEXTS[2], "list": "Ünï", "seq": 2, "title": "Tïtle", "authors": ["Ann Bé"]},
        "5": {"id": "aaaaaaaaaaa5", "list": "L", "seq": 3},
        "7": {"id": "aaaaaaaaaaa7", "abstract": ODD_TEXTS[3], "list": "L", "seq": 4, "tags": ["t1", "t2"]},
    }
    data = {"_default": {}, "papers": papers, "formats": {"1": {"titles": TITLE_RULE}}}
    folder.mkdir()
    (folder / PAPERS_FILE).write_text(json.dumps(data))
    return data


def test_a_tinydb_written_file_reads_and_unknown_keys_survive_a_write(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    data = tinydb_style(folder)
    with Library.open(folder) as lib:
        same_as_file(lib)
        assert lib.get("aaaaaaaaaaa2").abstract == ODD_TEXTS[1] and lib.get("aaaaaaaaaaa5").abstract == ""
        lib.add_lists([])
        new = Paper("bbbbbbbbbbb1", ODD_TEXTS[2], "New", seq=9)
        lib.change_papers(lambda _: TrashChange(added=[new], replaced={"aaaaaaaaaaa7": Paper("aaaaaaaaaaa7", "changed", "L", seq=4)}))
        assert new.shelf_slot is not None and new.abstract == ODD_TEXTS[2]
        same_as_file(lib)
    written = json.loads((folder / PAPERS_FILE).read_bytes())
    # The file was written before citation keys: opening gave each record its key, the unknown key kept.
    assert {k: v for k, v in written["papers"]["1"].items() if k != "citekey"} == data["papers"]["1"]
    assert {k: v for k, v in written["papers"]["2"].items() if k != "citekey"} == data["papers"]["2"]
    assert all(doc["citekey"] for doc in written["papers"].values())
    assert written["papers"]["7"]["abstract"] == "changed" and written["papers"]["8"]["id"] == "bbbbbbbbbbb1"
    assert written["_default"] == {} and written["formats"] == {"1": {**data["formats"]["1"], CITEKEYS: CITEKEY_RULE}}
    reopened(folder, scan=False)
    reopened(folder, scan=True)


def test_a_file_the_scan_cannot_follow_still_opens_as_before(tmp_path: Path) -> None:
    """Two "papers" tables: JSON says the last wins; the whole parse reads it so, and the next write is normal."""
    folder = tmp_path / "lib"
    folder.mkdir()
    first = {"1": {"id": "aaaaaaaaaaa1", "abstract": "gone", "list": "L"}}
    last = {"1": {"id": "aaaaaaaaaaa2", "abstract": ODD_TEXTS[2], "list": "L"}}
    (folder / PAPERS_FILE).write_bytes(b'{"papers":' + orjson.dumps(first) + b',"papers":' + orjson.dumps(last) + b"}")
    with LibraryStore.open(folder) as lib:
        assert [(p.id, p.abstract, p.shelf_slot) for p in lib.papers] == [("aaaaaaaaaaa2", ODD_TEXTS[2], None)]
        lib.change_papers(lambda _: TrashChange(added=[Paper("bbbbbbbbbbb1", ODD_TEXTS[0], "L", seq=1)]))
        same_as_file(lib)
        assert all(p.shelf_slot is not None for p in lib.papers)
    reopened(folder, scan=True)


def test_a_read_only_open_scans_in_memory_and_writes_nothing(library: Library) -> None:
    folder = library.folder
    library.close()
    (folder / CATALOG_FILE).unlink()
    with LibraryStore.open(folder, read_only=True) as lib:
        same_as_file(lib)
    assert not (folder / CATALOG_FILE).exists()


def test_a_record_moved_under_an_open_library_reads_as_nothing_not_as_another_paper(library: Library) -> None:
    """papers.json edited in place behind the library's back: a shelved abstract never reads another paper's text."""
    path = library.folder / PAPERS_FILE
    texts = {p.id: p.abstract for p in library.papers}
    raw = path.read_bytes()
    with open(path, "r+b") as handle:  # same file (same inode), every byte one place later
        handle.write(b" " + raw)
    for paper in library.papers:
        assert paper.abstract in ("", texts[paper.id])
    assert any(paper.abstract == "" for paper in library.papers if texts[paper.id])


def test_papers_held_across_writes_keep_reading_the_right_text(library: Library) -> None:
    held = {p.id: p for p in library.papers[:40]}
    texts = {pid: p.abstract for pid, p in held.items()}
    gone = list(held)[:10]
    library.remove_papers(gone, "test")
    library.change_papers(lambda _: TrashChange(added=[Paper("cccccccccccc", ODD_TEXTS[1], "New", seq=10_000)]))
    library.restore_papers()
    for pid, paper in held.items():
        assert paper.abstract == texts[pid]
    assert all(held[pid].shelf_slot is None for pid in gone)  # taken into memory before their records went
    same_as_file(library)


def test_random_writes_keep_memory_file_and_catalog_in_step(tmp_path: Path) -> None:
    rng = random.Random(14)
    folder = tmp_path / "lib"
    model: dict[str, Paper] = {}
    with LibraryStore.open(folder) as lib:
        for step in range(40):
            stored = [p.id for p in lib.papers]
            removed = set(rng.sample(stored, min(len(stored), rng.randint(0, 3)))) if step % 4 == 3 else set()
            keep = [pid for pid in stored if pid not in removed]
            replaced = {
                pid: Paper(pid, rng.choice(ODD_TEXTS) + str(step), lib.get(pid).list, lib.get(pid).seq, title=f"v{step}")
                for pid in rng.sample(keep, min(len(keep), rng.randint(0, 3)))
            }
            seq = max((p.seq for p in lib.papers), default=0) + 1
            added = [Paper(f"{step:06d}{k:06d}", rng.choice(ODD_TEXTS) * rng.randint(0, 3), "L", seq + k) for k in range(rng.randint(0, 6))]
            held = {p.id: p for p in lib.papers}
            before = {pid: p.abstract for pid, p in held.items()}
            change = TrashChange(added=list(added), replaced=dict(replaced), removed=set(removed))
            lib.change_papers(lambda _, change=change: change)
            for pid in removed:
                model.pop(pid)
            model.update({p.id: p for p in added} | replaced)
            assert sorted(fields(p) for p in lib.papers) == sorted(fields(p) for p in model.values())
            for pid, paper in held.items():  # objects from before the write read their text (a replaced one: either)
                assert paper.abstract in ((before[pid], model[pid].abstract) if pid in replaced else (before[pid],))
            same_as_file(lib)
            if step % 5 == 4:
                reopened(folder, scan=bool(step % 2))  # a scan deletes the catalog: the next write writes it again


def test_a_changed_copy_leaves_the_abstract_on_disk_and_is_stored_right(library: Library) -> None:
    """A migration or a list rename replaces many papers: their copies must not pull every abstract into memory."""
    papers = [p for p in library.papers if p.shelf_slot is not None][:5]
    copies = {p.id: p.with_changes(list="Renamed") for p in papers}
    for paper in papers:
        copy = copies[paper.id]
        assert copy.shelf_slot == paper.shelf_slot and copy == replace(paper, list="Renamed")
    assert papers[0].with_changes(abstract="given").abstract == "given"
    library.change_papers(lambda _: TrashChange(replaced=copies))
    same_as_file(library)
    assert [library.get(p.id).list for p in papers] == ["Renamed"] * 5


def test_a_file_written_but_not_opened_again_keeps_the_texts_in_memory(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of file descriptors right after the rename: the write stands, nothing reads a wrong text, the next write works."""
    from tui.core.store import papers_file

    real = papers_file.OpenFile

    def refuse(fd: int) -> None:
        real(fd)  # closes it when dropped
        raise OSError(24, "Too many open files")

    held = library.papers[:3]
    texts = [p.abstract for p in held]
    added = Paper("eeeeeeeeeeee", ODD_TEXTS[2], "New", seq=50_000)
    monkeypatch.setattr(papers_file, "OpenFile", refuse)
    library.change_papers(lambda _: TrashChange(added=[added], removed={held[0].id}, replaced={held[1].id: held[1].with_changes(title="T")}))
    monkeypatch.undo()
    assert [p.abstract for p in held] == texts and added.abstract == ODD_TEXTS[2]
    assert library.papers_digest is None  # nothing derived from a file it cannot read back
    expected = whole(library.folder)
    assert sorted(fields(p) for p in library.papers) == sorted(fields(p) for p in expected.values())
    library.change_papers(lambda _: TrashChange(added=[Paper("ffffffffffff", ODD_TEXTS[0], "New", seq=50_001)]))
    same_as_file(library)
    reopened(library.folder, scan=False)


def test_copying_a_paper_never_closes_the_file_its_abstract_is_read_from(library: Library) -> None:
    import copy
    import gc
    from dataclasses import asdict

    texts = [p.abstract for p in library.papers[:3]]
    copies = [copy.deepcopy(library.papers[0]), asdict(library.papers[1]), copy.copy(library.papers[2])]
    assert copies[1]["abstract"] == texts[1]
    del copies
    gc.collect()
    assert [p.abstract for p in library.papers[:3]] == texts and texts[0]


@pytest.mark.parametrize("through", ["scan", "catalog"])
def test_an_open_leaves_every_abstract_on_disk_whatever_the_layout(through: str, tmp_path: Path) -> None:
    """The point of the scan: memory holds no abstract after an open (each paper holds its slot), even where the file
    is laid out as TinyDB writes it, a record has an "abstract" key nested in it, or its text is not ASCII (an empty
    abstract is no abstract: held as "", nothing to read)."""
    folder = tmp_path / "lib"
    data = tinydb_style(folder)
    data["papers"]["9"] = {"id": "aaaaaaaaaaa9", "abstract": "", "list": "L", "seq": 5}
    (folder / PAPERS_FILE).write_text(json.dumps(data))
    LibraryStore.open(folder).close()  # writes the catalog
    if through == "scan":
        (folder / CATALOG_FILE).unlink()
    with LibraryStore.open(folder, read_only=True) as lib:
        for doc in data["papers"].values():
            paper = lib.get(doc["id"])
            assert paper is not None and paper.abstract == doc.get("abstract", "")
            assert (paper.shelf_slot is not None) == bool(doc.get("abstract")), doc["id"]  # None: held in memory
            assert paper.has_abstract == bool(doc.get("abstract"))


@pytest.mark.parametrize("layout", ["parsed whole", "scanned"])
def test_a_file_keeps_its_record_keys_and_odd_keys_get_new_ones(layout: str, tmp_path: Path) -> None:
    """Whether the scan reads the file or gives up (it is then parsed at once), its next write keeps each record's
    TinyDB key, and a key that is not a plain number ("x", Arabic-Indic "٣") gets a new one after the highest, never
    one already used."""
    folder = tmp_path / "lib"
    folder.mkdir()
    docs = {k: {"id": f"aaaaaaaaaaa{n}", "abstract": f"text {n}", "list": "L", "seq": n} for n, k in enumerate(["1", "x", "٣", "10"])}
    raw = b'{"papers":' + orjson.dumps(docs) + b"}"
    if layout == "parsed whole":
        raw = b'{"papers":{},' + raw[1:]  # two papers tables: the scan gives up
    (folder / PAPERS_FILE).write_bytes(raw)
    with LibraryStore.open(folder) as lib:
        assert [p.id for p in lib.papers] == [d["id"] for d in docs.values()]
        lib.change_papers(lambda _: TrashChange(added=[Paper("bbbbbbbbbbb1", "new", "L", seq=9)]))
    written = json.loads((folder / PAPERS_FILE).read_bytes())["papers"]
    assert {key: doc["id"] for key, doc in written.items()} == {
        "1": "aaaaaaaaaaa0", "11": "aaaaaaaaaaa1", "12": "aaaaaaaaaaa2", "10": "aaaaaaaaaaa3", "13": "bbbbbbbbbbb1"
    }


def test_a_scan_reads_a_chunk_at_a_time_and_follows_records_across_chunks() -> None:
    """Memory holds one chunk: every read asks for a chunk, never the rest of the file; records and abstracts that
    straddle a chunk's end are found at their exact bytes (text not ASCII: bytes are not characters)."""
    import io

    from tui.core.store import scan

    text = "Résumé of a paper on graphs, ünïcode 论文, quotes \" and \\ backslashes. " * 12
    docs = {str(k): {"id": f"{k:012d}", "abstract": f"{k} {text}", "list": "L", "seq": k} for k in range(1, 3500)}
    raw = json.dumps({"papers": docs, "formats": {"1": {"titles": TITLE_RULE}}}, indent=1, ensure_ascii=False).encode()
    assert len(raw) > 3 * scan.CHUNK

    class Handle(io.BytesIO):
        def __init__(self, raw: bytes) -> None:
            super().__init__(raw)
            self.asked: list[int | None] = []

        def read(self, size: int | None = -1, /) -> bytes:
            self.asked.append(size)
            return super().read(size)

    handle = Handle(raw)
    records: list[scan.Record] = []
    found = scan.scan(handle, records.append)
    assert all(isinstance(n, int) and 0 < n <= scan.CHUNK for n in handle.asked), handle.asked
    assert found.tables == {"formats": {"1": {"titles": TITLE_RULE}}}
    assert found.digest == hashlib.blake2b(raw, digest_size=16).hexdigest()
    assert [(r.key, r.doc) for r in records] == [(int(k), doc) for k, doc in docs.items()]
    for record in records:
        assert json.loads(raw[record.at[0] : record.at[1]]) == record.doc
        assert record.abstract_at is not None
        start, end = record.abstract_at
        assert json.loads(b"{" + raw[start:end] + b"}") == {"abstract": record.doc["abstract"]}


@pytest.mark.parametrize(
    "raw",
    [
        b'{"papers":{}{"formats":{}}',  # no comma between tables
        b'{"papers":{"1":{"id":"aaaaaaaaaaa1","list":"L"}}}\xc3',  # ends inside a UTF-8 character
        b'{"papers":{"1":{"id":"aaaaaaaaaaa1","list":"L"}}} x',  # text after the end, just past a chunk
    ],
)
def test_a_damaged_file_is_named_damaged_never_half_read(raw: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.store import scan

    monkeypatch.setattr(scan, "CHUNK", len(raw) - 1)  # the last byte comes in a second read
    path = tmp_path / PAPERS_FILE
    path.write_bytes(raw)
    with pytest.raises(DamagedFile):
        PapersFile(path).load()
    assert path.read_bytes() == raw and not (tmp_path / CATALOG_FILE).exists()


@pytest.mark.parametrize("raw", [b"{}", b'{"_default": {}}', b'{"formats": {"1": {}}}'])
def test_a_file_without_a_papers_table_opens_empty(raw: bytes, tmp_path: Path) -> None:
    path = tmp_path / PAPERS_FILE
    path.write_bytes(raw)
    papers_file = PapersFile(path)
    assert papers_file.load() == []
    assert papers_file.tables == {k: v for k, v in json.loads(raw).items()}


def test_an_abstract_is_looked_for_inside_its_own_record_only(tmp_path: Path) -> None:
    """A key spelled with an escape ("\\u0061bstract") is not found by the scan: that abstract stays in memory, never
    pointed at the next record's same text (its record may go, and the span with it)."""
    path = tmp_path / PAPERS_FILE
    path.write_bytes(
        b'{"papers":{"1":{"id":"aaaaaaaaaaa1","\\u0061bstract":"same text","list":"L","seq":1},'
        b'"2":{"id":"aaaaaaaaaaa2","abstract":"same text","list":"L","seq":2}}}'
    )
    papers_file = PapersFile(path)
    first, second = papers_file.load()
    assert first.abstract == second.abstract == "same text"
    papers_file.write([], {}, {second.id}, papers_file.tables)
    assert first.abstract == "same text"
    assert [p.abstract for p in PapersFile(path, read_only=True).load()] == ["same text"]
@pytest.mark.parametrize("through", ["scan", "whole parse"])
def test_a_malformed_record_is_one_line_naming_the_file_and_the_problem(through: str, tmp_path: Path) -> None:
    """A record that is not a paper (no id) stops the open with the file's path and what is wrong, whichever way the
    file is read (two "papers" tables make the scan give up and the file be parsed whole); the file is kept as it was."""
    folder = tmp_path / "lib"
    folder.mkdir()
    table = b'{"1":{"abstract":"no id here","list":"L"}}'
    raw = (b'{"papers":{},"papers":' if through == "whole parse" else b'{"papers":') + table + b"}"
    (folder / PAPERS_FILE).write_bytes(raw)
    with pytest.raises(DamagedFile) as caught:
        LibraryStore.open(folder, read_only=True)
    message = str(caught.value)
    assert message.startswith(f"{folder / PAPERS_FILE}: damaged library file (a paper record is malformed: KeyError('id'))")
    assert "\n" not in message and (folder / PAPERS_FILE).read_bytes() == raw


def test_a_papers_file_that_cannot_be_read_is_one_line_naming_it(tmp_path: Path) -> None:
    """papers.json opens but its bytes cannot be read (here a folder by that name): the file and the system's reason."""
    folder = tmp_path / "lib"
    (folder / PAPERS_FILE).mkdir(parents=True)
    with pytest.raises(LibraryError) as caught:
        LibraryStore.open(folder, read_only=True)
    assert str(caught.value) == f"{folder / PAPERS_FILE}: cannot be read (Is a directory)"
