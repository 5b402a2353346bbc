"""A sync's files and folder: what it refuses, what it warns about, the modes and stamps and dates it
writes, what a failure says, and files whose paper left the library or came back. (Written for the
mutants mutmut found surviving in `export/sync.py`.)"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tests.core.test_notes_import import small_library
from tests.core.test_sync import DAY1, DAY2, edit
from tests.core.test_sync_decisions import name, synced
from tui.core.export import sync as sync_module
from tui.core.export.markdown import annotated_entries, library_id
from tui.core.export.notes_import import read_note_file
from tui.core.export.sync import SyncError
from tui.core.export.sync_state import STATE_FILE, text_hash
from tui.core.export.writing import write_per_paper
from tui.core.library import Library
from tui.core.store.atomic import document_mode
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.usecases.sync import library_key, sync_vault


def state_entries(vault: Path) -> dict:
    return json.loads((vault / STATE_FILE).read_text(encoding="utf-8"))["papers"]


def synced_folder(tmp_path: Path, *notes: str) -> tuple[Path, Path, list[str]]:
    """A library folder whose first papers got `notes`, synced (DAY1) and closed; the folder, the vault, the ids."""
    folder = tmp_path / "lib"
    with small_library(folder) as lib:
        vault, ids = synced(lib, tmp_path, *notes)
    return folder, vault, ids


@contextmanager
def papers_away(folder: Path, *pids: str, doi: str = "") -> Iterator[None]:
    """The library at `folder` (closed) without the papers `pids` (as if removed); back on exit, with `doi` if given."""
    papers = folder / "papers.json"
    data = json.loads(papers.read_text(encoding="utf-8"))
    kept = {k: v for k, v in data["papers"].items() if v["id"] not in pids}
    papers.write_text(json.dumps({**data, "papers": kept}), encoding="utf-8")
    yield
    if doi:
        for doc in data["papers"].values():
            if doc["id"] in pids:
                doc["doi"] = doi
    papers.write_text(json.dumps(data), encoding="utf-8")


# -- the vault folder and the library ------------------------------------------------------------


def test_the_vault_is_a_folder_made_when_missing_and_a_file_or_an_impossible_path_refused(lib: Library, tmp_path: Path) -> None:
    lib.save_annotation(lib.papers[0].id, notes="n")
    a_file = tmp_path / "a file"
    a_file.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SyncError) as refused:
        sync_vault(lib, a_file, now=DAY1)
    assert str(refused.value) == f"{a_file}: is a file; a vault is a folder"
    with pytest.raises(SyncError) as impossible:
        sync_vault(lib, a_file / "vault", now=DAY1)
    assert str(impossible.value) == f"{a_file / 'vault'}: cannot create the folder (Not a directory)"
    deep = tmp_path / "not" / "yet" / "there"
    assert sync_vault(lib, deep, now=DAY1).written == 1 and (deep / name(0)).is_file()


def test_a_read_only_library_syncs_nothing_and_says_why(tmp_path: Path) -> None:
    folder, vault = tmp_path / "lib", tmp_path / "vault"
    with small_library(folder) as lib:
        lib.save_annotation(lib.papers[0].id, notes="n")
    with Library.open(folder, read_only=True) as lib, pytest.raises(SyncError) as plain:
        sync_vault(lib, vault, now=DAY1)
    assert str(plain.value) == "the library is open read-only; nothing synced"
    (folder / ANNOTATIONS_FILE).write_bytes(b"{}")  # wiped outside paperdesk: opened read-only, with a notice
    with Library.open(folder, seed=False) as lib, pytest.raises(SyncError) as noticed:
        assert lib.read_only and lib.notice
        sync_vault(lib, vault, now=DAY1)
    assert str(noticed.value) == f"{lib.notice}; nothing synced"
    assert not list(vault.glob("*.md"))


def test_an_unreadable_file_is_warned_about_and_the_rest_synced(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "latin-1.md").write_bytes(b"---\nid: 5c8296eb5d3d\ntitle: caf\xe9\n---\n")
    lib.save_annotation(lib.papers[0].id, notes="n")
    report = sync_vault(lib, vault, now=DAY1)
    assert report.warnings == ["latin-1.md: not UTF-8 text; left alone"] and report.lines == [f"new {name(0)}"]


def test_a_state_that_cannot_be_saved_is_a_warning_and_the_files_stay_synced(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    (vault / STATE_FILE).mkdir(parents=True)  # a folder where the state file goes
    lib.save_annotation(lib.papers[0].id, notes="n")
    report = sync_vault(lib, vault, now=DAY1)
    assert report.warnings[-1] == f"{STATE_FILE}: not saved (Is a directory); the next sync compares the files themselves"
    assert read_note_file(vault / name(0)).notes == "n"


# -- what is written -----------------------------------------------------------------------------


def test_a_rewritten_file_keeps_its_mode_and_a_new_one_gets_the_usual(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    a, b = lib.papers[0].id, lib.papers[1].id
    lib.save_annotation(a, notes="a")
    sync_vault(lib, vault, now=DAY1)
    assert stat.S_IMODE((vault / name(0)).stat().st_mode) == document_mode()
    os.chmod(vault / name(0), 0o640)
    lib.save_annotation(a, notes="a2")
    lib.save_annotation(b, notes="b")
    assert sync_vault(lib, vault, now=DAY2).written == 2
    assert stat.S_IMODE((vault / name(0)).stat().st_mode) == 0o640
    assert stat.S_IMODE((vault / name(1)).stat().st_mode) == document_mode()


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_failed_write_says_which_file_and_how_many_are_in_place(lib: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: int) -> None:
    vault = tmp_path / "vault"
    for i in range(4):
        lib.save_annotation(lib.papers[i].id, notes=f"note {i}")
    real, calls = sync_module.write_text, []

    def full_disk(path, text, **kwargs):
        calls.append(path)
        if len(calls) == failing:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text, **kwargs)

    monkeypatch.setattr(sync_module, "write_text", full_disk)
    with pytest.raises(SyncError) as failed:
        sync_vault(lib, vault, now=DAY1)
    said = f"{calls[-1]}: cannot write (No space left on device); the library and the vault are valid, sync again"
    in_place = {1: "", 2: "; the 1 file written before it is in place", 3: "; the 2 files written before it are in place"}
    assert str(failed.value) == said + in_place[failing]


def test_files_carry_the_syncs_stamp(lib: Library, tmp_path: Path) -> None:
    vault, (pid,) = synced(lib, tmp_path, "n")
    assert read_note_file(vault / name(0)).front_matter["exported"] == DAY1
    lib.save_annotation(pid, notes="n2")
    sync_vault(lib, vault, now=DAY2)
    assert read_note_file(vault / name(0)).front_matter["exported"] == DAY2


def test_an_edit_taken_from_the_vault_is_written_back_with_the_librarys_dates_and_the_readers_text(lib: Library, tmp_path: Path) -> None:
    vault, (pid,) = synced(lib, tmp_path, "n")
    path = vault / name(0)
    edit(path, "\n## Notes\n", "\nMy own paragraph.\n\n## Notes\n")
    edit(path, "renamed: false\n", "renamed: false\naliases:\n- my alias\n")
    edit(path, "status: unread", "status: reading")  # saving it sets the paper's `started` date
    report = sync_vault(lib, vault, now=DAY2)
    assert report.imported == 1 and lib.annotation(pid).started
    note = read_note_file(path)
    assert note.front_matter["started"] == lib.annotation(pid).started and note.front_matter["exported"] == DAY2
    text = path.read_text(encoding="utf-8")
    assert "My own paragraph." in text and "aliases:\n- my alias\n" in text
    assert state_entries(vault)[pid]["text"] == text_hash(path.read_bytes())  # the state knows the file as written
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_first_sync_over_an_untouched_export_rewrites_nothing(lib: Library, tmp_path: Path) -> None:
    """No state: a file exported earlier (its own stamp and dates), with the reader's text added, is in step."""
    vault = tmp_path / "vault"
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="n", rating=2)
    write_per_paper(vault, annotated_entries(lib.papers, lib.annotations()), now=DAY1, library=library_id(library_key(lib)))
    edit(vault / name(0), "\n## Notes\n", "\nMy own paragraph.\n\n## Notes\n")
    before = folder_snapshot(vault)
    report = sync_vault(lib, vault, now=DAY2)
    assert (report.written, report.imported, report.in_step, report.lines) == (0, 0, 1, [])
    assert {k: v for k, v in folder_snapshot(vault).items() if k != STATE_FILE} == before


