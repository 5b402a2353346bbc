"""Importing a Zotero library: databases built from Zotero's own tables (`tests.zotero_db`), ids shuffled."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.zotero_db import ZoteroDB
from tui.core.export.paper_text import paper_text
from tui.core.library import Library
from tui.core.models import Highlight, Status
from tui.core.usecases.imports import import_paths
from tui.core.usecases.list import papers_matching

NOTE = (
    '<div data-schema-version="9"><h1>Why it matters &amp; what to check</h1>'
    "<p>The bound is <strong>tight</strong> &mdash; see <a href=\"https://example.org/proof\">the proof</a> &lt;sketch&gt;.</p>"
    "<ul><li>first point</li><li>second point</li></ul></div>"
)
ABSTRACT = "We prove optimal regret bounds for linear bandits with a confidence set that is tight up to constants."


def regular(z: ZoteroDB, **more: str) -> str:
    """The test library's main item: a conference paper in two collections, one nested, with a child note."""
    group = z.add_collection("Reading group")
    colt = z.add_collection("COLT 2026", parent=group)
    bandits = z.add_collection("Bandits")
    key = z.add_item(
        "conferencePaper",
        {
            "title": "Optimal  regret in linear bandits", "abstractNote": ABSTRACT, "date": "2026-07-00 July 2026",
            "proceedingsTitle": "Proceedings of COLT 2026", "conferenceName": "COLT", "publicationTitle": "PMLR",
            "DOI": "https://doi.org/10.1234/colt.77", "url": "https://proceedings.example.org/colt77", "pages": "1-20", "volume": "300",
            "extra": "Citation Key: lovelace2026optimal\narXiv: 2601.01234", **more,
        },
        creators=[("Ada", "Lovelace", "author"), ("Grace", "Hopper", "editor"), ("Alan", "Turing", "author")],
        tags=[("bandits", 0), ("Computer Science - Machine Learning", 1)],
        collections=[colt, bandits],
    )
    z.add_note(NOTE, parent=key)
    return key


@pytest.fixture
def zotero(tmp_path: Path) -> ZoteroDB:
    (tmp_path / "Zotero").mkdir()
    return ZoteroDB(tmp_path / "Zotero" / "zotero.sqlite", seed=11)


def folder_state(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.iterdir()}


def imported(lib: Library, path: Path, **options: bool) -> list[tuple[str, str]]:
    outcome = import_paths(lib, [path], automatic_tags=options.get("automatic_tags", False), groups=options.get("groups", False))
    return outcome.messages


def only(lib: Library, query: str):
    found = list(papers_matching(lib, query))
    assert len(found) == 1, [p.title for p in found]
    return found[0]


def test_fields_through_the_name_tables_whatever_the_ids(tmp_path: Path) -> None:
    seen = []
    for seed in (1, 2):
        (tmp_path / str(seed)).mkdir()
        z = ZoteroDB(tmp_path / str(seed) / "zotero.sqlite", seed=seed)
        regular(z)
        z.close()
        with Library.open(tmp_path / f"lib{seed}", seed=False) as lib:
            imported(lib, z.path)
            paper = only(lib, "key:lovelace2026optimal")
            seen.append((paper.title, paper.authors, paper.year, paper.venue, paper.doi, paper.url, paper.tags, paper.citekey, dict(paper.extra)))
    assert seen[0][:8] == seen[1][:8]
    title, authors, year, venue, doi, url, tags, key, extra = seen[0]
    assert title == "Optimal regret in linear bandits" and authors == ("Ada Lovelace", "Alan Turing")  # authors in order, editor apart
    assert (year, venue, doi, url) == ("2026", "Proceedings of COLT 2026", "10.1234/colt.77", "https://proceedings.example.org/colt77")
    assert tags == ("bandits",) and key == "lovelace2026optimal"  # the automatic tag stays out by default
    assert extra["editors"] == ["Grace Hopper"] and extra["page"] == "1-20" and extra["volume"] == "300" and extra["arxiv"] == "2601.01234"
    assert extra["zotero"]["library"] == "user" and extra["zotero"]["link"] == "zotero://select/library/items/" + extra["zotero"]["key"]


def test_venue_key_and_arxiv_fall_back(zotero: ZoteroDB, tmp_path: Path) -> None:
    zotero.add_item("journalArticle", {"title": "A journal paper", "publicationTitle": "JMLR", "date": "March 2021", "citationKey": "smith2021journal"},
                    creators=[("", "The Collaboration", "author!")])
    zotero.add_item("preprint", {"title": "Fast Sparse Attention", "archiveID": "arXiv:2405.00077", "repository": "arXiv", "date": "2024"},
                    creators=[("Bo", "Chen", "author")])
    zotero.add_item("journalArticle", {"title": "From the URL", "url": "https://arxiv.org/abs/2301.00005v2"})
    zotero.close()
    with Library.open(tmp_path / "lib", seed=False) as lib:
        imported(lib, zotero.path)
        journal = only(lib, "key:smith2021journal")
        assert journal.venue == "JMLR" and journal.year == "2021" and journal.authors == ("The Collaboration",)
        preprint = only(lib, "Fast Sparse Attention")
        assert preprint.extra["arxiv"] == "2405.00077" and preprint.venue == "arXiv" and preprint.citekey == "chen2024fast"  # the pattern's key
        assert only(lib, "From the URL").extra["arxiv"] == "2301.00005"


