"""Text as search sees it: what the reader sees, not the LaTeX it was written in.

`$\\epsilon$-VAE` is found by `ε-VAE` and `epsilon vae`; `$K^2$VAE` and
`K²VAE` by `K2VAE` and `K^2VAE`; `\\texttt`, `\\mathcal` and other command names
are found by nothing. A quick regex fold (no LaTeX parser): the index folds
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

_MACRO = re.compile(r"\\([A-Za-z]+)")
_MARKUP = re.compile(r"[$^{}]|(?<=\w)_(?=\{|\w(?!\w))")
_NEEDS = re.compile(r"[\\$^{}_]")


def _macro(m: re.Match[str]) -> str:
    name = m.group(1)
    letter = _GREEK_MACROS.get(name)
    if letter is not None:
        return letter
    shorthand = AUTHOR_MACROS.get(name)
    if shorthand is not None:  # \R reads ℝ: found as R; \poly as poly
        word = _ARGUMENT.search(shorthand)
        return word.group(1) if word else " "
    return " " if _is_command(name) else name


_ARGUMENT = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=4096)
def _is_command(name: str) -> bool:
    """A LaTeX command (a font, an accent, a symbol): not a word of the text. A private macro's name is."""
    from tui.core.render.latex_math import is_known_text_macro

    return is_known_text_macro(name) or name.startswith(("math", "text", "operatorname"))


def fold(text: str) -> str:
    """`text` with LaTeX markup read as the words it shows, compatibility characters folded (² -> 2, ℝ -> R),
    and the name of each Greek letter added after it."""
    if _NEEDS.search(text):
        text = _MARKUP.sub("", _MACRO.sub(_macro, text))
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    names = {_GREEK_NAMES[ch] for ch in text.casefold() if ch in _GREEK_NAMES}
    return text + " " + " ".join(sorted(names)) if names else text


def fold_query(text: str) -> str:
    """A query as the index reads text: `K^2VAE` -> `K2VAE`, `I²MoE` -> `I2MoE`; no names are added."""
    if _NEEDS.search(text):
        text = _MARKUP.sub("", _MACRO.sub(_macro, text))
    return text if text.isascii() else unicodedata.normalize("NFKC", text)
