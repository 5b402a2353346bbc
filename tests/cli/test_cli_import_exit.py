"""`paperdesk import`'s exit status says what came in, and Ctrl+C follows the app's Esc rule.

0 when anything was added or merged (skipped entries beside them are
reported, not failed); 1 when a file was refused or every entry was skipped
(a notes export naming no paper of the library likewise); 130 when Ctrl+C
stopped the import before papers.json was written, with one line and the
library untouched. A Ctrl+C that comes once the write began lets it finish.
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.clirun import REPO, run
from tests.conftest import FIXTURES, folder_snapshot


def made(library_dir: Path) -> dict[str, bytes]:
    """The library created (seeded) by a first command, as its files are."""
    assert run("list", "--db", str(library_dir)).returncode == 0
    return folder_snapshot(library_dir)


def all_skipped(folder: Path) -> Path:
    path = folder / "nothing-usable.json"
    path.write_text(json.dumps([{"foo": 1}, {"title": ""}, {"abstract": "   "}]))
    return path


def test_an_import_whose_every_entry_is_skipped_exits_1_with_its_report(library_dir: Path, tmp_path: Path) -> None:
    before = made(library_dir)
    result = run("import", str(all_skipped(tmp_path)), "--db", str(library_dir))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith("nothing-usable.json: 0 papers added, 0 merged, 3 skipped")
    assert lines[1] == "  skipped entry 1: has no title and no abstract"
    assert "Traceback" not in result.stderr
    assert folder_snapshot(library_dir) == before


def test_skipped_entries_beside_added_or_merged_ones_exit_0(library_dir: Path, tmp_path: Path) -> None:
    made(library_dir)
    mixed = run("import", str(all_skipped(tmp_path)), str(FIXTURES / "small.bib"), "--db", str(library_dir))
    assert mixed.returncode == 0
    assert "small.bib: 2 papers added, 0 merged, 3 skipped" in mixed.stdout
    again = run("import", str(FIXTURES / "small.bib"), "--db", str(library_dir))  # everything merges
    assert again.returncode == 0 and "0 papers added, 2 merged (0 with new fields), 3 skipped" in again.stdout


def test_a_notes_export_naming_no_paper_here_exits_1(tmp_path: Path) -> None:
    source, other, vault = tmp_path / "source", tmp_path / "other", tmp_path / "vault"
    assert run("import", str(FIXTURES / "small.bib"), "--db", str(source)).returncode == 0
    pid = run("list", "--format", "ids", "--query", "list:small", "--db", str(source)).stdout.split()[0]
    assert run("rate", pid, "4", "--db", str(source)).returncode == 0
    assert run("export", "--per-paper", "--out", str(vault), "--db", str(source)).returncode == 0
    made(other)  # only the bundled papers: the vault's paper is not there
    result = run("import", str(vault), "--db", str(other))
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == "notes: 0 updated, 0 unchanged, 0 conflicts, 1 unmatched, 0 unreadable"
    assert run("import", str(FIXTURES / "small.bib"), "--db", str(other)).returncode == 0
    assert run("import", str(vault), "--db", str(other)).returncode == 0  # now it names a paper: restored


def slow_list(folder: Path, n: int = 6000) -> Path:
    """A plain list of `n` abstracts: every title is derived, so matching takes seconds."""
    from benchmarks.corpus import write_list

    return write_list(folder / "many.txt", n)


def test_ctrl_c_before_the_write_imports_nothing_and_exits_130(library_dir: Path, tmp_path: Path) -> None:
    before = made(library_dir)
    big = slow_list(tmp_path)
    master, slave = pty.openpty()  # stderr on a terminal: the progress line is drawn, as a user sees it
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "import", str(big), "--db", str(library_dir)],
        cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave,
    )
    os.close(slave)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"importing [" not in seen and time.monotonic() < deadline:  # matching has begun
            if select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 4096)
        assert b"importing [" in seen, seen
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
        while select.select([master], [], [], 0.2)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the child has gone: the terminal is closed
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    err = seen.decode().replace("\r\n", "\n")
    assert proc.returncode == 130, err
    assert out == b""
    assert err.rstrip("\n").splitlines()[-1] == "paperdesk: cancelled; nothing was imported"
    assert "Traceback" not in err
    assert folder_snapshot(library_dir) == before


def test_ctrl_c_while_the_library_is_written_lets_the_write_finish(library_dir: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.cli import main
    from tui.core.store.papers_file import PapersFile

    real = PapersFile.write

    def interrupted_write(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl+C just as papers.json is being written
        return real(self, *args, **kwargs)

    main(["list", "--db", str(library_dir)])
    monkeypatch.setattr(PapersFile, "write", interrupted_write)
    assert main(["import", str(FIXTURES / "small.bib"), "--db", str(library_dir)]) == 0
    captured = capsys.readouterr()
    assert "small.bib: 2 papers added" in captured.out
    assert "Ctrl+C came while the library was being written; the write was finished" in captured.err
    monkeypatch.undo()
    main(["list", "--format", "ids", "--query", "list:small", "--db", str(library_dir)])
    assert len(capsys.readouterr().out.split()) == 2


def test_an_input_name_the_system_refuses_is_one_line_naming_it_and_nothing_changes(library_dir: Path, tmp_path: Path) -> None:
    """A file name too long for the system (ENAMETOOLONG) is the input's problem, not a write of the library's:
    before, the notes-export check raised through `Path.is_dir`, and the line blamed the library."""
    before = made(library_dir)
    name = str(tmp_path / ("a" * 300 + ".bib"))
    result = run("import", name, "--db", str(library_dir))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"paperdesk: {name}: cannot be read (") and lines[0].endswith("nothing imported")
    assert folder_snapshot(library_dir) == before
