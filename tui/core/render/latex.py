"""LaTeX in abstracts, made readable: styled runs of Unicode text for display, never stored.

`render(text)` splits an abstract into runs of `(text, style, link)` that the
UI turns into a rich `Text` (this module knows nothing of rich); `to_unicode`
is the same conversion as plain text, for search. Math (`$…$`, `$$…$$`,
`\\(…\\)`, `\\[…\\]`) and accent macros go through pylatexenc; anything it
cannot convert, and any failure at all, shows the raw source instead.
A dollar that does not open math ("costs $5 and $10") stays a dollar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tui.core.render.latex_blocks import LIST_ENVS, MATH_ENVS, display_math_lines, environment_end, list_items
from tui.core.render.latex_math import closing_brace, is_known_text_macro, math_to_unicode, text_to_unicode, to_script
from tui.core.render.urls import URL, find_urls, trim_url

#: Style names a run can carry (space-separated when combined, e.g. "bold italic").
STYLES = ("bold", "italic", "math", "link", "mono", "dim")

#: Math longer than this is not math but a stray dollar far from the next one.
MAX_MATH_CHARS = 600


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of display text with one style; `link` is its target when it is a link."""

    text: str
    style: str = ""
    link: str = ""


@dataclass(frozen=True, slots=True)
class Rendered:
    """An abstract ready to show: its runs, and every link target in reading order."""

    runs: tuple[Run, ...]
    links: tuple[str, ...] = ()

    @property
    def plain(self) -> str:
        """The displayed text without styles: what search should also match."""
        return "".join(run.text for run in self.runs)


