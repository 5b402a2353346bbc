"""Macros authors define for themselves (`\\R`, `\\E`, `\\eps`, `\\tO`, `\\cA`), read as their usual meaning.

Abstracts copied from papers keep the author's private shorthands; these are
the common ones, expanded to standard LaTeX before math is converted.
"""

from __future__ import annotations

import re
import string

#: Shorthand -> standard LaTeX.
AUTHOR_MACROS: dict[str, str] = {
    "R": r"\mathbb{R}", "N": r"\mathbb{N}", "Z": r"\mathbb{Z}", "Q": r"\mathbb{Q}", "C": r"\mathbb{C}",
    "E": r"\mathbb{E}", "P": r"\mathbb{P}",
    "RR": r"\mathbb{R}", "NN": r"\mathbb{N}", "ZZ": r"\mathbb{Z}", "EE": r"\mathbb{E}", "PP": r"\mathbb{P}",
    "Reals": r"\mathbb{R}", "Ex": r"\mathbb{E}", "Exp": r"\mathbb{E}", "Prob": r"\mathbb{P}",
    "eps": r"\varepsilon", "epsilon": r"\varepsilon", "veps": r"\varepsilon",
    "poly": r"\operatorname{poly}", "polylog": r"\operatorname{polylog}", "Var": r"\operatorname{Var}",
    "Cov": r"\operatorname{Cov}", "KL": r"\operatorname{KL}", "tr": r"\operatorname{tr}", "Tr": r"\operatorname{Tr}",
    "diag": r"\operatorname{diag}", "sign": r"\operatorname{sign}", "sgn": r"\operatorname{sgn}",
    "rank": r"\operatorname{rank}", "supp": r"\operatorname{supp}", "OPT": r"\operatorname{OPT}",
    "tO": r"\tilde{O}", "tOmega": r"\tilde{\Omega}", "tTheta": r"\tilde{\Theta}", "Ot": r"\tilde{O}",
    "Otilde": r"\tilde{O}", "softO": r"\tilde{O}", "wt": r"\widetilde", "wh": r"\widehat",
    # Spellings of standard macros LaTeX packages add, and the hypothesis class and "tends down to" of learning theory.
    "Tilde": r"\tilde", "mathbbm": r"\mathbb", "smash": "", "todown": r"\downarrow", "H": r"\mathcal{H}",
    "X": r"\mathcal{X}", "Y": r"\mathcal{Y}", "allowbreak": "",
    "ReLU": r"\operatorname{ReLU}",
}
AUTHOR_MACROS.update({f"c{ch}": rf"\mathcal{{{ch}}}" for ch in string.ascii_uppercase})
AUTHOR_MACROS.update({f"cal{ch}": rf"\mathcal{{{ch}}}" for ch in string.ascii_uppercase})
AUTHOR_MACROS.update({f"bb{ch}": rf"\mathbb{{{ch}}}" for ch in string.ascii_uppercase})
# The ICLR template's math_commands.tex (`\gO` calligraphic, `\mX` a bold matrix, `\vx` a bold vector) and the
# `\Ocal`, `\Lbar`, `\bx` spellings many authors define the same way.
AUTHOR_MACROS.update({f"g{ch}": rf"\mathcal{{{ch}}}" for ch in string.ascii_uppercase})
AUTHOR_MACROS.update({f"m{ch}": rf"\mathbf{{{ch}}}" for ch in string.ascii_uppercase})
AUTHOR_MACROS.update({f"v{ch}": rf"\mathbf{{{ch}}}" for ch in string.ascii_lowercase})
AUTHOR_MACROS.update({f"b{ch}": rf"\mathbf{{{ch}}}" for ch in "uvwxyz"})
for _ch in string.ascii_uppercase:
    AUTHOR_MACROS.update({f"{_ch}cal": rf"\mathcal{{{_ch}}}", f"{_ch}bar": rf"\bar{{{_ch}}}", f"{_ch}hat": rf"\hat{{{_ch}}}",
                          f"{_ch}tilde": rf"\tilde{{{_ch}}}"})

#: Plain TeX's font switches in a group (`{\cal O}`, `{\bf x}`) as LaTeX's font commands (`\mathcal{O}`).
MATH_FONTS = {"cal": "mathcal", "bf": "mathbf", "bm": "mathbf", "rm": "mathrm", "it": "mathit", "sf": "mathsf", "tt": "mathtt",
              "mit": "mathit", "em": "mathit", "sl": "mathit"}
_FONT_GROUP = re.compile(r"\{\\(" + "|".join(MATH_FONTS) + r")(?![A-Za-z])\s*")
#: Plain TeX's infix fractions: `{a \over b}`, `{n \choose k}`, `{a \atop b}`.
_INFIX = re.compile(r"\\(over|choose|atop)(?![A-Za-z])")
_INFIX_AS = {"over": "frac", "choose": "binom", "atop": "genfrac"}

_MACRO = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])")


def expand_author_macros(src: str) -> str:
    """Math source with the common private shorthands, plain TeX's font groups and infix fractions as standard LaTeX."""
    if "\\" not in src:
        return src
    src = _MACRO.sub(lambda m: AUTHOR_MACROS.get(m.group(1), m.group()), src)
    return infix_fractions(font_groups(src))


def font_groups(src: str) -> str:
    """`{\\cal O}(n)` as `\\mathcal{O}(n)`: the group's font switch becomes a command taking the group's text."""
    for _ in range(20):
        m = _FONT_GROUP.search(src)
        if m is None:
            break
        src = f"{src[: m.start()]}\\{MATH_FONTS[m.group(1)]}{{{src[m.end():]}"
    return src


def infix_fractions(src: str) -> str:
    """`{a \\over b}` as `\\frac{a}{b}` (`\\choose`: `\\binom`), the fraction taking its whole group (or the whole formula)."""
    for _ in range(20):
        m = _INFIX.search(src)
        if m is None:
            break
        start, end = _group_around(src, m.start(), m.end())
        num, den = src[start : m.start()].strip(), src[m.end() : end].strip()
        command = _INFIX_AS[m.group(1)]
        made = f"\\{command}{{{num}}}{{{den}}}" if command != "genfrac" else f"{num} / {den}"
        src = src[:start] + made + src[end:]
    return src


def _group_around(src: str, left: int, right: int) -> tuple[int, int]:
    """The inside of the brace group holding `src[left:right]` (or the whole string), as (start, end)."""
    depth, start = 0, 0
    for i in range(left - 1, -1, -1):
        if src[i] == "}" and not _escaped(src, i):
            depth += 1
        elif src[i] == "{" and not _escaped(src, i):
            if depth == 0:
                start = i + 1
                break
            depth -= 1
    depth, end = 0, len(src)
    for i in range(right, len(src)):
        if src[i] == "{" and not _escaped(src, i):
            depth += 1
        elif src[i] == "}" and not _escaped(src, i):
            if depth == 0:
                end = i
                break
            depth -= 1
    return start, end


def _escaped(src: str, i: int) -> bool:
    slashes = len(src[:i]) - len(src[:i].rstrip("\\"))
    return slashes % 2 == 1
