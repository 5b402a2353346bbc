"""Text as search sees it: what the reader sees, not the LaTeX it was written in.

`$\\epsilon$-VAE` is found by `ε-VAE` and `epsilon vae`; `$K^2$VAE` and
`K²VAE` by `K2VAE` and `K^2VAE`; `\\tilde{O}` (and `\\tO`) reads Õ, as it is
shown, so `Õ` finds it; an accented word is also found without its accents
(`O`, `schrodinger`); `\\texttt`, `\\mathcal` and other command names are found
by nothing. A quick regex fold (no LaTeX parser): the index folds
every title and abstract when it is built, so it has to be cheap.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from tui.core.render.macros import AUTHOR_MACROS

_GREEK = (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon "
    "phi chi psi omega"
).split()
#: LaTeX Greek macros (and their var- forms) -> the letter.
_UNICODE_NAME = {"lambda": "LAMDA"}
_GREEK_MACROS = {name: unicodedata.lookup(f"GREEK SMALL LETTER {_UNICODE_NAME.get(name, name.upper())}") for name in _GREEK}
_GREEK_MACROS.update({f"var{name}": letter for name, letter in list(_GREEK_MACROS.items())})
_GREEK_MACROS.update(
    {name.capitalize(): unicodedata.lookup(f"GREEK CAPITAL LETTER {_UNICODE_NAME.get(name, name.upper())}") for name in _GREEK}
)
#: Letter (lower case) -> its name, so `epsilon` finds ε.
_GREEK_NAMES = {letter: name for name, letter in _GREEK_MACROS.items() if not name.startswith("var") and name.islower()}
_GREEK_NAMES["ϵ"] = "epsilon"
_GREEK_LETTER = re.compile("[" + re.escape("".join(sorted(_GREEK_NAMES))) + "]")

#: LaTeX accents, math and text, -> the combining mark they put on one letter.
_MARKS = {
    "tilde": "\u0303", "widetilde": "\u0303", "~": "\u0303", "hat": "\u0302", "widehat": "\u0302", "^": "\u0302",
    "bar": "\u0304", "=": "\u0304", "acute": "\u0301", "'": "\u0301", "grave": "\u0300", "`": "\u0300",
    "dot": "\u0307", ".": "\u0307", "ddot": "\u0308", '"': "\u0308", "breve": "\u0306", "u": "\u0306",
    "check": "\u030c", "v": "\u030c", "mathring": "\u030a", "r": "\u030a", "H": "\u030b", "c": "\u0327",
}
_ACCENT = re.compile(
    r"\\(?:([A-Za-z]{2,}|[uvrHc])(?![A-Za-z])|([~^='`.\"]))\s*(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))"
)
_WORD = re.compile(r"\w+")
#: A character outside ASCII (a pattern of bytes' values, quicker than "a word character outside ASCII").
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_MACRO = re.compile(r"\\([A-Za-z]+)")
#: A subscript's underscore (`x_i`, `x_{ij}`; not `snake_case`), led by `_` so it is searched for, not tried everywhere.
_SUBSCRIPT = re.compile(r"_(?<=\w_)(?=\{|\w(?!\w))")
_NEEDS = re.compile(r"[\\$^{}_]")


def _accent(m: re.Match[str]) -> str:
    """`\\tilde{O}` -> Õ: the letter with its mark (composed where Unicode has the letter); other commands stay."""
    mark = _MARKS.get(m.group(1) or m.group(2))
    if mark is None:
        return m.group()
    return unicodedata.normalize("NFC", (m.group(3) or m.group(4)) + mark)


def _accents(text: str) -> str:
    return _ACCENT.sub(_accent, text) if "\\" in text else text


def _bare(text: str) -> str:
    """The words of `text` that carry accents, without them (Õ -> O), to add to what the index reads."""
    found = set()
    for word in _non_ascii_words(text):
        bare = "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))
        if bare != word:
            found.add(bare)
    return " ".join(sorted(found))


def _non_ascii_words(text: str) -> list[str]:
    """The words (`\\w+`) of `text` that hold a letter or digit outside ASCII, found from those letters:
    the index folds every abstract, and splitting all of them into words was most of a fold."""
    words, end = [], 0
    for found in _NON_ASCII.finditer(text):
        at = found.start()
        if at < end or not (text[at].isalnum() or text[at] == "_"):
            continue  # in the word just taken, or not a word character (a dash, a combining mark: what \w is)
        while at and (text[at - 1].isalnum() or text[at - 1] == "_"):  # back to the word's start
            at -= 1
        word = _WORD.match(text, at)
        assert word is not None  # `at` is a word character
        words.append(word.group())
        end = word.end()
    return words


def _macro(m: re.Match[str]) -> str:
    name = m.group(1)
    letter = _GREEK_MACROS.get(name)
    if letter is not None:
        return letter
    shorthand = AUTHOR_MACROS.get(name)
    if shorthand is not None:  # \R reads ℝ: found as R; \poly as poly; \tO as Õ
        if _ACCENT.fullmatch(shorthand):
            return _accents(shorthand)
        word = _ARGUMENT.search(shorthand)
        return word.group(1) if word else " "
    shown = _shown_letter(name)
    if shown:  # \ell reads ℓ, folded to l with the rest: `$\ell_1$` is found by l1, as the rendered ℓ₁ is
        return shown
    return " " if _is_command(name) else name


_ARGUMENT = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=4096)
def _is_command(name: str) -> bool:
    """A LaTeX command (a font, an accent, a symbol): not a word of the text. A private macro's name is."""
    from tui.core.render.latex_math import is_known_text_macro

    return is_known_text_macro(name) or name.startswith(("math", "text", "operatorname"))


@lru_cache(maxsize=4096)
def _shown_letter(name: str) -> str:
    """The letter a math symbol macro shows (`\\ell`: ℓ, `\\hbar`: ħ), or "" for any other command."""
    from tui.core.render.latex_math import math_symbol

    shown = math_symbol(name)
    return shown if len(shown) == 1 and unicodedata.category(shown).startswith("L") else ""


def _unmarked(text: str) -> str:
    """`text` without `$`, `^`, braces and subscripts' underscores (decided on the text with its braces)."""
    text = _SUBSCRIPT.sub("", text) if "_" in text else text
    return text.replace("$", "").replace("^", "").replace("{", "").replace("}", "")  # each a C scan; quicker than one pattern


def fold(text: str) -> str:
    """`text` with LaTeX markup read as the words it shows, compatibility characters folded (² -> 2, ℝ -> R),
    and after it the name of each Greek letter and each accented word without its accents."""
    if _NEEDS.search(text):
        text = _unmarked(_MACRO.sub(_macro, _accents(text)))
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    names = {_GREEK_NAMES[ch] for ch in set(_GREEK_LETTER.findall(text.casefold()))}  # found in C, not char by char
    extra = " ".join([*sorted(names), _bare(text)]).strip()
    return f"{text} {extra}" if extra else text


def fold_query(text: str) -> str:
    """A query as the index reads text: `K^2VAE` -> `K2VAE`, `I²MoE` -> `I2MoE`; no names are added."""
    if _NEEDS.search(text):
        text = _unmarked(_MACRO.sub(_macro, _accents(text)))
    return text if text.isascii() else unicodedata.normalize("NFKC", text)
