"""A Zotero note (HTML from its note editor) as Markdown: headings, lists, emphasis, links; entities decoded.

markdownify does the conversion; images (attachments of the note, which
paperdesk cannot show) and the editor's spans and citation markers are
dropped to their text. If the converter fails on odd HTML, the note's text
is kept without its tags rather than lost.
"""

from __future__ import annotations

import html
import re

_BLANK_LINES = re.compile(r"\n{3,}")
_TAGS = re.compile(r"<[^>]*>")


def note_markdown(note_html: str) -> str:
    """The note as Markdown text, trimmed; "" for an empty note."""
    if not note_html.strip():
        return ""
    try:
        from markdownify import ATX, markdownify

        # A span has no conversion of its own (its text is kept); markdownify 1.x leaves `escape_misc` off.
        text = markdownify(note_html, heading_style=ATX, bullets="-", strip=["img"])
    except Exception:  # the converter's own failure on odd HTML: keep the words
        text = html.unescape(_TAGS.sub(" ", note_html))
    lines = [line.rstrip() for line in text.split("\n")]  # rstrip takes the "\r" of a "\r\n" too
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()
