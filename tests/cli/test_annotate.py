"""`paperdesk rate/status/tag/note ID …`: one line saying what changed, what is stored, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.clirun import annotation_on_disk, run, stored
from tests.conftest import folder_snapshot
from tui.core.library import Library


@pytest.fixture
def pid(library_dir: Path) -> str:
    """A seeded library's first paper, whose id no other paper's shares a 4-character start."""
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers]
    return next(i for i in ids if sum(j.startswith(i[:4]) for j in ids) == 1)


def test_rate_by_a_unique_id_prefix(library_dir: Path, pid: str) -> None:
    result = run("rate", pid[:4], "4", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"{pid}  ") and line.endswith("rating unrated → ★★★★☆")
    assert annotation_on_disk(library_dir, pid)["rating"] == 4
    again = run("rate", pid, "4", "--db", str(library_dir))
    assert again.returncode == 0 and again.stdout.rstrip().endswith("rating already ★★★★☆")
    cleared = run("--db", str(library_dir), "rate", pid, "0")
    assert cleared.stdout.rstrip().endswith("rating ★★★★☆ → unrated")
    assert annotation_on_disk(library_dir, pid)["rating"] == 0


def test_status_takes_a_unique_start_and_stamps_the_day(library_dir: Path, pid: str) -> None:
    result = run("status", pid, "read", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("status unread → read")
    stored_ann = annotation_on_disk(library_dir, pid)
    assert stored_ann["status"] == "read" and stored_ann["finished"]
    skip = run("status", pid, "skip", "--db", str(library_dir))
    assert skip.stdout.rstrip().endswith("status read → skipped")
    assert annotation_on_disk(library_dir, pid)["status"] == "skipped"


def test_tag_adds_and_removes_with_signs(library_dir: Path, pid: str) -> None:
    first = run("tag", pid, "+llm", "draft", "+Theory", "--db", str(library_dir))
    assert first.returncode == 0, first.stderr
    assert first.stdout.rstrip().endswith("tags +llm +draft +Theory (now: llm, draft, Theory)")
    second = run("tag", pid, "-draft", "-theory", "+rl", "--db", str(library_dir))
    assert second.returncode == 0, second.stderr
    assert second.stdout.rstrip().endswith("tags +rl -draft -Theory (now: llm, rl)")
    assert annotation_on_disk(library_dir, pid)["tags"] == ["llm", "rl"]
    unchanged = run("--db", str(library_dir), "tag", pid, "-absent")
    assert unchanged.returncode == 0 and "tags unchanged (now: llm, rl)" in unchanged.stdout


def test_note_append_set_and_stdin(library_dir: Path, pid: str) -> None:
    assert run("note", pid, "--append", "first", "--db", str(library_dir)).returncode == 0
    result = run("note", pid, "-a", "second", "--db", str(library_dir))
    assert result.returncode == 0 and "notes appended 1 line (now 2 lines, was 1 line)" in result.stdout
    assert annotation_on_disk(library_dir, pid)["notes"] == "first\nsecond"
    piped = run("note", pid, "--set", "-", "--db", str(library_dir), input="from a pipe\n")
    assert piped.returncode == 0 and "notes replaced" in piped.stdout
    assert annotation_on_disk(library_dir, pid)["notes"] == "from a pipe\n"


def test_each_edit_is_logged_in_the_same_file_as_the_annotation(library_dir: Path, pid: str) -> None:
    run("rate", pid, "5", "--db", str(library_dir))
    run("tag", pid, "+x", "--db", str(library_dir))
    run("rate", pid, "5", "--db", str(library_dir))  # no change: nothing logged
    log = list(stored(library_dir)["history"].values())
    assert [(e["pid"], e["before"], e["after"]) for e in log] == [
        (pid, {"rating": 0}, {"rating": 5}),
        (pid, {"tags": []}, {"tags": ["x"]}),
    ]


def test_an_ambiguous_prefix_names_the_candidates_and_changes_nothing(library_dir: Path, pid: str) -> None:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers]
    digit = next(d for d in "0123456789abcdef" if sum(i.startswith(d) for i in ids) > 1)
    before = folder_snapshot(library_dir)
    result = run("rate", digit, "3", "--db", str(library_dir))
    assert result.returncode == 1 and result.stdout == ""
    first, *candidates = result.stderr.splitlines()
    assert first.startswith(f"paperdesk: {digit}: ") and "papers have ids starting so" in first
    assert sorted(c.split()[0] for c in candidates) == sorted(i for i in ids if i.startswith(digit))
    assert folder_snapshot(library_dir) == before


def test_an_unknown_id_is_bad_input(library_dir: Path, pid: str) -> None:
    before = folder_snapshot(library_dir)
    for args in (("rate", "zz", "3"), ("status", "ffffffffffff", "read"), ("note", "nope", "-a", "x")):
        result = run(*args, "--db", str(library_dir))
        assert result.returncode == 1, args
        assert "no paper has this id" in result.stderr and result.stdout == ""
    assert folder_snapshot(library_dir) == before


@pytest.mark.parametrize(
    "args",
    [
        ("rate", "PID", "6"),
        ("rate", "PID", "four"),
        ("status", "PID", "done"),
        ("note", "PID"),
        ("note", "PID", "--set", "a", "--append", "b"),
        ("rate", "PID"),
        ("frobnicate",),
    ],
)
def test_usage_errors_exit_2(library_dir: Path, pid: str, args: tuple[str, ...]) -> None:
    before = folder_snapshot(library_dir)
    result = run(*(pid if a == "PID" else a for a in args), "--db", str(library_dir))
    assert result.returncode == 2, result.stderr
    assert "usage:" in result.stderr and "Traceback" not in result.stderr
    assert folder_snapshot(library_dir) == before


def test_a_tag_command_without_tags_is_a_usage_error(library_dir: Path, pid: str) -> None:
    before = folder_snapshot(library_dir)
    for args in (("tag", pid), ("tag", pid, "--db", str(library_dir)), ("--db", str(library_dir), "tag", pid)):
        result = run(*args) if "--db" in args else run(*args, "--db", str(library_dir))
        assert result.returncode == 2, (args, result.stderr)
        assert "usage:" in result.stderr and "give tags" in result.stderr and "Traceback" not in result.stderr
    assert folder_snapshot(library_dir) == before


def test_every_edit_command_takes_a_citation_key_as_show_does(library_dir: Path, pid: str) -> None:
    with Library.open(library_dir) as lib:
        key = lib.get(pid).citekey
    assert key and run("show", key, "--db", str(library_dir)).returncode == 0
    for args in (("rate", key, "3"), ("status", key, "read"), ("tag", key, "+keyed"), ("note", key, "-a", "by key")):
        result = run(*args, "--db", str(library_dir))
        assert result.returncode == 0, (args, result.stderr)
        assert result.stdout.startswith(f"{pid}  ")
    stored_ann = annotation_on_disk(library_dir, pid)
    assert (stored_ann["rating"], stored_ann["status"], stored_ann["tags"], stored_ann["notes"]) == (3, "read", ["keyed"], "by key")
    related = run("related", key.upper(), "--db", str(library_dir), "--json")
    assert related.returncode == 0, related.stderr
    found = [json.loads(line)["id"] for line in related.stdout.splitlines()]
    assert found and pid not in found


def test_control_characters_from_data_print_as_pictures(library_dir: Path, pid: str) -> None:
    with Library.open(library_dir) as lib:
        lib.save_annotation(pid, title="Evil \x1b]0;pwned\x07 title")
    result = run("tag", pid, "+\x1b[31mred", "--db", str(library_dir))
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "Evil ␛]0;pwned␇ title" in result.stdout and "+␛[31mred" in result.stdout
