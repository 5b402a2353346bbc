"""RIS out through rispy: the tagged format EndNote, Mendeley and Zotero all read."""

from __future__ import annotations

from typing import Any

from tui.core.cite.kinds import CONFERENCE, JOURNAL, PREPRINT
from tui.core.cite.names import Person
from tui.core.cite.record import Citable
from tui.core.render.text import clean

_TYPES = {CONFERENCE: "CONF", JOURNAL: "JOUR", PREPRINT: "UNPB"}


def ris_name(person: Person) -> str:
    """"Family, Given, Suffix", as RIS writes a name (an organisation as written)."""
    if person.literal:
        return person.literal
    family = " ".join(p for p in (person.particle, person.family) if p)
    return ", ".join(p for p in (family, person.given, person.suffix) if p)


def ris_record(cite: Citable) -> dict[str, Any]:
    """One paper as a rispy record (rispy's field names)."""
    record: dict[str, Any] = {"type_of_reference": _TYPES.get(cite.kind, "GEN"), "id": cite.key, "title": cite.title}
    if cite.authors:
        record["authors"] = [ris_name(p) for p in cite.authors]
    if cite.editors:
        record["secondary_authors"] = [ris_name(p) for p in cite.editors]  # A2: a proceedings' editors
    if cite.year:
        record["year"] = cite.year
    if cite.venue:
        record["secondary_title" if cite.kind == CONFERENCE else "journal_name"] = cite.venue
    details = cite.details
    if "pages" in details:
        start, _, end = details["pages"].replace("–", "-").partition("-")
        record["start_page"] = start.strip("- ")
        if end.strip("- "):
            record["end_page"] = end.strip("- ")
    for name in ("volume", "publisher"):
        if name in details:
            record[name] = details[name]
    if "issue" in details:
        record["number"] = details["issue"]
    if "place" in details:
        record["place_published"] = details["place"]
    if cite.doi:
        record["doi"] = cite.doi
    urls = [u for u in (cite.url, cite.pdf, f"https://arxiv.org/abs/{cite.arxiv}" if cite.arxiv and not cite.url else "") if u]
    if urls:
        record["urls"] = list(dict.fromkeys(urls))
    if cite.abstract:
        record["abstract"] = cite.abstract
    record = {name: _one_line(value) for name, value in record.items()}
    if cite.notes:
        record["notes"] = note_lines(cite.notes)
    return record


def note_lines(notes: str) -> list[str]:
    """The reader's notes as one `N1` value per line, so they read back line for line (blank lines kept as empty
    `N1` lines). Each value is written after its own `N1  - `, so a note line such as `AU  - …` or `ER  -` stays
    text of the note and never becomes a field or the end of the record; every line end a reader may split on
    (CR, U+2028, …) starts a value of its own, never a line of the data's own."""
    return [line.strip() for line in clean(notes).splitlines()]


def _one_line(value: Any) -> Any:
    """A value (or each of a list) on one line without terminal controls: RIS is one tag a line, and a line break
    in a value would start a line of the data's own (`ER  -` ends the record there, `TY  -` starts another)."""
    if isinstance(value, list):
        return [_one_line(v) for v in value]
    return " ".join(clean(value).split()) if isinstance(value, str) else value


def ris_text(items: list[Citable]) -> str:
    """An RIS document, one record per paper (without the "1." line rispy puts before each: no reader wants it)."""
    import rispy

    class Writer(rispy.RisWriter):
        def set_header(self, count: int) -> None:
            return None

    return rispy.dumps([ris_record(c) for c in items], implementation=Writer)
