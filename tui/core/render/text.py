"""Making text from data safe to show: control characters become visible, never act."""

from __future__ import annotations

import re
from functools import cache

# C0 controls except tab and newline, DEL, and C1 controls (which include CSI/OSC
# introducers on some terminals). Shown as Unicode "control pictures".
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
# Bidi overrides/isolates can reorder the rest of a terminal line: drop them.
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ ␁ … ␛ …
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"


def visible(text: str) -> str:
    """Text with every terminal control made visible or removed; newlines and tabs kept."""
    if _CONTROLS.search(text) or _BIDI.search(text):
        text = _BIDI.sub("", _CONTROLS.sub(_picture, text))
    return text


def one_line(text: str) -> str:
    """`visible`, on a single line: every run of whitespace becomes one space."""
    return " ".join(visible(text).split())


_LINE_ENDS = r"\r\n?"
# Whole escape sequences (CSI, OSC, and two-byte ESC x), so no "[31m" residue is left.
_SEQUENCES = r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]"


@cache
def _regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`pattern` compiled at its first use: compiled at import, `clean`'s and `web_link`'s patterns
    would cost every start before its first frame, which uses neither."""
    return re.compile(pattern, flags)


def capped(text: str, limit: int) -> str:
    """`text` on one line and at most `limit` characters, "…" marking a cut (a 300-character view name in a palette row)."""
    line = one_line(text)
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def clean(text: str) -> str:
    """Text fit to leave paperdesk (exports, clipboard): terminal controls removed.

    Unlike `visible`, nothing is substituted: escape sequences, other C0/C1
    controls, DEL and bidi overrides are dropped, CRLF and lone CR become
    newlines, and newlines and tabs are kept, so Markdown stays as written.
    """
    text = _regex(_LINE_ENDS).sub("\n", text)
    if "\x1b" in text:
        text = _regex(_SEQUENCES).sub("", text)
    if _CONTROLS.search(text) or _BIDI.search(text):
        text = _BIDI.sub("", _CONTROLS.sub("", text))
    return text


def safe_link(url: str) -> str:
    """A link target fit for a terminal hyperlink (OSC 8) or a browser: controls and whitespace removed.

    A hyperlink's target is written to the terminal raw, inside an escape
    sequence, so an ESC or BEL in it would end that sequence and start one of
    the data's own (a clipboard write, a title change). Escape sequences go
    whole, as in `clean`; what is left holds no control or space.
    """
    return "".join(clean(url).split())


_DOI = r"^(?:doi:\s*)?(10\.\d+/\S+)$"
_ARXIV = r"^(?:arxiv:\s*)?((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?)$"


def web_link(target: str) -> str:
    """`target` as an http(s) URL a browser may open or a terminal may make clickable, else "".

    Links come from imported files: `javascript:`, `file:`, `data:` and every
    other scheme stay plain text and are never opened. A DOI or an arXiv id
    becomes its https address. The answer is `safe_link`ed, and it cannot
    start with `-`, so it is never read as an option by the program it goes to.
    """
    link = safe_link(target)
    if not link:
        return ""
    if doi := _regex(_DOI, re.IGNORECASE).match(link):
        return f"https://doi.org/{doi.group(1)}"
    if arxiv := _regex(_ARXIV, re.IGNORECASE).match(link):
        return f"https://arxiv.org/abs/{arxiv.group(1)}"
    scheme, sep, rest = link.partition("://")
    if not sep or scheme.lower() not in ("http", "https") or not rest or rest.startswith(("/", "@", "\\", "?", "#")):
        return ""
    return f"{scheme.lower()}://{rest}"


def link_host(url: str) -> str:
    """The host an http(s) link goes to ("" for anything else), shown before it is opened.

    Read as a browser reads it (the WHATWG URL rules): the authority ends at
    the first `/`, `\\`, `?` or `#`, so `https://evil.example#@arxiv.org` goes
    to evil.example, and the host follows the last `@` of what is left.
    """
    link = web_link(url)
    authority = _regex(r"[/\\?#]").split(link.partition("://")[2], maxsplit=1)[0]
    return authority.rsplit("@", 1)[-1] if link else ""


#: The most of one text the reading pane lays out. Real abstracts run to a few thousand
#: characters; a multi-megabyte one would freeze the screen for seconds while it wraps.
MAX_SHOWN_CHARS = 20_000


def excerpt(text: str, limit: int = MAX_SHOWN_CHARS) -> tuple[str, int]:
    """The start of `text` worth laying out on screen, and how many characters were left off.

    Cut at the last whitespace before `limit` (mid-word only when there is
    none), so a huge paragraph shows its beginning; the stored text is untouched.
    """
    if len(text) <= limit:
        return text, 0
    cut = text.rfind(" ", limit // 2, limit)
    cut = cut if cut > 0 else limit
    return text[:cut], len(text) - cut
