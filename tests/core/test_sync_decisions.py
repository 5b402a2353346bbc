"""What a sync decides, paper by paper, and how it says so: the report's lines and counts, open and
resolved conflicts, an edit both sides made alike, names the user chose, a second copy of a file, the
vault's tag spelling and highlights, and the library's order. (Written for the mutants mutmut found
surviving in `export/sync.py`; each test pins a decision the older tests left free.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import folder_snapshot
from tests.core.test_notes_import import small_library
from tests.core.test_sync import DAY1, DAY2, edit, file_of
from tui.core.export.notes_import import read_note_file
from tui.core.export.sync_state import STATE_FILE
from tui.core.library import Library
from tui.core.models import Highlight, Status
from tui.core.usecases.sync import sync_vault

#: `$x_{i}$` as a title derived from the abstract shows it: x₀, x₁₂.
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def name(i: int) -> str:
    """The file a sync names for paper `i` of `small_library` (its shown title)."""
    return f"Abstract number {i} about x{str(i).translate(_SUBSCRIPT)}.md"


def conflict(i: int, day: str = "2026-12-01") -> str:
    return name(i).removesuffix(".md") + f".conflict-{day}.md"


def synced(lib: Library, tmp_path: Path, *notes: str) -> tuple[Path, list[str]]:
    """The vault after a first sync (DAY1) of the first papers of `lib`, given `notes`; and their ids."""
    vault = tmp_path / "vault"
    ids = [p.id for p in lib.papers[: len(notes)]]
    for pid, text in zip(ids, notes, strict=True):
        lib.save_annotation(pid, notes=text)
    sync_vault(lib, vault, now=DAY1)
    return vault, ids


FIRST = Highlight("Abstract number 1", "first", created="2026-01-01T00:00:00+00:00")


def highlighted(lib: Library, tmp_path: Path) -> tuple[Path, str, Path]:
    """Paper 1 with a highlight (FIRST) and paper 0 tagged "llm training", synced; the vault, paper 1, its file."""
    lib.save_annotation(lib.papers[0].id, tags=["llm training"])
    lib.save_annotation(lib.papers[1].id, highlights=[FIRST])
    vault, (_, pid) = synced(lib, tmp_path, "", "base")
    return vault, pid, vault / name(1)


def tag_and_highlight_in_the_vault(path: Path) -> None:
    """The reader adds another paper's tag in the vault's spelling, changes FIRST's comment and quotes a passage."""
    edit(path, "tags: []", "tags:\n- llm-training")
    edit(path, "— first", "— second")
    edit(path, "\n## Notes\n", "\n> number 1\n\n## Notes\n")


def assert_tag_and_highlights_taken(lib: Library, pid: str) -> None:
    got = lib.annotation(pid)
    assert got.tags == ("llm training",)  # the library's spelling
    assert got.highlights[0] == Highlight("Abstract number 1", "second", created=FIRST.created)  # the library's own kept
    assert (got.highlights[1].text, got.highlights[1].start) == ("number 1", 9)  # a new one anchored in the abstract


