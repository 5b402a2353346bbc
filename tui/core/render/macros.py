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
}
AUTHOR_MACROS.update({f"c{ch}": rf"\mathcal{{{ch}}}" for ch in string.ascii_uppercase})
AUTHOR_MACROS.update({f"cal{ch}": rf"\mathcal{{{ch}}}" for ch in string.ascii_uppercase})
AUTHOR_MACROS.update({f"bb{ch}": rf"\mathbb{{{ch}}}" for ch in string.ascii_uppercase})

_MACRO = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])")


def expand_author_macros(src: str) -> str:
    """Math source with the common private shorthands replaced by standard LaTeX."""
    if "\\" not in src:
        return src
    return _MACRO.sub(lambda m: AUTHOR_MACROS.get(m.group(1), m.group()), src)
