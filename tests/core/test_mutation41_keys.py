"""Citation keys: the key a paper gets, the one an older library kept, and what a clash gives the newcomer.

Written from the survivors of issue 41's mutation round on `cite/keys.py` (benchmarks/mutation-41-cite.md); fast
enough to run per mutant.
"""

from __future__ import annotations

import re

import pytest

from tui.core.cite.keys import KeyBook, KeyPattern, family_name, give_keys, legacy_source_key, title_words, trashed_keys
from tui.core.models import Paper

# -- citation keys ---------------------------------------------------------------------------------------------------

def test_an_older_library_s_source_key_is_read_from_extra() -> None:
    """A library written before keys existed kept the source's key in `extra`: BibTeX's, CSL's or an RIS ID."""
    assert legacy_source_key({"bibtex_key": " doe2019 ", "citation-key": "other"}) == "doe2019"
    assert legacy_source_key({"bibtex_key": "bad key", "citation-key": " csl2020 "}) == "csl2020"
    assert legacy_source_key({"citation-key": 7}) == ""
    assert legacy_source_key({"type_of_reference": "JOUR", "id": " ris2021 "}) == "ris2021"
    assert legacy_source_key({"id": "notris"}) == ""
    assert legacy_source_key({}) == ""


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("Ada Lovelace", "Lovelace"),
        ("  Smith ,  John ", "Smith"),
        ("Smith, John, Jr.", "Smith"),
        ("J. Doe Jr.", "Doe"),
        ("Doe Jr.", "Doe"),  # a source giving the family name and its suffix only
        ("Ann Smith-Jones", "Smith-Jones"),
        ("J. Doe III ii", "Doe"),
        ("Jr.", "Jr."),  # a one-word name is its own family name, suffix-like or not
        ("Ludwig van Beethoven Sr", "Beethoven"),
        ("Plato", "Plato"),
        ("", ""),
        ("   ", ""),
    ],
)
def test_the_family_name_a_key_starts_with(name: str, family: str) -> None:
    assert family_name(name) == family


def test_a_key_s_title_words_skip_the_small_words() -> None:
    assert title_words("On the Theory of a Graph", 2) == ["theory", "graph"]
    assert title_words("AI at Scale", 1) == ["ai"]  # two letters make a word: "AI" is no skip word
    assert title_words("A B C d e") == ["a", "b", "c", "d", "e"]  # every word a skip word: all of them
    assert title_words("Of the In", 2) == ["of", "the"]
    assert title_words("x Deep y Nets z and more", 5) == ["deep", "nets", "more"]
    assert title_words("Deep Nets Learn Fast Always Everywhere") == ["deep", "nets", "learn", "fast", "always", "everywhere"]


def test_a_pattern_of_literals_and_counted_title_words() -> None:
    paper = Paper("0" * 12, "", "L", title="Deep Nets Learn Fast", authors=("et al.", "  ", "Grace Hopper"), year="２０１９ 2020-21")
    assert KeyPattern("Ref-{auth}-{year}-{title2}").key(paper) == "ref-hopper-2020-deepnets"
    assert KeyPattern("{title}{title5}").key(paper) == "deepdeepnetslearnfast"
    assert KeyPattern("{year}").key(Paper("1" * 12, "", "L", derived_title="Derived words here", year="1999")) == "1999"
    assert KeyPattern("{title}").key(Paper("1" * 12, "", "L", derived_title="Derived words here")) == "derived"
    assert KeyPattern("{auth}").key(Paper("1" * 12, "", "L", authors=("et al.",))) == "paper"
    assert KeyPattern("{auth}{year}").key(Paper("1" * 12, "", "L", authors=("van der Berg, Ann",), year="2020")) == "vanderberg2020"
    assert KeyPattern("x{year}").key(Paper("1" * 12, "", "L")) == "x"
    assert KeyPattern("__{year}").key(Paper("1" * 12, "", "L")) == "paper"  # no letter or digit: no key


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{auth}{titel}", "{titel} is not a key part"),
        ("{year2}", "{year2} is not a key part"),
        ("{auth1}", "{auth1} is not a key part"),
        ("{title0}", "{title0} is not a key part"),
        ("{title6}", "{title6} is not a key part"),
        ("{auth} x", "' x' holds a character"),
        ("{auth}{", "'{' holds a character"),
        ("}{auth}", "'}' holds a character"),
        ("ref", "names no key part ({auth}, {year}, {title})"),
        ("", "names no key part"),
    ],
)
def test_a_pattern_the_settings_cannot_use_is_one_line_naming_its_fault(text: str, words: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(words)):
        KeyPattern(text)


@pytest.mark.parametrize("text", ["{title1}", "{title5}", "{auth}{year}{title3}", "{year}:{auth}"])
def test_a_pattern_the_settings_can_use(text: str) -> None:
    assert KeyPattern(text).text == text


def test_the_trash_keeps_its_papers_keys() -> None:
    batches = [
        {"papers": [{"id": "a" * 12, "citekey": "Doe2019"}, {"id": "b" * 12, "citekey": ""}, {"id": 5, "citekey": "x"}]},
        {"papers": [{"id": "c" * 12, "citekey": "doe2019"}, {"id": "d" * 12, "citekey": 3}, {"id": "e" * 12, "citekey": "lee2020"}]},
        {},
    ]
    assert trashed_keys(batches) == {"doe2019": "a" * 12, "lee2020": "e" * 12}