def test_child_note_as_markdown_beside_the_readers_notes(zotero: ZoteroDB, tmp_path: Path) -> None:
    regular(zotero)
    zotero.close()
    with Library.open(tmp_path / "lib", seed=False) as lib:
        imported(lib, zotero.path)
        paper = only(lib, "key:lovelace2026optimal")
        [note] = paper.extra["zotero"]["notes"]
        assert note["text"] == (
            "# Why it matters & what to check\n\nThe bound is **tight** — see [the proof](https://example.org/proof) <sketch>.\n\n"
            "- first point\n- second point"
        )
        assert lib.annotation(paper.id).notes == ""  # the reader's own notes are not Zotero's
        shown = paper_text(paper, lib.annotation(paper.id))
        assert "Zotero note:\n# Why it matters & what to check" in shown and "Zotero: zotero://select/library/items/" in shown


def test_nested_collections_are_lists_and_a_paper_is_in_each(zotero: ZoteroDB, tmp_path: Path) -> None:
    regular(zotero)
    zotero.add_item("journalArticle", {"title": "Unfiled paper", "abstractNote": "Not in any collection at all, about experts."})
    zotero.close()
    with Library.open(tmp_path / "lib", seed=False) as lib:
        imported(lib, zotero.path)
        paper = only(lib, "key:lovelace2026optimal")
        assert [paper.list, *paper.extra["also_in"]] == ["Bandits", "Reading group/COLT 2026"]
        assert only(lib, 'list:"COLT 2026"').id == paper.id  # the other collection's list finds it too
        assert only(lib, "list:bandits").id == paper.id
        assert only(lib, "list:zotero").title == "Unfiled paper"


def test_only_regular_items_and_the_rest_reported(zotero: ZoteroDB, tmp_path: Path) -> None:
    key = regular(zotero)
    attachment = zotero.add_attachment(key)
    zotero.add_annotation(attachment)
    zotero.add_attachment(None, path="storage:loose.pdf")
    zotero.add_note("<p>A standalone note about nothing in particular</p>")
    trashed = zotero.add_item("journalArticle", {"title": "Thrown away", "abstractNote": "This one is in the trash."})
    zotero.trash(trashed)
    feed = zotero.add_feed()
    zotero.add_item("journalArticle", {"title": "From an RSS feed", "abstractNote": "A feed item."}, library=feed)
    group = zotero.add_group("Lab")
    zotero.add_item("journalArticle", {"title": "A group paper", "abstractNote": "Shared with the lab."}, library=group)
    zotero.close()
    with Library.open(tmp_path / "lib", seed=False) as lib:
        messages = imported(lib, zotero.path)
        assert [p.title for p in lib.papers] == ["Optimal regret in linear bandits"]
        assert messages[0] == ("line", f"{zotero.path} (Zotero): 1 paper added, 0 updated, 0 unchanged, 6 skipped")
        assert [text for kind, text in messages if kind == "skipped"] == [
            "1 annotation", "2 attachments", "1 feed item", "1 item in the trash", "1 item of a group library (not asked for)", "1 standalone note",
        ]
        imported(lib, zotero.path, groups=True)  # asked for: the group's papers come, as the group's list
        assert only(lib, "A group paper").list == "Lab" and only(lib, "A group paper").extra["zotero"]["library"] == "group:4242"


def test_automatic_tags_behind_the_option(zotero: ZoteroDB, tmp_path: Path) -> None:
    regular(zotero)
    zotero.close()
    with Library.open(tmp_path / "lib", seed=False) as lib:
        imported(lib, zotero.path, automatic_tags=True)
        assert only(lib, "key:lovelace2026optimal").tags == ("bandits", "Computer Science - Machine Learning")


def test_second_import_after_changes_on_both_sides(zotero: ZoteroDB, tmp_path: Path) -> None:
    key = regular(zotero)
    other = zotero.add_item("journalArticle", {"title": "Another paper", "abstractNote": "A second paper, about online experts."})
    doomed = zotero.add_item("journalArticle", {"title": "Soon deleted", "abstractNote": "Deleted from Zotero later on."})
    binned = zotero.add_item("journalArticle", {"title": "Soon trashed", "abstractNote": "Moved to Zotero's trash later on."})
    with Library.open(tmp_path / "lib", seed=False) as lib:
        imported(lib, zotero.path)
        assert len(lib.papers) == 4
        paper = only(lib, "key:lovelace2026optimal")
        highlight = Highlight(text="optimal regret", prefix="We prove ", suffix=" bounds", start=9)
        lib.save_annotation(paper.id, notes="My own note.", rating=4, status=Status.READING, tags=("to-cite",), highlights=(highlight,))
        before = lib.annotation(paper.id)
        # Zotero's side: a new title, an edited note, a new item, one deleted, one trashed, a new collection
        zotero.set_field(key, "title", "Optimal regret in linear bandits, revisited")
        note_key = zotero.db.execute("SELECT key FROM items WHERE itemID = (SELECT itemID FROM itemNotes WHERE note = ?)", (NOTE,)).fetchone()[0]
        zotero.set_note(note_key, "<p>Edited in <em>Zotero</em></p>")
        zotero.add_item("journalArticle", {"title": "Brand new", "abstractNote": "Added in Zotero after the first import."})
        zotero.delete(doomed)
        zotero.trash(binned)
        messages = imported(lib, zotero.path)
        assert messages[0] == ("line", f"{zotero.path} (Zotero): 1 paper added, 1 updated, 1 unchanged, 1 skipped")
        notes = [text for kind, text in messages if kind == "note"]
        assert len(notes) == 2 and "Soon deleted" in notes[0] and "was deleted in Zotero; kept here" in notes[0]
        assert "Soon trashed" in notes[1] and "is in Zotero's trash" in notes[1]
        assert len(lib.papers) == 5  # nothing duplicated, nothing removed
        again = lib.get(paper.id)
        assert again is not None and again.title == "Optimal regret in linear bandits, revisited" and again.citekey == "lovelace2026optimal"
        assert [n["text"] for n in again.extra["zotero"]["notes"]] == ["Edited in *Zotero*"]
        assert lib.annotation(paper.id) == before  # the reader's notes, rating, status, tags and highlights untouched
        assert only(lib, "Another paper").extra["zotero"]["key"] == other
        unchanged = imported(lib, zotero.path)[0]
        assert unchanged == ("line", f"{zotero.path} (Zotero): 0 papers added, 0 updated, 3 unchanged, 1 skipped")


