"""A Zotero sync: a stored paper met again takes Zotero's metadata and lists and keeps the rest (`synced`); what a sync reports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.zotero_db import ZoteroDB
from tui.core.ingest.parsed import ImportOutcome
from tui.core.ingest.watch import WRITING
from tui.core.library import Library
from tui.core.models import Paper, paper_id
from tui.core.usecases.imports import import_paths
from tui.core.usecases.zotero import GONE_SHOWN, synced, zotero_lists


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


# -- through the import: what a sync reports --------------------------------------------------------------------


def zotero_with(tmp_path: Path, n: int) -> tuple[ZoteroDB, list[str]]:
    (tmp_path / "Zotero").mkdir()
    z = ZoteroDB(tmp_path / "Zotero" / "zotero.sqlite", seed=9)
    keys = [z.add_item("journalArticle", {"title": f"Paper {i:02d}", "abstractNote": f"Abstract of paper {i}, about topic {i}."}) for i in range(n)]
    return z, keys


def notes_of(outcome: ImportOutcome) -> list[str]:
    return [text for kind, text in outcome.messages if kind == "note"]


def test_papers_whose_item_left_zotero_are_named_up_to_a_count(tmp_path: Path) -> None:
    z, keys = zotero_with(tmp_path, GONE_SHOWN + 2)
    bib = tmp_path / "mine.bib"
    bib.write_text("@article{mine, title={Not from Zotero}, abstract={A paper of the reader's own, first in the library.}}\n")
    with Library.open(tmp_path / "lib", seed=False) as lib:
        import_paths(lib, [bib])  # a paper with no link back comes first: the ones after it are still looked at
        import_paths(lib, [z.path])
        z.trash(keys[0])
        for key in keys[1:GONE_SHOWN]:
            z.delete(key)
        notes = notes_of(import_paths(lib, [z.path]))
        assert len(notes) == GONE_SHOWN
        [trashed] = [n for n in notes if "Paper 00" in n]
        paper = next(p for p in lib.papers if p.title == "Paper 00")
        assert trashed == f"Paper 00 ({paper.id}, Zotero item {keys[0]}) is in Zotero's trash; kept here (paperdesk remove {paper.id} removes it)"
        assert all(n.endswith("was deleted in Zotero; kept here (paperdesk remove " + n.split("(")[1].split(",")[0] + " removes it)")
                   for n in notes if n is not trashed)
        for key in keys[GONE_SHOWN:]:
            z.delete(key)
        notes = notes_of(import_paths(lib, [z.path]))
        assert len(notes) == GONE_SHOWN + 1 and notes[-1] == "… and 2 more papers whose item left Zotero; kept here"
        assert len(lib.papers) == GONE_SHOWN + 3  # nothing removed


def test_the_write_is_announced_with_the_papers_it_changes(tmp_path: Path) -> None:
    z, keys = zotero_with(tmp_path, 3)
    steps: list[tuple[str, int, int]] = []
    with Library.open(tmp_path / "lib", seed=False) as lib:
        import_paths(lib, [z.path])
        z.set_field(keys[0], "title", "Paper 00, revised")
        z.set_field(keys[1], "title", "Paper 01, revised")
        z.add_item("journalArticle", {"title": "Paper 03", "abstractNote": "A new one."})
        import_paths(lib, [z.path], progress=lambda *step: steps.append(step))
    assert steps[-1] == (WRITING, 3, 3)  # two replaced, one added
