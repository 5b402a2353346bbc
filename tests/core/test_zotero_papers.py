"""A Zotero item as a paper (`ingest.zotero.papers`), from items built in memory: each field's source and fallback."""

from __future__ import annotations

from typing import Any

import pytest

from tui.core.ingest.zotero.items import ZoteroItem, ZoteroLibrary
from tui.core.ingest.zotero.papers import arxiv_of, citation_key, link_of, paper_of, year_of
from tui.core.models import Paper, paper_id

USER = ZoteroLibrary("user", "Zotero", "zotero://select/library/items/")


def item(fields: dict[str, str] | None = None, **more: Any) -> ZoteroItem:
    base = {"title": "A title", "abstractNote": "An abstract."}
    return ZoteroItem(more.pop("key", "KEY12345"), more.pop("type", "journalArticle"), more.pop("library", USER), "2026-01-02 10:00:00",
                      {**base, **(fields or {})}, **more)


def made(*args: Any, **kwargs: Any) -> Paper:
    paper = paper_of(item(*args, **kwargs))
    assert paper is not None
    return paper


@pytest.mark.parametrize(
    ("date", "year"),
    [("2024-07-00 July 2024", "2024"), ("July 2024", "2024"), ("0000-00-00 2019", "2019"), ("12345", ""), ("", ""), ("in 99", "")],
)
def test_year_of(date: str, year: str) -> None:
    assert year_of(date) == year


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"citationKey": " smith2021 "}, "smith2021"),
        ({"citationKey": "smith2021", "extra": "Citation Key: other2020"}, "smith2021"),
        ({"citationKey": "  ", "extra": "tex.x: 1\nCitation Key: lovelace2026\n"}, "lovelace2026"),
        ({"extra": "bibtex: turing1950"}, "turing1950"),
        ({"extra": "CITATION KEY:  hopper1952  "}, "hopper1952"),
        ({"extra": "Citation Key: two words"}, ""),
        ({"citationKey": "bad key"}, ""),
        ({}, ""),
    ],
)
def test_citation_key(fields: dict[str, str], key: str) -> None:
    assert citation_key(fields) == key


@pytest.mark.parametrize(
    ("fields", "arxiv"),
    [
        ({"archiveID": "arXiv:2405.00077"}, "2405.00077"),
        ({"extra": "Some note\narXiv: 2301.01234"}, "2301.01234"),
        ({"url": "https://arxiv.org/abs/2301.00005v2"}, "2301.00005"),
        ({"url": "https://arxiv.org/pdf/2301.00006"}, "2301.00006"),
        ({"DOI": "10.48550/arXiv.2301.00007"}, "2301.00007"),
        ({"archiveID": "ARXIV:hep-th/9901001"}, "hep-th/9901001"),
        ({"archiveID": "arXiv:math.GT/0309136"}, "math.gt/0309136"),
        ({"archiveID": "PMID:123", "extra": "arXiv:2101.00001", "url": "https://arxiv.org/abs/2202.00002"}, "2101.00001"),
        ({"url": "https://example.org/2301.00005"}, ""),
        ({}, ""),
    ],
)
def test_arxiv_of(fields: dict[str, str], arxiv: str) -> None:
    assert arxiv_of(fields) == arxiv


def test_an_item_without_title_and_abstract_is_no_paper() -> None:
    assert paper_of(item({"title": " ", "abstractNote": "\n"})) is None
    assert made({"title": "", "abstractNote": "Only an abstract."}).abstract == "Only an abstract."
    assert made({"title": "Only a title", "abstractNote": ""}).title == "Only a title"


def test_the_title_from_the_first_field_an_item_type_uses() -> None:
    assert made({"title": "", "caseName": "Roe  v.\nWade", "subject": "Not this"}).title == "Roe v. Wade"
    assert made({"title": "", "nameOfAct": "", "subject": "An email"}).title == "An email"


def test_authors_in_order_else_the_main_creators_and_editors_apart() -> None:
    creators = [("Ada Lovelace", "author"), ("Grace Hopper", "editor"), ("Pat Presenter", "presenter"), ("Alan Turing", "author"),
                ("Ed Series", "seriesEditor")]
    paper = made(creators=creators)
    assert paper.authors == ("Ada Lovelace", "Alan Turing") and paper.extra["editors"] == ["Grace Hopper", "Ed Series"]
    artists = made(creators=[("Pablo Picasso", "artist"), ("Tina Translator", "translator"), ("Ed Itor", "editor"), ("Con Tributor", "contributor")])
    assert artists.authors == ("Pablo Picasso",) and artists.extra["editors"] == ["Ed Itor"]
    assert "editors" not in made(creators=[("Ada Lovelace", "author")]).extra