def test_a_paper_already_in_the_library_is_linked_not_duplicated(zotero: ZoteroDB, tmp_path: Path) -> None:
    regular(zotero)
    zotero.close()
    bib = tmp_path / "mine.bib"
    bib.write_text("@inproceedings{mine, title={Optimal regret in linear bandits}, doi={10.1234/colt.77}, author={Lovelace, Ada}}\n")
    with Library.open(tmp_path / "lib", seed=False) as lib:
        import_paths(lib, [bib])
        messages = imported(lib, zotero.path)
        assert "1 linked to papers already here" in messages[0][1]
        [paper] = lib.papers
        assert paper.list == "mine" and paper.extra["also_in"] == ["Bandits", "Reading group/COLT 2026"] and paper.extra["zotero"]["notes"]
        # linked, it follows Zotero from now on: Zotero's author list replaces the one the BibTeX entry had
        assert imported(lib, zotero.path)[0][1].endswith("0 papers added, 1 updated, 0 unchanged, 0 skipped")
        assert imported(lib, zotero.path)[0][1].endswith("0 papers added, 0 updated, 1 unchanged, 0 skipped")
        [again] = lib.papers
        assert again.id == paper.id and again.authors == ("Ada Lovelace", "Alan Turing") and again.citekey == "mine"
        assert again.list == "mine" and again.extra["also_in"] == ["Bandits", "Reading group/COLT 2026"]  # the reader's list stays


def test_never_writes_or_leaves_files_beside_the_original(zotero: ZoteroDB, tmp_path: Path) -> None:
    regular(zotero)
    zotero.close()
    before = folder_state(zotero.path.parent)
    with Library.open(tmp_path / "lib", seed=False) as lib:
        imported(lib, zotero.path)
        imported(lib, zotero.path.parent)  # the data folder names its database
    assert folder_state(zotero.path.parent) == before
    assert not [p for p in Path(os.environ.get("TMPDIR", "/tmp")).glob("paperdesk-zotero-*") if p.stat().st_mtime > tmp_path.stat().st_mtime]


HOLDER = """
import sqlite3, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from tests.zotero_db import ZoteroDB
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("PRAGMA journal_mode = WAL")
db.execute("PRAGMA wal_autocheckpoint = 0")
z = ZoteroDB(Path(sys.argv[1]), connection=db)
z.add_item("journalArticle", {"title": "Only in the WAL", "abstractNote": "Written while Zotero runs, not checkpointed yet."})
print("ready", flush=True)
sys.stdin.read()
"""


