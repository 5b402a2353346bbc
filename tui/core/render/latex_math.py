"""LaTeX to Unicode through pylatexenc: math expressions and accented running text.

`math_to_unicode` converts one formula (`x_i^2`, `\\frac{1}{2}`) or says it
cannot; the everyday subset goes through `math_subset` first, which is far
quicker than pylatexenc's parser. `text_to_unicode` decodes accents and known macros in prose
and leaves unknown macros exactly as written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from tui.core.render.macros import expand_author_macros
from tui.core.render.math_subset import fast_math

_SUP = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzTABDEGHIJKLMNOPRUVW*′⊤",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵀᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵁⱽᵂ*′ᵀ",
        strict=True,
    )
)
_SUB = dict(zip("0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True))
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


def to_script(kind: str, text: str) -> str:
    """`text` as a superscript (`^`) or subscript (`_`) where Unicode has the characters."""
    return _script(kind, text)


def _wrap(text: str) -> str:
    """Parenthesize a sub-expression unless it is one symbol: √T but √(T+1)."""
    text = text.strip()
    return text if _ATOM.fullmatch(text) else f"({text})"


def _arg_text(node: Any, l2t: Any, index: int = -1) -> str:
    args = node.nodeargd.argnlist if node.nodeargd else []
    if not args or args[index] is None:
        return ""
    return l2t._groupnodecontents_to_text(args[index])


def _sqrt(node: Any, l2tobj: Any) -> str:
    root = {"3": "∛", "4": "∜"}.get(_arg_text(node, l2tobj, 0).strip(), "√")
    return root + _wrap(_arg_text(node, l2tobj, -1))


def _frac(node: Any, l2tobj: Any) -> str:
    return f"{_wrap(_arg_text(node, l2tobj, -2))}/{_wrap(_arg_text(node, l2tobj, -1))}"


def _binom(node: Any, l2tobj: Any) -> str:
    return f"({_arg_text(node, l2tobj, -2).strip()} choose {_arg_text(node, l2tobj, -1).strip()})"


def _accent(mark: str) -> Callable[[Any, Any], str]:
    def repl(node: Any, l2tobj: Any) -> str:
        inner = _arg_text(node, l2tobj).strip()
        return inner + mark if len(inner) == 1 else inner
    return repl


_RELATIONS = (
    "in notin ni leq le geq ge neq ne approx sim simeq cong equiv subset subseteq supset supseteq "
    "to rightarrow leftarrow Rightarrow Leftarrow leftrightarrow Leftrightarrow implies iff mapsto "
    "propto times pm mp ll gg prec preceq succ succeq perp mid coloneqq"
).split()
_FUNCTIONS = "log ln exp sin cos tan max min sup inf lim arg det Pr dim ker deg gcd argmax argmin".split()


#: LaTeX's names for the ASCII characters a BibTeX export spells out (`cite.latex_escape`), read back as themselves
#: (pylatexenc knows no brace names, and gives `\\textasciicircum` as the modifier letter ˆ).
_TEXT_CHARACTERS = {"textbraceleft": "{", "textbraceright": "}", "textasciicircum": "^", "textunderscore": "_"}


@lru_cache(maxsize=1)
def _converters() -> tuple[Callable[[str], Any], Any, Any]:
    """Build the two pylatexenc converters once (import is deferred: it is only needed to show math).

    pylatexenc ships no types: its nodes, walkers and converters are `Any` here."""
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
            MacroSpec("binom", "{{"),
        ],
        prepend=True,
    )
    base = get_default_latex_context_db().filter_context()
    keep = "texttt textrm textsf textnormal textup textmd mathtt mathsf mathit mathnormal text mbox".split()
    drop = "it bf em sl rm tt sc sf normalfont itshape bfseries ttfamily scshape upshape".split()
    base.add_context_category(
        "paperdesk-fonts",
        macros=[MacroTextSpec(n, discard=False) for n in keep] + [MacroTextSpec(n, simplify_repl="") for n in drop]
        + [MacroTextSpec(n, simplify_repl=ch) for n, ch in _TEXT_CHARACTERS.items()],
        prepend=True,
    )
    math_db = base.filter_context()
    specs = [
        MacroTextSpec("sqrt", simplify_repl=_sqrt),
        MacroTextSpec("frac", simplify_repl=_frac),
        MacroTextSpec("dfrac", simplify_repl=_frac),
        MacroTextSpec("tfrac", simplify_repl=_frac),
        MacroTextSpec("binom", simplify_repl=_binom),
        MacroTextSpec("triangle", simplify_repl="△"),
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

        def macro_node_to_text(self, node: Any) -> str:
            if self.latex_context.get_macro_spec(node.macroname) is None:
                raise _Unconvertible(node.macroname)
            return super().macro_node_to_text(node)

        def environment_node_to_text(self, node: Any) -> str:
            raise _Unconvertible(node.environmentname)

        def nodelist_to_text(self, nodelist: Any) -> str:
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

        def macro_node_to_text(self, node: Any) -> str:
            if self.latex_context.get_macro_spec(node.macroname) is None:
                return node.latex_verbatim()
            return super().macro_node_to_text(node)

    def walker(src: str) -> Any:
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
    src = expand_author_macros(src)
    if _SIMPLE_MATH.fullmatch(src) and not re.search(r"[\^_](\W|$)", src):
        # No macros, no braces: `x_i^2`, `n=5`, `T`. Scripts by hand, no parser needed.
        scripted = _SIMPLE_SCRIPT.sub(lambda m: _script(m.group(1), m.group(2)), src.replace("'", "′"))
        return " ".join(scripted.split())
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
        if parse is not None and getattr(parse.args_parser, "argspec", None):
            continue
        symbols[name] = spec.simplify_repl
    return symbols


def math_symbol(name: str) -> str:
    """What the argument-less math macro `\\name` shows (`ell`: ℓ), stripped; "" when it is not one."""
    return _math_symbols().get(name, "").strip()


def text_to_unicode(src: str) -> str:
    """Running text with LaTeX accents and macros (`Erd\\H{o}s`) decoded; plain text passes unchanged.

    A macro pylatexenc does not know (`\\ourmethod{}`) stays exactly as written,
    arguments and all, rather than silently losing its name.
    """
    if not _LATEXISH.search(src):
        return src
    src = _SPACED_ACCENT.sub(r"\\\1{\2}", src)
    _, _, text = _converters()
    out = []
    pos = 0
    for m in _MACRO.finditer(src):
        if m.start() < pos or text.latex_context.get_macro_spec(m.group(1)) is not None:
            continue
        end = m.end()
        while end < len(src) and src[end] == "{":
            close = closing_brace(src, end + 1)
            if close < 0:
                break
            end = close + 1
        out.append(_convert_text(src[pos : m.start()]))
        out.append(src[m.start() : end])
        pos = end
    out.append(_convert_text(src[pos:]))
    return "".join(out)


_MACRO = re.compile(r"\\([A-Za-z]+)")
#: A letter-named accent and its letter after a space (`Erd\\H os`): the space ends the name, the letter is the argument.
_SPACED_ACCENT = re.compile(r"\\([HcdbtrkuvU])\s+([A-Za-z])")


def is_known_text_macro(name: str) -> bool:
    """True when running text can convert `\\name` (an accent, `\\LaTeX`, a font); False for a private macro."""
    _, _, text = _converters()
    return text.latex_context.get_macro_spec(name) is not None


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
        paired = _without_lone_braces(protected)  # "{Leveraging this…" whose group the data never closes
        if paired == protected:
            return src
        try:
            nodes, _, _ = walker(paired).get_latex_nodes()
            out = text.nodelist_to_text(nodes)
        except Exception:
            return src
    return out.replace("\xa0", " ")


def _without_lone_braces(src: str) -> str:
    """`src` without the braces no other brace pairs with (escaped ones, `\\{`, count for nothing)."""
    lone, opened = set(), []
    i = 0
    while i < len(src):
        ch = src[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            opened.append(i)
        elif ch == "}":
            if opened:
                opened.pop()
            else:
                lone.add(i)
        i += 1
    lone.update(opened)
    return "".join(ch for i, ch in enumerate(src) if i not in lone)


def closing_brace(text: str, start: int) -> int:
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
