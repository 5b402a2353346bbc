"""A query may start with `-` wherever the command line takes one: `list --query -status:read`, `show -has:abstract`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.clirun import run
from tui.cli import _parser
from tui.cli.commands import QUERY_COMMANDS
from tui.cli.dash_queries import query_argv
from tui.core.library import Library


@pytest.fixture
def one_unread(library_dir: Path) -> str:
    """A library where every paper but one is read; that one's id."""
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers]
        for pid in ids[1:]:
            lib.save_annotation(pid, status="read")
    return ids[0]


def test_list_takes_a_query_that_starts_with_a_dash(library_dir: Path, one_unread: str) -> None:
    for flag in ("--query", "-q"):
        out = run("list", "--db", str(library_dir), flag, "-status:read", "--format", "ids")
        assert (out.returncode, out.stdout.split(), out.stderr) == (0, [one_unread], "")
    out = run("list", "--db", str(library_dir), "--query", "-status:unread", "--limit", "3")
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 3


def test_show_cite_and_key_take_one_as_their_target(library_dir: Path, one_unread: str) -> None:
    shown = run("show", "--db", str(library_dir), "-status:read", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["id"] == one_unread
    key = run("key", "-status:read", "--db", str(library_dir))
    assert key.returncode == 0 and key.stdout.strip(), key.stderr
    cited = run("cite", "--db", str(library_dir), "-status:read", "-f", "markdown")
    assert cited.returncode == 0 and cited.stdout.strip(), cited.stderr
    nothing = run("show", "--db", str(library_dir), "-has:abstract")
    assert nothing.returncode == 1 and nothing.stderr.startswith("paperdesk: -has:abstract: no paper")


def test_export_and_remove_take_one_as_their_query(library_dir: Path, one_unread: str) -> None:
    exported = run("export", "--db", str(library_dir), "--query", "-status:read", "--format", "bibtex")
    assert exported.returncode == 0 and exported.stdout.count("@") == 1, exported.stderr
    removed = run("remove", "--db", str(library_dir), "-q", "-status:read")
    assert removed.returncode == 0, removed.stderr
    with Library.open(library_dir) as lib:
        assert one_unread not in {p.id for p in lib.papers} and len(lib.papers) == 32


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["show", "-has:abstract"], ["show", "--", "-has:abstract"]),
        (["--db", "D", "show", "-x", "--json"], ["--db", "D", "show", "--json", "--", "-x"]),
        (["cite", "-graph", "--style", "ieee", "-fhtml"], ["cite", "--style", "ieee", "-fhtml", "--", "-graph"]),
        (["key", "-status:read", "newkey2026"], ["key", "--", "-status:read", "newkey2026"]),
        (["list", "-q", "-status:read", "-n", "2"], ["list", "-q-status:read", "-n", "2"]),
        (["export", "--query", "-tag:x"], ["export", "--query=-tag:x"]),
        # unchanged: no query starting with a dash, an option's value, standard input, the user's own `--`
        (["show", "abc", "--json"], ["show", "abc", "--json"]),
        (["show", "-h"], ["show", "-h"]),
        (["cite", "graph", "-f", "html"], ["cite", "graph", "-f", "html"]),
        (["import", "-", "--format", "bibtex"], ["import", "-", "--format", "bibtex"]),
        (["list", "--query", "graph"], ["list", "--query", "graph"]),
        (["show", "--", "-x"], ["show", "--", "-x"]),
        (["tag", "abc", "-draft"], ["tag", "abc", "-draft"]),
        (["tag", "abc", "-q", "-draft"], ["tag", "abc", "-q", "-draft"]),  # removes the tags q and draft
        (["note", "abc", "--append", "-q"], ["note", "abc", "--append", "-q"]),
        (["fetch", "arxiv", "--query", "-ti:x"], ["fetch", "arxiv", "--query=-ti:x"]),
    ],
)
def test_the_line_is_rewritten_only_where_a_query_starts_with_a_dash(argv: list[str], expected: list[str]) -> None:
    assert query_argv(argv, QUERY_COMMANDS) == expected


def test_every_option_that_takes_a_value_is_known_to_the_rewrite() -> None:
    """`query_argv` must skip an option's value, not take it for the query: the table follows the parser."""
    commands = next(a for a in _parser()._actions if a.dest == "command").choices
    for name, options in QUERY_COMMANDS.items():
        takes_value = {s for a in commands[name]._actions if a.nargs != 0 and a.option_strings for s in a.option_strings}
        assert takes_value == set(options) | {"--db"}, name
