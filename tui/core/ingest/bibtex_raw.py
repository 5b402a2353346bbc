"""A BibTeX entry's fields as written, kept with the paper it became: what a BibTeX export gives back untouched.

A paper from BibTeX (a `.bib` file, or a paper list's embedded `bibtex`
string) keeps its entry's type and key (`extra["bibtex_type"]`,
`["bibtex_key"]`) and its fields with their original spelling (braces,
LaTeX accents) in `extra["bibtex_fields"]`. Not all of them: the abstract
is the paper's own, and a field whose text is what paperdesk would write
from the paper's fields anyway (`derived_fields`: a plain title, the year,
the DOI) is left out, since every paper's `extra` is in memory from the
start. `entry_fields` puts the entry back together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.core.models import Paper

RAW = "bibtex_fields"
TYPE = "bibtex_type"
KEY = "bibtex_key"
#: Entry types whose venue is the proceedings or book they appear in (`booktitle`), and those in a journal.
IN_VOLUME = frozenset({"inproceedings", "conference", "incollection", "inbook"})
IN_JOURNAL = frozenset({"article"})
#: Keys of `extra` that are paperdesk's, never an entry's field (a library written before `bibtex_fields`).
_OWN = frozenset({RAW, TYPE, KEY, "pdf"})


def bibtex_names(authors: tuple[str, ...]) -> str:
    """Display names as a BibTeX name list, "Family, Given and …" (the form DBLP and PMLR write); "et al." is `others`."""
    out = []
    for name in authors:
        name = name.strip()
        if not name:
            continue
        if name.casefold() == "et al.":
            out.append("others")
            continue
        words = name.split()
        if "," in name or len(words) < 2:  # already "Family, Given", or one word
            out.append(name)
            continue
        cut = len(words) - 1
        if words[-1].casefold().rstrip(".") in ("jr", "sr", "ii", "iii", "iv") and len(words) > 2:
            out.append(f"{words[-2]}, {words[-1]}, {' '.join(words[:-2])}")
            continue
        while cut > 1 and words[cut - 1][:1].islower():  # "Ludwig van Beethoven": the particle goes with the family
            cut -= 1
        out.append(f"{' '.join(words[cut:])}, {' '.join(words[:cut])}")
    return " and ".join(out)


def derived_fields(paper: Paper, entry_type: str) -> dict[str, str]:
    """The fields paperdesk writes for `paper` from its own fields, as an entry of `entry_type` holds them."""
    fields = {name: value for name in _DERIVED if (value := _derived(paper, name, entry_type))}
    if paper.authors:
        fields["author"] = bibtex_names(paper.authors)
    return dict(sorted(fields.items(), key=lambda item: _ORDER.get(item[0], len(_ORDER))))


#: The fields `derived_fields` makes from the paper's own (besides `author`), and the order it writes them in.
_DERIVED = ("title", "journal", "booktitle", "year", "doi", "url", "keywords")
_ORDER = {name: i for i, name in enumerate(("title", "author", *_DERIVED[1:]))}


def _derived(paper: Paper, name: str, entry_type: str) -> str:
    """One field of `derived_fields` but `author` ("" when the paper gives none)."""
    if name == "title":
        return paper.title
    if name == "journal":
        return paper.venue if entry_type in IN_JOURNAL else ""
    if name == "booktitle":
        return paper.venue if entry_type in IN_VOLUME else ""
    if name == "keywords":
        return ", ".join(paper.tags)
    return getattr(paper, name) if name in ("year", "doi", "url") else ""


#: A kept `author` that says "the paper's authors as shown, joined by `and`" (DBLP's and OpenReview's "Ada Lovelace and
#: Alan Turing"): the other common spelling besides `derived_fields`' "Lovelace, Ada and …", kept without a copy.
AS_SHOWN = ""


def kept_fields(raw: Mapping[str, str], paper: Paper, entry_type: str) -> dict[str, str]:
    """The fields of `raw` (name -> text as written) worth keeping: not the abstract, not what `derived_fields` gives.
    Every BibTeX entry of an import comes through here: each field is compared with the one field it would be."""
    kept = {}
    for name, value in raw.items():
        if name == "abstract":
            continue
        if name == "author":
            if value == " and ".join(paper.authors):
                kept[name] = AS_SHOWN
            elif value != bibtex_names(paper.authors):
                kept[name] = value
        elif value != _derived(paper, name, entry_type):
            kept[name] = value
    return kept


def entry_fields(paper: Paper) -> dict[str, str]:
    """The BibTeX fields of a paper that came from BibTeX, as its source wrote them, completed from the paper's own
    fields where the entry lacked them (the booktitle and year of its proceedings). {} for any other paper."""
    extra = paper.extra
    entry_type = extra.get(TYPE)
    if not isinstance(entry_type, str):
        return {}
    raw = extra.get(RAW)
    if not isinstance(raw, dict):  # kept by an older paperdesk: the other fields beside its own keys
        raw = {k: v for k, v in extra.items() if k not in _OWN and isinstance(v, str) and k.isascii() and k.replace("_", "").replace("-", "").isalnum()}
    fields = {**derived_fields(paper, entry_type), **{k: v for k, v in raw.items() if isinstance(v, str)}}
    if fields.get("author") == AS_SHOWN:
        fields["author"] = " and ".join(paper.authors)
    return fields


def rebased(extra: dict[str, Any], source: Paper, onto: Paper) -> dict[str, Any]:
    """`extra` (merged into `onto` from `source`) with `source`'s entry fields kept against `onto`'s own fields: a merge
    keeps the stored paper's title and authors, and the entry must still give back the source's spelling."""
    entry_type = source.extra.get(TYPE)
    if not isinstance(entry_type, str) or RAW not in source.extra or onto.extra.get(RAW) is not None:
        return extra
    return {**extra, RAW: kept_fields(entry_fields(source), onto, entry_type)}
