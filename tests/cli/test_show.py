"""`paperdesk show ID|QUERY [--json]`: one paper as the reading pane has it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.clirun import run
from tui.core.library import Library

JSONL = (
    '{"title": "Bounds in $\\\\mathcal{O}(1/\\\\sqrt{T})$ time", "abstract": "We prove $\\\\alpha \\\\le \\\\beta$. '
    'Code: https://github.com/someone/bounds", "authors": ["Ada Lovelace", "Alan Turing"], "venue": "NeurIPS", '
    '"year": "2024", "doi": "10.1/xyz", "url": "https://example.org/p"}\n'
)


def imported(library_dir: Path) -> str:
    assert run("import", "-", "--db", str(library_dir), input=JSONL).returncode == 0
    with Library.open(library_dir) as lib:
        paper = lib.papers[-1]
        lib.save_annotation(paper.id, rating=3, status="read", tags=["theory", "bounds"], notes="My **note**\n\x1b[2Jline")
        return paper.id


def test_show_prints_every_part_of_the_paper(library_dir: Path) -> None:
    pid = imported(library_dir)
    result = run("show", pid[:6], "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    lines = out.splitlines()
    assert lines[0] == "Bounds in 𝒪(1/√T) time"  # the title reads as everywhere else (issue 13)
    assert lines[1] == "Ada Lovelace, Alan Turing"
    assert lines[2].startswith("NeurIPS · 2024 · ")
    assert "doi:10.1/xyz  https://example.org/p" in out
    assert "★★★☆☆  read (read 20" in out and "#theory  #bounds" in out
    assert f"id {pid}" in out
    assert "We prove α ≤ β." in out  # LaTeX rendered as Unicode
    assert "Code: https://github.com/someone/bounds" in out
    assert "Notes:\nMy **note**\n␛[2Jline" in out and "\x1b" not in out


def test_show_json_has_the_record_and_the_rendered_abstract(library_dir: Path) -> None:
    pid = imported(library_dir)
    result = run("show", pid, "--json", "--db", str(library_dir))
    assert result.returncode == 0
    record = json.loads(result.stdout)
    assert record["id"] == pid and record["rating"] == 3 and record["tags"] == ["theory", "bounds"]
    assert record["abstract"].startswith("We prove $\\alpha") and record["abstract_text"].startswith("We prove α ≤ β")
    assert record["notes"] == "My **note**\n\x1b[2Jline"  # JSON escapes it; scripts get the stored text


def test_a_query_naming_one_paper_shows_it(library_dir: Path) -> None:
    pid = imported(library_dir)
    result = run("show", "author:lovelace", "--db", str(library_dir))
    assert result.returncode == 0 and f"id {pid}" in result.stdout


def test_a_query_matching_several_lists_them_and_exits_1(library_dir: Path) -> None:
    result = run("show", "graph", "--db", str(library_dir))
    assert result.returncode == 1 and result.stdout == ""
    first, *candidates = result.stderr.splitlines()
    assert first.startswith("paperdesk: graph: ") and "papers match; give one id" in first
    assert len(candidates) >= 2 and all(len(c.split()[0]) == 12 for c in candidates)


def test_nothing_matching_exits_1(library_dir: Path) -> None:
    result = run("show", "qqqzzzxxx", "--db", str(library_dir))
    assert result.returncode == 1 and "no paper has this id or matches this query" in result.stderr
    bad = run("show", "rating:>=9", "--db", str(library_dir))
    assert bad.returncode == 1 and bad.stderr.startswith("paperdesk: rating:")


def test_tags_that_came_with_the_data_are_shown_marked_and_the_reader_keeps_or_removes_them(library_dir: Path) -> None:
    """BibTeX `keywords` are matched by `tag:` and now shown: in `show`, `show --json` and `list --json` (`source_tags`
    beside the reader's `tags`); `tag +x` keeps one (it becomes the reader's), `tag -x` removes it from the paper."""
    from tests.conftest import FIXTURES

    assert run("import", str(FIXTURES / "small.bib"), "--db", str(library_dir)).returncode == 0
    text = run("show", "smith2020", "--db", str(library_dir))
    assert text.returncode == 0, text.stderr
    assert "unread  from the data: #sparsity #regularization" in text.stdout
    record = json.loads(run("show", "smith2020", "--json", "--db", str(library_dir)).stdout)
    assert (record["tags"], record["source_tags"]) == ([], ["sparsity", "regularization"])
    assert run("list", "--query", "tag:sparsity", "--format", "ids", "--db", str(library_dir)).stdout.strip() == record["id"]
    edited = run("tag", "smith2020", "+sparsity", "-regularization", "+mine", "--db", str(library_dir))
    assert edited.returncode == 0, edited.stderr
    assert edited.stdout.rstrip().endswith("tags +sparsity +mine -regularization (now: sparsity, mine)")
    after = json.loads(run("show", "smith2020", "--json", "--db", str(library_dir)).stdout)
    assert (after["tags"], after["source_tags"]) == (["sparsity", "mine"], [])
    assert "from the data" not in run("show", "smith2020", "--db", str(library_dir)).stdout
    assert run("list", "--query", "tag:regularization", "--format", "ids", "--db", str(library_dir)).stdout == ""
    listed = [json.loads(line) for line in run("list", "--json", "--db", str(library_dir)).stdout.splitlines()]
    assert all("source_tags" in r for r in listed)
