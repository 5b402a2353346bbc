"""How much of a text is shown: `excerpt` cuts a huge abstract at a space, `capped` cuts one line with "…"."""

from __future__ import annotations

from tui.core.render.text import capped, excerpt


def test_an_excerpt_cuts_at_the_last_space_before_the_limit_and_counts_the_rest() -> None:
    text = "alpha beta gamma delta"
    assert excerpt(text, len(text)) == (text, 0)
    assert excerpt(text, 12) == ("alpha beta", 12)
    assert excerpt(text, 17) == ("alpha beta gamma", 6)


def test_an_excerpt_cuts_mid_word_only_when_the_later_half_has_no_space() -> None:
    assert excerpt("ab cdefghijkl", 8) == ("ab cdefg", 5)
    assert excerpt("abcdefghij", 4) == ("abcd", 6)
    assert excerpt("abcd efghij", 6) == ("abcd", 7)


def test_capped_keeps_a_short_line_and_marks_a_cut_with_an_ellipsis() -> None:
    assert capped("a  b\nc", 5) == "a b c"
    assert capped("abcdef", 6) == "abcdef"
    assert capped("abcdef", 5) == "abcd…"
    assert capped("abc defgh", 5) == "abc…"


def test_an_excerpt_of_a_tiny_limit_still_cuts_at_a_space_and_is_never_empty() -> None:
    assert excerpt("a bcdef", 3) == ("a", 6)  # the space at 1 is in the later half
    assert excerpt(" abc", 1) == (" ", 3)  # a cut at 0 would show nothing: cut mid-word instead
