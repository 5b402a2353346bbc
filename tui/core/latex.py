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
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from tui.core.fastmath import fast_math
from tui.core.text import safe_link

#: Style names a run can carry (space-separated when combined, e.g. "bold italic").
STYLES = ("bold", "italic", "math", "link", "mono")

#: Hosts whose links are shown on the "Code:" line.
CODE_HOSTS = (
    "github.com",
    "gitlab.com",
    "bitbucket.org",
    "codeberg.org",
    "huggingface.co",
    "sourceforge.net",
    "git.",
    "anonymous.4open.science",
)

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


# -- links ---------------------------------------------------------------------

# A URL ends at a control character too: an escape sequence is never part of a link.
_URL = re.compile(r"""https?://[^\s<>"'`{}\\|^\x00-\x1f\x7f-\x9f]+""")
_TRAILING = ".,;:!?'\""


def _trim_url(url: str) -> str:
    """Drop sentence punctuation glued to the end of a bare URL, keeping balanced brackets."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last == ")" and url.count("(") < url.count(")"):
            url = url[:-1]
        elif last == "]" and url.count("[") < url.count("]"):
            url = url[:-1]
        else:
            break
    return url


def find_urls(text: str) -> list[str]:
    """Bare http(s) URLs in `text`, in order, without trailing punctuation."""
    return [u for u in (_trim_url(m.group()) for m in _URL.finditer(text)) if "://" in u and len(u) > 8]


def is_code_link(url: str) -> bool:
    """True for links to code hosts (GitHub, GitLab, …)."""
    host = re.sub(r"^https?://", "", url).split("/", 1)[0].lower()
    host = host.removeprefix("www.")
    return any(host == h or host.endswith("." + h) or (h.endswith(".") and host.startswith(h)) for h in CODE_HOSTS)


def code_links(text: str) -> list[str]:
    """The code-repository links found in `text` (rendered or raw), each once."""
    seen: dict[str, None] = {}
    for url in render(text).links:
        if is_code_link(url):
            seen.setdefault(url.rstrip("/"), None)
    return list(seen)


def open_target(url: str, doi: str, abstract: str) -> str:
    """What `o` opens: the paper's URL, else its DOI, else the first link in the abstract.

    The answer is `safe_link`ed: it reaches a browser, a notification and maybe the clipboard.
    """
    if safe_link(url):
        return safe_link(url)
    if safe_link(doi):
        d = safe_link(doi)
        return d if d.startswith("http") else f"https://doi.org/{d}"
    links = render(abstract).links
    return safe_link(links[0]) if links else ""


# -- math ----------------------------------------------------------------------

_SUP = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzTABDEGHIJKLMNOPRUVW*′⊤",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵀᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵁⱽᵂ*′ᵀ",
    )
)
_SUB = dict(zip("0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"))
_SCRIPT_CHARS = "".join(set(_SUP.values()) | set(_SUB.values()))
_ATOM = re.compile(r"[√∛∜]?(?:\d+(?:\.\d+)?|\w)[" + re.escape(_SCRIPT_CHARS) + r"]*")


class _Unconvertible(Exception):
    """Math holding something we cannot show faithfully: show the raw source instead."""


def _script(kind: str, text: str) -> str:
    """`x^2` -> x², `x_t` -> xₜ; when a character has no Unicode form, `x^(2/3)`."""
    text = text.strip()
    table = _SUP if kind == "^" else _SUB
    if text and all(ch in table for ch in text):
        return "".join(table[ch] for ch in text)
    if len(text) == 1:
        return kind + text
    return f"{kind}({text})"


def _wrap(text: str) -> str:
    """Parenthesize a sub-expression unless it is one symbol: √T but √(T+1)."""
    text = text.strip()
    return text if _ATOM.fullmatch(text) else f"({text})"


def _arg_text(node, l2t, index: int = -1) -> str:
    args = node.nodeargd.argnlist if node.nodeargd else []
    if not args or args[index] is None:
        return ""
    return l2t._groupnodecontents_to_text(args[index])


def _sqrt(node, l2tobj) -> str:
    root = {"3": "∛", "4": "∜"}.get(_arg_text(node, l2tobj, 0).strip(), "√")
    return root + _wrap(_arg_text(node, l2tobj, -1))


def _frac(node, l2tobj) -> str:
    return f"{_wrap(_arg_text(node, l2tobj, -2))}/{_wrap(_arg_text(node, l2tobj, -1))}"


def _accent(mark: str) -> Callable:
    def repl(node, l2tobj) -> str:
        inner = _arg_text(node, l2tobj).strip()
        return inner + mark if len(inner) == 1 else inner
    return repl


_RELATIONS = (
    "in notin ni leq le geq ge neq ne approx sim simeq cong equiv subset subseteq supset supseteq "
    "to rightarrow leftarrow Rightarrow Leftarrow leftrightarrow Leftrightarrow implies iff mapsto "
    "propto times pm mp ll gg prec preceq succ succeq perp mid coloneqq"
).split()
_FUNCTIONS = "log ln exp sin cos tan max min sup inf lim arg det Pr dim ker deg gcd argmax argmin".split()


@lru_cache(maxsize=1)
def _converters():
    """Build the two pylatexenc converters once (import is deferred: it is only needed to show math)."""
    from pylatexenc import latexwalker
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db
    from pylatexenc.macrospec import MacroSpec

    walker_db = latexwalker.get_default_latex_context_db().filter_context()
    walker_db.add_context_category(
        "paperdesk",
        macros=[
            MacroSpec("operatorname", "{"),
            MacroSpec("mathrm", "{"),
            MacroSpec("bm", "{"),
            MacroSpec("boldsymbol", "{"),
            MacroSpec("hat", "{"),
            MacroSpec("widehat", "{"),
            MacroSpec("tilde", "{"),
            MacroSpec("widetilde", "{"),
            MacroSpec("bar", "{"),
            MacroSpec("overline", "{"),
            MacroSpec("vec", "{"),
            MacroSpec("dot", "{"),
            MacroSpec("dfrac", "{{"),
            MacroSpec("tfrac", "{{"),
        ],
        prepend=True,
    )
    base = get_default_latex_context_db().filter_context()
    keep = "texttt textrm textsf textnormal textup textmd mathtt mathsf mathit mathnormal text mbox".split()
    drop = "it bf em sl rm tt sc sf normalfont itshape bfseries ttfamily scshape upshape".split()
    base.add_context_category(
        "paperdesk-fonts",
        macros=[MacroTextSpec(n, discard=False) for n in keep] + [MacroTextSpec(n, simplify_repl="") for n in drop],
        prepend=True,
    )
    math_db = base.filter_context()
    specs = [
        MacroTextSpec("sqrt", simplify_repl=_sqrt),
        MacroTextSpec("frac", simplify_repl=_frac),
        MacroTextSpec("dfrac", simplify_repl=_frac),
        MacroTextSpec("tfrac", simplify_repl=_frac),
        MacroTextSpec("left", simplify_repl=""),
        MacroTextSpec("right", simplify_repl=""),
        MacroTextSpec("big", simplify_repl=""),
        MacroTextSpec("Big", simplify_repl=""),
        MacroTextSpec("bigl", simplify_repl=""),
        MacroTextSpec("bigr", simplify_repl=""),
        MacroTextSpec("operatorname", discard=False),
        MacroTextSpec("mathrm", discard=False),
        MacroTextSpec("bm", discard=False),
        MacroTextSpec("boldsymbol", discard=False),
        MacroTextSpec("hat", simplify_repl=_accent("\u0302")),
        MacroTextSpec("widehat", simplify_repl=_accent("\u0302")),
        MacroTextSpec("tilde", simplify_repl=_accent("\u0303")),
        MacroTextSpec("widetilde", simplify_repl=_accent("\u0303")),
        MacroTextSpec("bar", simplify_repl=_accent("\u0304")),
        MacroTextSpec("overline", simplify_repl=_accent("\u0304")),
        MacroTextSpec("vec", simplify_repl=_accent("\u20d7")),
        MacroTextSpec("dot", simplify_repl=_accent("\u0307")),
        MacroTextSpec("argmax", simplify_repl="argmax"),
        MacroTextSpec("argmin", simplify_repl="argmin"),
        MacroTextSpec("coloneqq", simplify_repl="≔"),
        MacroTextSpec("implies", simplify_repl="⟹"),
        MacroTextSpec("iff", simplify_repl="⟺"),
        MacroTextSpec("|", simplify_repl="‖"),
        MacroTextSpec("{", simplify_repl="{"),
        MacroTextSpec("}", simplify_repl="}"),
    ]
    math_db.add_context_category("paperdesk", macros=specs, prepend=True)
    relations = []
    for name in _RELATIONS:
        spec = math_db.get_macro_spec(name)
        if spec is not None and isinstance(spec.simplify_repl, str):
            relations.append(MacroTextSpec(name, simplify_repl=f" {spec.simplify_repl} "))
    for name in _FUNCTIONS:
        spec = math_db.get_macro_spec(name)
        word = spec.simplify_repl if spec is not None and isinstance(spec.simplify_repl, str) else name
        relations.append(MacroTextSpec(name, simplify_repl=f" {word.strip()} "))
    math_db.add_context_category("paperdesk-spaced", macros=relations, prepend=True)

    class MathToText(LatexNodes2Text):
        """Math mode: unknown macros are unconvertible; `^`/`_` become Unicode scripts."""

        def macro_node_to_text(self, node):
            if self.latex_context.get_macro_spec(node.macroname) is None:
                raise _Unconvertible(node.macroname)
            return super().macro_node_to_text(node)

        def environment_node_to_text(self, node):
            raise _Unconvertible(node.environmentname)

        def nodelist_to_text(self, nodelist):
            out: list[str] = []
            pending = ""
            for node in nodelist:
                if node is None:
                    continue
                if node.isNodeType(latexwalker.LatexCharsNode):
                    for ch in node.chars:
                        if pending and not ch.isspace():
                            out.append(_script(pending, ch))
                            pending = ""
                        elif ch in "^_" and not pending:
                            pending = ch
                        elif not pending:
                            out.append(ch)
                    continue
                text = self.node_to_text(node)
                if pending:
                    out.append(_script(pending, text))
                    pending = ""
                else:
                    out.append(text)
            if pending:
                raise _Unconvertible(pending)
            return "".join(out)

    class TextToText(LatexNodes2Text):
        """Text mode: accents and known macros convert; unknown macros stay as written."""

        def macro_node_to_text(self, node):
            if self.latex_context.get_macro_spec(node.macroname) is None:
                return node.latex_verbatim()
            return super().macro_node_to_text(node)

    def walker(src: str):
        return latexwalker.LatexWalker(src, latex_context=walker_db, tolerant_parsing=False)

    math = MathToText(latex_context=math_db, math_mode="text")
    text = TextToText(latex_context=base, math_mode="verbatim")
    return walker, math, text


_SIMPLE_MATH = re.compile(r"[\w\s+\-=<>()\[\],.;:|/*!'^_]+")
_SIMPLE_SCRIPT = re.compile(r"([\^_])(\w)")


@lru_cache(maxsize=4096)
def math_to_unicode(src: str) -> str | None:
    """One math expression (without its delimiters) as Unicode, or None when it cannot be shown so."""
    if not src.strip():
        return None
    if _SIMPLE_MATH.fullmatch(src) and not re.search(r"[\^_](\W|$)", src):
        # No macros, no braces: `x_i^2`, `n=5`, `T`. Scripts by hand, no parser needed.
        out = _SIMPLE_SCRIPT.sub(lambda m: _script(m.group(1), m.group(2)), src.replace("'", "′"))
        return " ".join(out.split())
    out = fast_math(src, _math_symbols(), _script, _wrap)
    if out is None:
        walker, math, _ = _converters()
        try:
            nodes, _, _ = walker(src.replace("'", "′")).get_latex_nodes()
            out = math.nodelist_to_text(nodes)
        except Exception:
            return None
    out = re.sub(r"\s+", " ", out.replace("\xa0", " ")).strip()
    out = re.sub(r"\( ", "(", re.sub(r" ([),])", r"\1", out))
    out = _FUNCTION_PAREN.sub(r"\1(", _SPACE_BEFORE_SCRIPT.sub(r"\1", out))
    if not out or "\\" in out:
        return None
    return unicodedata.normalize("NFC", out)


_SPACE_BEFORE_SCRIPT = re.compile(r" ([" + re.escape(_SCRIPT_CHARS.replace("*", "")) + r"])")
_FUNCTION_PAREN = re.compile(r"\b(" + "|".join(_FUNCTIONS) + r") \(")
_LATEXISH = re.compile(r"[\\{}]")
_APPROX = re.compile(r"(?<!\S)~(?=\d)")


@lru_cache(maxsize=1)
def _math_symbols() -> dict[str, str]:
    """Every argument-less macro pylatexenc turns into a fixed string (with our spacing), for `fast_math`."""
    walker, math, _ = _converters()
    from pylatexenc import latexwalker

    walker_db = latexwalker.get_default_latex_context_db()
    symbols: dict[str, str] = {}
    db = math.latex_context
    for name in {spec.macroname for spec in db.iter_macro_specs()}:
        spec = db.get_macro_spec(name)
        if not isinstance(spec.simplify_repl, str) or "%" in spec.simplify_repl:
            continue
        parse = walker_db.get_macro_spec(name)
        if parse is not None and getattr(parse.args_parser, "argspec", ""):
            continue
        symbols[name] = spec.simplify_repl
    return symbols


def text_to_unicode(src: str) -> str:
    """Running text with LaTeX accents and macros (`Erd\\H{o}s`) decoded; plain text passes unchanged.

    A macro pylatexenc does not know (`\\ourmethod{}`) stays exactly as written,
    arguments and all, rather than silently losing its name.
    """
    if not _LATEXISH.search(src):
        return src
    _, _, text = _converters()
    out = []
    pos = 0
    for m in _MACRO.finditer(src):
        if m.start() < pos or text.latex_context.get_macro_spec(m.group(1)) is not None:
            continue
        end = m.end()
        while end < len(src) and src[end] == "{":
            close = _closing_brace(src, end + 1)
            if close < 0:
                break
            end = close + 1
        out.append(_convert_text(src[pos : m.start()]))
        out.append(src[m.start() : end])
        pos = end
    out.append(_convert_text(src[pos:]))
    return "".join(out)


_MACRO = re.compile(r"\\([A-Za-z]+)")


def _convert_text(src: str) -> str:
    """Convert only the LaTeX islands of `src`; the plain words between them are copied as they are.

    pylatexenc reads one character at a time, so handing it a whole
    paragraph for one accent is slow; islands are whitespace-separated words
    holding LaTeX characters, extended until their braces balance.
    """
    if not _LATEXISH.search(src):
        return src
    parts = _WORDS.split(src)  # words and the whitespace between them, alternating
    out = []
    i = 0
    n = len(parts)
    while i < n:
        word = parts[i]
        if i % 2 or not _ISLAND.search(word):
            out.append(word)
            i += 1
            continue
        j = i
        depth = _depth(word)
        while depth > 0 and j + 2 < n:
            j += 2
            depth += _depth(parts[j])
        out.append(_convert_island("".join(parts[i : j + 1])))
        i = j + 1
    return "".join(out)


_WORDS = re.compile(r"(\s+)")
_ISLAND = re.compile(r"[\\{}~]|--|``|''")


def _depth(word: str) -> int:
    """Net brace depth a word opens (escaped braces do not count)."""
    clean = word.replace("\\{", "").replace("\\}", "")
    return clean.count("{") - clean.count("}")


@lru_cache(maxsize=4096)
def _convert_island(src: str) -> str:
    walker, _, text = _converters()
    protected = _APPROX.sub(r"\\textasciitilde{}", src).replace("%", "\\%")
    try:
        nodes, _, _ = walker(protected).get_latex_nodes()
        out = text.nodelist_to_text(nodes)
    except Exception:
        return src
    return out.replace("\xa0", " ")


# -- the scanner -----------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<esc>\\[$%&\#_{}])
  | \$\$(?P<dm>.+?)\$\$
  | \\\[(?P<bm>.+?)\\\]
  | \\\((?P<pm>.+?)\\\)
  | (?P<dollar>\$)
  | \\(?P<cmd>textbf|textit|emph|textsl|texttt|url|href|underline)\s*\{
  | \*\*(?=\S)(?P<bold>[^*]+?)(?<=\S)\*\*
  | (?P<url>https?://)
    """,
    re.S | re.X,
)
_STYLE_OF = {"textbf": "bold", "textit": "italic", "emph": "italic", "textsl": "italic", "texttt": "mono", "underline": "italic"}
_URL_UNESCAPE = re.compile(r"\\([_%#&~$])")


