"""Keys as the terminal sends them, read by paperdesk's parser (tui/ui/terminal_input.py)."""

from __future__ import annotations

from textual import events
from textual._xterm_parser import XTermParser

from tui.ui.terminal_input import EscapeParser


def keys(parser: XTermParser, data: str) -> list[str]:
    return [event.key for event in parser.feed(data) if isinstance(event, events.Key)]


def test_escapes_between_letters_in_one_read_each_come_through() -> None:
    """`tmux send-keys / H u g e Escape Escape j k n a b c Escape q`: ESC j is Alt+j (the app splits
    it into Esc and j), never the start of an unknown sequence that swallows the letters after it."""
    got = keys(EscapeParser(), "/Huge\x1b\x1bjknabc\x1bq")
    assert got == ["slash", "H", "u", "g", "e", "escape", "alt+j", "k", "n", "a", "b", "c", "alt+q"]
    assert "circumflex_accent" not in got


def test_terminal_sequences_read_as_before() -> None:
    """Arrows, function keys, Alt+arrows and a lone Alt+letter read exactly as Textual reads them."""
    for data in ("\x1b[A", "\x1bOP", "\x1b[1;3B", "\x1b\x1b[A", "\x1b[200~pasted\x1b[201~", "a\x1b[Db", "\x1b[15~"):
        assert keys(EscapeParser(), data) == keys(XTermParser(), data), repr(data)


def test_a_letter_after_esc_is_alt_letter_at_once() -> None:
    """Without waiting for the escape delay: the letter is not held back until the next key."""
    assert keys(EscapeParser(), "\x1bj") == ["alt+j"]
    assert keys(EscapeParser(), "\x1bJ") == ["alt+shift+j"]


def test_esc_then_a_digit_or_b_f_is_never_an_option_key_character() -> None:
    """Textual's table reads ESC 4 as "¢" and ESC b as ctrl+left (macOS Option keys): Esc then 4, typed
    fast, left "¢" in the notes and rated nothing. Every ESC + printable key is Alt+key, split by the app."""
    assert keys(EscapeParser(), "world\x1b4") == ["w", "o", "r", "l", "d", "alt+4"]
    for char in "0123456789-=§bf":
        got = keys(EscapeParser(), "\x1b" + char)
        assert len(got) == 1 and got[0].startswith("alt+"), (char, got)


def test_a_line_feed_is_enter() -> None:
    """Keys typed before raw mode pass the tty's CR -> LF translation: `n abc Enter def`, typed right after
    the launch, arrived as "nabc\\ndef" and the notes lost their line break (ctrl+j was dropped)."""
    assert keys(EscapeParser(), "abc\ndef") == ["a", "b", "c", "enter", "d", "e", "f"]
    assert keys(EscapeParser(), "abc\rdef") == keys(XTermParser(), "abc\rdef")