def test_venue_from_the_first_field_that_names_one() -> None:
    assert made({"proceedingsTitle": " ", "conferenceName": "COLT", "publicationTitle": "PMLR"}).venue == "COLT"
    assert made({"publicationTitle": "Journal  of\tThings", "websiteTitle": "Web"}).venue == "Journal of Things"
    assert made({"websiteTitle": "A blog"}).venue == "A blog"
    assert made().venue == ""


def test_doi_from_its_field_else_from_extra() -> None:
    assert made({"DOI": "https://doi.org/10.1234/ABC"}).doi == "10.1234/ABC"
    assert made({"extra": "note\nDOI: 10.5555/xyz\n"}).doi == "10.5555/xyz"
    assert made({"extra": "DOI: not-a-doi"}).doi == ""


def test_owned_fields_stripped_type_and_arxiv_in_extra() -> None:
    paper = made({"pages": " 1-20 ", "volume": "300", "issue": " ", "publisher": "PMLR", "url": " https://x.org/p ", "archiveID": "arXiv:2405.00077"},
                 type="conferencePaper")
    assert paper.url == "https://x.org/p"
    extra = {k: v for k, v in paper.extra.items() if k != "zotero"}
    assert extra == {"page": "1-20", "volume": "300", "publisher": "PMLR", "type": "paper-conference", "arxiv": "2405.00077"}
    issue = made({"issue": " 7 ", "volume": " "})
    assert {k: v for k, v in issue.extra.items() if k not in ("zotero", "type")} == {"issue": "7"}
    assert "type" not in made(type="artwork").extra


def test_lists_from_the_collections_else_the_library_and_the_link_back() -> None:
    group = ZoteroLibrary("group:7", "Lab", "zotero://select/groups/7/items/")
    alone = made(library=group, key="ABCD")
    assert alone.list == "Lab" and "also_in" not in alone.extra
    assert alone.extra["zotero"] == {
        "key": "ABCD", "library": "group:7", "link": "zotero://select/groups/7/items/ABCD", "type": "journalArticle",
        "modified": "2026-01-02 10:00:00", "collections": [], "lists": ["Lab"], "notes": [],
    }
    filed = made(collections=["Bandits", "Reading group/COLT 2026"])
    assert filed.list == "Bandits" and filed.extra["also_in"] == ["Reading group/COLT 2026"]
    assert filed.extra["zotero"]["collections"] == ["Bandits", "Reading group/COLT 2026"] == filed.extra["zotero"]["lists"]


def test_notes_as_markdown_empty_ones_left_out() -> None:
    paper = made(notes=[("N1", "<p>First <b>note</b></p>"), ("N2", "<p> </p>"), ("N3", "")])
    assert paper.extra["zotero"]["notes"] == [{"key": "N1", "text": "First **note**"}]


def test_manual_tags_once_each_automatic_ones_when_asked() -> None:
    tags = [("b", 0), ("a", 1), ("b", 0), ("c", 0)]
    assert made(tags=tags).tags == ("b", "c")
    assert paper_of(item(tags=tags), automatic_tags=True).tags == ("b", "a", "c")  # type: ignore[union-attr]


def test_the_citation_key_and_the_id() -> None:
    paper = made({"citationKey": "lovelace2026"})
    assert paper.citekey == "lovelace2026" and paper.id == made({"citationKey": "other"}).id  # the id is the text's, not the key's
    assert paper.id == paper_id("An abstract.", "A title")


def test_fields_an_item_lacks_are_empty() -> None:
    bare = paper_of(ZoteroItem("K", "journalArticle", USER, "", {"title": "Only a title"}))
    assert bare is not None and (bare.abstract, bare.year, bare.doi, bare.venue, bare.url, bare.authors) == ("", "", "", "", "", ())


def test_link_of() -> None:
    paper = made(key="ABCD")
    assert link_of(paper) == ("user", "ABCD")
    for broken in ({}, {"zotero": "ABCD"}, {"zotero": {"key": 5, "library": "user"}}, {"zotero": {"key": "ABCD", "library": None}}):
        assert link_of(paper.with_changes(extra=broken)) is None
