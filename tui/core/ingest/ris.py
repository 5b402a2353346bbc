"""Importing RIS (Zotero, Mendeley, EndNote, publishers' "cite" buttons) with rispy.

The file is cut at each `TY  -` line and every entry is parsed on its own,
so an entry the file leaves unclosed (no `ER  -`) is skipped by line number
instead of silently swallowing or losing its neighbours.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tui.core.errors import InputFileError
from tui.core.ingest.fields import clean_doi
from tui.core.ingest.parsed import ParsedFile
from tui.core.models import Paper, id_as_key, normalize_space, paper_id

_START = re.compile(r"^[ \t]*TY  -", re.M)
_END = re.compile(r"^[ \t]*ER  -", re.M)
_YEAR = re.compile(r"\b(1[5-9]\d\d|2\d\d\d)\b")
#: rispy keys, in order of preference, for each Paper field.
KEYS = {
    "title": ("title", "primary_title", "translated_title", "short_title"),
    "abstract": ("abstract", "notes_abstract"),
    "venue": ("journal_name", "secondary_title", "alternate_title3", "alternate_title1", "alternate_title2", "tertiary_title"),
    "year": ("year", "publication_year", "date"),
}
_USED = {key for keys in KEYS.values() for key in keys} | {"authors", "first_authors", "doi", "urls", "keywords", "end_of_reference"}


def looks_like_ris(text: str) -> bool:
    """True when the first non-blank line is an RIS `TY  -` line."""
    head = text.lstrip("\ufeff \t\n")[:6]
    return head.startswith("TY  -")


def _first(entry: dict[str, Any], keys: tuple[str, ...]) -> str:
    for key in keys:
        value = entry.get(key)
        if isinstance(value, list):
            value = next((v for v in value if isinstance(v, str) and v.strip()), "")
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def display_name(name: str) -> str:
    """RIS "Last, First" (or "Last, First, Jr.") as "First Last"."""
    parts = [p.strip() for p in name.split(",") if p.strip()]
    if len(parts) == 2:
        return f"{parts[1]} {parts[0]}"
    if len(parts) == 3:
        return f"{parts[1]} {parts[0]} {parts[2]}"
    return normalize_space(name)


def paper_from_ris(entry: dict[str, Any], default_list: str) -> Paper | None:
    """One parsed RIS entry as a Paper; None when it has neither title nor abstract."""
    title = normalize_space(_first(entry, KEYS["title"]))
    abstract = _first(entry, KEYS["abstract"])
    if not title and not abstract:
        return None
    authors: list[str] = []
    for key in ("authors", "first_authors"):
        for name in entry.get(key) or ():
            shown = display_name(name) if isinstance(name, str) else ""
            if shown and shown not in authors:
                authors.append(shown)
    year = _YEAR.search(_first(entry, KEYS["year"]))
    keywords = entry.get("keywords") or ()
    extra: dict[str, Any] = {}
    for key, value in entry.items():
        if key in _USED:
            continue
        extra[key] = {k: list(v) for k, v in value.items()} if isinstance(value, dict) else value
    return Paper(
        id=paper_id(abstract, title),
        abstract=abstract,
        list=default_list,
        title=title,
        authors=tuple(authors),
        year=year.group() if year else "",
        venue=normalize_space(_first(entry, KEYS["venue"])),
        url=_first(entry, ("urls",)),
        doi=clean_doi(_first(entry, ("doi",))),
        tags=tuple(normalize_space(k) for k in keywords if isinstance(k, str) and k.strip()),
        extra=extra,
        citekey=id_as_key(entry.get("id")),  # the record's ID, unless a number a program chose
    )


def parse_ris(text: str, source: Path) -> ParsedFile:
    """Every RIS entry with a title or an abstract becomes a paper; the others are skipped with a reason."""
    import rispy

    starts = [m.start() for m in _START.finditer(text)]
    if not starts:
        raise InputFileError(source, "holds no RIS entries (no `TY  -` line)")
    parsed = ParsedFile(source, "ris", source.stem)
    for i, start in enumerate(starts):
        chunk = text[start : starts[i + 1] if i + 1 < len(starts) else len(text)]
        line = text.count("\n", 0, start) + 1
        where = f"line {line}"
        if not _END.search(chunk):
            parsed.skipped.append(f"{where}: the entry is not closed (no `ER  -` line)")
            continue
        try:
            entries = rispy.loads(chunk)
        except Exception as exc:  # rispy's own complaint about one entry: skip that entry
            parsed.skipped.append(f"{where}: not valid RIS ({exc})")
            continue
        if not entries:
            parsed.skipped.append(f"{where}: not valid RIS")
            continue
        paper = paper_from_ris(entries[0], parsed.name)
        if paper is None:
            parsed.skipped.append(f"{where}: has no title and no abstract")
        else:
            parsed.papers.append(paper)
    return parsed
