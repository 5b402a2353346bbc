"""`visible` and `safe_link`: a control character from data is shown as a picture, never acts; bidi overrides go."""

from __future__ import annotations

from tui.core.render.text import safe_link, visible


def test_each_kind_of_control_has_its_own_picture() -> None:
    assert visible("a\x1bb\x00c") == "a\u241bb\u2400c"
    assert visible("del\x7f") == "del\u2421"
    assert visible("csi\x9bx\x85") == "csi\ufffdx\ufffd"
    assert visible("tab\tand\nnewline stay") == "tab\tand\nnewline stay"


def test_bidi_overrides_are_removed_and_nothing_put_in_their_place() -> None:
    assert visible("abc\u202edcba\u202c") == "abcdcba"
    assert visible("x\u2066y\u2069\x01") == "xy\u2401"


def test_a_link_target_loses_its_whitespace_and_controls_but_keeps_its_characters() -> None:
    assert safe_link(" https://a.org/x y\tz\n") == "https://a.org/xyz"
    assert safe_link("https://a.org/\x1b]52;c;SGVsbG8=\x07p") == "https://a.org/p"
