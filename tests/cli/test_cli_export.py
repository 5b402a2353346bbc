"""`paperdesk export` and notes import through `paperdesk import`: output, refusals, one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import folder_snapshot
from tui.cli import main
from tui.core.library import Library


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True, timeout=60, encoding="utf-8")


def annotate(library_dir: Path) -> list[str]:
    with Library.open(library_dir) as lib:
        ids = [p.id for p in lib.papers[:3]]
        lib.save_annotation(ids[0], notes="Notes with $\\alpha$ and **bold**\n", rating=4, tags=["x"])
        lib.save_annotation(ids[1], status="read", title='Renamed: "quoted" 中文')
    return ids


def test_export_to_stdout_has_only_annotated_papers(library_dir: Path) -> None:
    annotate(library_dir)
    result = run("export", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("# paperdesk notes\n\n2 papers, exported ")
    assert out.count("\n## ") == 2 and "## Renamed: \"quoted\" 中文\n" in out
    assert "Notes with $\\alpha$ and **bold**\n" in out and "Rating: ★★★★☆" in out
    every = run("export", "--all", "--db", str(library_dir))
    assert every.stdout.count("\n## ") == 33


def test_export_with_nothing_annotated_says_so(library_dir: Path, capsys) -> None:
    assert main(["export", "--db", str(library_dir)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "nothing to export" in captured.err


def test_out_file_is_not_overwritten_without_force(library_dir: Path, tmp_path: Path, capsys) -> None:
    annotate(library_dir)
    out = tmp_path / "notes.md"
    out.write_text("precious")
    assert main(["export", "--db", str(library_dir), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already exists" in err and "--force" in err
    assert out.read_text() == "precious"
    assert main(["export", "--db", str(library_dir), "--out", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("# paperdesk notes")
    assert capsys.readouterr().out.strip() == f"wrote 2 papers to {out}"


def test_per_paper_refuses_then_forces(library_dir: Path, tmp_path: Path, capsys) -> None:
    ids = annotate(library_dir)
    vault = tmp_path / "vault"
    assert main(["export", "--db", str(library_dir), "--per-paper", "--out", str(vault)]) == 0
    names = sorted(p.name for p in vault.iterdir())
    assert len(names) == 2 and 'Renamed - quoted 中文.md' in names
    # Files nobody touched are brought up to date, and a new paper's file needs no --force.
    with Library.open(library_dir) as lib:
        lib.save_annotation(ids[2], notes="a third paper")
    assert main(["export", "--db", str(library_dir), "--per-paper", "--out", str(vault)]) == 0
    assert len(list(vault.iterdir())) == 3
    # A file edited outside stops the export, with nothing written.
    edited = vault / "Renamed - quoted 中文.md"
    edited.write_text(edited.read_text(encoding="utf-8").replace("status: read", "status: reading"), encoding="utf-8")
    with Library.open(library_dir) as lib:
        lib.save_annotation(ids[0], notes="changed in the library")
    before = folder_snapshot(vault)
    capsys.readouterr()
    assert main(["export", "--db", str(library_dir), "--per-paper", "--out", str(vault)]) == 1
    err = capsys.readouterr().err
    assert "Renamed - quoted 中文.md: edited outside paperdesk" in err and "--force" in err
    assert folder_snapshot(vault) == before
    assert main(["export", "--db", str(library_dir), "--per-paper", "--out", str(vault), "--force"]) == 0
    assert "status: read\n" in edited.read_text(encoding="utf-8")
    assert main(["export", "--db", str(library_dir), "--per-paper"]) == 1
    assert "--per-paper needs --out" in capsys.readouterr().err


def test_query_says_it_needs_the_filter_feature(library_dir: Path, capsys) -> None:
    try:
        import tui.core.search.index  # noqa: F401
    except ImportError:
        assert main(["export", "--db", str(library_dir), "--query", "graph"]) == 1
        assert capsys.readouterr().err.strip() == "paperdesk: --query needs the filter feature"


def test_export_does_not_need_the_write_lock(library_dir: Path, tmp_path: Path) -> None:
    annotate(library_dir)
    with Library.open(library_dir):  # the app holds the library
        result = run("export", "--db", str(library_dir), "--out", str(tmp_path / "n.md"))
    assert result.returncode == 0, result.stderr


def test_import_restores_a_folder_and_reports(library_dir: Path, tmp_path: Path) -> None:
    ids = annotate(library_dir)
    vault = tmp_path / "vault"
    assert run("export", "--db", str(library_dir), "--per-paper", "--out", str(vault)).returncode == 0
    with Library.open(library_dir) as lib:
        before = {pid: lib.annotation(pid) for pid in ids[:2]}
        for pid in ids[:2]:
            lib.save_annotation(pid, notes="", rating=0, status="unread", tags=[], title="")
    result = run("import", str(vault), "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "notes: 2 updated, 0 unchanged, 0 conflicts, 0 unmatched, 0 unreadable"
    assert any(line.startswith("updated Renamed - quoted 中文.md: status, title") for line in lines)
    with Library.open(library_dir) as lib:
        for pid, old in before.items():
            new = lib.annotation(pid)
            assert (new.notes, new.rating, new.status, new.tags, new.title) == (old.notes, old.rating, old.status, old.tags, old.title)


def test_import_of_one_file_reports_a_conflict_and_exits_nonzero(library_dir: Path, tmp_path: Path) -> None:
    ids = annotate(library_dir)
    vault = tmp_path / "vault"
    run("export", "--db", str(library_dir), "--per-paper", "--out", str(vault))
    with Library.open(library_dir) as lib:
        lib.save_annotation(ids[0], notes="changed after the export")
    [file] = [p for p in vault.iterdir() if "Renamed" not in p.name]
    result = run("import", str(file), "--db", str(library_dir))
    assert result.returncode == 1
    assert f"conflict {file.name}: notes" in result.stdout
    with Library.open(library_dir, read_only=True) as lib:
        assert lib.annotation(ids[0]).notes == "changed after the export"
    forced = run("import", str(file), "--force", "--db", str(library_dir))
    assert forced.returncode == 0 and f"updated {file.name}: notes" in forced.stdout


def test_import_still_takes_paper_lists(library_dir: Path, tmp_path: Path, capsys) -> None:
    new = tmp_path / "mine.txt"
    new.write_text("My Reading\n\nFirst abstract here.\n")
    assert main(["import", str(new), "--db", str(library_dir)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[0].endswith("(list My Reading): 1 paper added, 0 merged, 0 skipped")
