"""Paper identity: different papers never merge, merges of differing titles are named, old ids survive."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import FIXTURES
from tui.core.ingest.merge import MatchIndex, plan_import
from tui.core.ingest.parsed import ParsedFile
from tui.core.library import Library, LibraryFolder
from tui.core.models import BOILERPLATE_ABSTRACTS, Paper, is_specific_abstract, paper_id
from tui.core.usecases.imports import import_paths

CONF = FIXTURES / "conference"
LONG = (
    "We study online convex optimization with delayed feedback and show that a simple follow-the-regularized-leader "
    "method with an adaptive step size achieves optimal regret in every regime of delay we consider, including "
    "adversarial delays, with matching lower bounds and experiments on standard benchmarks."
)


def paper(abstract: str = "", title: str = "", authors: tuple[str, ...] = (), **fields) -> Paper:
    return Paper(paper_id(abstract, title), abstract, fields.pop("list", "T"), title=title, authors=authors, **fields)


def parsed(*papers: Paper, name: str = "in.json") -> ParsedFile:
    return ParsedFile(Path(name), "json", "Imported", list(papers))


def test_boilerplate_abstracts_are_not_specific() -> None:
    for text in ("", "Part of", "No abstract available.", "Abstract", "  abstract:  ", "N/A", "TBA", "Short and generic.", *BOILERPLATE_ABSTRACTS):
        assert not is_specific_abstract(text), text
    assert is_specific_abstract(LONG)


def test_boilerplate_abstracts_never_collapse_papers(library_dir: Path) -> None:
    """Three real papers of one export share "Part of": three papers, not one."""
    outcome = import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    assert not outcome.failed
    assert outcome.messages[0] == ("line", f"{CONF / 'nips2018.json'}: 7 papers added, 0 merged, 0 skipped")
    with Library.open(library_dir) as lib:
        mine = [p for p in lib.papers if p.list == "NeurIPS 2018"]
        assert len(mine) == 7 and len({p.id for p in mine}) == 7
        assert {p.abstract for p in mine if p.title.startswith(("Learning to Rank", "Robust Kernel", "Graph Neural"))} == {"Part of"}


def test_ids_rest_on_the_title_when_the_abstract_is_boilerplate() -> None:
    assert paper_id("Part of", "Paper A") == paper_id("No abstract available.", "paper  a") == paper_id("", "Paper A")
    assert paper_id("Part of", "Paper A") != paper_id("Part of", "Paper B")
    assert paper_id(LONG, "Any title") == paper_id(LONG)  # a specific abstract keeps today's id


def test_different_titles_and_authors_are_different_papers_whatever_the_abstract(library: Library) -> None:
    a = paper(LONG, "Delayed Feedback in Online Learning", ("Ada Lovelace", "Alan Turing"))
    b = paper(LONG, "A Workshop Poster on Something Else", ("Grace Hopper",))
    first = library.add_papers([parsed(a, b)])[0]
    assert (first.added, first.merged) == (2, 0)
    ids = {p.title: p.id for p in library.papers if p.list == "T"}
    assert len(set(ids.values())) == 2 and ids[a.title] == a.id
    # Stable: importing the same records again finds both, adds nothing, changes no id.
    again = library.add_papers([parsed(b, a)])[0]
    assert (again.added, again.merged) == (0, 2)
    assert {p.title: p.id for p in library.papers if p.list == "T"} == ids


def test_same_title_with_disjoint_authors_is_two_papers() -> None:
    a = paper("", "Introduction", ("Ada Lovelace",))
    b = paper("", "Introduction", ("Grace Hopper",))
    assert MatchIndex([a]).find(b) is None
    c = paper("", "introduction", ("A. Lovelace", "C. Babbage"))
    assert MatchIndex([a]).find(c) == (a.id, "same id")


def test_doi_arxiv_and_url_name_a_paper() -> None:
    stored = paper("Part of", "Old Title", url="https://arxiv.org/abs/2101.00001v2", doi="10.1/x")
    assert MatchIndex([stored]).find(paper("", "Other", doi="https://doi.org/10.1/X")) == (stored.id, "same DOI")
    assert MatchIndex([stored]).find(paper("", "Other", url="http://arxiv.org/pdf/2101.00001")) == (stored.id, "same arXiv id")
    site = paper("", "Some Title", url="https://papers.nips.cc/paper/2018/hash/0001-Abstract.html")
    assert MatchIndex([site]).find(paper("", "", url="https://papers.nips.cc/paper/2018/hash/0001-Abstract.html/")) == (site.id, "same URL")
    assert MatchIndex([site]).find(paper("", "Another Paper", url="https://papers.nips.cc/paper/2018/hash/0001-Abstract.html")) is None
    # A bare site names no paper.
    home = paper("", "Some Title", url="https://icml.cc/")
    assert MatchIndex([home]).find(paper("", "Other", url="https://icml.cc")) is None


def test_a_merge_of_different_titles_is_named(library: Library) -> None:
    a = paper(LONG, "Delayed Feedback in Online Learning", ("Ada Lovelace",))
    b = paper(LONG.replace("adaptive", "adaptive,"), "Online Learning with Delays", ("A. Lovelace",))
    report = library.add_papers([parsed(a, b)])[0]
    assert report.merged == 1
    assert report.merges == ['merged "Online Learning with Delays" into "Delayed Feedback in Online Learning"']


def test_the_import_report_names_merges(library_dir: Path, tmp_path: Path) -> None:
    rows = [
        {"title": "Delayed Feedback in Online Learning", "abstract": LONG, "author": "Ada Lovelace"},
        {"title": "Online Learning with Delays", "abstract": LONG, "author": "Ada Lovelace, Bob"},
    ]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(rows))
    outcome = import_paths(LibraryFolder(library_dir), [path])
    assert ("merged", 'merged "Online Learning with Delays" into "Delayed Feedback in Online Learning"') in outcome.messages


def _filler(i: int) -> Paper:
    words = f"topic{i} method{i} result{i} bound{i} data{i}".split()
    text = " ".join(words[(i + k) % 5] + str(k) for k in range(60))
    return paper(text, f"Filler {i}")


def test_near_duplicates_are_found_whatever_the_batch_size() -> None:
    """Edits near both ends: the first and last words differ; the sampled middle still finds it."""
    near = LONG.replace("We study", "Here we study").replace("benchmarks.", "benchmark suites.")
    stored = paper(LONG, "Delayed Feedback")
    incoming = paper(near, "Delayed Feedback, revised")
    for others in (0, 3000):
        existing = [stored] + [_filler(i) for i in range(others)]
        plan = plan_import(existing, [parsed(incoming)], len(existing), lambda a: "")
        assert (plan.reports[0].added, plan.reports[0].merged) == (0, 1), others


def test_a_library_written_before_issue_13_keeps_every_annotation(tmp_path: Path) -> None:
    """The fixture folder was written by main 705c1f8 (ids = SHA-1 of the abstract)."""
    folder = tmp_path / "lib"
    shutil.copytree(FIXTURES / "library_main", folder)
    before_papers = {d["id"]: d for d in json.loads((folder / "papers.json").read_text())["papers"].values()}
    before_notes = {d["id"]: d for d in json.loads((folder / "annotations.json").read_text())["annotations"].values()}
    assert len(before_notes) == 11
    with Library.open(folder) as lib:
        assert {p.id for p in lib.papers} == set(before_papers)
        for pid, doc in before_notes.items():
            note = lib.annotation(pid)
            assert lib.get(pid) is not None
            assert (note.notes, note.rating, list(note.tags)) == (doc["notes"], doc["rating"], doc["tags"])
    # Re-importing the same files brings back the two papers the old ids had collapsed, and nothing else.
    outcome = import_paths(LibraryFolder(folder), [CONF / "nips2018.json", CONF / "icml2019.json", FIXTURES / "small.bib"])
    lines = [text for kind, text in outcome.messages if kind == "line"]
    assert lines[0].endswith("2 papers added, 5 merged (5 with new fields), 0 skipped"), lines
    assert "0 papers added" in lines[1] and "0 papers added" in lines[2]
    with Library.open(folder) as lib:
        assert set(before_papers) <= {p.id for p in lib.papers}
        assert len(lib.papers) == len(before_papers) + 2
        for pid, doc in before_notes.items():
            assert lib.annotation(pid).notes == doc["notes"]
