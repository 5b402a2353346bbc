"""Versions: a preprint and its proceedings are one paper; other near pairs are not (real PMLR entries, arXiv-style records).

Each rule of `ingest.versions` has a pair here that its removal gets wrong: the arXiv id forms, the title
rendering and the "(Extended Abstract)" words, the similarity bar, the authors, the year, the part.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.core.ingest import versions
from tui.core.ingest.identity import arxiv_id
from tui.core.ingest.merge import MatchIndex
from tui.core.ingest.parsed import ParsedFile
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.core.models import Paper, paper_id

HERE = FIXTURES / "versions"


def read(path: Path) -> list[Paper]:
    found = read_import(path)
    parsed = found[0] if isinstance(found, tuple) else found
    assert isinstance(parsed, ParsedFile)
    return parsed.papers


@pytest.fixture(scope="module")
def proceedings() -> dict[str, Paper]:
    return {p.title: p for p in read(HERE / "colt_proceedings.bib")}


@pytest.fixture(scope="module")
def preprints() -> dict[str, Paper]:
    return {p.title: p for p in read(HERE / "arxiv_records.json")}


def record(title: str, authors: tuple[str, ...], year: str = "2024", abstract: str = "", **fields: str) -> Paper:
    text = abstract or "Abstract " + hashlib.sha1(f"{title}{authors}{year}".encode()).hexdigest()  # its own, and never alike
    return Paper(paper_id(text, title), text, "Test", title=title, authors=authors, year=year, **fields)


def match(stored: Paper, incoming: Paper) -> tuple[str, str] | None:
    return MatchIndex([stored], [incoming]).find(incoming)


# -- positive pairs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("proceedings_title", "preprint_title"),
    [
        # initials for names, a reworded title, the year before; "Høgsgaard" is "Høandgsgaard" in PMLR's entry
        ("Majority-of-Three: The Simplest Optimal Learner?", "Majority-of-three: the simplest optimal learner"),
        # the proceedings' "(Extended Abstract)"; initials
        (
            "Smaller Confidence Intervals From IPW Estimators via Data-Dependent Coarsening (Extended Abstract)",
            "Smaller Confidence Intervals from IPW Estimators via Data-Dependent Coarsening",
        ),
        ("Limits of Approximating the Median Treatment Effect", "Limits of approximating the median treatment effect"),
    ],
)
def test_a_preprint_matches_its_proceedings(proceedings: dict[str, Paper], preprints: dict[str, Paper], proceedings_title: str, preprint_title: str) -> None:
    stored, incoming = proceedings[proceedings_title], preprints[preprint_title]
    hit = match(stored, incoming)
    assert hit is not None and hit[0] == stored.id


def test_the_extended_abstract_words_do_not_make_another_title(proceedings: dict[str, Paper], preprints: dict[str, Paper]) -> None:
    """Without dropping "(Extended Abstract)" the two titles are below the bar: the rule matters."""
    stored = proceedings["Smaller Confidence Intervals From IPW Estimators via Data-Dependent Coarsening (Extended Abstract)"]
    incoming = preprints["Smaller Confidence Intervals from IPW Estimators via Data-Dependent Coarsening"]
    assert versions.other_version(stored, incoming)
    assert match(stored, incoming) == (stored.id, versions.ANOTHER_VERSION)


def test_a_small_rewording_matches() -> None:
    authors = ("Ishaq Aden-Ali", "Kasper Green Larsen", "Nikita Zhivotovskiy")
    stored = record("Majority-of-Three: The Simplest Optimal Learner?", authors)
    incoming = record("Majority of Three: A Simplest Optimal Learner", ("I. Aden-Ali", "K. G. Larsen", "N. Zhivotovskiy"), "2023")
    assert match(stored, incoming) == (stored.id, versions.ANOTHER_VERSION)


def test_titles_are_compared_rendered() -> None:
    """LaTeX as the reader sees it: `$(\\epsilon, u)$` and "(ε, u)" are one title."""
    assert versions.title_key(r"$(\epsilon, u)$-Adaptive Regret Minimization in Heavy-Tailed Bandits") == versions.title_key(
        "(ε, u)-Adaptive Regret Minimization in Heavy-Tailed Bandits"
    )
    assert versions.title_key("Détection of Random Graphs") == versions.title_key("Detection of random graphs")


@pytest.mark.parametrize(
    "form",
    [
        {"url": "https://arxiv.org/abs/2413.00011"},
        {"url": "https://arxiv.org/abs/2413.00011v3"},
        {"url": "http://arxiv.org/pdf/2413.00011v1.pdf"},
        {"url": "https://export.arxiv.org/abs/2413.00011v2"},
        {"doi": "10.48550/arXiv.2413.00011"},
        {"doi": "https://doi.org/10.48550/ARXIV.2413.00011"},
        {"venue": "arXiv preprint arXiv:2413.00011"},
        {"extra": {"arxiv": "2413.00011v2"}},
        {"extra": {"eprint": "2413.00011v2", "archiveprefix": "arXiv"}},
        {"extra": {"bibtex_fields": {"eprint": "2413.00011", "eprinttype": "arxiv"}}},
        {"venue": "CoRR", "extra": {"bibtex_fields": {"volume": "abs/2413.00011"}}},
    ],
)
def test_an_arxiv_id_in_any_form(form: dict) -> None:
    """The same arXiv id matches whatever else differs (another title, no shared author)."""
    assert arxiv_id(Paper("x", "", "L", **form)) == "2413.00011"
    stored = record("Sparse Attention Is All You Need", ("Ada Lovelace",), url="https://arxiv.org/abs/2413.00011v1")
    incoming = record("Something else entirely", ("Alan Turing",), "2020", **form)
    assert match(stored, incoming) == (stored.id, "same arXiv id")


@pytest.mark.parametrize(
    "authors",
    [
        ("Konstantinos Stavropoulos", "Adam Klivans", "Arsen Vasilyan"),  # the order changed
        ("Jane Doe", "Adam Klivans", "Konstantinos Stavropoulos", "Arsen Vasilyan"),  # an author added in front
        ("A. Vasilyan", "K. Stavropoulos", "A. R. Klivans"),  # reversed, initials
    ],
)
def test_a_version_whose_first_author_changed_matches(authors: tuple[str, ...]) -> None:
    """Candidates are not blocked by the first author alone: the title's longest words find them too."""
    stored = record("Testable Learning with Distribution Shift", ("Adam Klivans", "Konstantinos Stavropoulos", "Arsen Vasilyan"))
    assert match(stored, record("Testable learning with distribution shifts", authors, "2023")) == (stored.id, versions.ANOTHER_VERSION)


