"""Libraries written by older versions open with today's derived titles: versioned, one atomic write, ids and notes kept."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, stored_annotations
from tui.core.ingest.titles import derive_title
from tui.core.library import Library
from tui.core.migrations import CURRENT
from tui.core.store.formats import CITEKEY_RULE, CITEKEYS, TITLE_RULE, TITLES, outdated, read_formats, with_formats


def old_library(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(FIXTURES / name, folder)
    return folder


def stored_papers(folder: Path) -> dict[str, dict]:
    return {d["id"]: d for d in json.loads((folder / "papers.json").read_bytes())["papers"].values()}


@pytest.mark.parametrize("name", ["library_main", "legacy_library"])
def test_derived_titles_of_an_old_library_are_derived_again_keeping_ids_and_annotations(tmp_path: Path, name: str) -> None:
    folder = old_library(tmp_path, name)
    before, notes = stored_papers(folder), stored_annotations(folder)
    assert any(d.get("derived_title", "").endswith("…") for d in before.values())  # what the old rules stored
    with Library.open(folder) as library:
        shown = {p.id: p.shown_title for p in library.papers}
    after = stored_papers(folder)
    assert after.keys() == before.keys()  # the same papers under the same ids
    assert stored_annotations(folder) == notes  # annotations untouched (keyed on those ids)
    assert json.loads((folder / "papers.json").read_bytes())["formats"] == {"1": CURRENT}
    for pid, doc in after.items():
        old = before[pid]
        if old.get("title"):
            assert doc.get("derived_title", "") == old.get("derived_title", "") and doc["title"] == old["title"]
        elif old.get("derived_title"):
            assert doc["derived_title"] == derive_title(doc["abstract"]) == shown[pid]
            assert not doc["derived_title"].endswith("…")
        assert {k: v for k, v in doc.items() if k not in ("derived_title", "citekey")} == {k: v for k, v in old.items() if k != "derived_title"}


def test_the_bundled_papers_of_an_old_library_read_right(tmp_path: Path) -> None:
    folder = old_library(tmp_path, "library_main")
    with Library.open(folder) as library:
        titles = {p.shown_title for p in library.papers}
    assert "Implicit regularization in an overparametrized tensor factorization problem" in titles
    assert "Implicit regularization in an overparametrized tensor…" not in titles
    assert "Comprehensive evaluations of language models" not in titles


def test_the_migration_runs_once(tmp_path: Path) -> None:
    folder = old_library(tmp_path, "library_main")
    Library.open(folder).close()
    raw = (folder / "papers.json").read_bytes()
    Library.open(folder).close()
    assert (folder / "papers.json").read_bytes() == raw


def test_a_read_only_open_shows_todays_titles_and_writes_nothing(tmp_path: Path) -> None:
    folder = old_library(tmp_path, "library_main")
    raw = (folder / "papers.json").read_bytes()
    with Library.open(folder, read_only=True) as library:
        assert not any(p.shown_title.endswith("…") for p in library.papers)
    assert (folder / "papers.json").read_bytes() == raw


def test_a_new_library_is_written_by_todays_rules(library_dir: Path) -> None:
    Library.open(library_dir).close()
    raw = (library_dir / "papers.json").read_bytes()
    assert json.loads(raw)["formats"] == {"1": CURRENT}
    Library.open(library_dir).close()
    assert (library_dir / "papers.json").read_bytes() == raw  # nothing to migrate: not rewritten


def test_a_rename_by_the_reader_still_wins(tmp_path: Path) -> None:
    folder = old_library(tmp_path, "library_main")
    docs = stored_papers(folder)
    pid = next(pid for pid, d in docs.items() if d.get("derived_title", "").endswith("…"))
    with Library.open(folder) as library:
        library.save_annotation(pid, title="My own name")
    (folder / "papers.json").write_bytes(json.dumps({"papers": {str(i): d for i, d in enumerate(docs.values(), 1)}}).encode())
    with Library.open(folder) as library:
        assert library.annotation(pid).title == "My own name"
        assert not library.get(pid).derived_title.endswith("…")


def test_what_a_papers_file_records_decides_whether_it_is_outdated() -> None:
    assert not outdated(dict(CURRENT)) and not outdated({**CURRENT, "later": 9})
    assert outdated({})  # written before formats were recorded
    assert outdated({TITLES: TITLE_RULE})  # written before citation keys
    assert outdated({CITEKEYS: CITEKEY_RULE})
    assert outdated({**CURRENT, TITLES: TITLE_RULE - 1})


def test_the_formats_a_papers_file_records_are_read_and_written_as_its_own_table() -> None:
    papers = {"papers": {"1": {"id": "aaaaaaaaaaa1"}}}
    assert read_formats(papers) == {} and read_formats({**papers, "formats": {}}) == {}
    recorded = with_formats(papers, {TITLES: TITLE_RULE})
    assert recorded == {**papers, "formats": {"1": {TITLES: TITLE_RULE}}}
    assert read_formats(recorded) == {TITLES: TITLE_RULE}
    assert read_formats({"formats": {"1": {TITLES: 2, "odd": "text", CITEKEYS: 1}}}) == {TITLES: 2, CITEKEYS: 1}
    assert read_formats({"formats": {"1": "not a record"}}) == {}
    assert with_formats(papers, {}) is papers  # nothing recorded: the file is written as it was
