"""Reading keys from the terminal: Esc, then a letter, in one read. The one place paperdesk uses Textual's private parser.

A terminal sends Alt+j as ESC j, and Esc then j typed fast (or sent by
`tmux send-keys` in one go) arrives the same way. Textual's parser reads
ESC j as Alt+j only when nothing follows within its escape delay; when more
keys follow in the same read (`Escape Escape j k n a b c Escape q`), it
keeps collecting ESC j k n a b c as one unknown escape sequence until the
next ESC, then hands it out with the ESC turned into `^`: the letters land
as text in whatever has focus, and the Esc is lost.

`EscapeParser` reads ESC followed by a printable character that cannot
start a terminal sequence (CSI `[`, SS3 `O`, OSC `]`, DCS `P`, APC `_`,
ST `\\`) as Alt+that character at once, which is what the parser does after
its delay anyway, and also where Textual's table has a macOS Option-key
reading of it (ESC 4 as `¢`, ESC b as ctrl+left): Esc then a digit is the
notes editor left and a rating. The app then splits an unbound Alt+letter into Esc and
the letter (tui/ui/key_gate.py `split_escape`).

A line feed (ctrl+j) is read as Enter. Keys typed before the app has put
the terminal in raw mode (right at the launch, or `tmux send-keys` just
after it) pass the terminal's cooked-mode input translation, which turns
the Enter key's CR into LF: read as ctrl+j, it would be dropped, and
"abc Enter def" typed at once into the notes would become "abcdef".
Nothing in paperdesk binds ctrl+j.

Textual's Linux driver builds its parser by the module name
`XTermParser`; `install` points that name at `EscapeParser`. (The inline
driver does too, but paperdesk never runs inline, so it is left alone.)
Guard tests: tests/ui/test_terminal_input.py for what the parser reads,
tests/ui/test_textual_api.py for the private names used here.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual._xterm_parser import XTermParser

#: Characters that, after ESC, begin a terminal sequence rather than an Alt+key.
SEQUENCE_STARTS = frozenset("[O]P_\\\x1b")


class EscapeParser(XTermParser):
    """Textual's terminal parser, reading ESC + a printable character as Alt+character straight away."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if sequence == "\n" and not alt:  # Enter, as the tty's cooked mode (ICRNL) passes it on before raw mode
            return [events.Key("enter", "\r")]
        if len(sequence) == 2 and sequence[0] == "\x1b":
            char = sequence[1]
            if char.isprintable() and char not in SEQUENCE_STARTS:
                # Alt+char, also where Textual's table reads ESC 4 as "¢" or ESC b as ctrl+left
                # (macOS Option keys): here that is Esc then 4, which leaves the notes and rates.
                keys = super()._sequence_to_key_events(char, alt=True)
                return [key if key.key.startswith("alt+") else events.Key(f"alt+{key.key}", key.character) for key in keys]
        return list(super()._sequence_to_key_events(sequence, alt=alt))


def install() -> None:
    """Make Textual's Linux driver read keys with `EscapeParser` (idempotent)."""
    try:
        from textual.drivers import linux_driver
    except ImportError:  # Windows: its driver reads keys another way
        return
    if getattr(linux_driver, "XTermParser", None) is XTermParser:
        linux_driver.XTermParser = EscapeParser  # type: ignore[misc]  # replacing the driver's parser class is the point
