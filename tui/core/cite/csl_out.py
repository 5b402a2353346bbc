"""CSL-JSON out: the items Zotero, pandoc and citeproc read, with names split and dates as date-parts."""

from __future__ import annotations

from typing import Any

from tui.core.cite.kinds import CONFERENCE, JOURNAL, PREPRINT
from tui.core.cite.names import Person
from tui.core.cite.record import Citable
from tui.core.render.text import clean

_TYPES = {CONFERENCE: "paper-conference", JOURNAL: "article-journal", PREPRINT: "article"}
_DETAILS = {"pages": "page", "volume": "volume", "issue": "issue", "publisher": "publisher", "place": "publisher-place"}


def csl_name(person: Person) -> dict[str, str]:
    """One CSL name object: `literal`, or family/given with particle and suffix."""
    if person.literal:
        return {"literal": person.literal}
    name = {"family": person.family}
    if person.given:
        name["given"] = person.given
    if person.particle:
        name["non-dropping-particle"] = person.particle
    if person.suffix:
        name["suffix"] = person.suffix
    return name


def csl_item(cite: Citable) -> dict[str, Any]:
    """One paper as a CSL-JSON item; its `id` is the citation key; no string holds a terminal control."""
    item: dict[str, Any] = {"id": cite.key, "citation-key": cite.key, "type": _TYPES.get(cite.kind, "document"), "title": cite.title}
    if cite.authors:
        item["author"] = [csl_name(p) for p in cite.authors]
    if cite.editors:
        item["editor"] = [csl_name(p) for p in cite.editors]
    year = "".join(ch for ch in cite.year if ch.isdigit())[:4]
    if year:
        item["issued"] = {"date-parts": [[int(year)]]}
    if cite.venue and cite.kind != PREPRINT:
        item["container-title"] = cite.venue
    if cite.kind == PREPRINT and cite.arxiv:
        item.update(publisher="arXiv", number=cite.arxiv)
    for name, key in _DETAILS.items():
        if name in cite.details and key not in item:
            item[key] = cite.details[name]
    if cite.doi:
        item["DOI"] = cite.doi
    url = cite.url or cite.pdf or (f"https://arxiv.org/abs/{cite.arxiv}" if cite.arxiv else "")
    if url:
        item["URL"] = url
    if cite.abstract:
        item["abstract"] = cite.abstract
    if cite.notes:
        item["note"] = cite.notes
    return cleaned(item)


def cleaned(value: Any) -> Any:
    """Every string of a CSL record without terminal controls (`render.text.clean`; line breaks kept, JSON escapes
    them): a record printed to a terminal or pasted cannot act."""
    if isinstance(value, dict):
        return {k: cleaned(v) for k, v in value.items()}
    if isinstance(value, list):
        return [cleaned(v) for v in value]
    return clean(value) if isinstance(value, str) else value


def csl_json(items: list[Citable]) -> str:
    """A CSL-JSON document (an array of items), indented as Zotero writes one."""
    import json

    return json.dumps([csl_item(c) for c in items], ensure_ascii=False, indent=2) + "\n"
