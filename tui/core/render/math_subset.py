"""A quick reader for the everyday subset of LaTeX math; anything beyond it goes to pylatexenc.

pylatexenc reads a character at a time and costs about a third of a
millisecond per `$…$`; a 2,000-word abstract with a hundred formulas would
take longer than a frame. This reader handles symbols, `^`/`_`, braces,
fonts (`\\mathcal`, `\\mathbb`, `\\mathbf`…), accents, `\\frac` and `\\sqrt`, and
returns None for anything else so the caller falls back to pylatexenc.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|\s+|.", re.S)

#: Fonts whose letters have their own Unicode block, by the name Unicode gives them.
_FONT_NAMES = {
    "mathcal": "SCRIPT",
    "mathscr": "SCRIPT",
    "mathbb": "DOUBLE-STRUCK",
    "mathbf": "BOLD",
    "bm": "BOLD ITALIC",
    "boldsymbol": "BOLD ITALIC",
    "mathfrak": "FRAKTUR",
}
#: Fonts shown as plain letters.
_PLAIN_FONTS = {
    "mathrm", "mathit", "mathsf", "mathtt", "mathnormal", "text", "textrm", "textit", "textbf", "mbox", "operatorname", "textnormal", "texttt",
}
_ACCENTS = {
    "hat": "\u0302", "widehat": "\u0302", "tilde": "\u0303", "widetilde": "\u0303", "bar": "\u0304", "overline": "\u0304",
    "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308",
}
_SKIP = {"left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "displaystyle", "textstyle", "limits", "nolimits"}
_ESCAPED = {
    "\\|": "‖", "\\{": "{", "\\}": "}", "\\,": " ", "\\;": " ", "\\:": " ", "\\ ": " ", "\\!": "", "\\%": "%", "\\#": "#",
    "\\&": "&", "\\_": "_", "\\$": "$",
}


class _Give(Exception):
    """Outside the subset: let pylatexenc try."""


@lru_cache(maxsize=512)
def _font_char(font: str, ch: str) -> str:
    if not ch.isascii() or not ch.isalnum():
        return ch
    kind = "CAPITAL" if ch.isupper() else "SMALL"
    if ch.isdigit():
        kind, letter = "DIGIT", unicodedata.name(ch).split()[-1]
    else:
        letter = ch.upper()
    for name in (f"MATHEMATICAL {font} {kind} {letter}", f"{font} {kind} {letter}"):
        try:
            return unicodedata.lookup(name)
        except KeyError:
            continue
    return ch


class _Reader:
    def __init__(self, src: str, symbols: dict[str, str], script: Callable[[str, str], str], wrap: Callable[[str], str]) -> None:
        self.tokens = _TOKEN.findall(src)
        self.i = 0
        self.symbols = symbols
        self.script = script
        self.wrap = wrap

    def next(self) -> str | None:
        if self.i >= len(self.tokens):
            return None
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def seq(self, closing: bool) -> str:
        out: list[str] = []
        while True:
            tok = self.next()
            if tok is None:
                if closing:
                    raise _Give("unbalanced")
                return "".join(out)
            if tok == "}":
                if not closing:
                    raise _Give("unbalanced")
                return "".join(out)
            if tok in ("^", "_"):
                out.append(self.script(tok, self.arg()))
                continue
            out.append(self.atom(tok))

    def arg(self) -> str:
        """One argument: a braced group, a macro with its own arguments, or a single character."""
        tok = self.next()
        while tok is not None and tok.isspace():
            tok = self.next()
        if tok is None or tok in ("}", "^", "_"):
            raise _Give("missing argument")
        return self.atom(tok)

    def atom(self, tok: str) -> str:
        if tok == "{":
            return self.seq(closing=True)
        if tok.isspace():
            return " "
        if tok == "'":
            return "′"
        if tok == "~":
            return " "
        if tok in ("&", "#", "%", "$"):
            raise _Give(tok)
        if not tok.startswith("\\"):
            return tok
        if tok in _ESCAPED:
            return _ESCAPED[tok]
        name = tok[1:]
        if name in _SKIP:
            if name in ("left", "right") and self.i < len(self.tokens) and self.tokens[self.i] == ".":
                self.i += 1
            return ""
        if name in self.symbols:
            return self.symbols[name]
        if name in _FONT_NAMES:
            return "".join(_font_char(_FONT_NAMES[name], ch) for ch in self.arg())
        if name in _PLAIN_FONTS:
            return self.arg()
        if name in _ACCENTS:
            inner = self.arg().strip()
            return inner + _ACCENTS[name] if len(inner) == 1 else inner
        if name in ("frac", "dfrac", "tfrac"):
            num = self.arg()
            return f"{self.wrap(num)}/{self.wrap(self.arg())}"
        if name == "sqrt":
            if self.i < len(self.tokens) and self.tokens[self.i] == "[":
                raise _Give("root index")
            return "√" + self.wrap(self.arg())
        raise _Give(name)


def fast_math(src: str, symbols: dict[str, str], script: Callable[[str, str], str], wrap: Callable[[str], str]) -> str | None:
    """`src` as Unicode when it stays inside the everyday subset, else None."""
    try:
        return _Reader(src, symbols, script, wrap).seq(closing=False)
    except (_Give, RecursionError):
        return None
