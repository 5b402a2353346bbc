"""A person's papers in every spelling (issue 44): initials join the full name only where the record agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.ingest.readers import read_import
from tui.core.models import Paper
from tui.core.people.person import AmbiguousAuthor, NoSuchAuthor, find_person, followed_positions

FIXTURE = Path(__file__).parents[1] / "fixtures" / "people" / "pmlr_people.bib"


@pytest.fixture(scope="module")
def pmlr() -> list[Paper]:
    return read_import(FIXTURE).papers


def _authors(papers: list[Paper], positions: list[int]) -> list[tuple[str, ...]]:
    return [papers[i].authors for i in positions]


def test_one_person_in_every_spelling_and_list(pmlr: list[Paper]) -> None:
    person = find_person(pmlr, "Cortés, Jorge")
    assert set(person.spellings) == {"Jorge Cortés", "Jorge Cortes"}
    assert len(person.positions) == 3 and {pmlr[i].venue or pmlr[i].list for i in person.positions} != set()
    assert find_person(pmlr, "JORGE CORTES").positions == person.positions == find_person(pmlr, "cortes").positions


def test_a_left_out_middle_initial_joins_where_a_coauthor_is_shared(pmlr: list[Paper]) -> None:
    """PMLR spells Simon S. Du "Du, Simon" once, on a paper with his usual co-authors; Aaron D. Ames "Ames, Aaron"
    on a paper with Max H. Cohen, his co-author under the full spelling."""
    du = find_person(pmlr, "Simon S Du")
    assert set(du.spellings) == {"Simon S. Du", "Simon S Du", "Simon Du"} and len(du.positions) == 4
    ames = find_person(pmlr, "Aaron D. Ames")
    assert set(ames.spellings) == {"Aaron D. Ames", "Aaron Ames"}


def test_the_name_a_person_is_shown_by_finds_that_person_again(pmlr: list[Paper]) -> None:
    """A follow stores the page's name, and the page after `f` is found by it: "Simon Du" (the one full spelling)
    found three of Simon S. Du's four papers, the one with none of his usual co-authors left out."""
    for asked in ("Simon S Du", "Simon Du", "Aaron D. Ames", "Cortés, Jorge"):
        person = find_person(pmlr, asked)
        again = find_person(pmlr, person.name)
        assert again.positions == person.positions and again.name == person.name, (asked, person.name)
        assert followed_positions(pmlr, [person.name]) == {person.name: person.positions}


def test_homonyms_by_surname_stay_apart(pmlr: list[Paper]) -> None:
    cameron = find_person(pmlr, "Cameron Musco")
    christopher = find_person(pmlr, "Christopher Musco")
    assert set(cameron.spellings) == {"Cameron Musco"}  # not Christopher, not "Cameron N Musco" (no co-author shared)
    assert len(christopher.positions) == 3 and set(christopher.spellings) == {"Christopher Musco"}
    with pytest.raises(AmbiguousAuthor) as told:
        find_person(pmlr, "musco")
    assert set(told.value.candidates) == {"Christopher Musco", "Cameron Musco"}
    assert str(told.value) == "'musco' names 2 authors; give the whole name of one:"
    with pytest.raises(NoSuchAuthor, match="^no author called 'Ada Lovelace' in the library$"):
        find_person(pmlr, "Ada Lovelace")
    with pytest.raises(NoSuchAuthor, match="^an author's name is needed$"):
        find_person(pmlr, "  ")


def _paper(n: int, title: str, *authors: str) -> Paper:
    return Paper(id=f"p{n}", abstract=f"abstract {n}", list="l", title=title, authors=authors)


