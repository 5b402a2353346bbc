"""`paperdesk related ID [--json] [--limit N]`: the papers most like one, as the app's m shows them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.clirun import run

SWAN, FRUGAL = "74391c31feb1", "bc1f9967bb7f"  # two optimizer-memory papers of the bundled lists


def test_related_prints_id_title_and_shared_words_best_first(library_dir: Path) -> None:
    result = run("related", SWAN[:6], "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 10
    pid, title, terms = lines[0].split("\t")
    assert (pid, title) == (FRUGAL, "FRUGAL: Full-Rank Updates with Gradient splitting")
    assert "memory" in terms.split(", ")
    assert all(not line.startswith(SWAN) for line in lines)


def test_json_and_limit(library_dir: Path) -> None:
    result = run("related", SWAN, "--json", "--limit", "2", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records][:1] == [FRUGAL] and len(records) == 2
    assert set(records[0]) == {"id", "title", "list", "score", "terms"}
    assert records[0]["score"] >= records[1]["score"] > 0


def test_an_unknown_id_is_one_line_and_status_1(library_dir: Path) -> None:
    result = run("related", "zzzz", "--db", str(library_dir))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["paperdesk: zzzz: no paper has this id or citation key (ids are the first column of `paperdesk list`)"]
