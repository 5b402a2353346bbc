"""Venue names as people say them: short names and aliases (COLT, NIPS) and the long names proceedings print.

Import uses it to name a list from a file name (`nips2018.json` -> NeurIPS
2018); search uses it so `venue:colt` finds "Proceedings of Thirty Eighth
Conference on Learning Theory".
"""

from __future__ import annotations

import re

#: Display name -> (aliases, long-name phrases as they appear in venue fields, case-folded).
VENUES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "NeurIPS": (("neurips", "nips"), ("neural information processing systems",)),
    "ICML": (("icml",), ("international conference on machine learning",)),
    "ICLR": (("iclr",), ("international conference on learning representations",)),
    "COLT": (("colt",), ("conference on learning theory",)),
    "L4DC": (("l4dc",), ("learning for dynamics and control",)),
    "AISTATS": (("aistats",), ("artificial intelligence and statistics",)),
    "UAI": (("uai",), ("uncertainty in artificial intelligence",)),
    "ALT": (("alt",), ("algorithmic learning theory",)),
    "CoRL": (("corl",), ("conference on robot learning",)),
    "ACML": (("acml",), ("asian conference on machine learning",)),
    "CLeaR": (("clear",), ("causal learning and reasoning",)),
    "CVPR": (("cvpr",), ("computer vision and pattern recognition",)),
    "ICCV": (("iccv",), ("international conference on computer vision",)),
    "ECCV": (("eccv",), ("european conference on computer vision",)),
    "ACL": (("acl",), ("annual meeting of the association for computational linguistics",)),
    "EMNLP": (("emnlp",), ("empirical methods in natural language processing",)),
    "NAACL": (("naacl",), ("north american chapter of the association for computational linguistics",)),
    "AAAI": (("aaai",), ("aaai conference on artificial intelligence",)),
    "IJCAI": (("ijcai",), ("international joint conference on artificial intelligence",)),
    "KDD": (("kdd", "sigkdd"), ("knowledge discovery and data mining",)),
    "TMLR": (("tmlr",), ("transactions on machine learning research",)),
    "JMLR": (("jmlr",), ("journal of machine learning research",)),
}
_BY_ALIAS = {alias: short for short, (aliases, _) in VENUES.items() for alias in aliases}


def venue_short(alias: str) -> str:
    """The display name an alias means (`nips` -> NeurIPS), else ""."""
    return _BY_ALIAS.get(alias.casefold().strip(), "")


def venue_means(value: str, venue: str) -> bool:
    """True when a venue field is the venue a short name or alias names (`colt`, `NIPS`)."""
    short = venue_short(value)
    if not short:
        return False
    aliases, longs = VENUES[short]
    folded = " ".join(venue.casefold().split())
    if any(long in folded for long in longs):
        return True
    return any(re.search(rf"\b{re.escape(a)}\b", folded) for a in aliases)


_STEM = re.compile(r"^([a-z][a-z0-9]*?)[\s_\-.]?((?:19|20)\d\d)(?![0-9])", re.I)


def venue_from_file_name(stem: str) -> tuple[str, str]:
    """(venue, year) a file name like `nips2018`, `icml_2019_papers` or `COLT-2021` names, else ("", "")."""
    m = _STEM.match(stem.strip())
    if not m:
        return "", ""
    short = venue_short(m.group(1))
    return (short, m.group(2)) if short else ("", "")