def test_initials_meet_the_full_name_by_a_coauthor_or_the_same_paper() -> None:
    papers = [
        _paper(0, "Hashing for Similarity", "Anders Aamand", "Mikkel Thorup"),
        _paper(1, "Fast Hashing", "A. Aamand", "M. Thorup"),  # a co-author in common, in initials too
        _paper(2, "Another Field Entirely", "A. Aamand", "Zoe Other"),  # nothing in common: may be a homonym
        _paper(3, "Hashing for similarity", "A. Aamand", "Q. Stranger"),  # paper 0 again, as a preprint spells it
        _paper(4, "Mice", "Alice Aamand", "Mikkel Thorup"),  # another first name: never her, co-author or not
    ]
    person = find_person(papers, "Anders Aamand")
    assert person.positions == [0, 1, 3]
    assert person.name == "Anders Aamand" and person.spellings == {"Anders Aamand": 1, "A. Aamand": 2}
    # each piece of evidence alone: without the shared co-author, paper 1 stays out; with another title, paper 3
    assert find_person([papers[0], papers[1].with_changes(authors=("A. Aamand", "Zed"))], "Anders Aamand").positions == [0]
    assert find_person([papers[0], papers[3].with_changes(title="Other")], "Anders Aamand").positions == [0]
    # from the initials' side, the full name joins the same way
    assert find_person(papers, "A. Aamand").positions == [0, 1, 2, 3]


def test_evidence_joins_step_by_step() -> None:
    """A spelling joined by a co-author brings its own co-authors as evidence for the next."""
    papers = [
        _paper(0, "One", "Anders Aamand", "Mikkel Thorup"),
        _paper(1, "Two", "A. Aamand", "M. Thorup", "Rasmus Pagh"),
        _paper(2, "Three", "A. Aamand", "R. Pagh"),
    ]
    assert find_person(papers, "Anders Aamand").positions == [0, 1, 2]


def test_a_whole_spelling_joined_by_evidence_brings_its_every_paper(pmlr: list[Paper]) -> None:
    """Once "Simon S Du" is known to be Simon Du (a shared co-author), "Simon S. Du" on a paper with other co-authors
    is the same key and so the same person: the page is the same whichever spelling is asked for."""
    papers = [
        _paper(0, "One", "Simon Du", "Jason Lee"),
        _paper(1, "Two", "Simon S Du", "Jason Lee"),
        _paper(2, "Three", "Simon S. Du", "Yan Dai"),  # nothing in common with 0, the key of 1
        _paper(3, "Four", "S. Du", "Zoe Other"),  # an initial only: may be anyone, stays out
        _paper(4, "Five", "Simon T. Du", "Yan Dai"),  # another middle initial: never him
        _paper(5, "Six", "S. Du", "Jason Lee"),  # an initial joined by evidence: this paper only, not every "S. Du"
    ]
    assert find_person(papers, "Simon Du").positions == [0, 1, 2, 5]
    assert find_person(papers, "Simon S. Du").positions == [0, 1, 2, 5]
    assert find_person(pmlr, "Simon Du").positions == find_person(pmlr, "Simon S. Du").positions
    short = [  # a two-letter first name is a whole name too (Bo, Yi, Al)
        _paper(0, "One", "Bo Li", "Jason Lee"),
        _paper(1, "Two", "Bo X. Li", "Jason Lee"),
        _paper(2, "Three", "Bo X Li", "Yan Dai"),
    ]
    assert find_person(short, "Bo Li").positions == [0, 1, 2]
    assert len(find_person(pmlr, "simon du").positions) == 4


def test_followed_positions_per_name(pmlr: list[Paper]) -> None:
    found = followed_positions(pmlr, ["Jorge Cortes", "Grace Hopper"])
    assert len(found["Jorge Cortes"]) == 3 and found["Grace Hopper"] == []


def test_follows_are_weak_positives_for_the_ranking(pmlr: list[Paper]) -> None:
    """Follows feed `Labels.follows` (issue 43's slot): the papers of followed authors, less those the reader judged."""
    from tui.core.models import Annotation, Status
    from tui.core.ranking.labels import labels_of
    from tui.core.usecases.follow import followed_papers

    found = followed_papers(pmlr, ["Jorge Cortes", "Christopher Musco"])
    followed = {i for docs in found.values() for i in docs}
    assert len(followed) == 6
    cold = labels_of(pmlr, {}, followed=followed)
    assert cold.follows == frozenset(followed) and not cold.positives and not cold.negatives  # a cold start: follows alone
    first, second, *_ = sorted(followed)
    notes = {pmlr[first].id: Annotation(pmlr[first].id, rating=1), pmlr[second].id: Annotation(pmlr[second].id, status=Status.SKIPPED)}
    judged = labels_of(pmlr, notes, followed=followed)
    assert judged.follows == frozenset(followed) - {first, second} and judged.negatives == {first, second}