def _closing_brace(text: str, start: int) -> int:
    """Index of the `}` matching the `{` just before `start`, or -1 when unbalanced."""
    depth = 1
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _closing_dollar(text: str, start: int) -> int:
    """Where the inline math opened by the `$` at `start - 1` ends, or -1 when that `$` is not math.

    The rule pandoc uses: the opening `$` has a non-space right after it, the
    closing one a non-space right before it and no digit right after it; math
    never spans a blank line. So "costs $5 and $10" has no math in it.
    """
    n = len(text)
    if start >= n or text[start].isspace() or text[start] == "$":
        return -1
    i = start
    limit = min(n, start + MAX_MATH_CHARS)
    while i < limit:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "\n" and text[i + 1 : i + 2] == "\n":
            return -1
        if ch == "$":
            if text[i - 1].isspace() or (i + 1 < n and text[i + 1].isdigit()):
                return -1
            return i
        i += 1
    return -1


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
            end = _closing_dollar(text, m.end())
            if end < 0:
                pos = m.end()
                continue
            flush(start)
            shown = math_to_unicode(text[m.end() : end])
            out.add(text[start : end + 1] if shown is None else shown, _combine(style, "math"))
            pos = plain_start = end + 1
            continue
        if kind == "cmd":
            name = m.group("cmd")
            close = _closing_brace(text, m.end())
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
                    label_end = _closing_brace(text, close + 2 + lead)
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
        if kind == "bold":
            flush(start)
            _scan(m.group("bold"), out, _combine(style, "bold"), depth + 1)
            pos = plain_start = m.end()
            continue
        if kind == "url":
            um = _URL.match(text, start)
            url = _trim_url(um.group()) if um else ""
            if len(url) <= len(m.group()):
                pos = m.end()
                continue
            flush(start)
            out.link(url, url, style)
            pos = plain_start = start + len(url)
            continue
    flush(len(text))


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
