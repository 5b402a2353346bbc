"""Counts read right: "1 paper", "2 papers", never "1 papers" or "paper(s)", in the CLI, the app and the core."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.cli.clirun import REPO, run
from tui.core.words import plural


def test_the_helper() -> None:
    assert [plural(1), plural(2), plural(0, "file")] == ["1 paper", "2 papers", "0 files"]
    assert plural(1, "entry", "entries") == "1 entry" and plural(1200, "entry", "entries", grouped=True) == "1,200 entries"


def test_one_paper_written_and_removed_says_paper(tmp_path: Path) -> None:
    db = str(tmp_path / "library")
    first = run("list", "--db", db, "--format", "ids", "--limit", "1").stdout.strip()  # seeds the library
    assert run("rate", "--db", db, first, "4").returncode == 0
    out = tmp_path / "one.md"
    written = run("export", "--db", db, "--out", str(out))
    assert written.stdout.strip() == f"wrote 1 paper to {out}", written.stderr
    cited = run("export", "--db", db, "--format", "bibtex", "--out", str(tmp_path / "one.bib"))
    assert cited.stdout.strip() == f"wrote 1 paper to {tmp_path / 'one.bib'}", cited.stderr
    assert out.read_text(encoding="utf-8").splitlines()[2].startswith("1 paper, exported ")
    folder = tmp_path / "vault"
    assert run("export", "--db", db, "--per-paper", "--out", str(folder)).stdout.strip() == f"wrote 1 file to {folder}"
    removed = run("remove", "--db", db, "--force", first)
    assert removed.stdout.startswith("removed 1 paper to the trash;"), removed.stderr


def test_no_counted_message_in_tui_says_paper_s() -> None:
    """`(s)` after a count reads as unfinished: every count goes through `plural`."""
    found = []
    for path in (REPO / "tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                text = "".join(part.value for part in node.values if isinstance(part, ast.Constant) and isinstance(part.value, str))
                if "(s)" in text.replace("http(s)", ""):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}: {text[:60]!r}")
    assert found == []
