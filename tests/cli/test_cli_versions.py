"""`paperdesk import` of another version, `show`'s versions, `versions [--check|--merge]`, `split ID`, `open ID [--pdf]`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.cli.clirun import annotation_on_disk, run
from tests.conftest import FIXTURES
from tui.core.library import Library

HERE = FIXTURES / "versions"
MAJORITY = "632d28811199"  # "Majority-of-Three: The Simplest Optimal Learner?" in colt_proceedings.bib


def both_imported(library_dir: Path) -> str:
    assert run("import", str(HERE / "colt_proceedings.bib"), "--db", str(library_dir)).returncode == 0
    result = run("import", str(HERE / "arxiv_records.json"), "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_says_how_many_matched_another_version_and_show_lists_them(library_dir: Path) -> None:
    out = both_imported(library_dir)
    assert "arxiv_records.json: 0 papers added, 3 merged (3 with new fields), 0 skipped; 3 matched another version" in out
    shown = run("show", MAJORITY, "--db", str(library_dir)).stdout
    versions = shown.split("Versions:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert versions[0].startswith(f"  {MAJORITY}")
    assert "https://arxiv.org/abs/2413.00001v2" in versions[1] and "doi:10.48550/arxiv.2413.00001" in versions[1]


def test_split_brings_back_the_preprint(library_dir: Path) -> None:
    both_imported(library_dir)
    assert run("rate", MAJORITY, "4", "--db", str(library_dir)).returncode == 0
    result = run("split", MAJORITY, "--db", str(library_dir))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"split {MAJORITY}: 1 version back as ")
    back = result.stdout.split(" back as ")[1].strip()
    listed = [json.loads(line) for line in run("list", "--json", "--db", str(library_dir)).stdout.splitlines()]
    titles = {r["id"]: r["title"] for r in listed}
    assert titles[back] == "Majority-of-three: the simplest optimal learner"
    assert annotation_on_disk(library_dir, MAJORITY)["rating"] == 4
    again = run("split", MAJORITY, "--db", str(library_dir))
    assert again.returncode == 1 and again.stderr.strip().endswith("holds no other version; nothing to split")
    assert "Traceback" not in again.stderr


def test_versions_check_then_merge_on_a_library_main_wrote(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    shutil.copytree(HERE / "library_main", folder)
    check = run("versions", "--check", "--db", str(folder))
    assert check.returncode == 1, check.stderr
    assert check.stdout.startswith("360887e27a66 511e210d4fa4  another version  ")
    merged = run("versions", "--merge", "--db", str(folder))
    assert merged.returncode == 0 and merged.stdout == "merged 511e210d4fa4 into 360887e27a66 (another version)\n"
    assert annotation_on_disk(folder, "360887e27a66")["notes"] == "proceedings note\n\npreprint note"
    assert run("versions", "--db", str(folder)).returncode == 0


def test_open_offers_the_page_and_the_pdf(library_dir: Path) -> None:
    rows = [
        {"title": "A PMLR paper", "abstract": "One.", "url": "https://proceedings.mlr.press/v247/addanki24a.html"},
        {"title": "An OpenReview paper", "abstract": "Two.", "url": "https://openreview.net/forum?id=AbC-12"},
        {"title": "A listed paper", "abstract": "Three.", "site": "https://icml.cc/virtual/2025/poster/1", "pdf": "https://example.org/p.pdf"},
        {"title": "A hostile paper", "abstract": "Four.", "site": "https://example.org/x", "pdf": "javascript:alert(1)"},
    ]
    assert run("import", "-", "--db", str(library_dir), input="\n".join(json.dumps(r) for r in rows)).returncode == 0
    with Library.open(library_dir) as lib:
        ids = {p.title: p.id for p in lib.papers}

    def opened(title: str, *flags: str) -> tuple[int, str, str]:
        result = run("open", ids[title], *flags, "--print", "--db", str(library_dir))
        return result.returncode, result.stdout.strip(), result.stderr.strip()

    assert opened("A PMLR paper", "--pdf")[1] == "https://proceedings.mlr.press/v247/addanki24a/addanki24a.pdf"
    assert opened("A PMLR paper")[1] == "https://proceedings.mlr.press/v247/addanki24a.html"
    assert opened("An OpenReview paper", "--pdf")[1] == "https://openreview.net/pdf?id=AbC-12"
    assert opened("A listed paper", "--pdf")[1] == "https://example.org/p.pdf"
    code, out, err = opened("A hostile paper", "--pdf")
    assert (code, out) == (1, "") and err == f"{ids['A hostile paper']}: no web (http/https) PDF to open"


def test_open_pdf_of_a_merged_preprint_is_arxivs(library_dir: Path) -> None:
    both_imported(library_dir)
    result = run("open", MAJORITY, "--pdf", "--print", "--db", str(library_dir))
    assert result.returncode == 0 and result.stdout.strip() == "https://arxiv.org/pdf/2413.00001v2"
