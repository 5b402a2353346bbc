"""`text.clean`: what leaves paperdesk (exports, clipboard) carries no terminal controls."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui.core.render.text import clean


def test_escape_sequences_go_whole_and_markdown_stays() -> None:
    assert clean("a\x1b[31mred\x1b[0m b") == "ared b"
    assert clean("t\x1b]0;title\x07x \x1b]8;;http://x\x1b\\link") == "tx link"
    assert clean("line\r\nnext\rlast") == "line\nnext\nlast"
    assert clean("\x00nul \x7fdel \x9bcsi \u202eevil\u202c") == "nul del csi evil"
    text = "# h\n\n  - item\t`code` $\\alpha$ 中文 🎉\n"
    assert clean(text) == text


@given(st.text())
def test_clean_leaves_no_controls_and_is_idempotent(text: str) -> None:
    out = clean(text)
    assert not any(ord(c) < 0x20 and c not in "\t\n" or 0x7F <= ord(c) <= 0x9F for c in out)
    assert clean(out) == out
