"""What mutmut's round on `ingest/versions.py` found untested (benchmarks/mutation-44-people.md, the versions section):
the lines `show` prints for each version, how two annotations join, and the edges of the matching rules."""

from __future__ import annotations

from tui.core.ingest import versions
from tui.core.models import Annotation, Highlight, Paper, Status


def merged(old: Paper, *absorbed: Paper) -> Paper:
    """`old` after absorbing each of `absorbed` in turn (its fields as they were: the lines show each version's own)."""
    paper = old
    for new in absorbed:
        paper = versions.absorb(paper, new, paper)
    return paper


# -- the lines `show` prints ---------------------------------------------------------------------------


def test_each_version_line_names_its_venue_year_links_and_ids() -> None:
    proceedings = Paper(
        "p1", "", "L", venue="COLT", year="2024", url="https://proceedings.mlr.press/v247/x.html", doi="https://doi.org/10.1234/ABC",
        extra={"pdf": "https://proceedings.mlr.press/v247/x.pdf"},
    )
    preprint = Paper("p2", "", "L", year="2023", url="https://arxiv.org/abs/2413.00001v2", doi="10.48550/arXiv.2413.00001")
    listed = Paper("p3", "", "L", venue="ICML", extra={"arxiv": "2413.00002", "pdf": "https://icml.cc/p3.pdf"})
    bare = Paper("p4", "", "L")
    assert versions.version_lines(merged(proceedings, preprint, listed, bare)) == [
        "p1  COLT 2024  https://proceedings.mlr.press/v247/x.html  doi:10.1234/abc  https://proceedings.mlr.press/v247/x.pdf",
        "p2  arXiv 2023  https://arxiv.org/abs/2413.00001v2  doi:10.48550/arxiv.2413.00001",  # the id is in the link: not again
        "p3  ICML  arXiv:2413.00002  https://icml.cc/p3.pdf",
        "p4  (no venue)",
    ]


def test_a_pdf_link_is_listed_once_and_only_when_it_is_text() -> None:
    same = Paper("p5", "", "L", venue="NeurIPS", year="2022", url="https://x.org/a.pdf", extra={"pdf": "https://x.org/a.pdf"})
    odd = Paper("p6", "", "L", venue="NeurIPS", year="2022", extra={"pdf": 5})
    assert versions.version_lines(merged(same, odd)) == ["p5  NeurIPS 2022  https://x.org/a.pdf", "p6  NeurIPS 2022"]


def test_a_paper_without_versions_has_no_lines() -> None:
    assert versions.version_lines(Paper("p1", "", "L", venue="COLT")) == []


def test_a_version_record_without_its_before_shows_the_paper_as_it_is() -> None:
    """A hand-edited or old record (no `before`): the first line is the stored paper itself."""
    paper = Paper("p1", "", "L", venue="COLT", year="2024", extra={versions.VERSIONS: [{"paper": {"id": "p2", "year": "2023"}}]})
    assert versions.version_lines(paper) == ["p1  COLT 2024", "p2  2023"]


# -- two annotations as one ------------------------------------------------------------------------------


def test_one_annotation_alone_is_taken_under_the_kept_id() -> None:
    theirs = Annotation("p2", notes="preprint note", rating=3)
    for a, b in ((None, theirs), (theirs, None)):
        joined = versions.join_annotations("p1", a, b)
        assert joined is not None and (joined.id, joined.notes, joined.rating) == ("p1", "preprint note", 3)
    assert versions.join_annotations("p1", None, None) is None


def test_notes_join_once_each_and_keep_their_own_spacing() -> None:
    def notes(a: str, b: str) -> str:
        joined = versions.join_annotations("p1", Annotation("p1", notes=a), Annotation("p2", notes=b))
        assert joined is not None and joined.id == "p1"
        return joined.notes

    assert notes("  mine\n", "\n theirs  ") == "  mine\n\ntheirs  "  # the seam trimmed, the outer ends as written
    assert notes("same", "same") == "same"
    assert notes("mine", "  ") == "mine"
    assert notes("", "theirs") == "theirs"
    assert notes(" \n", "theirs") == "theirs"


def test_the_joined_annotation_takes_the_earliest_stamps_and_the_most_of_the_rest() -> None:
    a = Annotation("p1", rating=2, status=Status.READ, tags=("x",), created="2024-03-01", updated="2024-03-02", opened="",
                   highlights=(Highlight("one"),))
    b = Annotation("p2", rating=4, status=Status.READING, tags=("y", "x"), title="Renamed", created="2024-01-02", updated="2024-01-03",
                   opened="2024-05-05", highlights=(Highlight("two"), Highlight("one")))
    joined = versions.join_annotations("p1", a, b)
    assert joined is not None
    assert (joined.rating, joined.status, joined.tags, joined.title) == (4, Status.READ, ("x", "y"), "Renamed")
    assert (joined.created, joined.updated, joined.opened, joined.started, joined.finished) == ("2024-01-02", "2024-03-02", "2024-05-05", "", "")
    assert [h.text for h in joined.highlights] == ["one", "two"]


