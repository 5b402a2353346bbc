"""`paperdesk import` with BibTeX, JSON and folders: per-file reports, skipped reasons, merges."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURES, folder_snapshot
from tui.cli import main


def test_import_the_pmlr_file_then_again(library_dir: Path, capsys) -> None:
    bib = str(FIXTURES / "pmlr_l4dc2026.bib")
    assert main(["import", bib, "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[0] == f"{bib}: 106 papers added, 0 merged, 0 skipped"
    assert main(["import", bib, "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.strip() == f"{bib}: 0 papers added, 106 merged (0 with new fields), 0 skipped"
    main(["list", "--json", "--db", str(library_dir)])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 33 + 106
    last = records[-1]
    assert last["list"] == "L4DC 2026" and last["year"] == 2026 and last["authors"]


def test_each_skipped_entry_is_explained(library_dir: Path, capsys) -> None:
    assert main(["import", str(FIXTURES / "small.bib"), str(FIXTURES / "papers.json"), "--db", str(library_dir)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("small.bib: 2 papers added, 0 merged, 3 skipped")
    assert out[1] == "  skipped line 23 (nothing): has no title and no abstract"
    assert "duplicate entry key" in out[2] and "not valid BibTeX" in out[3]
    assert out[4].endswith("papers.json: 3 papers added, 0 merged, 5 skipped")
    assert "  skipped entry 4: title is a number, not text" in out


def test_a_folder_with_one_bad_file(tmp_path: Path, library_dir: Path, capsys) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("papers.jsonl", "reading.txt", "truncated.json"):
        shutil.copy(FIXTURES / name, folder / name)
    assert main(["import", str(folder), "--db", str(library_dir)]) == 1
    captured = capsys.readouterr()
    assert "papers.jsonl: 2 papers added, 0 merged, 2 skipped" in captured.out
    assert "(list My Folder List): 1 paper added, 0 merged, 0 skipped" in captured.out
    (error,) = captured.err.splitlines()
    assert "truncated.json: is not valid JSON" in error and "nothing was imported from it" in error


def test_a_truncated_file_alone_changes_nothing(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    subprocess.run([sys.executable, "-m", "tui", "list", "--db", str(lib)], capture_output=True, check=True)
    before = folder_snapshot(lib)
    result = subprocess.run(
        [sys.executable, "-m", "tui", "import", str(FIXTURES / "truncated.json"), "--db", str(lib)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and result.stdout == ""
    assert "truncated.json: is not valid JSON" in result.stderr and "Traceback" not in result.stderr
    assert folder_snapshot(lib) == before


def test_no_progress_bar_when_not_a_terminal(tmp_path: Path, library_dir: Path, capsys) -> None:
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join(json.dumps({"title": f"Paper {i}", "abstract": f"Abstract number {i} of many."}) for i in range(1500)))
    assert main(["import", str(big), "--db", str(library_dir)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip().splitlines()[0] == f"{big}: 1500 papers added, 0 merged, 0 skipped"
    assert captured.err == ""


def test_progress_bar_on_a_terminal(tmp_path: Path, library_dir: Path, capsys, monkeypatch) -> None:
    big = tmp_path / "big.json"
    big.write_text(json.dumps([{"title": f"Paper {i}", "abstract": f"Abstract number {i}."} for i in range(1200)]))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["import", str(big), "--db", str(library_dir)]) == 0
    err = capsys.readouterr().err
    assert "importing [" in err and "1200/1200" in err


def test_json_fills_in_a_bibtex_paper_by_title(tmp_path: Path, library_dir: Path, capsys) -> None:
    main(["import", str(FIXTURES / "small.bib"), "--db", str(library_dir)])
    capsys.readouterr()
    extra = tmp_path / "extra.json"
    extra.write_text(json.dumps([{"title": "ONLY a title here!", "doi": "10.9/only", "tags": ["later"], "abstract": ""}]))
    assert main(["import", str(extra), "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.strip() == f"{extra}: 0 papers added, 1 merged (1 with new fields), 0 skipped"
    main(["list", "--json", "--db", str(library_dir)])
    records = {r["data_title"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    merged = records["Only a Title Here"]
    assert merged["doi"] == "10.9/only" and merged["venue"] == "Proceedings of Somewhere"
