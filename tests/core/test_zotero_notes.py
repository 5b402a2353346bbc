"""A Zotero note (its editor's HTML) as Markdown: the converter's output trimmed, or the words when it fails."""

from __future__ import annotations

import markdownify
import pytest

from tui.core.ingest.zotero.notes import note_markdown


@pytest.mark.parametrize(
    ("note", "markdown"),
    [
        ("", ""),
        (" \n\t", ""),
        ("<h1>Why</h1><p>Because.</p>", "# Why\n\nBecause."),
        ('<p>See <img src="figure.png" alt="the figure"> here</p>', "See  here"),  # an image the app cannot show: dropped
        ("<ul><li>a<ul><li>b</li></ul></li></ul>", "- a\n  - b"),  # a nested item keeps its indent
        ("<p>a<br>b</p>", "a\nb"),  # no trailing spaces (Markdown's line break)
        ("<p>x</p>\r\n<p>y</p>", "x\n\ny"),
    ],
)
def test_note_as_markdown(note: str, markdown: str) -> None:
    assert note_markdown(note) == markdown


def test_when_the_converter_fails_the_words_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> str:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(markdownify, "markdownify", broken)
    note = "<div><p>Fish &amp; chips</p>line one  \r\nline two\n\n\n\n<b>after</b></div>"
    assert note_markdown(note) == "Fish & chips line one\nline two\n\n after"