def test_a_database_held_in_exclusive_wal_mode_is_read_with_its_wal(zotero: ZoteroDB, tmp_path: Path) -> None:
    import sqlite3
    import subprocess
    import sys

    regular(zotero)
    zotero.close()
    repo = str(Path(__file__).resolve().parents[2])
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(zotero.path), repo], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        wal = Path(f"{zotero.path}-wal")
        assert wal.stat().st_size > 0
        with pytest.raises(sqlite3.OperationalError, match="locked"):  # as other tools meet Zotero: the database is locked
            sqlite3.connect(zotero.path, timeout=0).execute("SELECT count(*) FROM items").fetchone()
        before = folder_state(zotero.path.parent)
        with Library.open(tmp_path / "lib", seed=False) as lib:
            messages = imported(lib, zotero.path)
            assert messages[0][1].endswith("2 papers added, 0 updated, 0 unchanged, 0 skipped")
            assert only(lib, "Only in the WAL").abstract.startswith("Written while Zotero runs")
        assert folder_state(zotero.path.parent) == before  # nothing written, locked or left beside it
        assert holder.poll() is None  # and Zotero still holds it
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize(
    "make, problem",
    [
        (lambda p: p.write_text("not a database at all\n"), "is not a Zotero database (not an SQLite file)"),
        (lambda p: sqlite3_with(p, "CREATE TABLE t (x)"), "is an SQLite database but not Zotero's"),
        (
            lambda p: zotero_without(p, "ALTER TABLE itemData RENAME COLUMN valueID TO valueRef"),
            "has a Zotero schema paperdesk does not know (userdata version 129: itemData has no valueID)",
        ),
        (
            lambda p: zotero_without(p, "UPDATE version SET version = 40 WHERE schema = 'userdata'"),
            "has a Zotero schema paperdesk does not know (userdata version 40",
        ),
        (
            lambda p: zotero_without(p, "DELETE FROM version WHERE schema = 'userdata'"),
            "is an SQLite database but not Zotero's (no userdata schema version)",
        ),
        (
            lambda p: zotero_without(p, "UPDATE version SET version = 'v129' WHERE schema = 'userdata'"),
            "has a Zotero schema version paperdesk does not know ('v129')",
        ),
        (lambda p: sqlite3_with(p, "CREATE TABLE version (name, value)"), "is not a Zotero database (no such column: version)"),
        (
            lambda p: zotero_without(p, "DROP TABLE deletedItems"),
            "has a Zotero schema paperdesk does not know (userdata version 129: no table deletedItems)",
        ),
        (
            lambda p: zotero_without(p, "ALTER TABLE itemNotes RENAME COLUMN parentItemID TO parent; ALTER TABLE itemNotes RENAME COLUMN note TO html"),
            "has a Zotero schema paperdesk does not know (userdata version 129: itemNotes has no parentItemID, note)",
        ),
    ],
)
def test_not_zotero_or_unknown_schema_is_one_line_and_changes_nothing(tmp_path: Path, make, problem: str) -> None:
    path = tmp_path / "zotero.sqlite"
    make(path)
    with Library.open(tmp_path / "lib", seed=False) as lib:
        stored = folder_state(lib.folder)
        outcome = import_paths(lib, [path])
        assert outcome.failed and [kind for kind, _ in outcome.messages] == ["error"]
        [(_, line)] = outcome.messages
        assert line.startswith(f"{path}: {problem}") and "\n" not in line
        assert folder_state(lib.folder) == stored and lib.papers == []


def sqlite3_with(path: Path, sql: str) -> None:
    import sqlite3

    db = sqlite3.connect(path)
    db.executescript(sql)
    db.close()


def zotero_without(path: Path, sql: str) -> None:
    z = ZoteroDB(path)
    regular(z)
    z.db.executescript(sql)
    z.close()


def test_the_data_folder_from_the_profile_prefs_else_home(tmp_path: Path) -> None:
    from tui.core.errors import InputFileError
    from tui.core.ingest.zotero.locate import find_database

    home = tmp_path / "home"
    (home / "Zotero").mkdir(parents=True)
    ZoteroDB(home / "Zotero" / "zotero.sqlite").close()
    assert find_database(home) == home / "Zotero" / "zotero.sqlite"
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    ZoteroDB(moved / "zotero.sqlite").close()
    profile = home / ".zotero" / "zotero" / "abcd.default"
    profile.mkdir(parents=True)
    (profile / "prefs.js").write_text(f'user_pref("extensions.zotero.dataDir", "{moved}");\nuser_pref("extensions.zotero.useDataDir", true);\n')
    assert find_database(home) == moved / "zotero.sqlite"
    with pytest.raises(InputFileError, match="not found"):
        find_database(tmp_path / "nobody")


# -- hostile databases: one line naming the file, nothing stored changed, never a hang -------------------------


@pytest.mark.parametrize("value", ["automatic", b"\x01", 1.5, "\x1b[31m1\n"])
def test_a_tag_type_zotero_never_writes_is_one_line_naming_the_file(tmp_path: Path, value: object) -> None:
    from tests.zotero_db import text_tag_type

    database = text_tag_type(tmp_path / "Zotero" / "zotero.sqlite", value)
    lib = Library.open(tmp_path / "lib")
    before = folder_state(lib.folder)
    messages = imported(lib, database)
    [(kind, line)] = messages
    assert kind == "error" and line.startswith(f"{database}: could not be read as a Zotero database (itemTags.type holds ")
    assert repr(value) in line and "\n" not in line and "\x1b" not in line
    assert folder_state(lib.folder) == before
    lib.close()


def test_a_tag_type_null_or_a_number_is_read(zotero: ZoteroDB, tmp_path: Path) -> None:
    key = zotero.add_item("journalArticle", {"title": "Tagged", "abstractNote": "Tags of every type."}, tags=[("manual", 0), ("auto", 1), ("odd", 2)])
    zotero.db.executescript(  # a hand-made table without Zotero's NOT NULL: a type left out is manual
        "ALTER TABLE itemTags RENAME TO zoteros; CREATE TABLE itemTags (itemID INT, tagID INT, type INT);"
        "INSERT INTO itemTags SELECT itemID, tagID, CASE type WHEN 0 THEN NULL ELSE type END FROM zoteros; DROP TABLE zoteros;"
    )
    from tui.core.ingest.zotero.reader import read_zotero

    [item] = read_zotero(zotero.path, automatic_tags=False).papers
    assert item.tags == ("manual",) and item.extra["zotero"]["key"] == key
    assert read_zotero(zotero.path, automatic_tags=True).papers[0].tags == ("auto", "manual", "odd")


