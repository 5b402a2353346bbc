"""`paperdesk list --query Q [--json] [--limit N]`: the app's ranking, for scripts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import folder_snapshot
from tui.cli import main
from tui.core.library import Library
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query


def test_query_prints_the_same_ranking_as_the_app(library_dir: Path, capsys) -> None:
    with Library.open(library_dir) as lib:
        expected = [p.id for p in SearchIndex(lib.papers, lib.annotations()).search(parse_query("graph spars"))]
    assert main(["list", "--db", str(library_dir), "--query", "graph spars"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == expected
    assert lines[0].split("\t")[1].startswith("Unifews")


def test_query_json_and_limit(library_dir: Path, capsys) -> None:
    with Library.open(library_dir) as lib:
        lora = next(p for p in lib.papers if p.abstract.startswith("Low-Rank Adaptation"))
        lib.save_annotation(lora.id, rating=5, tags=["peft"])
    assert main(["list", "--db", str(library_dir), "-q", "lora", "--json", "--limit", "1"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 1
    assert records[0]["id"] == lora.id and records[0]["rating"] == 5 and records[0]["tags"] == ["peft"]
    assert main(["list", "--db", str(library_dir), "-q", "rating:>=4 tag:peft"]) == 0
    assert capsys.readouterr().out.split("\t")[0] == lora.id
    assert main(["list", "--db", str(library_dir), "--limit", "5"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 5


def test_a_malformed_query_prints_one_line_and_changes_nothing(library_dir: Path) -> None:
    main(["list", "--db", str(library_dir), "--limit", "0"])
    before = folder_snapshot(library_dir)
    out = subprocess.run(
        [sys.executable, "-m", "tui", "list", "--db", str(library_dir), "--query", "graph rating:>=9"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("paperdesk: rating:")
    assert "Traceback" not in out.stderr
    assert folder_snapshot(library_dir) == before


def test_brackets_and_backslashes_in_a_query_are_harmless(library_dir: Path, capsys) -> None:
    assert main(["list", "--db", str(library_dir), "-q", "graph [\\ [/]"]) == 0
    with_junk = capsys.readouterr().out
    assert main(["list", "--db", str(library_dir), "-q", "graph"]) == 0
    assert capsys.readouterr().out == with_junk


def test_an_unknown_field_is_one_line_and_status_1_in_every_command_taking_a_query(library_dir: Path) -> None:
    from tests.cli.clirun import run

    main(["list", "--db", str(library_dir), "--limit", "0"])
    before = folder_snapshot(library_dir)
    for command in (["list", "--query"], ["show"], ["cite"], ["key"], ["export", "--query"], ["remove", "--query"]):
        out = run(*command, "foo:bar", "--db", str(library_dir))
        assert (out.returncode, out.stdout) == (1, ""), command
        fields = "status:, rating:, tag:, list:, has:, author:, year:, venue:, key:, votes:, group:, discuss:, about:, followed:"
        assert out.stderr.splitlines() == [f"paperdesk: foo: is not a filter (use {fields})"], command
    assert folder_snapshot(library_dir) == before