# -- the matching rules at their edges -------------------------------------------------------------------


def by(title: str, authors: tuple[str, ...], year: str = "2024") -> Paper:
    return Paper(title, "", "L", title=title, authors=authors, year=year)


TEAM = ("Adam Klivans", "Konstantinos Stavropoulos", "Arsen Vasilyan")


def test_a_part_against_no_part_and_parts_past_ten_stay_apart() -> None:
    assert not versions.other_version(by("Testable Learning with Distribution Shift", TEAM), by("Testable Learning with Distribution Shift, Part I", TEAM))
    assert not versions.other_version(by("Lectures on Sorting, Part XI", TEAM), by("Lectures on Sorting, Part XII", TEAM))
    assert [versions.part_number(f"Sorting, Part {p}") for p in ("IV", "IX", "XIV", "XIX", "one", "Second", "3")] == [4, 9, 14, 19, 1, 2, 3]
    assert versions.part_number("Sorting networks") == 0


def test_half_of_the_authors_is_not_most() -> None:
    assert not versions.mostly_same_authors(by("T", ("Ada Lovelace", "Alan Turing", "Grace Hopper", "Jo Doe")),
                                            by("T", ("Ada Lovelace", "Alan Turing", "Jane Roe", "Rick Poe")))
    assert versions.mostly_same_authors(by("T", ("Ada Lovelace", "Alan Turing", "Grace Hopper")), by("T", ("A. Lovelace", "A. Turing")))


def test_a_record_without_authors_says_nothing_against_them() -> None:
    assert versions.mostly_same_authors(by("T", TEAM), by("T", ()))
    assert versions.mostly_same_authors(by("T", ()), by("T", TEAM))


def test_years_two_apart_are_too_far() -> None:
    assert not versions.years_close(by("T", TEAM, "2022"), by("T", TEAM, "2024"))
    assert versions.years_close(by("T", TEAM, "2023"), by("T", TEAM, "Dec. 2024"))
    assert versions.years_close(by("T", TEAM, ""), by("T", TEAM, "1990"))


def test_the_title_bar_is_ninety_inclusive_and_words_must_be_alike() -> None:
    assert versions.titles_close("Optimal graph sort", "Optimal graph sort now")  # 2 * 18 / 40: exactly 90
    assert not versions.titles_close("Optimal graph sort", "Optimal graph sorts now")  # 36 / 41: below
    assert not versions.titles_close("Learning to sort graphs", "Sorting to learn a graph")  # one length, other words
    assert not versions.titles_close("", "") and not versions.titles_close("!!", "Sorting") and not versions.titles_close("Sorting", "?")


def test_titles_of_lengths_far_apart_are_not_compared_letter_by_letter(monkeypatch) -> None:
    """The length bar decides alone (rapidfuzz is not asked) wherever it can: 200 x the shorter length below 90 x
    both lengths, up to the boundary."""
    from rapidfuzz import fuzz

    def asked(*_: object, **__: object) -> float:
        raise AssertionError("compared")

    monkeypatch.setattr(fuzz, "ratio", asked)
    assert not versions.titles_close("a" * 90, "a" * 111)  # 18,000 < 18,090: decided by the lengths
    assert not versions.titles_close("Sorting", "Sorting networks of a kind")


# -- what a merge keeps for a split ----------------------------------------------------------------------


def test_each_record_keeps_the_paper_as_it_was_without_nesting_earlier_versions() -> None:
    """A paper absorbing a third version keeps three flat records (no record holds the ones before it: a file
    growing with the square of the versions), each `before` with its own extra fields."""
    old = Paper("p1", "", "L", venue="COLT", extra={"bibtex_fields": {"pages": "1--2"}})
    plain = Paper("q1", "", "L", venue="ICML")
    news = [Paper(f"p{i}", "", "L", venue="arXiv", extra={"arxiv": f"2413.0000{i}"}) for i in (2, 3, 4)]
    paper, bare = old, plain
    for new in news:
        paper = versions.absorb(paper, new, paper)
        bare = versions.absorb(bare, new, bare)
    for one, fields in ((paper, {"bibtex_fields": {"pages": "1--2"}}), (bare, None)):
        records = versions.absorbed(one)
        assert [r["paper"]["id"] for r in records] == ["p2", "p3", "p4"]
        assert all(r["before"].get("extra") == fields for r in records)
        assert all(r["paper"]["extra"] == {"arxiv": r["paper"]["extra"]["arxiv"]} for r in records)
    # the newest version alone comes back (an import's undo): the paper keeps the others and its own fields
    restored, back, _ = versions.split(paper, None, last=1)
    assert [p.id for p in back] == ["p4"] and versions.absorbed_ids(restored) == ["p2", "p3"]
    assert restored.extra["bibtex_fields"] == {"pages": "1--2"}


