"""CSL-JSON (Zotero, Mendeley, Better BibTeX) and RIS (Zotero, Mendeley) exports as papers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.core.errors import InputFileError
from tui.core.ingest.csl import paper_from_csl, strip_markup, year_of
from tui.core.ingest.readers import expand, read_import, sniff
from tui.core.library import Library

REFS = FIXTURES / "refs"


def test_zotero_csl_json() -> None:
    parsed = read_import(REFS / "zotero.json")
    assert parsed.kind == "csl" and parsed.name == "zotero"
    nature, attention = parsed.papers
    assert nature.title == "Deep learning"
    assert nature.authors == ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton")
    assert (nature.year, nature.venue, nature.doi) == ("2015", "Nature", "10.1038/nature14539")
    assert nature.url == "https://www.nature.com/articles/nature14539"
    assert nature.abstract.count("\n\n") == 1  # paragraphs kept
    assert nature.extra["page"] == "436-444" and "author" not in nature.extra
    assert attention.venue == "arXiv" and attention.year == "2023"  # a preprint: the publisher
    assert attention.doi == "10.48550/arXiv.1706.03762"
    assert parsed.skipped == ["item 3: has no title and no abstract"]


def test_mendeley_csl_json_with_citation_clusters_and_particles() -> None:
    parsed = read_import(REFS / "mendeley.json")
    assert parsed.kind == "csl"
    graph, lora = parsed.papers
    assert graph.authors == ("Rianne van den Berg", "Max Welling")
    assert graph.year == "2019" and graph.venue.startswith("Proceedings of the 25th ACM SIGKDD")
    assert graph.doi == "10.1145/3292500.3330701"
    assert lora.year == "2021" and lora.tags == ("fine-tuning", "LLM") and lora.venue == "arXiv preprint"
    assert parsed.skipped == ["item 3 (Numbers As Authors): author holds a number, not a name"]


def test_better_bibtex_csl_json() -> None:
    parsed = read_import(REFS / "betterbibtex.json")
    attention, report = parsed.papers
    assert attention.authors == ("Ashish Vaswani", "Google Brain")
    assert attention.year == "2017" and attention.venue == "Advances in Neural Information Processing Systems"
    assert attention.tags == ("attention", "transformers")
    assert attention.extra["citation-key"] == "vaswani2017attention"
    assert report.authors == ("Jane Doe Jr.",) and report.year == "2020" and report.venue == "Institute of Examples"
    assert report.abstract == "We show that markup & entities are stripped.\n\nSecond paragraph."
    assert parsed.skipped == ["item 3 (A Broken Date): issued is a list, not a date"]


def test_zotero_ris_with_crlf() -> None:
    parsed = read_import(REFS / "zotero.ris")
    assert parsed.kind == "ris" and parsed.skipped == []
    nature, attention = parsed.papers
    assert nature.authors == ("Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton")
    assert (nature.year, nature.venue, nature.doi) == ("2015", "Nature", "10.1038/nature14539")
    assert nature.tags == ("deep learning", "neural networks")
    assert nature.extra["volume"] == "521"
    assert attention.venue == "Advances in Neural Information Processing Systems" and attention.year == "2017"


def test_mendeley_ris_skips_what_it_cannot_use() -> None:
    parsed = read_import(REFS / "mendeley.ris")
    (graph,) = parsed.papers
    assert graph.authors == ("Rianne van den Berg", "Max Welling")
    assert graph.abstract.endswith("billions of edges.")  # a continuation line joined
    assert graph.venue.startswith("Proceedings of the 25th") and graph.url == "https://doi.org/10.1145/3292500.3330701"
    assert parsed.skipped == [
        "line 14: has no title and no abstract",
        "line 19: the entry is not closed (no `ER  -` line)",
    ]


def test_the_same_paper_from_zotero_and_ris_merges(library_dir: Path) -> None:
    with Library.open(library_dir, seed=False) as lib:
        first = lib.add_papers([read_import(REFS / "zotero.json")])
        second = lib.add_papers([read_import(REFS / "zotero.ris")])
        assert first[0].added == 2
        assert second[0].merged == 2 and second[0].added == 0  # same DOI / title
        stored = {p.title.casefold(): p for p in lib.papers}
        assert stored["deep learning"].tags == ("deep learning", "neural networks")  # filled in


def test_sniffing_csl_and_ris() -> None:
    assert sniff('[{"title": "x", "container-title": "y"}]', Path("a.json")) == "csl"
    assert sniff('[{"title": "x", "venue": "y"}]', Path("a.json")) == "json"
    assert sniff('[{"issued": {"date-parts": [[2020]]}}]', Path("export")) == "csl"
    assert sniff("TY  - JOUR\nER  - \n", Path("export.txt")) == "ris"
    assert sniff("TY  - JOUR\nER  - \n", Path("export")) == "ris"
    assert sniff("", Path("x.RIS")) == "ris"
    assert sniff("[]", Path("x.csljson")) == "csl"


def test_a_folder_picks_up_ris_and_csl(tmp_path: Path) -> None:
    for name in ("zotero.json", "zotero.ris"):
        shutil.copy(REFS / name, tmp_path / name)
    assert [p.name for p in expand(tmp_path)] == ["zotero.json", "zotero.ris"]


@pytest.mark.parametrize(
    ("content", "problem"),
    [("[]", "no CSL-JSON items"), ('"container-title"', "expected a CSL-JSON array"), ('[{"container-title": ', "not valid JSON")],
)
def test_unusable_csl_files(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "x.csljson"
    path.write_text(content)
    with pytest.raises(InputFileError, match=problem):
        read_import(path)


def test_a_ris_file_without_entries(tmp_path: Path) -> None:
    path = tmp_path / "x.ris"
    path.write_text("nothing here\n")
    with pytest.raises(InputFileError, match="no RIS entries"):
        read_import(path)


def test_csl_field_helpers() -> None:
    assert year_of({"date-parts": [["2020", "1"]]}) == "2020"
    assert year_of({"date-parts": [[]]}) == ""
    assert year_of({"literal": "circa 1999"}) == "1999"
    assert year_of("2011-02") == "2011"
    assert strip_markup("<p>a &lt; b</p>") == "a < b"
    crossref = {"title": ["A Title"], "container-title": ["J"], "author": [{"given": "A", "family": "B"}], "abstract": "<jats:p>x</jats:p>"}
    paper = paper_from_csl(crossref, "L")
    assert (paper.title, paper.venue, paper.authors, paper.abstract) == ("A Title", "J", ("A B",), "x")