# -- papers that leave the library or come back --------------------------------------------------


def test_a_paper_away_from_the_library_keeps_its_file_and_comes_back_in_step(tmp_path: Path) -> None:
    folder, vault, (a, b) = synced_folder(tmp_path, "precious", "untouched")
    with papers_away(folder, a, b, doi="10.1/back"):
        with Library.open(folder, seed=False) as lib:
            report = sync_vault(lib, vault, now=DAY2)
            assert report.lines == [f"kept {name(i)}: its paper is no longer in the library" for i in (0, 1)]
            edit(vault / name(0), "precious", "precious, edited while the paper was away")
            assert sync_vault(lib, vault, now=DAY2).lines == []  # said once
    with Library.open(folder, seed=False) as lib:
        back = sync_vault(lib, vault, now=DAY2)
        assert back.conflicts == 0 and lib.annotation(a).notes == "precious, edited while the paper was away"
        assert read_note_file(vault / name(1)).front_matter["doi"] == "10.1/back"  # untouched: refreshed with the paper's data
        assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_paper_back_whose_file_was_deleted_gets_a_new_file(tmp_path: Path) -> None:
    folder, vault, (pid,) = synced_folder(tmp_path, "precious")
    with papers_away(folder, pid), Library.open(folder, seed=False) as lib:
        sync_vault(lib, vault, now=DAY2)
        (vault / name(0)).unlink()
    with Library.open(folder, seed=False) as lib:
        report = sync_vault(lib, vault, now=DAY2)
        assert report.lines == [f"new {name(0)}"] and read_note_file(vault / name(0)).notes == "precious"


