"""Bare URLs in running text: sentence punctuation and unbalanced brackets glued to them are not part of them."""

from __future__ import annotations

from tui.core.render.urls import find_urls, trim_url


def test_a_closing_square_bracket_is_kept_only_when_the_url_opened_one() -> None:
    assert trim_url("https://a.org/x[1]") == "https://a.org/x[1]"
    assert trim_url("https://a.org/x]") == "https://a.org/x"
    assert trim_url("https://a.org/x]].") == "https://a.org/x"
    assert find_urls("[see https://a.org/y] and (https://b.org/z_(v2)).") == ["https://a.org/y", "https://b.org/z_(v2)"]


def test_a_scheme_with_nothing_after_it_is_no_url_but_a_short_host_is() -> None:
    assert find_urls("a stray https://. here") == []
    assert find_urls("at http://ab now") == ["http://ab"]
