"""Importing JSON: an array of paper objects, or JSON Lines (one object per line).

Paper-list exports carry more than title and abstract: `site`/`pdf` links, a
whole BibTeX entry as a string (`bibtex`), `track`, `status`, and authors as
one string. The URL comes from `site` (else `pdf`); year, venue and DOI from
the embedded BibTeX, else from a file name such as `nips2018.json`, which
also names the list ("NeurIPS 2018").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import re

import orjson

from tui.core.errors import InputFileError
from tui.core.ingest.embedded import bibtex_fields
from tui.core.ingest.fields import BadField, clean_doi, kind_of, names_field, text_field, year_field
from tui.core.ingest.parsed import ParsedFile
from tui.core.models import Paper, normalize_space, paper_id
from tui.core.render.venues import venue_from_file_name

#: Each paper field and the keys it may come under, first found wins.
KEYS: dict[str, tuple[str, ...]] = {
    "title": ("title", "paper"),
    "abstract": ("abstract", "summary"),
    "authors": ("authors", "author"),
    "venue": ("venue", "list", "journal", "booktitle"),
    "year": ("year",),
    "url": ("url", "link", "site", "pdf"),
    "doi": ("doi",),
    "tags": ("tags", "keywords"),
}
_KNOWN = {key for keys in KEYS.values() for key in keys} | {"bibtex"}
#: Keys of a wrapper object whose value is the array of papers.
WRAPPERS = ("papers", "items", "entries", "records", "data")


def _first(obj: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if key in obj and obj[key] not in (None, "", []):
            return obj[key]
    return None


def _plain(value: str) -> str:
    """A BibTeX field value on one line: case-protection braces gone, accents decoded."""
    if "\\" in value:
        from tui.core.render.latex import to_unicode

        value = to_unicode(value)
    return normalize_space(value.replace("{", "").replace("}", ""))


def paper_from_object(obj: Any, default_list: str, defaults: dict[str, str] | None = None) -> Paper:
    """One JSON object as a Paper; raises BadField saying why it cannot be one.

    `defaults` (venue, year) come from the file name and fill what the record
    and its embedded BibTeX leave empty.
    """
    if not isinstance(obj, dict):
        raise BadField(f"is {kind_of(obj)}, not an object")
    title = normalize_space(text_field("title", _first(obj, KEYS["title"])))
    abstract = text_field("abstract", _first(obj, KEYS["abstract"]))
    if not title and not abstract:
        raise BadField("has no title and no abstract")
    bib = bibtex_fields(obj.get("bibtex", ""))
    defaults = defaults or {}
    venue = normalize_space(text_field("venue", _first(obj, KEYS["venue"])))
    venue = venue or _plain(bib.get("booktitle") or bib.get("journal") or "") or defaults.get("venue", "")
    year = year_field(_first(obj, KEYS["year"])) or _plain(bib.get("year", "")) or defaults.get("year", "")
    doi = clean_doi(text_field("doi", _first(obj, KEYS["doi"]))) or clean_doi(_plain(bib.get("doi", "")))
    url = text_field("url", _first(obj, KEYS["url"])) or _plain(bib.get("url", ""))
    list_name = obj.get("list") if isinstance(obj.get("list"), str) and obj["list"].strip() else ""
    extra = {k: v for k, v in obj.items() if k not in _KNOWN}
    if bib:
        m = re.search(r"@\s*(\w+)\s*\{\s*([^,\s]+)\s*,", obj["bibtex"])
        if m:
            extra.update(bibtex_type=m.group(1).lower(), bibtex_key=m.group(2))
    return Paper(
        id=paper_id(abstract, title),
        abstract=abstract,
        list=normalize_space(list_name) or default_list,
        title=title,
        authors=names_field("authors", _first(obj, KEYS["authors"])),
        year=year,
        venue=venue,
        url=url,
        doi=doi,
        tags=names_field("tags", _first(obj, KEYS["tags"])),
        extra=extra,
    )


def _label(obj: Any, where: str) -> str:
    """How a skipped entry is named in the report: its place, and its title when it has one."""
    if isinstance(obj, dict):
        title = obj.get("title") or obj.get("paper")
        if isinstance(title, str) and title.strip():
            short = normalize_space(title)
            return f"{where} ({short[:60]}{'…' if len(short) > 60 else ''})"
    return where


class _Broken:
    """A JSON Lines line that did not parse: skipped in its place, with the parser's reason."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _collect(objects: list[tuple[str, Any]], parsed: ParsedFile) -> ParsedFile:
    venue, year = venue_from_file_name(parsed.source.stem)
    defaults = {"venue": venue, "year": year}
    for where, obj in objects:
        if isinstance(obj, _Broken):
            parsed.skipped.append(f"{where}: {obj.reason}")
            continue
        try:
            parsed.papers.append(paper_from_object(obj, parsed.name, defaults))
        except BadField as exc:
            parsed.skipped.append(f"{_label(obj, where)}: {exc}")
    return parsed


def list_name(source: Path) -> str:
    """An honest name for the list a file holds: "NeurIPS 2018" for `nips2018_paperlists.json`, else its stem."""
    venue, year = venue_from_file_name(source.stem)
    return f"{venue} {year}" if venue else source.stem


def parse_json(text: str, source: Path) -> ParsedFile:
    """A JSON array of paper objects (or an object wrapping one); the whole file must parse."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise InputFileError(source, f"is not valid JSON ({exc}); nothing was imported from it") from None
    if isinstance(data, dict):
        wrapped = next((data[k] for k in WRAPPERS if isinstance(data.get(k), list)), None)
        data = wrapped if wrapped is not None else [data]
    if not isinstance(data, list):
        raise InputFileError(source, f"holds {kind_of(data)}; expected a JSON array of paper objects")
    if not data:
        raise InputFileError(source, "holds an empty JSON array")
    parsed = ParsedFile(source, "json", list_name(source))
    return _collect([(f"entry {i}", obj) for i, obj in enumerate(data, 1)], parsed)


def parse_json_lines(text: str, source: Path) -> ParsedFile:
    """JSON Lines: each non-blank line one object; a line that does not parse skips that entry."""
    parsed = ParsedFile(source, "jsonl", list_name(source))
    objects = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            objects.append((f"line {number}", orjson.loads(line)))
        except orjson.JSONDecodeError as exc:
            objects.append((f"line {number}", _Broken(f"not valid JSON ({exc})")))
    if not objects:
        raise InputFileError(source, "is empty")
    return _collect(objects, parsed)


def looks_like_json_lines(text: str) -> bool:
    """Several lines that each start with `{`: JSON Lines rather than one JSON value."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    return len(lines) > 1 and all(line.startswith("{") for line in lines[:3]) and not text.lstrip().startswith("[")