def test_authors_in_their_order_whatever_the_order_of_the_rows(zotero: ZoteroDB, tmp_path: Path) -> None:
    """A real database's rows are rarely in author order: authors met on earlier items have lower creator ids,
    and a reordered item's rows stay where they were written. The authors come in `orderIndex` order."""
    from tui.core.ingest.zotero.reader import read_zotero

    zotero.add_item("journalArticle", {"title": "Earlier", "abstractNote": "Makes the creators first."},
                    creators=[("Zed", "Zimmer", "author"), ("Mia", "Moreau", "author"), ("Ann", "Abel", "author")])
    key = zotero.add_item("journalArticle", {"title": "Later", "abstractNote": "Its authors reordered."})
    item = zotero.item_id(key)
    ids = {last: cid for cid, last in zotero.db.execute("SELECT creatorID, lastName FROM creators")}
    author = zotero.creator_type["author"]
    for last, order in (("Zimmer", 2), ("Abel", 0), ("Moreau", 1)):  # rows neither in creator id nor in author order
        zotero.db.execute("INSERT INTO itemCreators VALUES (?, ?, ?, ?)", (item, ids[last], author, order))
    zotero.db.commit()
    papers = {p.title: p for p in read_zotero(zotero.path).papers}
    assert papers["Later"].authors == ("Ann Abel", "Mia Moreau", "Zed Zimmer")
    assert papers["Earlier"].authors == ("Zed Zimmer", "Mia Moreau", "Ann Abel")


def test_collections_nested_thousands_deep_are_read_at_once_and_their_path_cut(zotero: ZoteroDB) -> None:
    """Each path was walked from the top for every collection: 40,000 levels took minutes, with no progress and
    no cancel. Now each path is built on its parent's, and keeps its last levels under a "…"."""
    import time

    from tui.core.ingest.zotero.items import CUT, DEEPEST
    from tui.core.ingest.zotero.reader import read_zotero

    n = 40_000  # the bottom written first: a walk up from it meets no path known yet
    zotero.db.executemany(
        "INSERT INTO collections (collectionID, collectionName, parentCollectionID, libraryID, key) VALUES (?, ?, ?, 1, ?)",
        [(n - i, f"level {i}", n - i + 1 if i else None, f"C{i}") for i in range(n)],
    )
    zotero.db.execute("UPDATE collections SET collectionName = 'a/b' WHERE collectionID = 2")
    zotero.db.commit()
    zotero.add_item("journalArticle", {"title": "Deep down", "abstractNote": "At the bottom."}, collections=[1])
    zotero.add_item("journalArticle", {"title": "Near the top", "abstractNote": "Three levels down."}, collections=[n - 2])
    started = time.monotonic()
    papers = {p.title: p for p in read_zotero(zotero.path).papers}
    assert time.monotonic() - started < 10
    levels = papers["Deep down"].list.split("/")
    assert len(levels) == DEEPEST and levels[0] == CUT and levels[-2:] == ["a∕b", f"level {n - 1}"]
    assert levels[1] == f"level {n - DEEPEST + 1}"
    assert papers["Near the top"].list == "level 0/level 1/level 2"


@pytest.mark.parametrize("depth", [31, 32, 33, 40, 64, 65])
def test_a_collection_path_keeps_its_last_levels(zotero: ZoteroDB, depth: int) -> None:
    from tui.core.ingest.zotero.items import CUT, DEEPEST
    from tui.core.ingest.zotero.reader import read_zotero

    parent = None
    for level in range(depth):
        parent = zotero.add_collection(f"L{level}", parent=parent)
    zotero.add_item("journalArticle", {"title": "At the bottom", "abstractNote": "Filed deep."}, collections=[parent or 0])
    [paper] = read_zotero(zotero.path).papers
    names = [f"L{level}" for level in range(depth)]
    assert paper.list == "/".join(names if depth <= DEEPEST else [CUT, *names[-DEEPEST + 1 :]])


