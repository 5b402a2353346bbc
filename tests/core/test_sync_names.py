"""The names a sync gives files: never over a file already there (the reader's own note, an earlier
conflict file), stable once given, following the paper's title only for a file the sync named."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import folder_snapshot
from tests.core.test_sync import DAY1, DAY2, edit, file_of
from tests.core.test_sync_decisions import conflict, name, synced
from tui.core.export.notes_import import read_note_file
from tui.core.export.sync_state import STATE_FILE
from tui.core.ingest.parsed import ParsedFile
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.usecases.sync import sync_vault

OWN_NOTE = "My own note, not paperdesk's.\n"


def test_a_new_file_never_takes_the_name_of_the_readers_own_note(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / name(0)).write_text(OWN_NOTE, encoding="utf-8")
    lib.save_annotation(lib.papers[0].id, notes="n")
    report = sync_vault(lib, vault, now=DAY1)
    assert report.lines == [f"new {name(0).removesuffix('.md')} (2).md"]
    assert (vault / name(0)).read_text(encoding="utf-8") == OWN_NOTE


def test_a_renamed_paper_never_takes_the_name_of_the_readers_own_note(lib: Library, tmp_path: Path) -> None:
    vault, (pid,) = synced(lib, tmp_path, "n")
    (vault / "Taken.md").write_text(OWN_NOTE, encoding="utf-8")
    lib.save_annotation(pid, title="Taken")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.lines == [f"updated Taken (2).md (renamed from {name(0)})"]
    assert (vault / "Taken.md").read_text(encoding="utf-8") == OWN_NOTE and read_note_file(vault / "Taken (2).md").id == pid


def test_a_title_changed_only_in_case_keeps_the_plain_name(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n", title="Sparse attention")
    sync_vault(lib, vault, now=DAY1)
    lib.save_annotation(pid, title="SPARSE ATTENTION")
    sync_vault(lib, vault, now=DAY2)
    assert [p.name for p in vault.glob("*.md")] == ["SPARSE ATTENTION.md"]


def test_a_numbered_name_stays_when_the_plain_one_frees_up(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    a, b = lib.papers[0].id, lib.papers[1].id
    lib.save_annotation(a, notes="a", title="Same title")
    lib.save_annotation(b, notes="b", title="Same title")
    sync_vault(lib, vault, now=DAY1)
    assert file_of(vault, b).name == "Same title (2).md"
    lib.save_annotation(a, title="Another title")  # its file leaves "Same title.md"
    lib.save_annotation(b, notes="b2")
    sync_vault(lib, vault, now=DAY2)
    assert file_of(vault, b).name == "Same title (2).md" and read_note_file(vault / "Same title (2).md").notes == "b2"
    assert sorted(p.name for p in vault.glob("*.md")) == ["Another title.md", "Same title (2).md"]


def test_a_title_ending_in_a_number_in_brackets_keeps_its_file(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n", title="Results (2)")
    sync_vault(lib, vault, now=DAY1)
    before = folder_snapshot(vault)
    report = sync_vault(lib, vault, now=DAY2)
    assert not report.changed and report.lines == [] and folder_snapshot(vault) == before


def test_a_second_conflict_the_same_day_never_writes_over_the_first(lib: Library, tmp_path: Path) -> None:
    """The first conflict file is still there when the state is lost and a second conflict comes: both kept."""
    vault, (pid,) = synced(lib, tmp_path, "base")
    edit(vault / name(0), "base", "vault side")
    lib.save_annotation(pid, notes="library side")
    assert sync_vault(lib, vault, now=DAY2).conflicts == 1
    (vault / STATE_FILE).unlink()
    lib.save_annotation(pid, notes="library side, later")
    report = sync_vault(lib, vault, now=DAY2)
    second = conflict(0).replace(".md", " (2).md")
    assert report.conflicts == 1 and second in report.lines[0]
    assert read_note_file(vault / conflict(0)).notes == "library side"
    assert read_note_file(vault / second).notes == "library side, later"


def test_new_paper_data_renames_a_file_the_reader_edited_and_keeps_its_bytes(lib: Library, tmp_path: Path) -> None:
    """A re-import gives the paper a title: the file the sync named follows it, the reader's edits as they are."""
    vault = tmp_path / "vault"
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes="n")
    sync_vault(lib, vault, now=DAY1)
    edit(vault / name(0), "\n## Notes\n", "\nMy own paragraph.\n\n## Notes\n")
    edited = (vault / name(0)).read_bytes()
    lib.add_papers([ParsedFile(Path("again.json"), "json", "Imported", [Paper(paper.id, paper.abstract, paper.list, title="A Proper Title")])])
    report = sync_vault(lib, vault, now=DAY2)
    assert report.lines == [f"renamed {name(0)} -> A Proper Title.md"] and report.written == 1
    assert [p.name for p in vault.glob("*.md")] == ["A Proper Title.md"] and (vault / "A Proper Title.md").read_bytes() == edited
    before = folder_snapshot(vault)
    assert not sync_vault(lib, vault, now=DAY2).changed and folder_snapshot(vault) == before
    lib.save_annotation(paper.id, notes="n2")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.lines == ["updated A Proper Title.md"]
    assert [p.name for p in vault.glob("*.md")] == ["A Proper Title.md"] and read_note_file(vault / "A Proper Title.md").notes == "n2"