def test_the_report_says_what_each_paper_got_and_the_summary_counts_it(lib: Library, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    ids = [p.id for p in lib.papers]
    for i in range(6):
        lib.save_annotation(ids[i], notes=f"notes of paper {i}", rating=1 + i % 2)
    sync_vault(lib, vault, now=DAY1)
    edit(vault / name(0), "rating: 1", "rating: 4")  # two fields edited in the vault
    edit(vault / name(0), "status: unread", "status: reading")
    edit(vault / name(1), "notes of paper 1", "paper 1, from the vault")
    lib.save_annotation(ids[2], title="A new title for two")  # renamed in the app: the file follows
    edit(vault / name(3), "notes of paper 3", "paper 3 in the vault")  # two fields clash
    edit(vault / name(3), "rating: 2", "rating: 5")
    lib.save_annotation(ids[3], notes="paper 3 in the app", rating=3)
    edit(vault / name(4), "notes of paper 4", "paper 4 in the vault")  # one field clashes
    lib.save_annotation(ids[4], notes="paper 4 in the app")
    lib.save_annotation(ids[6], notes="a new paper")  # paper 5 stays in step
    report = sync_vault(lib, vault, now=DAY2)
    assert report.lines == [
        f"from the vault {name(0)}: rating, status; updated {name(0)}",
        f"from the vault {name(1)}: notes; updated {name(1)}",
        f"updated A new title for two.md (renamed from {name(2)})",
        f"conflict {name(3)}: notes, rating changed in the vault and in the library since the last sync; both kept, the library's side in {conflict(3)}",
        f"conflict {name(4)}: notes changed in the vault and in the library since the last sync; both kept, the library's side in {conflict(4)}",
        f"new {name(6)}",
    ]
    assert (report.imported, report.written, report.conflicts, report.in_step) == (2, 6, 2, 1)
    assert report.summary() == "sync: 2 papers updated from the vault, 6 files written, 2 conflicts, 1 paper in step"
    assert report.updated_ids == [ids[0], ids[1]]  # the papers the app redraws
    assert (lib.annotation(ids[0]).rating, lib.annotation(ids[0]).status) == (4, Status.READING)
    assert read_note_file(vault / "A new title for two.md").notes == "notes of paper 2"
    assert read_note_file(vault / conflict(3)).notes == "paper 3 in the app" and read_note_file(vault / name(3)).rating == 5


def test_an_open_conflict_is_said_each_sync_its_library_side_kept_current_until_resolved(lib: Library, tmp_path: Path) -> None:
    vault, ids = synced(lib, tmp_path, "base 0", "base 1", "base 2")
    for i, pid in enumerate(ids):
        edit(vault / name(i), f"base {i}", f"vault {i}")
        lib.save_annotation(pid, notes=f"library {i}")
    assert sync_vault(lib, vault, now=DAY2).conflicts == 3
    still = [f"conflict {name(i)}: still open; make it what you want and delete {conflict(i)}" for i in range(3)]
    before = folder_snapshot(vault)
    again = sync_vault(lib, vault, now=DAY2)
    assert again.lines == still and again.conflicts == 3 and not again.changed and folder_snapshot(vault) == before

    # The app changes the note again: the conflict file gets the library's newest side, once.
    lib.save_annotation(ids[0], notes="library 0, later")
    updated = sync_vault(lib, vault, now=DAY2)
    assert updated.lines == [still[0] + " (its library side updated)", *still[1:]]
    assert (updated.written, updated.conflicts) == (1, 3)
    assert read_note_file(vault / conflict(0)).notes == "library 0, later" and read_note_file(vault / name(0)).notes == "vault 0"
    before = folder_snapshot(vault)
    assert sync_vault(lib, vault, now=DAY2).lines == still and folder_snapshot(vault) == before

    # Resolved three ways: the library's side copied over, the note merged, the note merged and a rating added.
    shutil.copyfile(vault / conflict(0), vault / name(0))
    edit(vault / name(1), "vault 1", "vault 1 + library 1")
    edit(vault / name(2), "vault 2", "vault 2 + library 2")
    edit(vault / name(2), "status: unread", "rating: 4\nstatus: unread")
    for i in range(3):
        (vault / conflict(i)).unlink()
    resolved = sync_vault(lib, vault, now=DAY2)
    assert resolved.lines == [
        f"resolved {name(0)}: took the vault's file",
        f"resolved {name(1)}: took the vault's file (notes)",
        f"resolved {name(2)}: took the vault's file (rating, notes)",
    ]
    assert (resolved.imported, resolved.conflicts, resolved.written) == (2, 0, 3)
    got = [lib.annotation(pid) for pid in ids]
    assert [a.notes for a in got] == ["library 0, later", "vault 1 + library 1", "vault 2 + library 2"] and got[2].rating == 4
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_resolution_takes_tags_and_highlights_from_the_file_and_keeps_the_readers_text(lib: Library, tmp_path: Path) -> None:
    vault, pid, path = highlighted(lib, tmp_path)
    edit(path, "base", "vault side")
    lib.save_annotation(pid, notes="library side")
    assert sync_vault(lib, vault, now=DAY2).conflicts == 1
    # The reader resolves by hand: the note, tags and highlights, text and a key of their own,
    # and the `renamed` line dropped (the title is the paper's own).
    edit(path, "vault side", "both sides")
    tag_and_highlight_in_the_vault(path)
    edit(path, "\n## Notes\n", "\nMy own paragraph.\n\n## Notes\n")
    edit(path, "renamed: false\n", "aliases:\n- my alias\n")
    (vault / conflict(1)).unlink()
    report = sync_vault(lib, vault, now="2026-12-02T12:00:00+00:00")
    assert report.lines == [f"resolved {name(1)}: took the vault's file (tags, notes, highlights)"]
    assert (lib.annotation(pid).notes, lib.annotation(pid).title) == ("both sides", "")
    assert_tag_and_highlights_taken(lib, pid)
    text = path.read_text(encoding="utf-8")
    assert "My own paragraph." in text and "aliases:\n- my alias\n" in text
    assert read_note_file(path).front_matter["exported"] == "2026-12-02T12:00:00+00:00"
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_vault_edits_map_tags_and_highlights_back_as_the_library_holds_them(lib: Library, tmp_path: Path) -> None:
    vault, pid, path = highlighted(lib, tmp_path)
    tag_and_highlight_in_the_vault(path)
    report = sync_vault(lib, vault, now=DAY2)
    assert report.lines == [f"from the vault {name(1)}: tags, highlights; updated {name(1)}"]
    assert_tag_and_highlights_taken(lib, pid)


def test_a_file_without_its_renamed_line_is_no_rename(lib: Library, tmp_path: Path) -> None:
    """An older or hand-edited file may lack `renamed:`; a title equal to the paper's own is then no rename."""
    vault, (pid,) = synced(lib, tmp_path, "n")
    edit(vault / name(0), "renamed: false\n", "")
    report = sync_vault(lib, vault, now=DAY2)
    assert (report.imported, report.lines, lib.annotation(pid).title) == (0, [], "")


def test_the_same_edit_on_both_sides_is_no_conflict(lib: Library, tmp_path: Path) -> None:
    vault, (pid,) = synced(lib, tmp_path, "base")
    edit(vault / name(0), "base", "the same words")
    edit(vault / name(0), "tags: []", "tags:\n- shared")
    lib.save_annotation(pid, notes="the same words\n", tags=["shared"])  # an editor's final newline is no difference
    edited = (vault / name(0)).read_bytes()
    report = sync_vault(lib, vault, now=DAY2)
    assert (report.conflicts, report.imported, report.written, report.in_step, report.lines) == (0, 0, 0, 1, [])
    assert (vault / name(0)).read_bytes() == edited and lib.annotation(pid).notes == "the same words\n"
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_field_only_one_side_filled_in_is_no_conflict_without_a_state(tmp_path: Path) -> None:
    """Another library's files and no state of ours: nothing is known of the past, so a field one side left
    empty takes the other side's value (both ways) and only a field both filled differently clashes."""
    vault = tmp_path / "vault"
    with small_library(tmp_path / "laptop") as laptop:
        pid = laptop.papers[0].id
        laptop.save_annotation(pid, notes="written on the laptop")
        sync_vault(laptop, vault, now=DAY1)
    with small_library(tmp_path / "desktop") as desktop:
        desktop.save_annotation(pid, rating=4)
        report = sync_vault(desktop, vault, now=DAY2)
        assert (report.conflicts, report.imported) == (0, 1)
        got = desktop.annotation(pid)
        assert (got.notes, got.rating) == ("written on the laptop", 4)
        assert read_note_file(vault / name(0)).rating == 4


def test_a_name_the_user_chose_is_kept_through_conflicts_and_changes(lib: Library, tmp_path: Path) -> None:
    vault, ids = synced(lib, tmp_path, "base", "base", "base")
    # Paper 0: renamed in the vault in the same sync that finds a conflict; resolved later.
    (vault / name(0)).rename(vault / "my name.md")
    edit(vault / "my name.md", "base", "vault side")
    lib.save_annotation(ids[0], notes="library side")
    # Paper 1: renamed in the vault in the same sync that takes an edit from it.
    (vault / name(1)).rename(vault / "mine too.md")
    edit(vault / "mine too.md", "base", "edited in the vault")
    # Paper 2: the sync's own name, through a conflict and its resolution.
    edit(vault / name(2), "base", "vault side")
    lib.save_annotation(ids[2], notes="library side")
    first = sync_vault(lib, vault, now=DAY2)
    assert first.conflicts == 2 and lib.annotation(ids[1]).notes == "edited in the vault"
    assert sync_vault(lib, vault, now=DAY2).conflicts == 2  # still open
    lib.save_annotation(ids[0], notes="library side, later")  # still open, its library side updated
    assert sync_vault(lib, vault, now=DAY2).written == 1
    (vault / "my name.conflict-2026-12-01.md").unlink()
    (vault / conflict(2)).unlink()
    assert sync_vault(lib, vault, now=DAY2).conflicts == 0
    for pid in ids:
        lib.save_annotation(pid, title=f"Retitled {pid}")
    sync_vault(lib, vault, now=DAY2)
    assert sorted(p.name for p in vault.glob("*.md")) == sorted(["my name.md", "mine too.md", f"Retitled {ids[2]}.md"])
    assert read_note_file(vault / "my name.md").title == f"Retitled {ids[0]}"  # the content follows, not the name
    assert not sync_vault(lib, vault, now=DAY2).changed


def test_a_second_copy_of_a_file_is_left_alone_and_the_known_one_synced(lib: Library, tmp_path: Path) -> None:
    vault, (pid,) = synced(lib, tmp_path, "v1")
    shutil.copyfile(vault / name(0), vault / "A copy.md")  # sorts before the paper's own file
    copy = (vault / "A copy.md").read_bytes()
    lib.save_annotation(pid, notes="v2")
    report = sync_vault(lib, vault, now=DAY2)
    assert report.lines == [f"A copy.md: also holds the paper in {name(0)}; left alone", f"updated {name(0)}"]
    assert read_note_file(vault / name(0)).notes == "v2" and (vault / "A copy.md").read_bytes() == copy


def test_the_report_follows_the_librarys_order(tmp_path: Path) -> None:
    """Lines come in the order of the papers in the library (as the list shows them), not by id."""
    vault = tmp_path / "vault"
    with small_library(tmp_path / "laptop") as laptop:
        ids = [p.id for p in laptop.papers[:3]]
        assert sorted(ids) != ids  # the test needs ids out of order
        for pid in ids:
            laptop.save_annotation(pid, notes=f"{pid} from the laptop")
        sync_vault(laptop, vault, now=DAY1)
    with small_library(tmp_path / "desktop") as desktop:  # its first sync: every file is new to it
        first = sync_vault(desktop, vault, now=DAY2)
        assert first.lines == [f"from the vault {name(i)}: notes; updated {name(i)}" for i in range(3)]
        for i, pid in enumerate(ids):
            (vault / name(i)).unlink()  # deleted in the vault, and cleared in the app
            desktop.save_annotation(pid, notes="")
        gone = sync_vault(desktop, vault, now=DAY2)
        assert [line.split(":")[0] for line in gone.lines] == [name(i) for i in range(3)]


def test_a_state_entry_missing_a_field_counts_it_as_empty(lib: Library, tmp_path: Path) -> None:
    """An older paperdesk's state (or a hand edit) may lack a field's hash: that field was empty, not changed."""
    vault, (_, b) = synced(lib, tmp_path, "a", "b")
    (vault / name(0)).unlink()
    sync_vault(lib, vault, now=DAY2)  # paper 0's file: deleted in the vault, not to come back unasked
    state = json.loads((vault / STATE_FILE).read_text(encoding="utf-8"))
    for entry in state["papers"].values():
        del entry["fields"]["highlights"]
    (vault / STATE_FILE).write_text(json.dumps(state), encoding="utf-8")
    report = sync_vault(lib, vault, now=DAY2)
    assert (report.written, report.conflicts, report.lines) == (0, 0, [])
    assert sorted(p.name for p in vault.glob("*.md")) == [name(1)]
    assert file_of(vault, b).name == name(1)


def test_a_file_deleted_in_the_vault_is_said_once_and_re_created_when_the_notes_change(lib: Library, tmp_path: Path) -> None:
    vault, (pid,) = synced(lib, tmp_path, "keep me")
    (vault / name(0)).unlink()
    deleted = sync_vault(lib, vault, now=DAY2)
    assert deleted.lines == [f"{name(0)}: deleted in the vault; the notes stay in the library (the file comes back when they change)"]
    assert sync_vault(lib, vault, now=DAY2).lines == []
    lib.save_annotation(pid, notes="keep me, and more")
    back = sync_vault(lib, vault, now=DAY2)
    assert back.lines == [f"re-created {name(0)}: its notes changed since the file was deleted in the vault"]
