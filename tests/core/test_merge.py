"""Merge rules: same id, DOI, normalized title or a 95%-similar abstract is one paper; fields fill in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FIXTURES, folder_snapshot
from tui.core.ingest.merge import MatchIndex, merge_into, normalize_doi, normalize_title
from tui.core.ingest.parsed import FileReport, ParsedFile
from tui.core.ingest.readers import read_import
from tui.core.library import Library, LibraryFolder
from tui.core.models import Paper, paper_id
from tui.core.store import papers_file as papers_file_module
from tui.core.usecases.imports import import_paths

ABSTRACT = (
    "We propose a method for learning controllers from data with guarantees on stability and safety, "
    "and we evaluate it on several benchmark systems including a quadrotor and a robot arm."
)


def paper(abstract: str = "", title: str = "", **fields) -> Paper:
    return Paper(paper_id(abstract, title), abstract, fields.pop("list", "Test"), title=title, **fields)


def parsed(*papers: Paper, name: str = "in.json") -> ParsedFile:
    return ParsedFile(Path(name), "json", "Imported", list(papers))


def test_normalizers() -> None:
    assert normalize_doi("https://doi.org/10.1/AbC") == normalize_doi("doi:10.1/abc") == "10.1/abc"
    assert normalize_title("  Deep  Learning: A Survey! ") == normalize_title("deep learning a survey")


@pytest.mark.parametrize(
    ("incoming", "reason"),
    [
        (paper(ABSTRACT, "Another title"), "same id"),
        (paper("A different abstract entirely about something else, long enough to compare.", doi="https://doi.org/10.5/X"), "same DOI"),
        (paper("", "stable   learning of CONTROLLERS!"), "same title"),
        (paper(ABSTRACT.replace("quadrotor", "quadrotors").replace("data", "data,")), "similar abstract"),
    ],
)
def test_what_counts_as_the_same_paper(incoming: Paper, reason: str) -> None:
    stored = paper(ABSTRACT, "Stable Learning of Controllers", doi="10.5/x")
    hit = MatchIndex([stored]).find(incoming)
    assert hit == (stored.id, reason)


def test_a_merely_related_abstract_is_a_new_paper() -> None:
    stored = paper(ABSTRACT)
    other = paper(ABSTRACT[:120] + " Our second contribution is a new benchmark suite for offline evaluation of policies.")
    assert MatchIndex([stored]).find(other) is None


def test_merge_fills_in_and_never_overwrites() -> None:
    old = paper(ABSTRACT, "Old Title", year="2020", tags=("a",), extra={"k": 1})
    new = paper(ABSTRACT, "New Title", year="2021", venue="ICML", authors=("X Y",), doi="10.1/z", tags=("a", "b"), extra={"k": 2, "j": 3})
    merged = merge_into(old, new)
    assert (merged.id, merged.title, merged.year, merged.list) == (old.id, "Old Title", "2020", old.list)
    assert (merged.venue, merged.authors, merged.doi) == ("ICML", ("X Y",), "10.1/z")
    assert merged.tags == ("a", "b") and merged.extra == {"k": 1, "j": 3}
    assert merge_into(merged, new) is merged  # nothing new: unchanged


def test_title_only_paper_gets_its_abstract(library: Library) -> None:
    library.add_papers([parsed(paper("", "Stable Learning of Controllers"))])
    pid = paper_id("", "Stable Learning of Controllers")
    library.save_annotation(pid, notes="read this", rating=4)
    (report,) = library.add_papers([parsed(paper(ABSTRACT, "Stable learning of controllers", year="2024"))])
    assert (report.added, report.merged, report.updated) == (0, 1, 1)
    stored = library.get(pid)
    assert stored.abstract == ABSTRACT and stored.year == "2024"
    assert library.annotation(pid).notes == "read this" and library.annotation(pid).rating == 4


def test_import_report_and_reimport(library: Library) -> None:
    before = len(library.papers)
    (report,) = library.add_papers([read_import(FIXTURES / "papers.json")])
    assert (report.added, report.merged, len(report.skipped)) == (3, 0, 5)
    assert report.line() == f"{FIXTURES / 'papers.json'}: 3 papers added, 0 merged, 5 skipped"
    assert len(library.papers) == before + 3
    (again,) = library.add_papers([read_import(FIXTURES / "papers.json")])
    assert (again.added, again.merged, again.updated) == (0, 3, 0)
    assert again.line().endswith("0 papers added, 3 merged (0 with new fields), 5 skipped")
    assert len(library.papers) == before + 3


def test_duplicates_inside_one_import_merge(library: Library) -> None:
    a = paper(ABSTRACT, "T1", year="2020")
    b = paper(ABSTRACT, "T1", venue="NeurIPS")
    (report,) = library.add_papers([parsed(a, b)])
    assert (report.added, report.merged, report.updated) == (1, 1, 1)
    assert library.get(a.id).venue == "NeurIPS" and library.get(a.id).year == "2020"


def test_changes_survive_reopening(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.add_papers([read_import(FIXTURES / "small.bib")])
        lib.add_papers([parsed(paper("", "Only a title here", url="https://x.org"))])
        count = len(lib.papers)
        seqs = [p.seq for p in lib.papers]
    with Library.open(library_dir) as lib:
        assert len(lib.papers) == count and [p.seq for p in lib.papers] == seqs
        stored = lib.get(paper_id("", "Only a Title Here"))
        assert stored.url == "https://x.org" and stored.authors == ("Jane Doe",)
        lib.add_lists([])  # the old path still works after a direct write
        from tui.core.ingest.lists import parse_list

        (rep,) = lib.add_lists([parse_list("L\n\nA brand new abstract for the old path.\n")])
        assert rep.line().endswith("(list L): 1 paper added, 0 merged, 0 skipped")
    with Library.open(library_dir) as lib:
        assert len(lib.papers) == count + 1


def test_one_atomic_write_per_import(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = papers_file_module.atomic_replace
    monkeypatch.setattr(papers_file_module, "atomic_replace", lambda *a, **k: (calls.append(a[0]), real(*a, **k))[1])
    files = [read_import(FIXTURES / n) for n in ("small.bib", "papers.json", "papers.jsonl", "pmlr_l4dc2026.bib")]
    library.add_papers(files)
    assert [Path(c).name for c in calls] == ["papers.json"]


def test_a_failed_write_changes_nothing(library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    before_disk = folder_snapshot(library.folder)
    before = list(library.papers)

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(papers_file_module, "atomic_replace", fail)
    with pytest.raises(OSError):
        library.add_papers([read_import(FIXTURES / "pmlr_l4dc2026.bib")])
    assert library.papers == before
    assert folder_snapshot(library.folder) == before_disk
    monkeypatch.undo()
    (report,) = library.add_papers([read_import(FIXTURES / "pmlr_l4dc2026.bib")])
    assert report.added == 106


def test_a_list_reports_in_the_words_of_every_other_file() -> None:
    report = FileReport("x.txt", "list", "My List", added=2, merged=1)
    assert report.line() == "x.txt (list My List): 2 papers added, 1 merged (0 with new fields), 0 skipped"
    one = FileReport("refs.bib", "bibtex", "refs", added=1)
    assert one.line() == "refs.bib: 1 paper added, 0 merged, 0 skipped"


def test_two_incoming_duplicates_of_a_stored_paper_both_fill_it(library_dir: Path, tmp_path: Path) -> None:
    """One import holds records of a stored paper: one with its DOI, one with its URL and venue, and a
    third known only by that DOI (another title), bringing the year.

    Guards that each record merges into what the earlier ones made of the
    stored paper, not into the stored paper as it was (the second merge
    would replace the first and lose the DOI), and that the DOI the first
    brought is matched by the third (else it is added as a duplicate).
    """
    with Library.open(library_dir) as lib:
        lib.add_papers([parsed(paper(ABSTRACT, "Stable Learning of Controllers", authors=("Ada Lovelace",)))])
        (stored,) = [p for p in lib.papers if p.title == "Stable Learning of Controllers"]
        lib.save_annotation(stored.id, notes="mine")
        count = len(lib.papers)
    bib = tmp_path / "two.bib"
    bib.write_text(
        "@article{a, title = {Stable Learning of Controllers}, author = {Lovelace, Ada}, doi = {10.5555/stable}}\n"
        "@inproceedings{b, title = {Stable learning of controllers}, author = {Lovelace, Ada},"
        " url = {https://example.org/stable}, booktitle = {L4DC}}\n"
        "@misc{c, title = {Learning Controllers That Are Stable}, author = {Other, Someone}, doi = {10.5555/STABLE}, year = 2025}\n"
    )
    outcome = import_paths(LibraryFolder(library_dir), [bib])
    assert [(r.added, r.merged) for r in outcome.reports] == [(0, 3)]
    with Library.open(library_dir, seed=False) as lib:
        assert len(lib.papers) == count
        (merged,) = [p for p in lib.papers if normalize_title(p.title) == normalize_title(stored.title)]
        assert merged.id == stored.id and merged.abstract == ABSTRACT
        assert (merged.doi, merged.url, merged.venue, merged.year) == ("10.5555/stable", "https://example.org/stable", "L4DC", "2025")
        assert lib.annotation(stored.id).notes == "mine"