def test_a_proceedings_record_finds_its_preprint_with_the_authors_reordered(proceedings: dict[str, Paper]) -> None:
    """A real PMLR entry against an arXiv-style record of it whose authors are listed the other way round."""
    stored = proceedings["Limits of Approximating the Median Treatment Effect"]
    incoming = record("On the limits of approximating the median treatment effect", tuple(reversed(stored.authors)), "2024")
    assert len(stored.authors) > 1 and match(stored, incoming) == (stored.id, versions.ANOTHER_VERSION)


# -- negative pairs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Data Selection for ERMs", "Open Problem: Data Selection for Regression Tasks"),  # COLT 2025, the same four authors
        ("Regularization and Optimal Multiclass Learning", "Open Problem: Can Local Regularization Learn All Multiclass Problems?"),  # COLT 2024
    ],
)
def test_the_same_authors_with_other_titles_stay_apart(proceedings: dict[str, Paper], a: str, b: str) -> None:
    assert proceedings[a].authors == proceedings[b].authors
    assert match(proceedings[a], proceedings[b]) is None


def test_the_real_proceedings_hold_no_two_versions() -> None:
    """All four PMLR volumes (the fixtures and /work/shared's, when there): no paper is another's version."""
    papers = read(HERE / "colt_proceedings.bib")
    shared = Path("/work/shared/fixtures")
    for path in sorted(shared.glob("pmlr_*.bib")) if shared.is_dir() else []:
        papers += read(path)
    index = MatchIndex([], papers)
    found = []
    for paper in papers:
        hit = index.find(paper)
        if hit is not None and hit[1] == versions.ANOTHER_VERSION:
            found.append((hit, paper.title))
        index.add(paper)
    assert found == []


def test_part_two_is_not_part_one() -> None:
    authors = ("Adam Klivans", "Konstantinos Stavropoulos", "Arsen Vasilyan")
    one = record("Testable Learning with Distribution Shift, Part I", authors)
    for other in ("Testable Learning with Distribution Shift, Part II", "Testable Learning with Distribution Shift, Part 2"):
        assert match(one, record(other, authors)) is None
    assert match(record("Testable Learning with Distribution Shift", authors), record("Testable Learning with Distribution Shift: Part 2", authors)) is None
    # the same part, written two ways, is one part
    assert versions.part_number("Sorting, Part II") == versions.part_number("Sorting: part 2") == 2