def test_a_loop_of_parent_collections_is_cut_where_it_closes(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    a, b = zotero.add_collection("A"), zotero.add_collection("B")
    zotero.db.execute("UPDATE collections SET parentCollectionID = ? WHERE collectionID = ?", (b, a))
    zotero.db.execute("UPDATE collections SET parentCollectionID = ? WHERE collectionID = ?", (a, b))
    zotero.db.commit()
    zotero.add_item("journalArticle", {"title": "In a loop", "abstractNote": "Its collection is its own grandparent."}, collections=[a])
    [paper] = read_zotero(zotero.path).papers
    assert paper.list == "B/A"


def test_a_title_less_item_gets_a_derived_title_that_follows_its_abstract(zotero: ZoteroDB, tmp_path: Path) -> None:
    key = zotero.add_item("journalArticle", {"abstractNote": "Bandit algorithms learn which arm to pull from the rewards they see."})
    zotero.add_item("journalArticle", {"title": "Titled", "abstractNote": "A paper with a title, changed in Zotero later."}, key="TITLED01")
    stages: list[str] = []
    with Library.open(tmp_path / "lib", seed=False) as lib:
        outcome = import_paths(lib, [zotero.path], progress=lambda stage, done, total: stages.append(stage))
        assert "matching" in stages  # the import's progress heard the matching
        [paper] = [p for p in lib.papers if not p.title]
        first = paper.derived_title
        assert first and first != paper.title and outcome.failed is False
        zotero.set_field(key, "abstractNote", "Graph neural networks pass messages along the edges of a graph.")
        zotero.set_field("TITLED01", "title", "Titled again")
        line = imported(lib, zotero.path)[0][1]
        assert line.endswith("(Zotero): 0 papers added, 2 updated, 0 unchanged, 0 skipped")
        [again] = [p for p in lib.papers if not p.title]
        assert again.id == paper.id and again.derived_title and again.derived_title != first


def test_a_paper_linked_for_the_first_time_is_counted_once(zotero: ZoteroDB, tmp_path: Path) -> None:
    regular(zotero)
    zotero.add_item("journalArticle", {"title": "Only in Zotero", "abstractNote": "Not in the library before."})
    zotero.close()
    bib = tmp_path / "mine.bib"
    bib.write_text("@inproceedings{mine, title={Optimal regret in linear bandits}, doi={10.1234/colt.77}, author={Lovelace, Ada}}\n")
    with Library.open(tmp_path / "lib", seed=False) as lib:
        import_paths(lib, [bib])
        line = imported(lib, zotero.path)[0][1]
        assert line == f"{zotero.path} (Zotero): 1 paper added, 1 updated, 0 unchanged, 1 linked to papers already here, 0 skipped"


def test_a_collection_in_the_trash_or_inside_one_is_no_list(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    binned = zotero.add_collection("Binned")
    inside = zotero.add_collection("Inside", parent=binned)
    kept = zotero.add_collection("Kept")
    zotero.add_item("journalArticle", {"title": "Filed three ways", "abstractNote": "In a binned collection, inside it, and a kept one."},
                    collections=[binned, inside, kept])
    zotero.add_item("journalArticle", {"title": "Only binned", "abstractNote": "Its one collection is in the trash."}, collections=[inside])
    zotero.db.execute("INSERT INTO deletedCollections (collectionID) VALUES (?)", (binned,))
    zotero.db.commit()
    papers = {p.title: p for p in read_zotero(zotero.path).papers}
    assert papers["Filed three ways"].list == "Kept" and "also_in" not in papers["Filed three ways"].extra
    assert papers["Only binned"].list == "Zotero"


def test_an_older_database_without_the_optional_tables_is_read(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    group = zotero.add_group("Lab", group_id=77)
    top = zotero.add_collection("Top")
    zotero.add_item("journalArticle", {"title": "Mine", "abstractNote": "In the user's library."}, collections=[top])
    zotero.add_item("journalArticle", {"title": "The lab's", "abstractNote": "In a group library."}, library=group)
    zotero.add_item("journalArticle", {"title": "From a feed", "abstractNote": "Known as a feed's by its library alone."}, library=zotero.add_feed())
    zotero.db.executescript("DROP TABLE groups; DROP TABLE deletedCollections; DROP TABLE feedItems;")
    read = read_zotero(zotero.path, groups=True)
    papers = {p.title: p for p in read.papers}
    assert sorted(papers) == ["Mine", "The lab's"] and read.skipped == ["1 feed item"]
    assert papers["Mine"].list == "Top"
    assert papers["The lab's"].list == f"Zotero group {group}" and papers["The lab's"].extra["zotero"]["library"] == f"group:{group}"


@pytest.mark.parametrize(("value", "shown"), [("x" * 38, "'" + "x" * 38 + "'"), ("y" * 39, "'" + "y" * 38 + "…"), ("z" * 500, "'" + "z" * 38 + "…")])
def test_a_long_odd_tag_type_is_cut_in_the_line(tmp_path: Path, value: str, shown: str) -> None:
    from tests.zotero_db import text_tag_type
    from tui.core.errors import InputFileError
    from tui.core.ingest.zotero.reader import read_zotero

    database = text_tag_type(tmp_path / "zotero.sqlite", value)
    with pytest.raises(InputFileError) as raised:
        read_zotero(database)
    assert str(raised.value) == (
        f"{database}: could not be read as a Zotero database (itemTags.type holds {shown} where Zotero writes 0 (manual) or 1 (automatic))"
    )


def test_rows_read_as_zotero_writes_them_and_odd_ones_passed_over(zotero: ZoteroDB) -> None:
    """Names in one field (a firstName left over is not shown), missing name parts, a creator type the
    database does not name, empty tag names, tags and collections of items left out, collection order."""
    from tui.core.ingest.zotero.reader import read_zotero

    apple, banana = zotero.add_collection("apple"), zotero.add_collection("Banana")
    key = zotero.add_item("conferencePaper", {"title": "Rows", "abstractNote": "Each odd row."}, tags=[("kept", 0)], collections=[banana, apple])
    trashed = zotero.add_item("journalArticle", {"title": "Binned", "abstractNote": "In the trash."}, tags=[("binned tag", 0)], collections=[apple])
    zotero.trash(trashed)
    item = zotero.item_id(key)
    creators = [("Ignored", "ACME Corp", 1, "author"), (None, "Plato", 0, "author"), ("Ada", None, 0, "author"), ("Nobody", None, 1, "author"),
                ("Odd", "Type", 0, None)]
    for order, (first, last, mode, kind) in enumerate(creators):
        cid = zotero.db.execute("INSERT INTO creators (firstName, lastName, fieldMode) VALUES (?, ?, ?)", (first, last, mode)).lastrowid
        zotero.db.execute("INSERT INTO itemCreators VALUES (?, ?, ?, ?)", (item, cid, zotero.creator_type[kind] if kind else 999, order))
    empty = zotero.db.execute("INSERT INTO tags (name) VALUES ('')").lastrowid
    zotero.db.execute("INSERT INTO itemTags VALUES (?, ?, 0)", (item, empty))
    zotero.db.commit()
    modified = zotero.db.execute("SELECT dateModified FROM items WHERE itemID = ?", (item,)).fetchone()[0]
    [paper] = read_zotero(zotero.path).papers
    assert paper.authors == ("ACME Corp", "Plato", "Ada", "Odd Type")
    assert paper.tags == ("kept",) and paper.list == "apple" and paper.extra["also_in"] == ["Banana"]
    link = paper.extra["zotero"]
    assert link["type"] == "conferencePaper" and paper.extra["type"] == "paper-conference" and link["modified"] == modified and modified


def test_an_item_of_a_type_the_database_does_not_name_is_left_out(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    key = zotero.add_item("journalArticle", {"title": "Typeless", "abstractNote": "Its type id names no type."})
    zotero.add_item("journalArticle", {"title": "Typed", "abstractNote": "A journal article."})
    zotero.db.execute("UPDATE items SET itemTypeID = 9999 WHERE key = ?", (key,))
    zotero.db.commit()
    read = read_zotero(zotero.path)
    assert [p.title for p in read.papers] == ["Typed"] and read.skipped == ["1 item of a type the database does not name"]


def test_notes_counted_by_what_they_are(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    key = zotero.add_item("journalArticle", {"title": "Annotated", "abstractNote": "With notes of every kind."})
    attachment = zotero.add_attachment(key)
    zotero.db.execute("INSERT INTO itemNotes VALUES (?, NULL, '<p>an attachment note</p>', '')", (zotero.item_id(attachment),))
    binned = zotero.add_item("journalArticle", {"title": "Binned", "abstractNote": "In the trash, with notes."})
    for n in range(2):
        zotero.trash(zotero.add_note(f"<p>trashed note {n}</p>", parent=key))
        zotero.add_note(f"<p>standalone {n}</p>")
        zotero.add_note(f"<p>note of the binned {n}</p>", parent=binned)
    kept = zotero.add_note("<p>The kept note</p>", parent=key)
    zotero.trash(binned)
    read = read_zotero(zotero.path)
    [paper] = read.papers
    assert paper.extra["zotero"]["notes"] == [{"key": kept, "text": "The kept note"}]
    assert read.skipped == ["1 attachment", "1 item in the trash", "2 notes in the trash", "2 notes of items left out", "2 standalone notes"]


def test_the_oldest_known_schema_is_read_and_its_version_kept(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero
    from tui.core.ingest.zotero.schema import OLDEST

    regular(zotero)
    assert read_zotero(zotero.path).version == 129
    zotero.db.execute("UPDATE version SET version = ? WHERE schema = 'userdata'", (OLDEST,))
    zotero.db.commit()
    read = read_zotero(zotero.path)
    assert read.version == OLDEST and [p.title for p in read.papers] == ["Optimal regret in linear bandits"]


def test_by_default_neither_automatic_tags_nor_group_libraries(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    regular(zotero)
    zotero.add_item("journalArticle", {"title": "A group paper", "abstractNote": "Shared with the lab."}, library=zotero.add_group("Lab"))
    read = read_zotero(zotero.path)
    [paper] = read.papers
    assert paper.tags == ("bandits",) and read.skipped == ["1 item of a group library (not asked for)"]


def test_a_table_the_engine_cannot_read_is_one_line_naming_the_file(zotero: ZoteroDB) -> None:
    """A damaged database: `tags` is there with its columns, but reading it fails in the engine."""
    from tui.core.errors import InputFileError
    from tui.core.ingest.zotero.reader import read_zotero

    regular(zotero)
    zotero.db.executescript(
        "DROP TABLE itemTags; CREATE TABLE gone (x); CREATE VIEW itemTags AS SELECT x AS itemID, x AS tagID, x AS type FROM gone; DROP TABLE gone;"
    )
    with pytest.raises(InputFileError) as raised:
        read_zotero(zotero.path)
    assert str(raised.value).startswith(f"{zotero.path}: could not be read as a Zotero database (") and "gone" in str(raised.value)


def test_what_is_left_out_counted_one_by_one(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    regular(zotero)
    feed, group = zotero.add_feed(), zotero.add_group("Lab")
    for n in range(2):
        zotero.add_item("journalArticle", {"title": f"Fed {n}", "abstractNote": "A feed item."}, library=feed)
        zotero.add_item("journalArticle", {"title": f"Shared {n}", "abstractNote": "A group item."}, library=group)
        zotero.trash(zotero.add_item("journalArticle", {"title": f"Binned {n}", "abstractNote": "In the trash."}))
        for odd in ("typeless", "homeless"):
            key = zotero.add_item("journalArticle", {"title": f"{odd} {n}", "abstractNote": "Odd."})
            column, value = ("itemTypeID", 9999) if odd == "typeless" else ("libraryID", 999)
            zotero.db.execute(f"UPDATE items SET {column} = ? WHERE key = ?", (value, key))
    zotero.db.execute("DELETE FROM feedItems WHERE itemID = (SELECT MIN(itemID) FROM feedItems)")  # a feed's by its library alone
    zotero.db.commit()
    read = read_zotero(zotero.path)
    assert [p.title for p in read.papers] == ["Optimal regret in linear bandits"]
    assert read.skipped == [
        "2 feed items", "2 items in the trash", "2 items of a type the database does not name",
        "2 items of group libraries (not asked for)", "2 items of unknown libraries",
    ]


def test_a_note_without_text_is_kept_empty(zotero: ZoteroDB) -> None:
    from tui.core.ingest.zotero.reader import read_zotero

    key = zotero.add_item("journalArticle", {"title": "Annotated", "abstractNote": "With an empty note."})
    note = zotero.add_note("<p>soon gone</p>", parent=key)
    zotero.db.execute("UPDATE itemNotes SET note = NULL WHERE itemID = ?", (zotero.item_id(note),))
    zotero.db.commit()
    [paper] = read_zotero(zotero.path).papers
    assert paper.extra["zotero"].get("notes", []) == []


def test_an_item_with_neither_title_nor_abstract_is_named_and_seen(zotero: ZoteroDB) -> None:
    """Skipped here, not gone from Zotero: the sync must not take its paper for deleted."""
    from tui.core.ingest.zotero.reader import read_zotero

    key = zotero.add_item("journalArticle", {"DOI": "10.1234/empty"})
    read = read_zotero(zotero.path)
    [library] = read.libraries
    assert read.papers == [] and read.skipped == [f"item {key} (journalArticle): has no title and no abstract"]
    assert read.seen == {(library.ident, key)}


def test_a_database_changed_while_copied_is_copied_again(zotero: ZoteroDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first copy of the database sees it grow under it (a write by Zotero): a second copy is taken and read."""
    import shutil

    from tui.core.ingest.zotero import snapshot
    from tui.core.ingest.zotero.reader import read_zotero

    regular(zotero)
    zotero.close()
    copied: list[str] = []
    real = shutil.copyfile

    def copyfile(source: str, target: Path) -> object:
        copied.append(str(source))
        if len(copied) == 1:
            with open(zotero.path, "ab") as handle:  # the change lands after the stamps were taken
                handle.write(b"\0" * 512)
        return real(source, target)

    monkeypatch.setattr(snapshot.shutil, "copyfile", copyfile)
    [paper] = read_zotero(zotero.path).papers
    assert paper.title == "Optimal regret in linear bandits" and copied.count(str(zotero.path)) == 2


def test_a_rollback_journal_changed_while_copied_without_a_wal_is_copied_again(zotero: ZoteroDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """No WAL beside the database, a `-journal` (rollback mode) written to during the copy: copied again."""
    import shutil

    from tui.core.ingest.zotero import snapshot
    from tui.core.ingest.zotero.reader import read_zotero

    regular(zotero)
    zotero.close()
    journal = Path(f"{zotero.path}-journal")
    journal.write_bytes(b"\0" * 512)  # a zeroed header: not a hot journal, nothing to roll back
    copied: list[str] = []
    real = shutil.copyfile

    def copyfile(source: str, target: Path) -> object:
        copied.append(str(source))
        if str(source) == str(journal) and copied.count(str(journal)) == 1:
            with open(journal, "ab") as handle:
                handle.write(b"\0" * 512)
        return real(source, target)

    monkeypatch.setattr(snapshot.shutil, "copyfile", copyfile)
    assert not Path(f"{zotero.path}-wal").exists()
    [paper] = read_zotero(zotero.path).papers
    assert paper.title == "Optimal regret in linear bandits" and copied.count(str(zotero.path)) == 2


def test_a_database_that_never_stops_changing_is_one_line_naming_it(zotero: ZoteroDB, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.errors import InputFileError
    from tui.core.ingest.zotero import snapshot
    from tui.core.ingest.zotero.reader import read_zotero

    regular(zotero)
    zotero.close()
    ticks = iter(range(10**6))
    monkeypatch.setattr(snapshot, "_stamps", lambda path: [next(ticks)])
    with pytest.raises(InputFileError) as raised:
        read_zotero(zotero.path)
    assert str(raised.value) == (
        f"{zotero.path}: kept changing while it was copied ({snapshot.ATTEMPTS} tries); try again when Zotero is idle"
    )


def test_a_path_that_cannot_be_opened_is_no_database(tmp_path: Path) -> None:
    """is_sqlite never raises: a name too long to open is simply not a database."""
    from tui.core.ingest.zotero.snapshot import is_sqlite

    assert not is_sqlite(tmp_path / ("x" * 300))


def test_a_data_folder_names_the_database_inside_it(zotero: ZoteroDB, tmp_path: Path) -> None:
    from tui.core.ingest.zotero.snapshot import database_in

    zotero.close()
    assert database_in(zotero.path.parent) == zotero.path and database_in(zotero.path) == zotero.path
    (tmp_path / "empty").mkdir()
    assert database_in(tmp_path / "empty") is None


def test_zotero_papers_come_after_the_papers_already_here_in_list_order(zotero: ZoteroDB, tmp_path: Path) -> None:
    """A Zotero import into a library that holds papers: the new ones are placed after them (list order), never
    between, and no two papers share a place."""
    regular(zotero)
    zotero.close()
    bib = tmp_path / "mine.bib"
    bib.write_text("".join(f"@article{{k{i}, title={{Stored paper number {i}}}, author={{Doe, Jo}}}}\n" for i in range(3)))
    with Library.open(tmp_path / "lib", seed=False) as lib:
        import_paths(lib, [bib])
        imported(lib, zotero.path)
        seqs = [p.seq for p in lib.papers]
        assert [p.title for p in sorted(lib.papers, key=lambda p: p.seq)][-1] == "Optimal regret in linear bandits"
        assert len(set(seqs)) == len(seqs) == 4