def test_a_paper_gone_from_both_sides_is_forgotten(tmp_path: Path) -> None:
    folder, vault, (a, b) = synced_folder(tmp_path, "a", "b")
    with papers_away(folder, a), Library.open(folder, seed=False) as lib:
        (vault / name(0)).unlink()
        report = sync_vault(lib, vault, now=DAY2)
        assert report.lines == [] and list(state_entries(vault)) == [b]


def test_a_file_of_no_known_paper_is_said_and_left_alone(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    lib.save_annotation(lib.papers[0].id, notes="n")
    sync_vault(lib, vault, now=DAY1)
    stray = (vault / name(0)).read_text(encoding="utf-8").replace(f"id: {lib.papers[0].id}", "id: 000000000000")
    (vault / "stray.md").write_text(stray, encoding="utf-8")
    for _ in range(2):
        report = sync_vault(lib, vault, now=DAY2)
        assert report.lines == ["unmatched stray.md: no paper with this id in the library; left alone"]
    assert (vault / "stray.md").read_text(encoding="utf-8") == stray


def test_a_file_put_back_in_the_vault_is_refreshed_like_an_untouched_one(lib: Library, tmp_path: Path) -> None:
    """Deleted in the vault, then restored as it was (a git checkout, the trash): new paper data reaches it."""
    from tui.core.ingest.parsed import ParsedFile
    from tui.core.models import Paper

    vault = tmp_path / "vault"
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes="n")
    sync_vault(lib, vault, now=DAY1)
    kept = (vault / name(0)).read_bytes()
    (vault / name(0)).unlink()
    sync_vault(lib, vault, now=DAY2)
    (vault / name(0)).write_bytes(kept)
    lib.add_papers([ParsedFile(Path("again.json"), "json", "Imported", [Paper(paper.id, paper.abstract, paper.list, doi="10.1/new")])])
    report = sync_vault(lib, vault, now=DAY2)
    assert report.written == 1 and read_note_file(vault / name(0)).front_matter["doi"] == "10.1/new"
