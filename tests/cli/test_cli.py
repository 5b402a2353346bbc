"""The `paperdesk` command line: import, list, and one-line errors that change nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tui.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True, timeout=60)


def test_list_on_a_fresh_library_shows_the_bundled_papers(library_dir: Path, capsys) -> None:
    assert main(["list", "--db", str(library_dir)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 33
    pid, title, list_name = lines[0].split("\t")
    assert len(pid) == 12 and title and list_name in ("ICML 2025 Papers", "ICML 2025 论文列表")


def test_list_json_has_every_field(library_dir: Path, capsys) -> None:
    main(["--db", str(library_dir), "list", "--json"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 33
    first = records[0]
    for key in ("id", "abstract", "list", "title", "notes", "rating", "status", "tags"):
        assert key in first
    assert (first["notes"], first["rating"], first["status"], first["tags"]) == ("", 0, "unread", [])


def test_import_reports_and_is_idempotent(library_dir: Path, tmp_path: Path, capsys) -> None:
    new = tmp_path / "mine.txt"
    new.write_text("My Reading\n\nFirst abstract here.\n\nSecond abstract here.\n\nFirst abstract here.\n")
    assert main(["import", str(new), "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[0] == f"{new} (list My Reading): 2 papers added, 1 merged (0 with new fields), 0 skipped"
    assert main(["import", str(new), "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.strip() == f"{new} (list My Reading): 0 papers added, 3 merged (0 with new fields), 0 skipped"
    main(["list", "--db", str(library_dir)])
    assert len(capsys.readouterr().out.splitlines()) == 35


def test_env_var_picks_the_library(tmp_path: Path, monkeypatch, capsys) -> None:
    home = tmp_path / "via-env"
    monkeypatch.setenv("PAPERDESK_HOME", str(home))
    assert main(["list"]) == 0
    assert (home / "papers.json").exists()


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda d: d / "missing.txt", "no such file"),
        (lambda d: d, "is a directory"),
        (lambda d: (d / "empty.txt", (d / "empty.txt").write_text(""))[0], "is empty"),
        (lambda d: (d / "h.txt", (d / "h.txt").write_text("Header\n"))[0], "only a header line"),
        (lambda d: (d / "b.bin", (d / "b.bin").write_bytes(b"\x89PNG\r\n\x00\x00"))[0], "binary file"),
        (lambda d: (d / "l1.txt", (d / "l1.txt").write_bytes(b"L\n\nna\xefve\n"))[0], "not UTF-8"),
    ],
)
def test_bad_input_one_line_nonzero_library_unchanged(tmp_path: Path, make, problem: str) -> None:
    lib = tmp_path / "lib"
    assert run("list", "--db", str(lib)).returncode == 0
    before = folder_snapshot(lib)
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    bad = make(inputs)
    result = run("import", str(bad), "--db", str(lib))
    assert result.returncode == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert str(bad) in line and problem in line and "Traceback" not in result.stderr
    assert folder_snapshot(lib) == before


def test_failed_import_into_a_new_library_creates_nothing(tmp_path: Path) -> None:
    lib = tmp_path / "never"
    result = run("import", str(tmp_path / "missing.txt"), "--db", str(lib))
    assert result.returncode == 1
    assert not lib.exists()


def test_good_and_bad_files_together(tmp_path: Path, library_dir: Path, capsys) -> None:
    good = tmp_path / "good.txt"
    good.write_text("Good\n\nAn abstract.\n")
    assert main(["import", str(good), str(tmp_path / "nope.txt"), "--db", str(library_dir)]) == 1
    captured = capsys.readouterr()
    assert "(list Good): 1 paper added" in captured.out
    assert "nope.txt: no such file" in captured.err


def test_import_into_a_locked_library_is_refused(tmp_path: Path, library_dir: Path) -> None:
    from tui.core.library import Library

    good = tmp_path / "good.txt"
    good.write_text("Good\n\nAn abstract.\n")
    with Library.open(library_dir):
        before = folder_snapshot(library_dir)
        result = run("import", str(good), "--db", str(library_dir))
        assert result.returncode == 3  # held by another process
        assert "another paperdesk" in result.stderr and "nothing imported" in result.stderr
        assert folder_snapshot(library_dir) == before


def test_version_and_help() -> None:
    assert run("--version").stdout.startswith("paperdesk ")
    help_text = run("--help").stdout
    assert "import" in help_text and "list" in help_text and "--db" in help_text


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc, where no folder can be made (even by root)")
@pytest.mark.parametrize("command", [["list"], ["show", "graph"], ["export", "--all"], ["rate", "abc", "3"]])
def test_a_library_folder_that_cannot_be_created_is_one_line_and_exit_1(command: list[str]) -> None:
    """Not the bundled examples of a library that can never exist, with exit 0."""
    result = run("--db", "/proc/no-such-paperdesk/library", *command)
    assert result.returncode == 1, result.stdout[:200]
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "paperdesk: /proc/no-such-paperdesk/library: the library folder cannot be created (No such file or directory)"
    ]


def test_a_library_folder_under_a_file_is_named_as_such(tmp_path: Path, capsys) -> None:
    (tmp_path / "afile").write_text("x")
    assert main(["list", "--db", str(tmp_path / "afile")]) == 1
    assert capsys.readouterr().err == f"paperdesk: {tmp_path / 'afile'}: the library folder cannot be created (it is a file, not a folder)\n"
    assert main(["list", "--db", str(tmp_path / "afile" / "lib")]) == 1
    assert "the library folder cannot be created (Not a directory)" in capsys.readouterr().err
    assert main(["list", "--db", str(tmp_path / "new" / "deeper")]) == 0  # a folder that can be made is made, as before
    assert (tmp_path / "new" / "deeper" / "papers.json").exists()
