"""Importing per-paper exports back: exact round trips, conflicts, unmatched and bad files."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.core.export.markdown import annotated_entries, entries
from tui.core.export.notes_import import import_notes, is_notes_export, notes_section, parse_note_text
from tui.core.export.writing import write_per_paper
from tui.core.ingest.lists import parse_list
from tui.core.library import Library
from tui.core.models import EDITABLE_FIELDS, Annotation, Status
from tui.core.render.text import clean

SPECIAL_NOTES = [
    "---\nnot: front matter\n---\n",
    "# heading\n\n## Notes\n\nthe heading above is part of the notes",
    '  leading spaces\n\ttab\n"quoted": yes # no comment',
    "emoji 🎉 and CJK 中文 and RTL עברית",
    "\n\nleading blank lines and trailing ones\n\n\n",
    "```\n---\n```\n",
    "no final newline",
    "",
]
SPECIAL_TITLES = ['---: "x" # y', "  spaced  ", "中文标题 🎉", "a: b: c", "'single' and \"double\"", "null", "123", "yes"]


def small_library(folder: Path, count: int = 8) -> Library:
    text = "Round trip\n\n" + "\n\n".join(f"Abstract number {i} about $x_{i}$." for i in range(count)) + "\n"
    lib = Library.open(folder, seed=False)
    lib.add_lists([parse_list(text)])
    return lib


def editable(ann: Annotation) -> dict:
    return {key: getattr(ann, key) for key in EDITABLE_FIELDS}


def wipe(lib: Library) -> None:
    for paper in lib.papers:
        lib.save_annotation(paper.id, notes="", rating=0, status="unread", tags=[], title="")


def test_round_trip_with_special_characters(lib: Library, tmp_path: Path) -> None:
    for i, (notes, title) in enumerate(zip(SPECIAL_NOTES, SPECIAL_TITLES, strict=True)):
        lib.save_annotation(lib.papers[i].id, notes=notes, title=title, rating=i % 6, status=list(Status)[i % 5], tags=[f"t{i}", "a:b", "#x"])
    before = {pid: editable(a) for pid, a in lib.annotations().items()}
    vault = tmp_path / "vault"
    written = write_per_paper(vault, entries(lib.papers, lib.annotation))
    assert len(written) == 8
    wipe(lib)
    report = import_notes(lib, vault)
    assert (len(report.changed), report.conflicts, report.unmatched, report.errors) == (8, [], [], [])
    assert {pid: editable(a) for pid, a in lib.annotations().items()} == before
    again = import_notes(lib, vault)
    assert again.unchanged == 8 and not again.changed


# Pieces that trip Markdown and YAML, so generated text is dense with them, plus any text at all.
TOKENS = ["---", "...", ":", ": ", '"', "'", "#", "# ", "## Notes", "  ", "\t", "\n", "\r\n", "\r", "- ", "> ",
          "|", "&a", "*x", "!!str", "%YAML", "🎉", "中文", "\u2028", "\ufeff", "\x1b[31m", "\x00", "a", "null", "1e3"]
SPECIAL = st.lists(st.sampled_from(TOKENS), max_size=30).map("".join)
NOTES = st.one_of(SPECIAL, st.text(st.characters(blacklist_categories=("Cs",)), max_size=200))
TITLES = st.one_of(SPECIAL, st.text(st.characters(blacklist_categories=("Cs",)), max_size=60))
TAGS = st.lists(st.text(st.sampled_from("ab:#-'\" 中🎉"), min_size=1, max_size=6), max_size=4)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(notes=NOTES, title=TITLES, tags=TAGS, rating=st.integers(0, 5), status=st.sampled_from(list(Status)))
def test_round_trip_property(lib: Library, notes: str, title: str, tags: list[str], rating: int, status: Status) -> None:
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes=notes, title=title, tags=tags, rating=rating, status=status)
    with tempfile.TemporaryDirectory() as folder:
        write_per_paper(folder, entries([paper], lib.annotation))
        lib.save_annotation(paper.id, notes="", rating=0, status="unread", tags=[], title="")
        report = import_notes(lib, folder)
    assert not report.errors and not report.conflicts
    got = lib.annotation(paper.id)
    assert got.notes == clean(notes)
    expected_title = clean(title)
    assert got.title == ("" if expected_title == paper.shown_title else expected_title)
    expected_tags = [" ".join(clean(t).split()) for t in tags]
    assert list(got.tags) == list(dict.fromkeys(t for t in expected_tags if t))
    assert (got.rating, got.status) == (rating, status)


def test_hand_edited_notes_import_when_the_library_did_not_change(lib: Library, tmp_path: Path) -> None:
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="first thoughts", rating=3)
    [path] = write_per_paper(tmp_path / "vault", annotated_entries(lib.papers, lib.annotations()))
    path.write_text(path.read_text(encoding="utf-8").replace("first thoughts", "rewritten in Obsidian\r\n"), encoding="utf-8")
    report = import_notes(lib, path)
    assert [c.fields for c in report.changed] == [["notes"]]
    assert lib.annotation(pid).notes == "rewritten in Obsidian\n"  # CRLF read as LF
    assert lib.annotation(pid).rating == 3


def test_a_library_change_after_the_export_is_a_conflict(lib: Library, tmp_path: Path) -> None:
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="exported version", rating=3)
    vault = tmp_path / "vault"
    [path] = write_per_paper(vault, annotated_entries(lib.papers, lib.annotations()))
    lib.save_annotation(pid, notes="newer library version")
    report = import_notes(lib, vault)
    assert [(c.path, c.fields) for c in report.conflicts] == [(path, ["notes"])]
    assert not report.changed
    assert lib.annotation(pid).notes == "newer library version"
    assert any("conflict" in line and path.name in line for line in report.lines())
    forced = import_notes(lib, vault, force=True)
    assert [c.fields for c in forced.changed] == [["notes"]]
    assert lib.annotation(pid).notes == "exported version"


def test_a_rating_changed_only_in_the_library_is_a_conflict_too(lib: Library, tmp_path: Path) -> None:
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n", rating=3)
    [path] = write_per_paper(tmp_path / "v", annotated_entries(lib.papers, lib.annotations()))
    lib.save_annotation(pid, rating=5)
    report = import_notes(lib, path)
    assert [c.fields for c in report.conflicts] == [["rating"]] and lib.annotation(pid).rating == 5


def test_unmatched_and_unreadable_files_are_reported(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    lib.save_annotation(lib.papers[0].id, notes="ok")
    write_per_paper(vault, annotated_entries(lib.papers, lib.annotations()))
    (vault / "stranger.md").write_text("---\nid: 000000000000\ntitle: x\n---\n\n## Notes\n\nhi\n")
    (vault / "plain note.md").write_text("# just a note in the vault\n")
    (vault / "broken.md").write_text("---\nid: abc\ntitle: [unclosed\n---\n")
    (vault / "bad rating.md").write_text(f"---\nid: {lib.papers[1].id}\nrating: 9\n---\n")
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "x.md").write_text("---\nid: 000000000001\n---\n")
    report = import_notes(lib, vault)
    assert [p.name for p in report.unmatched] == ["stranger.md"]
    assert len(report.errors) == 2
    assert any("broken.md" in e and "not valid YAML" in e for e in report.errors)
    assert any("bad rating.md" in e and "'rating'" in e for e in report.errors)
    assert report.unchanged == 1
    assert all("\n" not in line for line in report.lines())


def test_notes_section_parsing() -> None:
    assert notes_section("# T\n\n## Notes\n\nabc\n") == "abc"
    assert notes_section("# T\n\n## Notes\n\n\n") == ""
    assert notes_section("# T\n\n## Notes\n") == ""
    assert notes_section("# T\n\n## Notes") == ""
    assert notes_section("# T\n\nno notes heading\n") is None  # the library's notes stay
    assert notes_section("# T\n\n## Notes\n\n## Notes\n\nx\n") == "## Notes\n\nx"
    note = parse_note_text("---\nid: '012345678901'\ntags: a, b\nstatus: READ\n---\n", Path("x.md"))
    assert (note.id, note.tags, note.status) == ("012345678901", ("a", "b"), Status.READ)


def test_is_notes_export(lib: Library, tmp_path: Path) -> None:
    lib.save_annotation(lib.papers[0].id, notes="n")
    vault = tmp_path / "vault"
    [path] = write_per_paper(vault, annotated_entries(lib.papers, lib.annotations()))
    plain = tmp_path / "list.txt"
    plain.write_text("A list\n\nAn abstract.\n")
    md_list = tmp_path / "list.md"
    md_list.write_text("A list\n\nAn abstract.\n")
    assert is_notes_export(vault) and is_notes_export(path)
    assert not is_notes_export(plain) and not is_notes_export(md_list) and not is_notes_export(tmp_path / "missing")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert not is_notes_export(empty)


def test_a_derived_title_is_not_imported_as_a_rename(lib: Library, tmp_path: Path) -> None:
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes="n")
    [path] = write_per_paper(tmp_path / "v", annotated_entries(lib.papers, lib.annotations()))
    # Another machine derives titles differently: the file's title is not the paper's there.
    path.write_text(path.read_text(encoding="utf-8").replace(f"title: {paper.shown_title}", "title: Old derived title"), encoding="utf-8")
    lib.save_annotation(paper.id, notes="")
    import_notes(lib, path)
    assert lib.annotation(paper.id).title == "" and lib.annotation(paper.id).notes == "n"
    # Renaming from Obsidian: edit the title and say so.
    path.write_text(path.read_text(encoding="utf-8").replace("renamed: false", "renamed: true"), encoding="utf-8")
    report = import_notes(lib, path)
    assert [c.fields for c in report.changed] == [["title"]]
    assert lib.annotation(paper.id).title == "Old derived title"


def test_a_file_without_the_notes_heading_leaves_the_notes_alone(lib: Library, tmp_path: Path) -> None:
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="precious", rating=2)
    [path] = write_per_paper(tmp_path / "v", annotated_entries(lib.papers, lib.annotations()))
    head = path.read_text(encoding="utf-8").split("## Notes")[0].replace("rating: 2", "rating: 4")
    path.write_text(head, encoding="utf-8")
    report = import_notes(lib, path)
    assert [c.fields for c in report.changed] == [["rating"]]
    assert lib.annotation(pid).notes == "precious" and lib.annotation(pid).rating == 4