def test_undoing_the_only_version_gives_it_back() -> None:
    paper = versions.absorb(Paper("p1", "", "L", venue="COLT"), Paper("p2", "", "L", venue="arXiv"), Paper("p1", "", "L", venue="COLT"))
    for last in (1, 2, None):
        restored, back, notes = versions.split(paper, None, last=last)
        assert (restored.id, [p.id for p in back], versions.absorbed(restored)) == ("p1", ["p2"], [])
        assert notes == {"p2": None, "p1": None}
    assert versions.split(paper.with_changes(seq=7), None)[0].seq == 7  # the place it has now, not the one it had


# -- the keys that find candidates, what a preprint is, the records kept ---------------------------------


def test_the_block_keys_of_a_paper() -> None:
    from tui.core.ingest.identity import normalize_title

    def keys(title: str, *authors: str) -> tuple:
        return versions.block_keys(Paper("x", "", "L", title=title, authors=authors), normalize_title(title))

    # the last word of a multi-word surname, lower case; a plural's "s" off the end only ("simplest" keeps its own)
    assert keys("Majority-of-Three: The Simplest Optimal Learners?", "Kasper Green Larsen", "Ishaq Aden-Ali") == (
        ("larsen", "majority", "simplest"), ("", "majority", "simplest", "learner"),
    )
    # an accented name folded as `identity.surnames` folds it; "(Extended Abstract)" never blocks; "sorting" keeps its "s"
    assert keys("Sorting Networks (Extended Abstract)", "Jörg Müller", "Ada Lovelace") == (("muller", "network", "sorting"), ("", "network", "sorting", ""))
    assert keys("Sets", "Ada ") == (("", "set", "", ""),)  # no surname: the title's key alone
    assert keys("Sorting Networks", "–") == (("", "network", "sorting", ""),)  # a name of no letters, not ASCII
    assert keys("Abstract", "Ada Lovelace") == () and keys("Sorting") == () and keys("", "Ada Lovelace") == ()


def test_what_a_preprint_record_is() -> None:
    def preprint(**fields: object) -> bool:
        return versions.is_preprint(Paper("x", "", "L", **fields))  # type: ignore[arg-type]

    assert preprint(url="https://arxiv.org/abs/2413.00001")  # an arXiv link and no venue
    assert preprint(doi="10.48550/arxiv.abc")  # an arXiv DOI, even one whose id does not parse
    assert preprint(doi="10.48550/arXiv.2413.00001", venue="CoRR") and preprint(venue="arXiv preprint")
    assert not preprint(doi="10.48550/arXiv.2413.00001", venue="ICML")  # published, with the preprint's DOI
    assert not preprint(venue="ICML", url="https://arxiv.org/abs/2413.00001") and not preprint()
    # a paper that absorbed versions is what it was before: a proceedings record stays one whatever it took
    before = Paper("p1", "", "L", venue="COLT")
    took = before.with_changes(venue="", url="https://arxiv.org/abs/2413.00001")
    assert not versions.is_preprint(versions.absorb(before, Paper("p2", "", "L", venue="arXiv"), took))
    assert versions.is_preprint(took)


def test_broken_version_records_are_left_out() -> None:
    paper = Paper("p1", "", "L", extra={versions.VERSIONS: [{"paper": {"id": "p2"}}, {"note": 1}, "junk", {"paper": "p3"}, {"paper": {}}]})
    assert versions.absorbed_ids(paper) == ["p2", ""]
    assert versions.absorbed_ids(Paper("p1", "", "L", extra={versions.VERSIONS: "p2"})) == []
    assert versions.stored_ids([paper, Paper("p4", "", "L")]) == {"p2", ""}


def test_each_stamp_is_the_earlier_of_the_two_whichever_side_it_is_on() -> None:
    early = Annotation("p1", created="2024-01-01", opened="2024-01-05", started="2024-01-06", finished="2024-01-07")
    late = Annotation("p2", created="2024-02-01", opened="2024-02-05", started="2024-02-06", finished="2024-02-07")
    stamps = ("created", "opened", "started", "finished")
    for a, b in ((early, late), (late, early)):
        joined = versions.join_annotations("p1", a, b)
        assert joined is not None and [getattr(joined, s) for s in stamps] == [getattr(early, s) for s in stamps]
    joined = versions.join_annotations("p1", Annotation("p1"), late)  # stamps only on the other side
    assert joined is not None and [getattr(joined, s) for s in stamps] == [getattr(late, s) for s in stamps]


def test_one_title_is_cited_apart_by_another_year_or_another_doi() -> None:
    def apart(a: dict, b: dict) -> bool:
        return versions.cited_apart(Paper("p1", "", "L", **a), Paper("p2", "", "L", **b))

    assert apart({"year": "2023"}, {"year": "2025"})  # another year alone
    assert apart({"year": "2023", "doi": "10.1/a"}, {"year": "2023", "doi": "10.1/b"})  # another DOI alone
    assert not apart({"year": "2023", "doi": "10.1/A"}, {"year": "2023", "doi": "https://doi.org/10.1/a"})  # the same, written two ways
    assert not apart({"year": "2023", "doi": "10.1/a"}, {})  # what one lacks, the other fills
