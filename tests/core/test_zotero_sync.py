"""`zotero_sync.synced`: a stored paper met again in Zotero takes Zotero's metadata and lists, keeps the rest."""

from __future__ import annotations

from typing import Any

from tui.core.models import Paper, paper_id
from tui.core.zotero_sync import synced, zotero_lists


def paper(title: str = "A paper", *, list_name: str = "Reading", lists: Any = ("Reading",), extra: dict[str, Any] | None = None, **fields: Any) -> Paper:
    """A paper as a Zotero import makes it: its link back, with the lists Zotero gave it."""
    zotero = {"key": "ABCD1234", "library": "user", "lists": list(lists) if isinstance(lists, tuple) else lists}
    return Paper(paper_id("An abstract.", title), "An abstract.", list_name, title=title, extra={"zotero": zotero, **(extra or {})}, **fields)


def no_derive(text: str) -> str:
    raise AssertionError("a paper with a title derives none")


def test_zotero_lists_are_read_only_from_a_list() -> None:
    assert zotero_lists(paper(lists=("A", "B/C"))) == ["A", "B/C"]
    assert zotero_lists(paper(lists="Reading")) == []  # a hand-edited value: not one list per letter
    odd = paper()
    odd.extra = {"zotero": "ABCD1234"}
    assert zotero_lists(odd) == []
    odd.extra = {}
    assert zotero_lists(odd) == []


def test_zotero_s_fields_replace_the_ones_it_owns_and_the_others_stay() -> None:
    old = paper(extra={"volume": "3", "page": "1-9", "bibtex_type": "inproceedings"}, year="2020")
    new = paper(extra={"page": "1-10"}, year="2021")
    new.extra["zotero"]["modified"] = "2026-02-01"
    got = synced(old, new, no_derive)
    assert got.year == "2021" and got.id == old.id
    assert got.extra == {"bibtex_type": "inproceedings", "page": "1-10", "zotero": new.extra["zotero"]}  # the volume Zotero dropped goes


def test_a_paper_follows_its_collection_when_zotero_gave_its_list() -> None:
    old = paper(list_name="Old name", lists=("Old name", "Bandits"), extra={"also_in": ["Bandits"]})
    new = paper(list_name="New name", lists=("New name", "Bandits"), extra={"also_in": ["Bandits"]})
    got = synced(old, new, no_derive)
    assert got.list == "New name" and got.extra["also_in"] == ["Bandits"]


def test_the_reader_s_own_list_stays_and_zotero_s_are_its_other_lists() -> None:
    old = paper(list_name="To read", lists=("Bandits",))
    new = paper(list_name="Bandits", lists=("Bandits", "COLT"), extra={"also_in": ["COLT"]})
    got = synced(old, new, no_derive)
    assert got.list == "To read" and got.extra["also_in"] == ["Bandits", "COLT"]


def test_a_paper_left_in_one_collection_has_no_other_lists() -> None:
    old = paper(list_name="Bandits", lists=("Bandits", "COLT"), extra={"also_in": ["COLT"]})
    new = paper(list_name="Bandits", lists=("Bandits",))
    got = synced(old, new, no_derive)
    assert got.list == "Bandits" and "also_in" not in got.extra


def test_a_paper_unchanged_in_zotero_is_the_same_object() -> None:
    old = paper(extra={"page": "1"})
    assert synced(old, paper(extra={"page": "1"}), no_derive) is old


def bare(abstract: str, derived: str = "") -> Paper:
    """A Zotero item with an abstract and no title."""
    return Paper(paper_id(abstract), abstract, "Reading", derived_title=derived, extra={"zotero": {"key": "K", "library": "user", "lists": ["Reading"]}})


def test_a_new_abstract_is_taken_and_a_title_less_paper_s_title_derived_again() -> None:
    derived: list[str] = []

    def derive(text: str) -> str:
        derived.append(text)
        return f"derived from {text[:9]}"

    old = bare("The old abstract.", "Old derived title")
    got = synced(old, bare("The new abstract."), derive)
    assert got.abstract == "The new abstract." and got.derived_title == "derived from The new a" and derived == ["The new abstract."]
    assert synced(old, bare("The old abstract."), derive) is old and len(derived) == 1  # unchanged: no deriving again
    never = bare("The old abstract.")  # derived nothing before: derived now
    assert synced(never, bare("The old abstract."), derive).derived_title == "derived from The old a"


def test_a_title_given_in_zotero_ends_the_derived_one() -> None:
    old = bare("The old abstract.", "Old derived title")
    new = Paper(old.id, "The old abstract.", "Reading", title="A real title", extra=old.extra)
    got = synced(old, new, no_derive)
    assert got.title == "A real title" and got.derived_title == ""
