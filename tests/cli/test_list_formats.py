"""`paperdesk list --format tsv|json|ids` (`--json` kept) and `--sort` with the app's orders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.clirun import run
from tui.core.library import Library
from tui.core.search.sorts import SORTS


@pytest.fixture
def ids(library_dir: Path) -> list[str]:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers]
        lib.save_annotation(ids[5], rating=5)
        lib.save_annotation(ids[9], rating=3)
        lib.save_annotation(ids[2], rating=4)
    return ids


def test_formats(library_dir: Path, ids: list[str]) -> None:
    plain = run("list", "--db", str(library_dir))
    tsv = run("list", "--format", "tsv", "--db", str(library_dir))
    assert plain.stdout == tsv.stdout and [line.split("\t")[0] for line in tsv.stdout.splitlines()] == ids
    assert run("list", "-f", "ids", "--db", str(library_dir)).stdout.splitlines() == ids
    as_json = run("list", "--format", "json", "--db", str(library_dir)).stdout
    assert as_json == run("list", "--json", "--db", str(library_dir)).stdout
    assert [json.loads(line)["id"] for line in as_json.splitlines()] == ids


def test_sort_orders(library_dir: Path, ids: list[str]) -> None:
    by_rating = run("list", "--sort", "rating", "--format", "ids", "-n", "3", "--db", str(library_dir)).stdout.split()
    assert by_rating == [ids[5], ids[2], ids[9]]
    titles = [line.split("\t")[1] for line in run("list", "-s", "title", "--db", str(library_dir)).stdout.splitlines()]
    assert titles == sorted(titles, key=str.casefold)
    assert run("list", "--sort", "list", "-f", "ids", "--db", str(library_dir)).stdout.split() == ids
    for sort in SORTS:
        assert run("list", "--sort", sort, "-q", "graph", "--db", str(library_dir)).returncode == 0
    bad = run("list", "--sort", "random", "--db", str(library_dir))
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_nothing_matched_exits_1(library_dir: Path, ids: list[str]) -> None:
    result = run("list", "-q", "qqqzzzxxx", "--db", str(library_dir))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip() == "paperdesk: no paper matches 'qqqzzzxxx'"
