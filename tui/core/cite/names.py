"""People as citation formats want them: family and given names apart, LaTeX decoded ("Erd{\\H o}s" -> "Erdős").

A paper from BibTeX has its names as its source wrote them (`ingest.bibtex_raw`),
which say what is family and what is given; any other paper has display
names ("Ada Lovelace"), split as BibTeX splits "First von Last" names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tui.core.cite.latex_escape import balanced, plain_value
from tui.core.ingest.bibtex_raw import bibtex_names, entry_fields
from tui.core.models import Paper, normalize_space
from tui.core.render.latex import to_unicode
from tui.core.render.text import clean

#: An organisation's name: a BibTeX name list would read its " and " as two people.
_AND = re.compile(r"\sand\s", re.I)


@dataclass(frozen=True)
class Person:
    """One name: `literal` for an organisation ("{Barnes and Noble}"), else its parts, as Unicode."""

    family: str = ""
    given: str = ""
    particle: str = ""
    suffix: str = ""
    literal: str = ""

    @property
    def shown(self) -> str:
        """"Given particle Family, Suffix", as a reader writes it."""
        if self.literal:
            return self.literal
        name = " ".join(p for p in (self.given, self.particle, self.family) if p)
        return f"{name}, {self.suffix}" if self.suffix else name


def unicode_text(text: str) -> str:
    """BibTeX text as a reader reads it: LaTeX rendered, case-protection braces gone, on one line."""
    if "\\" in text or "$" in text or "{" in text:
        text = to_unicode(text).replace("{", "").replace("}", "")
    return normalize_space(text)


def _plain(parts: list[str]) -> str:
    return unicode_text(" ".join(parts))


def _braced_whole(raw: str) -> bool:
    """True for a name in one pair of braces (`{Barnes and Noble}`, `{AT\\&T \\textasciitilde{} Labs}`): an organisation."""
    if not (raw.startswith("{") and raw.endswith("}")):
        return False
    depth = 0
    for i, ch in enumerate(raw):
        depth += 1 if ch == "{" else -1 if ch == "}" else 0
        if depth == 0:
            return i == len(raw) - 1
    return False


def split_people(field: str) -> tuple[list[Person], bool]:
    """A BibTeX name list as people, and whether it ended in `and others` (et al.)."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts, split_multiple_persons_names

    people, more = [], False
    for raw in split_multiple_persons_names(field):
        raw = raw.strip()
        if raw.casefold() == "others":
            more = True
            continue
        if _braced_whole(raw):
            people.append(Person(literal=_plain([raw])))
            continue
        try:
            parts = parse_single_name_into_parts(raw, strict=False)
        except (InvalidNameError, ValueError, IndexError):
            people.append(Person(literal=_plain([raw])))
            continue
        people.append(Person(family=_plain(parts.last), given=_plain(parts.first), particle=_plain(parts.von), suffix=_plain(parts.jr)))
    return people, more


def bibtex_authors(names: Iterable[str]) -> str:
    """Display names ("Ada Lovelace", "Barnes and Noble") as a BibTeX name list of escaped names, an organisation
    whose name holds " and " braced whole (`{Barnes and Noble}`), "et al." as `others`."""
    out = []
    for name in names:
        name = " ".join(clean(name).split())
        if not name:
            continue
        if _AND.search(name):
            out.append("{" + plain_value(name) + "}")
        else:
            out.append(balanced(bibtex_names((plain_value(name),))))  # "{ x}" as "x\}, \{" pairs no more
    return " and ".join(out)


def authors_of(paper: Paper) -> tuple[list[Person], bool]:
    """The paper's authors (as its BibTeX source spelled them when it had one), and whether the list goes on (et al.)."""
    field = entry_fields(paper).get("author") or bibtex_authors(paper.authors)
    return split_people(field) if field else ([], False)


def editors_of(paper: Paper) -> list[Person]:
    """The editors its BibTeX source (or that source's proceedings) names; [] for any other paper."""
    field = entry_fields(paper).get("editor", "")
    return split_people(field)[0] if field else []