# -- the scanner -----------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<esc>\\[$%&\#_{}])
  | \$\$(?P<dm>.+?)\$\$
  | \\\[(?P<bm>.+?)\\\]
  | \\\((?P<pm>.+?)\\\)
  | (?P<dollar>\$)
  | \\(?P<cmd>textbf|textit|emph|textsl|texttt|url|href|underline|textsc|textrm|textsf|textnormal|textup|textmd|mbox)\s*\{
  | \{\\(?P<font>it|bf|em|sl|sc|rm|tt|sf|cal|bm)(?![A-Za-z])\s*
  | (?P<newline>\\\\)(?:\[[^\]\n]{0,20}\])?[ \t]*
  | \*\*(?=\S)(?P<bold>[^*]+?)(?<=\S)\*\*
  | (?<![\w*\\])\*(?=[^\s*])(?P<ital>[^*\n]{1,300}?)(?<=[^\s*\\])\*(?![\w*])
  | ``(?P<quote>[^`\n]{1,600}?)''
  | \\(?P<script>textsubscript|textsuperscript)\s*\{
  | \\begin\{(?P<env>[A-Za-z]+\*?)\}
  | \\end\{(?P<endenv>[A-Za-z]+\*?)\}
  | \\(?P<macro>[A-Za-z]+)
  | (?P<url>https?://)
    """,
    re.S | re.X,
)
_STYLE_OF = {"textbf": "bold", "textit": "italic", "emph": "italic", "textsl": "italic", "texttt": "mono", "underline": "italic",
             "textsc": "", "textrm": "", "textsf": "", "textnormal": "", "textup": "", "textmd": "", "mbox": ""}
#: Plain TeX's font switches in a group (`{\\it word}`) and the style each gives; `{\\cal O}` is math's calligraphy.
_FONT_STYLE = {"it": "italic", "em": "italic", "sl": "italic", "bf": "bold", "bm": "bold", "tt": "mono", "sc": "", "rm": "", "sf": ""}
#: Math that is one macro of the author's own and nothing else (`$\\ergraph$`).
_LONE_MACRO = re.compile(r"\s*\\([A-Za-z]+)\s*")
_URL_UNESCAPE = re.compile(r"\\([_%#&~$])")


def closing_dollar(text: str, start: int) -> int:
    """Where the inline math opened by the `$` at `start - 1` ends, or -1 when that `$` is not math.

    The rule pandoc uses: the opening `$` has a non-space right after it, the
    closing one a non-space right before it and no digit right after it; math
    never spans a blank line. So "costs $5 and $10" has no math in it. Spaces
    inside the dollars are allowed when what they hold is plainly math (a
    macro, `^`, `_`): `$ \\tilde{O}(T) $`. A `$` inside braces does not close
    (`$\\texttt{I$^2$MoE}$`, as titles are often written).
    """
    n = len(text)
    if start >= n or text[start] == "$":
        return -1
    spaced = text[start].isspace()
    i = start
    depth = 0
    limit = min(n, start + MAX_MATH_CHARS)
    while i < limit:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "\n" and text[i + 1 : i + 2] == "\n":
            return -1
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == "$" and depth == 0:
            if i + 1 < n and text[i + 1].isdigit():
                return -1
            if spaced or text[i - 1].isspace():
                return i if _MATHY.search(text, start, i) else -1
            return i
        i += 1
    return -1


_MATHY = re.compile(r"\\[A-Za-z]|[\^_]")


class _Builder:
    """Collects runs, merging neighbours of the same style."""

    def __init__(self) -> None:
        self.runs: list[Run] = []
        self.links: list[str] = []

    def add(self, text: str, style: str = "", link: str = "") -> None:
        if not text:
            return
        if self.runs and not link and not self.runs[-1].link and self.runs[-1].style == style:
            self.runs[-1] = Run(self.runs[-1].text + text, style)
        else:
            self.runs.append(Run(text, style, link))

    def link(self, text: str, url: str, style: str) -> None:
        self.links.append(url)
        self.add(text, " ".join(s for s in (style, "link") if s), url)


def _combine(style: str, extra: str) -> str:
    parts = style.split() + [s for s in extra.split() if s not in style.split()]
    return " ".join(parts)


def _scan(text: str, out: _Builder, style: str, depth: int) -> None:
    pos = 0
    plain_start = 0

    def flush(end: int) -> None:
        if end > plain_start:
            out.add(text_to_unicode(text[plain_start:end]), style)

    while True:
        m = _TOKEN.search(text, pos)
        if m is None:
            break
        kind = m.lastgroup
        start = m.start()
        if kind == "esc":
            flush(start)
            out.add(m.group()[1], style)
            pos = plain_start = m.end()
            continue
        if kind in ("dm", "bm", "pm"):
            src = m.group(kind)
            shown = math_to_unicode(src)
            flush(start)
            if shown is None:
                out.add(m.group(), _combine(style, "math"))
            else:
                out.add(shown, _combine(style, "math"))
            pos = plain_start = m.end()
            continue
        if kind == "dollar":
            if start > 0 and text[start - 1] == "$":
                pos = m.end()
                continue
            end = closing_dollar(text, m.end())
            if end < 0:
                pos = m.end()
                continue
            flush(start)
            inner = text[m.end() : end]
            shown = math_to_unicode(inner.replace("$", ""))
            if shown is None and (private := _LONE_MACRO.fullmatch(inner)):  # `$\ergraph$`: the name, as in text
                out.add(private.group(1), _combine(style, "math dim"))
            else:
                out.add(text[start : end + 1] if shown is None else shown, _combine(style, "math"))
            pos = plain_start = end + 1
            continue
        if kind == "cmd":
            name = m.group("cmd")
            close = closing_brace(text, m.end())
            if close < 0 or depth > 8:
                pos = m.end()
                continue
            inner = text[m.end() : close]
            flush(start)
            if name == "url":
                url = _URL_UNESCAPE.sub(r"\1", inner.strip())
                out.link(url, url, style)
                pos = plain_start = close + 1
                continue
            if name == "href":
                rest = text[close + 1 :]
                lead = len(rest) - len(rest.lstrip())
                if rest[lead : lead + 1] == "{":
                    label_end = closing_brace(text, close + 2 + lead)
                    if label_end > 0:
                        url = _URL_UNESCAPE.sub(r"\1", inner.strip())
                        label = to_unicode(text[close + 2 + lead : label_end])
                        out.link(label or url, url, style)
                        pos = plain_start = label_end + 1
                        continue
                url = _URL_UNESCAPE.sub(r"\1", inner.strip())
                out.link(url, url, style)
                pos = plain_start = close + 1
                continue
            _scan(inner, out, _combine(style, _STYLE_OF[name]), depth + 1)
            pos = plain_start = close + 1
            continue
        if kind == "newline":  # `\\\\`: a line break the author forced
            flush(start)
            out.add("\n", style)
            pos = plain_start = m.end()
            continue
        if kind == "font":
            close = closing_brace(text, m.end())
            if close < 0 or depth > 8:
                pos = m.end()
                continue
            flush(start)
            inner = text[m.end() : close]
            if m.group("font") == "cal":
                shown = math_to_unicode(f"\\mathcal{{{inner}}}")
                out.add(inner if shown is None else shown, _combine(style, "math"))
            else:
                _scan(inner, out, _combine(style, _FONT_STYLE[m.group("font")]), depth + 1)
            pos = plain_start = close + 1
            continue
        if kind in ("ital", "quote", "script", "env", "endenv", "macro"):
            pos, moved = _scan_more(kind, m, text, out, style, depth)
            if moved:
                flush(start)
                _emit(moved, out)
                plain_start = pos
            continue
        if kind == "bold":
            flush(start)
            _scan(m.group("bold"), out, _combine(style, "bold"), depth + 1)
            pos = plain_start = m.end()
            continue
        if kind == "url":
            um = URL.match(text, start)
            url = trim_url(um.group()) if um else ""
            if len(url) <= len(m.group()):
                pos = m.end()
                continue
            flush(start)
            out.link(url, url, style)
            pos = plain_start = start + len(url)
            continue
    flush(len(text))


def _emit(moved: list, out: _Builder) -> None:
    for item in moved:
        if item[0] == "scan":
            _scan(item[1], out, item[2], item[3])
        else:
            out.add(item[1], item[2])


def _scan_more(kind: str, m: re.Match[str], text: str, out: _Builder, style: str, depth: int) -> tuple[int, list]:
    """Lists, display math, quotes, italics, scripts and private macros: (where to go on, what to emit).

    An empty emit list means the token is left as running text.
    """
    start = m.start()
    if depth > 8:
        return m.end(), []
    if kind == "ital":
        return m.end(), [("scan", m.group("ital"), _combine(style, "italic"), depth + 1)]
    if kind == "quote":
        return m.end(), [("add", "“", style), ("scan", m.group("quote"), style, depth + 1), ("add", "”", style)]
    if kind == "script":
        close = closing_brace(text, m.end())
        if close < 0:
            return m.end(), []
        mark = "_" if m.group("script") == "textsubscript" else "^"
        return close + 1, [("add", to_script(mark, to_unicode(text[m.end() : close])), style)]
    if kind == "endenv":
        return m.end(), [("add", "", style)]
    if kind == "env":
        name = m.group("env")
        if name not in LIST_ENVS and name not in MATH_ENVS:
            return m.end(), [("add", "", style)]  # theorem, proof, …: the marker goes, the text stays
        body_end, end = environment_end(text, name, m.end())
        if body_end < 0:
            return m.end(), []
        body = text[m.end() : body_end]
        while end < len(text) and text[end] in " \t":
            end += 1  # the next line starts at its first word
        if name in MATH_ENVS:
            lines = display_math_lines(body)
            if lines is None:
                return end, [("add", text[start:end], _combine(style, "math"))]
            return end, [item for line in lines for item in (("add", "\n", style), ("add", line, _combine(style, "math")))] + [("add", "\n", style)]
        moved: list = []
        for number, (label, item) in enumerate(list_items(body), 1):
            bullet = f"{number}." if name == "enumerate" else (to_unicode(label) if label else "•")
            moved += [("add", f"\n{bullet} ", style), ("scan", item, style, depth + 1)]
        return end, moved + [("add", "\n", style)]
    # A macro: one running text can convert stays for the text converter; a private one shows its name, once.
    name = m.group("macro")
    if name in ("begin", "end") or is_known_text_macro(name):
        return m.end(), []
    moved = [("add", name, _combine(style, "dim"))]
    pos = m.end()
    while text[pos : pos + 1] == "{":
        close = closing_brace(text, pos + 1)
        if close < 0:
            break
        if close > pos + 1:
            moved += [("add", " ", style), ("scan", text[pos + 1 : close], style, depth + 1)]
        pos = close + 1
    return pos, moved


@lru_cache(maxsize=2048)
def render(text: str) -> Rendered:
    """The abstract as styled runs for display; on any failure, the raw text as one run."""
    try:
        out = _Builder()
        _scan(text, out, "", 0)
        return Rendered(tuple(out.runs), tuple(out.links))
    except Exception:
        try:
            links = tuple(find_urls(text))
        except Exception:
            links = ()
        return Rendered((Run(text),), links)


def to_unicode(text: str) -> str:
    """The abstract as the reader sees it, as plain text: for search to match what is shown."""
    return render(text).plain
