"""`paperdesk sync`: both directions, conflicts and their resolution, renames, deletions, idempotence, a full disk."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tests.core.test_notes_import import small_library
from tui.core.export import sync as sync_module
from tui.core.export.notes_import import read_note_file
from tui.core.export.sync import SyncError
from tui.core.export.sync_state import STATE_FILE
from tui.core.library import Library
from tui.core.models import Status
from tui.core.usecases.sync import sync_vault

DAY1 = "2026-11-30T12:00:00+00:00"
DAY2 = "2026-12-01T12:00:00+00:00"


def notes_files(vault: Path) -> dict[str, str]:
    """Paper files by name (the state file left out)."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(vault.glob("*.md"))}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (old, text)
    path.write_text(text.replace(old, new), encoding="utf-8")


def file_of(vault: Path, pid: str) -> Path:
    [path] = [p for p in vault.glob("*.md") if ".conflict-" not in p.name and read_note_file(p).id == pid]
    return path


def test_first_sync_writes_annotated_papers_and_a_second_writes_nothing(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    a, b = lib.papers[0].id, lib.papers[1].id
    lib.save_annotation(a, notes="first thoughts", rating=3)
    lib.save_annotation(b, status="reading")
    report = sync_vault(lib, vault, now=DAY1)
    assert (report.written, report.imported, report.conflicts) == (2, 0, 0)
    assert len(notes_files(vault)) == 2 and (vault / STATE_FILE).is_file()
    before = folder_snapshot(vault)
    again = sync_vault(lib, vault, now=DAY2)
    assert not again.changed and again.summary() == "sync: nothing to do; 2 papers in step, nothing written"
    assert folder_snapshot(vault) == before


def test_edits_in_the_vault_come_into_the_library(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="first thoughts", rating=3, tags=["llm training"])
    sync_vault(lib, vault, now=DAY1)
    path = file_of(vault, pid)
    assert "- llm-training\n" in path.read_text(encoding="utf-8")
    edit(path, "first thoughts", "# Rewritten in Obsidian\n\nwith a heading")
    edit(path, "rating: 3", "rating: 5")
    edit(path, "status: unread", "status: read")
    edit(path, "- llm-training\n", "- llm-training\n- obsidian-tag\n")
    edit(path, "renamed: false", "renamed: true")
    path.write_text(re.sub(r"(?m)^title: .*$", "title: A better title", path.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.imported == 1 and report.conflicts == 0
    got = lib.annotation(pid)
    assert got.notes == "# Rewritten in Obsidian\n\nwith a heading"  # the typed level, not the file's "###"
    assert (got.rating, got.status, got.title) == (5, Status.READ, "A better title")
    assert got.tags == ("llm training", "obsidian-tag")  # the library keeps the tag as typed
    # The file is written back (a fresh export_hash), its name following the new title.
    assert [p.name for p in vault.glob("*.md")] == ["A better title.md"]
    assert read_note_file(vault / "A better title.md").notes == got.notes
    assert "\n### Rewritten in Obsidian\n" in (vault / "A better title.md").read_text(encoding="utf-8")
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_library_changes_update_untouched_files_in_place(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="v1")
    sync_vault(lib, vault, now=DAY1)
    lib.save_annotation(pid, notes="v2", rating=4)
    report = sync_vault(lib, vault, now=DAY2)
    assert (report.written, report.imported, report.conflicts) == (1, 0, 0)
    note = read_note_file(file_of(vault, pid))
    assert (note.notes, note.rating) == ("v2", 4) and len(notes_files(vault)) == 1


def test_changes_to_different_fields_on_each_side_merge(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="notes", rating=2)
    sync_vault(lib, vault, now=DAY1)
    edit(file_of(vault, pid), "rating: 2", "rating: 4")
    lib.save_annotation(pid, notes="notes written in the app")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.conflicts == 0 and report.imported == 1
    assert (lib.annotation(pid).notes, lib.annotation(pid).rating) == ("notes written in the app", 4)
    note = read_note_file(file_of(vault, pid))
    assert (note.notes, note.rating) == ("notes written in the app", 4)
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_note_changed_on_both_sides_is_a_conflict_until_resolved(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="base")
    sync_vault(lib, vault, now=DAY1)
    path = file_of(vault, pid)
    edit(path, "base", "vault side")
    lib.save_annotation(pid, notes="library side")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.conflicts == 1
    conflict = vault / f"{path.stem}.conflict-2026-12-01.md"
    assert any(line.startswith(f"conflict {path.name}: notes changed") and conflict.name in line for line in report.lines)
    assert read_note_file(path).notes == "vault side"  # neither side overwritten
    assert lib.annotation(pid).notes == "library side"
    assert read_note_file(conflict).notes == "library side"
    # Still open: said again, nothing written.
    before = folder_snapshot(vault)
    again = sync_vault(lib, vault, now=DAY2)
    assert again.conflicts == 1 and not again.changed and folder_snapshot(vault) == before
    # Resolved: the user merges both into the file and deletes the conflict file.
    edit(path, "vault side", "vault side + library side")
    conflict.unlink()
    resolved = sync_vault(lib, vault, now=DAY2)
    assert resolved.conflicts == 0 and lib.annotation(pid).notes == "vault side + library side"
    clean = sync_vault(lib, vault, now=DAY2)
    assert not clean.changed and clean.conflicts == 0


def test_a_deleted_file_keeps_the_notes_and_comes_back_when_they_change(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="keep me")
    sync_vault(lib, vault, now=DAY1)
    file_of(vault, pid).unlink()
    report = sync_vault(lib, vault, now=DAY2)
    assert lib.annotation(pid).notes == "keep me" and not notes_files(vault)
    assert any("deleted in the vault; the notes stay in the library" in line for line in report.lines)
    assert not sync_vault(lib, vault, now=DAY2).changed  # not re-created behind the user's back
    lib.save_annotation(pid, notes="keep me, and more")
    back = sync_vault(lib, vault, now=DAY2)
    assert back.written == 1 and read_note_file(file_of(vault, pid)).notes == "keep me, and more"


def test_a_file_renamed_or_moved_in_the_vault_is_followed(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="v1")
    sync_vault(lib, vault, now=DAY1)
    (vault / "papers").mkdir()
    moved = vault / "papers" / "my name.md"
    file_of(vault, pid).rename(moved)
    report = sync_vault(lib, vault, now=DAY2)
    assert any("followed" in line and "papers/my name.md" in line for line in report.lines)
    lib.save_annotation(pid, notes="v2")
    sync_vault(lib, vault, now=DAY2)
    assert read_note_file(moved).notes == "v2" and not notes_files(vault)  # no second copy at the top


def test_a_renamed_paper_renames_its_file(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n")
    sync_vault(lib, vault, now=DAY1)
    lib.save_annotation(pid, title="On $\\alpha$-divergences")
    report = sync_vault(lib, vault, now=DAY2)
    assert list(notes_files(vault)) == ["On α-divergences.md"] and report.written == 1
    assert "\n# On α-divergences\n" in (vault / "On α-divergences.md").read_text(encoding="utf-8")
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_paper_removed_from_the_library_leaves_its_file(tmp_path: Path) -> None:
    folder, vault = tmp_path / "lib", tmp_path / "vault"
    lib = small_library(folder)
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="precious")
    sync_vault(lib, vault, now=DAY1)
    lib.close()
    papers = folder / "papers.json"
    data = json.loads(papers.read_text(encoding="utf-8"))
    data["papers"] = {k: v for k, v in data["papers"].items() if v["id"] != pid}
    papers.write_text(json.dumps(data), encoding="utf-8")
    with Library.open(folder, seed=False) as lib:
        report = sync_vault(lib, vault, now=DAY2)
        assert any("its paper is no longer in the library" in line for line in report.lines)
        assert read_note_file(file_of(vault, pid)).notes == "precious"
        assert not sync_vault(lib, vault, now=DAY2).lines  # said once


def test_lost_or_hand_broken_state_never_loses_a_note(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    a, b, c = (p.id for p in lib.papers[:3])
    for pid in (a, b, c):
        lib.save_annotation(pid, notes=f"{pid} v1")
    sync_vault(lib, vault, now=DAY1)
    (vault / STATE_FILE).write_text('{"papers": {"x": 1', encoding="utf-8")
    edit(file_of(vault, a), f"{a} v1", "a2 from the vault")  # the library did not change: export_hash says so
    lib.save_annotation(b, notes="b2 from the app")  # the file is untouched and this library wrote it
    edit(file_of(vault, c), f"{c} v1", "c2 from the vault")  # both sides changed: a conflict, both kept
    lib.save_annotation(c, notes="c2 from the app")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.warnings and "not valid JSON" in report.warnings[0]
    assert lib.annotation(a).notes == "a2 from the vault"
    assert read_note_file(file_of(vault, b)).notes == "b2 from the app"
    assert report.conflicts == 1 and lib.annotation(c).notes == "c2 from the app"
    assert read_note_file(file_of(vault, c)).notes == "c2 from the vault"
    assert json.loads((vault / STATE_FILE).read_text(encoding="utf-8"))["papers"]  # rewritten whole


def test_a_full_disk_halfway_leaves_both_sides_valid(lib: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vault = tmp_path / "vault"
    for i in range(6):
        lib.save_annotation(lib.papers[i].id, notes=f"note {i}")
    real = sync_module.write_text
    calls = []

    def full_disk(path, text, **kwargs):
        calls.append(path)
        if len(calls) == 3:
            real(path.with_name(".partial.tmp"), text[: len(text) // 2], **kwargs)  # a torn temp file, never renamed
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text, **kwargs)

    monkeypatch.setattr(sync_module, "write_text", full_disk)
    with pytest.raises(SyncError, match="No space left on device"):
        sync_vault(lib, vault, now=DAY1)
    monkeypatch.setattr(sync_module, "write_text", real)
    assert len(notes_files(vault)) == 2
    for path in vault.glob("*.md"):
        read_note_file(path)  # every file there parses
    report = sync_vault(lib, vault, now=DAY1)
    assert report.written == 4 and report.conflicts == 0
    assert not sync_vault(lib, vault, now=DAY1).changed
    assert {read_note_file(p).notes for p in vault.glob("*.md")} == {f"note {i}" for i in range(6)}


def test_a_library_that_cannot_be_saved_leaves_the_vault_alone(lib: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n1")
    lib.save_annotation(lib.papers[1].id, notes="other")
    sync_vault(lib, vault, now=DAY1)
    edit(file_of(vault, pid), "n1", "n2")
    lib.save_annotation(lib.papers[1].id, notes="other, changed")

    def broken(changes):
        raise OSError(errno.ENOSPC, "No space left on device")

    before = folder_snapshot(vault)
    monkeypatch.setattr(lib, "save_annotations", broken)
    with pytest.raises(SyncError, match="nothing synced"):
        sync_vault(lib, vault, now=DAY2)
    assert folder_snapshot(vault) == before and lib.annotation(pid).notes == "n1"


def test_file_names_are_complete_unique_and_stable(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    long_title = "A very long title about " + "sparse graph neural networks and their many friends " * 3
    lib.save_annotation(lib.papers[0].id, notes="x", title=long_title.strip())
    lib.save_annotation(lib.papers[1].id, notes="y", title="Same title")
    lib.save_annotation(lib.papers[2].id, notes="z", title="Same title")
    sync_vault(lib, vault, now=DAY1)
    names = sorted(notes_files(vault))
    assert names == sorted([long_title.strip() + ".md", "Same title.md", "Same title (2).md"])
    lib.save_annotation(lib.papers[2].id, notes="z2")
    sync_vault(lib, vault, now=DAY2)
    assert sorted(notes_files(vault)) == names


def test_the_vaults_own_text_and_keys_are_respected(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n1")
    sync_vault(lib, vault, now=DAY1)
    path = file_of(vault, pid)
    edit(path, "## Notes\n", "A line of my own above the notes.\n\n## Notes\n")
    edit(path, "renamed: false\n", "renamed: false\naliases:\n- my alias\n")
    # Only text paperdesk does not read changed: nothing to take in, nothing to write, twice.
    for _ in range(2):
        report = sync_vault(lib, vault, now=DAY2)
        assert not report.changed and "A line of my own" in path.read_text(encoding="utf-8")
    lib.save_annotation(pid, notes="n2")
    sync_vault(lib, vault, now=DAY2)
    text = path.read_text(encoding="utf-8")
    assert "aliases:\n- my alias\n" in text and read_note_file(path).notes == "n2"  # the vault's own key survives a rewrite


def test_the_cli_syncs_and_says_when_there_is_nothing_to_do(tmp_path: Path, capsys) -> None:
    from tui.cli import main

    folder, vault = tmp_path / "lib", tmp_path / "vault"
    with small_library(folder) as library:
        library.save_annotation(library.papers[0].id, notes="from the cli")
    assert main(["sync", "--db", str(folder), str(vault)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("sync: 0 papers updated from the vault, 1 file written")
    assert main(["sync", "--db", str(folder), str(vault)]) == 0
    assert capsys.readouterr().out.strip() == "sync: nothing to do; 1 paper in step, nothing written"
    path = next(vault.glob("*.md"))
    edit(path, "from the cli", "vault side")
    with Library.open(folder) as library:
        library.save_annotation(library.papers[0].id, notes="library side")
    assert main(["sync", "--db", str(folder), str(vault)]) == 1  # an open conflict
    assert "conflict " in capsys.readouterr().out


def test_a_first_sync_after_an_export_takes_the_librarys_later_changes(lib: Library, tmp_path: Path) -> None:
    from tui.core.export.markdown import annotated_entries, library_id
    from tui.core.export.writing import write_per_paper
    from tui.core.usecases.sync import library_key

    vault = tmp_path / "vault"
    a, b = lib.papers[0].id, lib.papers[1].id
    lib.save_annotation(a, notes="a at export")
    lib.save_annotation(b, notes="b at export")
    write_per_paper(vault, annotated_entries(lib.papers, lib.annotations()), library=library_id(library_key(lib)))
    lib.save_annotation(a, notes="a changed in the app after the export")  # the file is untouched: no conflict
    edit(file_of(vault, b), "b at export", "b edited in Obsidian")  # the library is unchanged: the edit comes in
    report = sync_vault(lib, vault, now=DAY2)
    assert report.conflicts == 0 and report.imported == 1
    assert read_note_file(file_of(vault, a)).notes == "a changed in the app after the export"
    assert lib.annotation(b).notes == "b edited in Obsidian"
    # A file another library wrote is not trusted that way: both texts kept.
    edit(file_of(vault, a), f"library_id: {library_id(library_key(lib))}", "library_id: 000000000000")
    (vault / STATE_FILE).unlink()
    lib.save_annotation(a, notes="a changed again")
    assert sync_vault(lib, vault, now=DAY2).conflicts == 1