def test_clashing_keys_get_letters_on_the_newcomer_only() -> None:
    book = KeyBook({"doe2019": "p1"}, {"lee2020": "t1"})
    assert book.holder("DOE2019") == "p1" and book.holder("Lee2020") == "t1" and book.holder("x") is None
    assert book.take("doe2019", "p1") == "doe2019"  # its own
    assert book.take("Doe2019", "p2") == "Doe2019a"
    assert book.take("doe2019", "p3") == "doe2019b"
    assert book.take("lee2020", "t1") == "lee2020"  # a trashed paper restored takes its key back
    assert book.take("lee2020", "p4") == "lee2020a"
    assert book.take("doe2019", "p2") == "doe2019a"  # a paper holding a suffix already keeps to it


class Changes:
    def __init__(self, added: list[Paper], replaced: dict[str, Paper], removed: set[str]) -> None:
        self.added, self.replaced, self.removed = added, replaced, removed


def keyed(pid: str, key: str = "", title: str = "Deep Nets") -> Paper:
    return Paper(pid * 12, "", "L", title=title, authors=("Ada Lovelace",), year="2020", citekey=key)


def test_give_keys_keeps_stored_keys_and_gives_newcomers_free_ones() -> None:
    stored = [keyed("a", "lovelace2020deep"), keyed("b", "mine"), keyed("c", "gone")]
    replaced_same = keyed("b", "mine", title="Deep Nets, revised")
    changes = Changes(
        added=[keyed("d"), keyed("e", "mine"), keyed("f", "bad key")],
        replaced={"b" * 12: replaced_same, "a" * 12: keyed("a", "")},
        removed={"c" * 12},
    )
    count = give_keys(stored, changes, KeyPattern(), lambda: {"trashed": "z" * 12})
    assert count == 4  # the paper keeping its stored key needs none
    assert changes.replaced["b" * 12] is replaced_same
    assert changes.replaced["a" * 12].citekey == "lovelace2020deep"  # its key given back: the one it held
    assert [p.citekey for p in changes.added] == ["lovelace2020deepa", "minea", "lovelace2020deepb"]
    nothing = Changes([], {"b" * 12: keyed("b", "mine")}, set())
    assert give_keys(stored, nothing, KeyPattern()) == 0


def test_a_removed_paper_s_key_is_free_for_the_import_that_removes_it() -> None:
    stored = [keyed("a", "gone")]
    changes = Changes([keyed("b", "gone")], {}, {"a" * 12})
    give_keys(stored, changes, KeyPattern())
    assert changes.added[0].citekey == "gone"
    trashed = Changes([keyed("c", "old")], {}, set())
    give_keys([], trashed, KeyPattern(), lambda: {"old": "t" * 12})
    assert trashed.added[0].citekey == "olda"

def test_more_than_26_papers_wanting_one_key_get_aa_ab() -> None:
    """An import of thirty untitled, authorless papers: every key stays one BibTeX can read."""
    book = KeyBook({})
    keys = [book.take("paper", f"p{i}") for i in range(30)]
    assert keys[:3] == ["paper", "papera", "paperb"] and keys[26] == "paperz" and keys[27:] == ["paperaa", "paperab", "paperac"]


def test_a_paper_holding_a_suffixed_key_keeps_it_after_others_walked_past() -> None:
    """A stored paper holding "doe2019a" is met again (a re-import) after a newcomer walked to "doe2019b": it keeps
    "doe2019a", it does not start where the newcomer's walk ended."""
    book = KeyBook({"doe2019": "p1", "doe2019a": "p2"})
    assert book.take("doe2019", "p3") == "doe2019b"
    assert book.take("doe2019", "p2") == "doe2019a"


def test_a_walk_past_one_key_leaves_other_keys_alone() -> None:
    book = KeyBook({"doe2019": "p1"})
    assert book.take("doe2019", "p2") == "doe2019a"
    assert book.take("lee2021", "p3") == "lee2021"


def test_the_book_of_a_library_names_each_key_s_paper() -> None:
    """What a key edit reads to refuse a key another paper holds, naming that paper."""
    papers = [Paper("a" * 12, "", "L", citekey="Doe2019"), Paper("b" * 12, "", "L", citekey="doe2019"), Paper("c" * 12, "", "L")]
    book = KeyBook.of(papers, {"lee2020": "t" * 12})
    assert book.holder("DOE2019") == "a" * 12 and book.holder("lee2020") == "t" * 12 and book.holder("") is None


def test_a_replaced_paper_bringing_a_key_another_paper_holds_gets_its_own() -> None:
    """A re-import that brings, for a stored paper, a key another stored paper already holds: the paper that held
    the key first keeps it, the re-imported one gets a free key (two papers never share one)."""
    stored = [keyed("a", "doe2020"), keyed("b", "")]
    changes = Changes([], {"b" * 12: keyed("b", "doe2020", title="Revised")}, set())
    assert give_keys(stored, changes, KeyPattern()) == 1
    assert changes.replaced["b" * 12].citekey == "doe2020a"
