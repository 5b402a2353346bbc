"""Metadata from what paper-list exports carry: site/pdf, embedded BibTeX, author strings, file names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.cli import main
from tui.core.ingest.embedded import bibtex_fields
from tui.core.ingest.readers import read_import
from tui.core.library import Library, LibraryFolder
from tui.core.render.venues import venue_from_file_name, venue_means
from tui.core.usecases.imports import import_paths
from tui.core.usecases.list import papers_matching

CONF = FIXTURES / "conference"


@pytest.mark.parametrize(
    ("stem", "expected"),
    [("nips2018", ("NeurIPS", "2018")), ("icml2019", ("ICML", "2019")), ("nips2018_paperlists", ("NeurIPS", "2018")),
     ("COLT-2021", ("COLT", "2021")), ("iclr_2024_accepted", ("ICLR", "2024")), ("my_papers", ("", "")), ("paper2018", ("", ""))],
)
def test_a_file_name_names_venue_and_year(stem: str, expected: tuple[str, str]) -> None:
    assert venue_from_file_name(stem) == expected


def test_paper_list_json_fields_are_used() -> None:
    nips = read_import(CONF / "nips2018.json")
    assert nips.name == "NeurIPS 2018"
    first = nips.papers[0]
    assert (first.year, first.venue) == ("2018", "NeurIPS")
    assert first.url == "https://papers.nips.cc/paper/2018/hash/0001-Abstract.html"  # site before pdf
    assert first.authors == ("Ada Lovelace", "Alan Turing")
    assert nips.papers[1].authors == ("Grace Hopper", "Edsger Dijkstra")  # "; " separated
    assert first.extra == {"track": "main", "status": "Poster", "pdf": "https://papers.nips.cc/paper/2018/file/0001-Paper.pdf"}  # the site is the URL
    icml = read_import(CONF / "icml2019.json")
    sparse = icml.papers[0]
    assert icml.name == "ICML 2019"
    assert sparse.url == "https://proceedings.mlr.press/v97/doe19a/doe19a.pdf"  # empty site: the pdf
    assert (sparse.year, sparse.doi) == ("2019", "10.5555/icml.2019.1")
    assert sparse.venue == "Proceedings of the 36th International Conference on Machine Learning"
    assert sparse.extra["bibtex_key"] == sparse.citekey == "pmlr-v97-doe19a" and "bibtex" not in sparse.extra
    # The embedded entry's fields as written, but those the record already says (author, year, booktitle, doi).
    assert sparse.extra["bibtex_fields"] == {"title": "Sparse Coding with {ADMM}", "pages": "1--10", "volume": "97", "publisher": "PMLR"}
    assert "pdf" not in sparse.extra  # it is the URL


def test_embedded_bibtex_never_raises() -> None:
    assert bibtex_fields("") == {} and bibtex_fields("@article{") == {} and bibtex_fields(None) == {}  # type: ignore[arg-type]
    assert bibtex_fields('@misc{k, title = "A {B} c", year = 2020, note = {x {y} z}}') == {"title": "A {B} c", "year": "2020", "note": "x {y} z"}


def test_year_venue_and_link_filters_find_imported_papers(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json", CONF / "icml2019.json", FIXTURES / "pmlr_l4dc2026.bib"])
    with Library.open(library_dir) as lib:
        assert len(papers_matching(lib, "year:2018")) == 7
        assert {p.list for p in papers_matching(lib, "venue:nips")} == {"NeurIPS 2018"}
        assert {p.list for p in papers_matching(lib, "venue:neurips")} == {"NeurIPS 2018"}
        assert len(papers_matching(lib, "venue:icml")) == 2
        l4dc = papers_matching(lib, "venue:l4dc")
        assert l4dc and all("Learning for Dynamics and Control" in p.venue for p in l4dc)


@pytest.mark.parametrize(
    ("alias", "venue", "means"),
    [("colt", "Proceedings of Thirty Eighth Conference on Learning Theory", True),
     ("COLT", "COLT 2021", True), ("nips", "Advances in Neural Information Processing Systems 31", True),
     ("icml", "Proceedings of the 36th International Conference on Machine Learning", True),
     ("uai", "Conference on Uncertainty in Artificial Intelligence", True),
     ("aistats", "International Conference on Artificial Intelligence and Statistics", True),
     ("colt", "International Conference on Machine Learning", False), ("alt", "Alternative venue", False)],
)
def test_short_venue_names_match_long_ones(alias: str, venue: str, means: bool) -> None:
    assert venue_means(alias, venue) is means


def test_years_are_numbers_in_list_json(library_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])
    capsys.readouterr()
    assert main(["list", "--db", str(library_dir), "--query", "year:2018", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 7 and {r["year"] for r in records} == {2018}
