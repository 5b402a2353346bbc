"""`paperdesk author NAME [--json]`, `follow`, `unfollow`, `following` (issue 44), as a user runs them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.cli.clirun import run, stored
from tui.core.library import Library

FIXTURES = Path(__file__).parents[1] / "fixtures"
PEOPLE = FIXTURES / "people" / "pmlr_people.bib"


def _imported(library_dir: Path) -> None:
    result = run("import", str(PEOPLE), "--db", str(library_dir))
    assert result.returncode == 0, result.stderr


def test_author_lists_every_paper_in_every_spelling(library_dir: Path) -> None:
    _imported(library_dir)
    with Library.open(library_dir) as lib:
        cortes = next(p for p in lib.papers if "Jorge Cortes" in p.authors)
        lib.save_annotation(cortes.id, rating=4, status="read")
    result = run("author", "Cortés, Jorge", "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Jorge Cortés" and lines[1] == "  spelled: Jorge Cortés; Jorge Cortes"
    rows = [line for line in lines if line.endswith(("[pmlr_people, 2025]", "[pmlr_people, 2026]"))]
    assert len(rows) == 3
    assert any(line.startswith("read     ★★★★☆") and cortes.id in line for line in lines)
    assert "co-authors: " in result.stdout and "Yang Zheng (1)" in result.stdout
    assert "lists: pmlr_people (3)" in result.stdout and "years: 2026 (1), 2025 (2)" in result.stdout

    as_json = run("author", "jorge cortes", "--json", "--db", str(library_dir))
    assert as_json.returncode == 0, as_json.stderr
    records = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert len(records) == 3 and {r["id"] for r in records} >= {cortes.id}
    assert next(r for r in records if r["id"] == cortes.id)["rating"] == 4


def test_author_names_nobody_or_several(library_dir: Path) -> None:
    _imported(library_dir)
    several = run("author", "musco", "--db", str(library_dir))
    assert several.returncode == 1 and several.stdout == ""
    assert "'musco' names 2 authors" in several.stderr and "  Cameron Musco" in several.stderr and "Traceback" not in several.stderr
    nobody = run("author", "Ada Nobody", "--db", str(library_dir))
    assert nobody.returncode == 1 and nobody.stderr.startswith("paperdesk: no author called 'Ada Nobody'")
    assert run("author", "--db", str(library_dir)).returncode == 2  # usage: NAME is needed


def test_follow_unfollow_following(library_dir: Path) -> None:
    _imported(library_dir)
    db = ("--db", str(library_dir))
    first = run("follow", "cortes, jorge", *db)
    assert (first.returncode, first.stdout) == (0, "following Jorge Cortés (3 papers in the library)\n")
    again = run("follow", "JORGE CORTÉS", *db)
    assert (again.returncode, again.stdout) == (0, "already following Jorge Cortés\n")
    later = run("follow", "Grace Hopper", *db)  # nobody in the library yet: a cold start
    assert later.returncode == 0 and "0 papers" in later.stdout
    assert run("follow", "hopp", *db).returncode == 1  # a part of a name must name someone in the library
    listed = run("following", *db)
    assert (listed.returncode, listed.stdout) == (0, "Jorge Cortés\t3 papers\nGrace Hopper\t0 papers\n")
    assert [d["name"] for d in stored(library_dir)["follows"].values()] == ["Jorge Cortés", "Grace Hopper"]
    gone = run("unfollow", "hopper", *db)
    assert (gone.returncode, gone.stdout) == (0, "no longer following Grace Hopper\n")
    missing = run("unfollow", "Grace Hopper", *db)
    assert missing.returncode == 1 and "not following anyone called 'Grace Hopper'" in missing.stderr
    assert run("following", *db).stdout == "Jorge Cortés\t3 papers\n"


def test_follow_on_a_library_the_old_code_wrote(tmp_path: Path) -> None:
    """A library written before follows opens unchanged, follows nobody, and takes a follow beside its views."""
    folder = tmp_path / "legacy"
    shutil.copytree(FIXTURES / "legacy_library", folder)
    before = json.loads((folder / "annotations.json").read_text(encoding="utf-8"))
    listed = run("following", "--db", str(folder))
    assert (listed.returncode, listed.stdout) == (0, "")
    author = "Grace Hopper"  # the legacy papers carry no authors: followed as written
    assert run("follow", author, "--db", str(folder)).returncode == 0
    after = stored(folder)
    assert after["annotations"] == before["annotations"] and after["views"] == before["views"]
    assert [d["name"] for d in after["follows"].values()] == [author]


def test_follow_refused_while_another_paperdesk_holds_the_library(library_dir: Path) -> None:
    _imported(library_dir)
    with Library.open(library_dir):
        held = run("follow", "Jorge Cortes", "--db", str(library_dir))
    assert held.returncode == 3 and "nothing followed" in held.stderr


def test_an_import_counts_the_new_papers_by_followed_authors(library_dir: Path, tmp_path: Path) -> None:
    """Follow first (a cold start: nobody in the library yet), then import: the report says how many came."""
    db = ("--db", str(library_dir))
    assert run("follow", "Jorge Cortes", *db).returncode == 0
    assert run("follow", "Cristian Ioan Vasile", *db).returncode == 0
    result = run("import", str(PEOPLE), *db)
    assert result.returncode == 0, result.stderr
    assert "note: 6 new papers by authors you follow (followed: shows them)\n" in result.stdout  # 3 each, every spelling
    again = run("import", str(PEOPLE), *db)
    assert "by authors you follow" not in again.stdout  # nothing new the second time
    listed = run("list", "--query", "followed:vasile", "--format", "ids", *db)
    assert listed.returncode == 0 and len(listed.stdout.split()) == 3
    nobody = run("list", "--query", "followed: -followed:", "--format", "ids", *db)
    assert nobody.returncode == 1 and nobody.stdout == ""
