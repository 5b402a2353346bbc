"""`paperdesk note ID --edit`: $VISUAL/$EDITOR edits the notes; only a clean exit saves them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli.clirun import annotation_on_disk, run
from tui.core.library import Library


def fake_editor(folder: Path, body: str, status: int = 0) -> str:
    """A Python script standing in for an editor: it runs `body` with the file's path as `path`."""
    script = folder / f"editor{status}.py"
    script.write_text(
        "import sys\npath = sys.argv[-1]\n" + body + f"\nsys.exit({status})\n", encoding="utf-8"
    )
    return f"{sys.executable} {script}"


def folder_snapshot(library_dir: Path) -> dict[str, bytes]:
    """The library's two files (opening it for writing may add the day's backup, which is fine)."""
    return {name: (library_dir / name).read_bytes() for name in ("papers.json", "annotations.json")}


@pytest.fixture
def pid(library_dir: Path) -> str:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="old line\n")
    return pid


def test_the_editor_sees_the_notes_and_its_file_is_saved(library_dir: Path, tmp_path: Path, pid: str) -> None:
    seen = tmp_path / "seen.txt"
    editor = fake_editor(
        tmp_path,
        f"open({str(seen)!r}, 'w').write(open(path).read())\n"
        "open(path, 'a').write('added in the editor — ünïcode\\n')",
    )
    result = run("note", pid, "--edit", "--db", str(library_dir), env={"EDITOR": editor, "VISUAL": ""})
    assert result.returncode == 0, result.stderr
    assert seen.read_text() == "old line\n"
    assert "notes edited (now 2 lines, was 1 line)" in result.stdout
    assert annotation_on_disk(library_dir, pid)["notes"] == "old line\nadded in the editor — ünïcode\n"


def test_visual_wins_over_editor(library_dir: Path, tmp_path: Path, pid: str) -> None:
    visual = fake_editor(tmp_path, "open(path, 'w').write('by visual')")
    broken = tmp_path / "no-such-editor"
    result = run("note", pid, "-e", "--db", str(library_dir), env={"VISUAL": visual, "EDITOR": str(broken)})
    assert result.returncode == 0, result.stderr
    assert annotation_on_disk(library_dir, pid)["notes"] == "by visual"


def test_an_editor_exiting_non_zero_changes_nothing(library_dir: Path, tmp_path: Path, pid: str) -> None:
    editor = fake_editor(tmp_path, "open(path, 'w').write('half-typed, then :cq')", status=1)
    before = folder_snapshot(library_dir)
    result = run("note", pid, "--edit", "--db", str(library_dir), env={"EDITOR": editor, "VISUAL": ""})
    assert result.returncode == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert "the editor exited with status 1; nothing changed" in line
    assert folder_snapshot(library_dir) == before


def test_an_editor_that_cannot_start_changes_nothing(library_dir: Path, tmp_path: Path, pid: str) -> None:
    before = folder_snapshot(library_dir)
    result = run("note", pid, "--edit", "--db", str(library_dir), env={"EDITOR": str(tmp_path / "missing"), "VISUAL": ""})
    assert result.returncode == 1 and "could not be started" in result.stderr
    assert folder_snapshot(library_dir) == before


def test_quitting_without_changes_writes_nothing(library_dir: Path, tmp_path: Path, pid: str) -> None:
    editor = fake_editor(tmp_path, "pass")
    before = folder_snapshot(library_dir)
    result = run("note", pid, "--edit", "--db", str(library_dir), env={"EDITOR": editor, "VISUAL": ""})
    assert result.returncode == 0 and "notes unchanged" in result.stdout
    assert folder_snapshot(library_dir) == before