def test_titles_that_differ_by_a_number_stay_apart() -> None:
    """Numbered papers of one author ("Report 7", "GPT-3"): another number is another work, however alike the rest."""
    stored = record("Stored paper number 0", ("Jo Doe",), "")
    assert match(stored, record("Stored paper number 1", ("Jo Doe",), "")) is None
    assert match(record("Scaling GPT-3 to many tasks", ("Jo Doe", "Ada Lovelace")), record("Scaling GPT-4 to many tasks", ("Jo Doe", "Ada Lovelace"))) is None


def test_an_extended_version_by_other_authors_stays_apart(proceedings: dict[str, Paper]) -> None:
    stored = proceedings["Smaller Confidence Intervals From IPW Estimators via Data-Dependent Coarsening (Extended Abstract)"]
    other = record(
        "Smaller Confidence Intervals From IPW Estimators via Data-Dependent Coarsening (Extended Version)",
        ("Jane Doe", "Alkis Kalavasis", "Richard Roe"),
    )
    assert not versions.mostly_same_authors(stored, other)
    assert match(stored, other) is None


def test_a_version_by_a_mostly_other_team_stays_apart() -> None:
    """Two of five authors shared (so the records are compared): not most of them."""
    ours = ("Adam Klivans", "Arsen Vasilyan", "Ada Lovelace", "Alan Turing", "Grace Hopper")
    stored = record("Learning Constant-Depth Circuits in Malicious Noise Models", ours)
    team = ("Adam Klivans", "Arsen Vasilyan", "Jane Doe", "Richard Roe", "John Smith")
    assert match(stored, record("Learning Constant-Depth Circuits in Malicious Noise Models (Extended Version)", team)) is None
    assert match(stored, record("Learning constant-depth circuits in a malicious noise model", (*team[:2], "Ada Lovelace", "Alan Turing"))) == (
        stored.id, versions.ANOTHER_VERSION,
    )


def test_one_title_and_disjoint_authors_stay_apart() -> None:
    stored = record("Attention Is All You Need", ("Ashish Vaswani", "Noam Shazeer"))
    assert match(stored, record("Attention is all you need!", ("Jane Doe", "Richard Roe"))) is None
    assert match(stored, record("Attention Is All We Need", ("Jane Doe", "Richard Roe"))) is None


def test_a_year_further_than_one_stays_apart() -> None:
    authors = ("Adam Klivans", "Konstantinos Stavropoulos", "Arsen Vasilyan")
    stored = record("Testable Learning with Distribution Shift", authors, "2024")
    assert match(stored, record("Testable learning with distribution shifts", authors, "2021")) is None
    assert match(stored, record("Testable learning with distribution shifts", authors, "2023")) == (stored.id, versions.ANOTHER_VERSION)


def test_a_different_title_by_the_same_authors_is_below_the_bar() -> None:
    authors = ("Adam Klivans", "Konstantinos Stavropoulos", "Arsen Vasilyan")
    stored = record("Testable Learning with Distribution Shift", authors)
    assert match(stored, record("Testable Learning with Distribution Shift: Lower Bounds", authors)) is None  # 86 of 100
    assert match(stored, record("Testable learning with distribution shifts", authors)) == (stored.id, versions.ANOTHER_VERSION)


# -- the merge ----------------------------------------------------------------------------------------