def test_two_untitled_papers_are_not_one_paper() -> None:
    papers = [_paper(0, "", "Anders Aamand", "Zed One"), _paper(1, "", "A. Aamand", "Zed Two")]
    papers = [p.with_changes(derived_title="") for p in papers]
    assert find_person(papers, "Anders Aamand").positions == [0]


def test_a_whole_name_is_taken_as_written_before_any_part_of_a_name() -> None:
    """"Ada Lovelace" is her, not the more frequent "Ada B. Lovelace" her words also start (no co-author joins them)."""
    papers = [
        _paper(0, "One", "Ada Lovelace", "Zed One"),
        _paper(1, "Two", "Ada B. Lovelace", "Zed Two"),
        _paper(2, "Three", "Ada B. Lovelace", "Zed Three"),
    ]
    assert find_person(papers, "Ada Lovelace").positions == [0]
    assert find_person(papers, "lovelace").positions == [1, 2]  # a part: the one person most papers spell so
    # the spelling with more papers wins, whatever the alphabet says
    papers = [_paper(0, "One", "Ada Lovelace", "Zed"), _paper(1, "Two", "Ada Lovelace", "Zed"), _paper(2, "Three", "Ada B. Lovelace", "Yan")]
    assert find_person(papers, "lovelace").positions == [0, 1]


def test_a_later_paper_can_bring_the_evidence_an_earlier_one_needed() -> None:
    papers = [
        _paper(0, "One", "Anders Aamand", "Mikkel Thorup"),
        _paper(1, "Two", "A. Aamand", "R. Pagh"),  # Pagh is known only once paper 2 joined
        _paper(2, "Three", "A. Aamand", "M. Thorup", "Rasmus Pagh"),
    ]
    person = find_person(papers, "Anders Aamand")
    assert person.positions == [0, 1, 2] and person.key == "anders aamand"


def test_two_authors_of_one_paper_are_two_people() -> None:
    """A paper written by Anders Aamand and an A. B. Aamand: the second is someone else, whatever they share."""
    papers = [_paper(0, "One", "Anders Aamand", "A. B. Aamand", "Mikkel Thorup"), _paper(1, "Two", "Anders Aamand", "M. Thorup")]
    assert find_person(papers, "Anders Aamand").spellings == {"Anders Aamand": 2}


def test_spellings_count_their_papers(pmlr: list[Paper]) -> None:
    assert find_person(pmlr, "Simon S Du").spellings == {"Simon S. Du": 1, "Simon S Du": 2, "Simon Du": 1}


def test_an_empty_follow_finds_nothing() -> None:
    papers = [_paper(0, "One", ".", "Ada Lovelace")]
    assert followed_positions(papers, ["", "Ada Lovelace"]) == {"": [], "Ada Lovelace": [0]}


def test_a_part_of_a_name_counts_every_spelling_of_a_person() -> None:
    papers = [
        _paper(0, "One", "Ada Lovelace", "Zed"),
        _paper(1, "Two", "ADA LOVELACE", "Zed"),  # one person in two spellings: two papers
        _paper(2, "Three", "Ada B. Lovelace", "Yan"),  # could be her, with one paper (and first in the alphabet)
        _paper(3, "Four", "Bob Lovelace", "Yan"),
    ]
    assert find_person(papers[:3], "lovelace").positions == [0, 1]
    with pytest.raises(AmbiguousAuthor) as told:
        find_person(papers, "lovelace")
    assert told.value.candidates == ("Ada Lovelace", "Bob Lovelace")  # each person as the library first spells them
