"""Accented letters are found as they read: `Õ` finds `$\\tilde{O}$` and a title that shows Õ; `O` still finds both."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.models import Paper
from tui.core.search.folding import fold, fold_query
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query

LATEX = Paper("a1", "We give a streaming algorithm for kernel PCA.", "L", 0, title=r"Streaming Kernel PCA with $\tilde{O}(\sqrt{n})$ Random Features")
SHOWN = Paper("a2", "Regret of order Õ(√T) for bandits.", "L", 1, title="Bandits in Õ(√T) regret")
MACRO = Paper("a3", r"We prove an $\tO(\sqrt{T})$ bound for games.", "L", 2, title=r"Games in $\tO(\sqrt{T})$")
PLAIN = Paper("a4", "A linear O(n) sort.", "L", 3, title="Sorting in O(n) time")
ACUTE = Paper("a5", r"Define $\acute{e}$ and Schr\"odinger bridges.", "L", 4, title=r"Math accents: $\acute{e}$-nets")
OTHER = Paper("a6", "Nothing accented here at all.", "L", 5, title="Plain text")
PAPERS = [LATEX, SHOWN, MACRO, PLAIN, ACUTE, OTHER]


def found(query: str) -> list[str]:
    return [p.id for p in SearchIndex(PAPERS).search(parse_query(query))]


def test_the_accent_macro_reads_as_the_letter_it_shows() -> None:
    assert "Õ" in fold(LATEX.title) and "Õ" in fold(MACRO.abstract)
    assert fold_query(r"\tilde{O}") == "Õ" and fold_query("Õ(√n)") == "Õ(√n)"
    assert "Schrödinger" in fold(ACUTE.abstract) and "é" in fold(ACUTE.title)


def test_an_accented_query_finds_the_latex_and_the_rendered_form() -> None:
    assert found("Õ(√n)")[:1] == ["a1"]
    assert set(found("Õ")) == {"a1", "a2", "a3"}  # in titles (one letter is not looked for in abstracts)
    assert set(found("Õ(√T)")) == {"a2", "a3"}  # the author's \tO macro too
    assert "a5" in found("é nets")


def test_the_letter_without_its_accent_still_finds_them() -> None:
    assert {"a1", "a2", "a4"} <= set(found("O"))
    assert "a5" in found("schrodinger") and "a5" in found("schrödinger")
    assert "a6" not in found("schrodinger")


def test_the_matched_letter_is_marked_in_the_shown_title() -> None:
    result = SearchIndex(PAPERS).search(parse_query("Õ"))
    title = result.ranked_by.title_of(0)
    assert "Õ(√n)" in title  # the row shows the rendered title
    assert [title[a:b] for a, b in result.title_spans("a1")] == ["Õ"]


_TEXT = st.text(alphabet=st.sampled_from("abcXYZ09_ -,.$\\{}^" + "éÕöñßΐΣσςεϵΩπλ²ℝ—·\u0301\u0303"), max_size=60)


@given(_TEXT)
def test_the_words_with_letters_outside_ascii_are_the_words_that_are_not_ascii(text: str) -> None:
    """`_non_ascii_words` starts from those letters instead of splitting every word: the same words, in order."""
    from tui.core.search.folding import _non_ascii_words

    assert _non_ascii_words(text) == [word for word in re.findall(r"\w+", text) if not word.isascii()]


@given(_TEXT)
def test_the_greek_letters_named_are_those_the_folded_text_holds(text: str) -> None:
    """Found with one pattern over the text, not a character at a time: the same names (`ΐ` folds to hold `ι`)."""
    from tui.core.search.folding import _GREEK_NAMES

    folded = fold(text)
    names = {_GREEK_NAMES[ch] for ch in unicodedata.normalize("NFKC", _markup_read(text)).casefold() if ch in _GREEK_NAMES}
    assert all(name in folded.split() for name in names)


def _markup_read(text: str) -> str:
    from tui.core.search import folding

    if folding._NEEDS.search(text):
        text = folding._unmarked(folding._MACRO.sub(folding._macro, folding._accents(text)))
    return text


@given(st.text(alphabet=st.sampled_from("ab_X9$^{}é -"), max_size=40))
def test_markup_is_dropped_as_one_pattern_over_the_text_drops_it(text: str) -> None:
    """`_unmarked` drops `$ ^ { }` and a subscript's underscore in steps; one pattern over the text with its
    braces still in (what it replaced) gives the same text: `x_{ij}` -> `xij`, `snake_case` kept."""
    from tui.core.search.folding import _unmarked

    assert _unmarked(text) == re.sub(r"[$^{}]|(?<=\w)_(?=\{|\w(?!\w))", "", text)
    assert _unmarked("x_{ij} and snake_case, $a_b$") == "xij and snake_case, ab"


@settings(max_examples=400, deadline=None)
@given(
    st.text(alphabet=st.characters(max_codepoint=127), max_size=60)
    | st.text(max_size=30)
    | st.text(alphabet="ab _-\u00e9\u00df\u2013\u00a0\u03b5\u2003\u0130\ufb01", max_size=30)  # accents, ß, dashes, spaces, İ, ligatures
)
def test_the_index_splits_words_as_the_word_pattern_does(text: str) -> None:
    from tui.core.search.query import WORD
    from tui.core.search.terms import words

    assert words(text) == WORD.findall(text.casefold())
