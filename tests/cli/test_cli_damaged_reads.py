"""Commands that read annotations, on a damaged or wiped annotations.json: one line on stderr naming the file and the way
back, status 1 where the output lacks the reader's annotations (`backups` lists the copies: 0), the file untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.clirun import run
from tui.core.library import Library

DAMAGES = {"damaged": b'{"annotations": {"1": ', "wiped": b"{}"}


def noted_library(library_dir: Path) -> str:
    """A library with one paper noted and rated from the command line; its id."""
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
    assert run("note", pid, "--set", "my reading", "--db", str(library_dir)).returncode == 0
    assert run("rate", pid, "4", "--db", str(library_dir)).returncode == 0
    return pid


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_every_read_of_damaged_annotations_says_so_and_fails_where_its_output_is_wrong(library_dir: Path, damage: str) -> None:
    pid = noted_library(library_dir)
    target = library_dir / "annotations.json"
    target.write_bytes(DAMAGES[damage])
    out = library_dir.parent / "out.md"
    commands = {
        ("list",): 1,
        ("list", "--format", "json"): 1,
        ("show", pid): 1,
        ("show", pid, "--json"): 1,
        ("export",): 1,
        ("export", "--all", "--out", str(out)): 1,
        ("export", "--format", "bibtex", "--all", "--with-notes"): 1,
        ("cite", pid): 1,
        ("related", pid): 1,
        ("backups",): 0,
    }
    for command, status in commands.items():
        result = run(*command, "--db", str(library_dir))
        assert result.returncode == status, (command, result.stderr)
        lines = [line for line in result.stderr.splitlines() if str(target) in line]
        assert len(lines) == 1 and "paperdesk backups restore latest" in lines[0], (command, result.stderr)
        if command[0] == "export":
            assert result.stdout == "" and "nothing exported" in lines[0]
    assert not out.exists()
    assert target.read_bytes() == DAMAGES[damage]  # nothing written over it


def test_a_sound_library_reads_without_the_line(library_dir: Path) -> None:
    pid = noted_library(library_dir)
    for command in (("list",), ("show", pid), ("export",), ("backups",)):
        result = run(*command, "--db", str(library_dir))
        assert result.returncode == 0 and "annotations.json" not in result.stderr, (command, result.stderr)
    assert "my reading" in run("export", "--db", str(library_dir)).stdout