def test_import_merges_versions_and_the_proceedings_win(library_dir: Path) -> None:
    """The preprint first, then the proceedings: the stored id stays, venue/year/pages/DOI are the proceedings'."""
    preprint = record(
        "Deep Sets of Things", ("Ada Lovelace", "Alan Turing"), "2023", venue="arXiv preprint", url="https://arxiv.org/abs/2413.00021v1",
        doi="10.48550/arXiv.2413.00021",
    )
    published = record(
        "Deep Sets of Things (Extended Abstract)", ("A. Lovelace", "A. M. Turing"), "2024",
        abstract="A revised abstract of the paper, long enough to be its own.",
        venue="Proceedings of COLT", doi="10.1234/colt.2024.7", url="https://proceedings.mlr.press/v247/lovelace24a.html",
        extra={"start_page": "10", "end_page": "20"},
    )
    with Library.open(library_dir, seed=False) as lib:
        lib.add_papers([ParsedFile(Path("a.json"), "json", "A", [preprint])])
        reports = lib.add_papers([ParsedFile(Path("b.json"), "json", "B", [published])])
        assert reports[0].versions == 1 and reports[0].line().endswith("; 1 matched another version")
        assert [p.id for p in lib.papers] == [preprint.id]
        merged = lib.papers[0]
        assert (merged.venue, merged.year, merged.doi, merged.extra.get("start_page")) == ("Proceedings of COLT", "2024", "10.1234/colt.2024.7", "10")
        assert arxiv_id(merged) == "2413.00021"  # the preprint's id kept
        assert versions.absorbed_ids(merged) == [published.id]
        lines = versions.version_lines(merged)
        assert "https://arxiv.org/abs/2413.00021v1" in lines[0] and "https://proceedings.mlr.press/v247/lovelace24a.html" in lines[1]
        # imported again: nothing changes, nothing is absorbed twice
        again = lib.add_papers([ParsedFile(Path("b.json"), "json", "B", [published])])
        assert again[0].versions == 0 and versions.absorbed_ids(lib.papers[0]) == [published.id]


def test_a_preprint_never_fills_the_proceedings_citing_fields(proceedings: dict[str, Paper], preprints: dict[str, Paper], library_dir: Path) -> None:
    stored = proceedings["Majority-of-Three: The Simplest Optimal Learner?"]
    with Library.open(library_dir, seed=False) as lib:
        lib.add_papers([ParsedFile(Path("p.bib"), "bibtex", "P", [stored])])
        lib.add_papers([ParsedFile(Path("a.json"), "json", "A", [preprints["Majority-of-three: the simplest optimal learner"]])])
        merged = lib.get(stored.id)
        assert merged is not None
        assert (merged.venue, merged.year, merged.doi) == (stored.venue, stored.year, stored.doi)
        assert arxiv_id(merged) == "2413.00001"


def test_an_exact_title_with_another_year_and_doi_is_a_version_to_split(library_dir: Path) -> None:
    """No preprint in the pair (a conference paper and its journal version, one title): merged as versions, so the
    journal's DOI and link stay and `split` gives both back; a record that only fills gaps stays the old merge."""
    from tui.core.usecases import versions as versions_use

    authors = ("Ada Lovelace", "Alan Turing")
    conference = record(
        "Stable Learning of Controllers", authors, "2023",
        "We learn controllers from data with a guarantee of stability, and we test them on a quadrotor and on a simulated robot arm in the lab.",
        venue="L4DC", doi="10.5555/l4dc.2023.1", url="https://l4dc.org/stable",
    )
    journal = record(
        "Stable learning of controllers", authors, "2025",
        "This journal version extends the analysis to robot arms with many joints, adds safety constraints, and gives every proof the conference left out.",
        venue="JMLR", doi="10.5555/jmlr.2025.9", url="https://jmlr.org/stable",
    )
    filler = record("Stable Learning of Controllers", authors, "", tags=("control",))  # the same title, no year, a tag
    with Library.open(library_dir, seed=False) as lib:
        lib.add_papers([ParsedFile(Path("c.json"), "json", "C", [conference])])
        lib.save_annotation(conference.id, notes="conference note")
        (report,) = lib.add_papers([ParsedFile(Path("j.json"), "json", "J", [journal])])
        assert (report.merged, report.versions, report.joined) == (1, 1, [(conference.id, journal.id)])
        merged = lib.get(conference.id)
        assert merged is not None and versions.absorbed_ids(merged) == [journal.id]
        assert (merged.venue, merged.year, merged.doi) == ("L4DC", "2023", "10.5555/l4dc.2023.1")  # the stored paper cites as before
        assert "https://jmlr.org/stable" in versions.version_lines(merged)[1]  # the journal's link and DOI kept
        (again,) = lib.add_papers([ParsedFile(Path("f.json"), "json", "F", [filler])])
        assert (again.merged, again.versions) == (1, 0) and lib.get(conference.id).tags == ("control",)  # type: ignore[union-attr]
        assert versions_use.split(lib, lib.get(conference.id)) == f"split {conference.id}: 1 version back as {journal.id}"  # type: ignore[arg-type]
        back = lib.get(journal.id)
        assert back is not None and (back.venue, back.year, back.doi, back.url) == ("JMLR", "2025", "10.5555/jmlr.2025.9", "https://jmlr.org/stable")
        assert lib.annotation(conference.id).notes == "conference note"
