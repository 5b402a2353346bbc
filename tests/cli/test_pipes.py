"""`-` is standard input for `import` and standard output for `export --out`; a closed pipe ends quietly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.clirun import REPO, run
from tests.conftest import folder_snapshot
from tui.core.library import Library

JSONL = '{"title": "Piped paper one", "abstract": "First piped abstract."}\n{"title": "Piped paper two", "abstract": "Second."}\n'
BIBTEX = "@article{k1, title={A BibTeX Paper}, author={Ada Lovelace}, year={1843}, abstract={Notes on the engine.}}\n"
LIST = "Piped List\n\nAn abstract read from a pipe.\n\nAnother one.\n"


def titles(library_dir: Path) -> set[str]:
    with Library.open(library_dir, read_only=True) as lib:
        return {p.shown_title for p in lib.papers}


@pytest.mark.parametrize(
    ("text", "expected"),
    [(JSONL, {"Piped paper one", "Piped paper two"}), (BIBTEX, {"A BibTeX Paper"}), (LIST, None)],
    ids=["jsonl", "bibtex", "list"],
)
def test_import_dash_reads_stdin_and_tells_the_format_from_the_content(library_dir: Path, text: str, expected) -> None:
    result = run("import", "-", "--db", str(library_dir), input=text)
    assert result.returncode == 0, result.stderr
    assert "<stdin>" not in result.stderr
    with Library.open(library_dir, read_only=True) as lib:
        assert len(lib) == 33 + (len(expected) if expected else 2)
        if expected:
            assert expected <= {p.shown_title for p in lib.papers}
        else:
            assert "<stdin> (list Piped List): 2 papers added" in result.stdout
            assert {p.list for p in lib.papers[-2:]} == {"Piped List"}


@pytest.mark.parametrize("text", [JSONL, BIBTEX], ids=["jsonl", "bibtex"])
def test_papers_from_stdin_go_to_a_list_with_a_name_not_stdin(library_dir: Path, text: str) -> None:
    """`<stdin>` is what errors call standard input; the papers go to "Imported" (STDIN_LIST), and the report says so."""
    from tui.core.ingest.parsed import STDIN_LIST

    result = run("import", "-", "--db", str(library_dir), input=text)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"<stdin> (list {STDIN_LIST}): ")
    with Library.open(library_dir, read_only=True) as lib:
        assert {p.list for p in lib.papers[33:]} == {STDIN_LIST}
    assert STDIN_LIST in run("import", "--help").stdout  # the help names the default


def test_import_list_puts_every_paper_in_the_named_list(library_dir: Path) -> None:
    from tests.conftest import FIXTURES

    piped = run("import", "-", "--list", "Reading  group", "--db", str(library_dir), input=LIST)
    assert piped.returncode == 0 and "<stdin> (list Reading group): 2 papers added" in piped.stdout, piped.stderr
    filed = run("import", str(FIXTURES / "small.bib"), str(FIXTURES / "papers.jsonl"), "--list", "Reading group", "--db", str(library_dir))
    assert filed.returncode == 0, filed.stderr
    with Library.open(library_dir, read_only=True) as lib:
        new = lib.papers[33:]
        assert len(new) > 4 and {p.list for p in new} == {"Reading group"}
    again = run("import", str(FIXTURES / "small.bib"), "--list", "Elsewhere", "--db", str(library_dir))
    assert again.returncode == 0 and " 0 papers added" in again.stdout  # merged papers stay in their list
    with Library.open(library_dir, read_only=True) as lib:
        assert "Elsewhere" not in {p.list for p in lib.papers}


def test_import_format_forces_the_reader(library_dir: Path) -> None:
    # JSON Lines text forced through the list reader: one "list" named after the first line.
    result = run("import", "-", "--format", "list", "--db", str(library_dir), input="My header\n\n{\"title\": \"x\"}\n")
    assert result.returncode == 0, result.stderr
    assert "(list My header): 1 paper added" in result.stdout
    wrong = run("import", "-", "--format", "bibtex", "--db", str(library_dir), input=JSONL)
    assert wrong.returncode == 1 and wrong.stderr.startswith("paperdesk: <stdin>: ")


def test_bad_stdin_is_one_line_and_changes_nothing(library_dir: Path) -> None:
    run("list", "--limit", "0", "--db", str(library_dir))
    before = folder_snapshot(library_dir)
    for data in (b"", b"[{\"title\": ", b"L\n\nna\xefve\n"):
        result = run("import", "-", "--db", str(library_dir), input=data)
        assert result.returncode == 1, data
        (line,) = result.stderr.decode().splitlines()
        assert line.startswith("paperdesk: <stdin>: ") and b"Traceback" not in result.stderr
    assert folder_snapshot(library_dir) == before


def test_export_out_dash_writes_stdout_not_a_file(library_dir: Path, tmp_path: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_annotation(lib.papers[0].id, notes="exported note")
    result = subprocess.run(
        [sys.executable, "-m", "tui", "export", "--out", "-", "--db", str(library_dir)],
        capture_output=True, text=True, encoding="utf-8", cwd=tmp_path, timeout=120,
        env={**__import__("os").environ, "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# paperdesk notes") and "exported note" in result.stdout
    assert not (tmp_path / "-").exists()
    usage = run("export", "--per-paper", "--out", "-", "--db", str(library_dir))
    assert usage.returncode == 2 and "--per-paper" in usage.stderr


def test_export_query_matching_nothing_exits_1(library_dir: Path) -> None:
    result = run("export", "--query", "zzqqxxnothing", "--db", str(library_dir))
    assert result.returncode == 1 and "nothing to export" in result.stderr and result.stdout == ""


@pytest.mark.parametrize("args", [("list",), ("list", "--format", "json"), ("export", "--all"), ("completion", "bash")])
def test_a_reader_that_goes_away_is_not_an_error(library_dir: Path, args: tuple[str, ...]) -> None:
    """`paperdesk list | head -1`: exit 0 and nothing on stderr, even when output is larger than the pipe."""
    many = "".join(json.dumps({"title": f"Paper {i}", "abstract": f"Abstract number {i} " + "word " * 40}) + "\n" for i in range(3000))
    assert run("import", "-", "--db", str(library_dir), input=many).returncode == 0
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", *args, "--db", str(library_dir)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO,
    )
    assert proc.stdout.readline()
    proc.stdout.close()  # what `head -1` does after its line
    assert proc.wait(timeout=120) == 0
    assert proc.stderr.read() == b""
    proc.stderr.close()


def test_head_in_a_real_shell_pipeline(library_dir: Path) -> None:
    run("list", "--limit", "0", "--db", str(library_dir))
    script = f'set -o pipefail; "{sys.executable}" -m tui list --db "{library_dir}" | head -1'
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0 and result.stderr == ""
    assert len(result.stdout.splitlines()) == 1
