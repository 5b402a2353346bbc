"""While another process (the app) holds the library: writes exit 3 naming its PID; reads work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.clirun import REPO, run
from tests.conftest import folder_snapshot
from tui.core.library import Library

HOLDER = """
import sys, time
from tui.core.library import Library
lib = Library.open(sys.argv[1])
print("holding", flush=True)
sys.stdin.readline()
lib.close()
"""


@pytest.fixture
def held(library_dir: Path):
    """A second process holding the seeded library until the test ends; yields its PID."""
    Library.open(library_dir).close()
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(library_dir)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    assert proc.stdout.readline().strip() == "holding"
    yield proc.pid
    proc.stdin.close()
    proc.wait(timeout=30)


def first_id(library_dir: Path) -> str:
    with Library.open(library_dir, read_only=True) as lib:
        return lib.papers[0].id


@pytest.mark.parametrize(
    "args",
    [("rate", "ID", "3"), ("status", "ID", "read"), ("tag", "ID", "+x"), ("note", "ID", "-a", "x"), ("note", "ID", "--edit")],
)
def test_writes_are_refused_with_exit_3_naming_the_pid(library_dir: Path, held: int, args: tuple[str, ...]) -> None:
    pid = first_id(library_dir)
    before = folder_snapshot(library_dir)
    result = run(*(pid if a == "ID" else a for a in args), "--db", str(library_dir), env={"EDITOR": "false", "VISUAL": ""})
    assert result.returncode == 3, result.stderr
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert f"another paperdesk (PID {held}) is using this library; nothing changed" in line
    assert folder_snapshot(library_dir) == before


def test_import_is_refused_with_exit_3(library_dir: Path, held: int, tmp_path: Path) -> None:
    before = folder_snapshot(library_dir)
    result = run("import", "-", "--db", str(library_dir), input="Mine\n\nAn abstract.\n")
    assert result.returncode == 3
    assert f"(PID {held})" in result.stderr and "nothing imported" in result.stderr
    assert folder_snapshot(library_dir) == before


def test_reads_work_while_held(library_dir: Path, held: int) -> None:
    pid = first_id(library_dir)
    listed = run("list", "--format", "ids", "--db", str(library_dir))
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 33
    shown = run("show", pid, "--db", str(library_dir))
    assert shown.returncode == 0 and f"id {pid}" in shown.stdout
    exported = run("export", "--all", "--out", "-", "--db", str(library_dir))
    assert exported.returncode == 0 and exported.stdout.count("\n## ") == 33


def test_the_read_only_notice_names_the_holder(library_dir: Path, held: int) -> None:
    with Library.open(library_dir) as second:
        assert second.read_only and second.held and second.holder_pid == held
        assert f"another paperdesk (PID {held}) is using this library (quit it, or end it with `kill {held}`); opened read-only" in (second.notice or "")


def test_sync_is_refused_with_exit_3(library_dir: Path, held: int, tmp_path: Path) -> None:
    before = folder_snapshot(library_dir)
    result = run("sync", str(tmp_path / "vault"), "--db", str(library_dir))
    assert result.returncode == 3
    assert f"(PID {held})" in result.stderr and "nothing synced" in result.stderr
    assert folder_snapshot(library_dir) == before and not any((tmp_path / "vault").glob("*.md"))


def test_backups_restore_is_refused_with_exit_3(library_dir: Path, held: int) -> None:
    with Library.open(library_dir, read_only=True):
        pass
    backups = library_dir / "backups"
    backups.mkdir(exist_ok=True)
    (backups / "annotations-2020-01-01.json").write_bytes(b'{"annotations": {}}')
    before = folder_snapshot(library_dir)
    result = run("backups", "restore", "latest", "--db", str(library_dir))
    assert result.returncode == 3
    (line,) = result.stderr.splitlines()
    assert f"another paperdesk (PID {held}) is using this library; nothing restored" in line
    assert folder_snapshot(library_dir) == before
    listed = run("backups", "--db", str(library_dir))  # listing only reads: it works while held
    assert listed.returncode == 0 and "annotations-2020-01-01.json" in listed.stdout
