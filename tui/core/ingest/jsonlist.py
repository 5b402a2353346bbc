"""Importing JSON: an array of paper objects, or JSON Lines (one object per line).

Paper-list exports carry more than title and abstract: `site`/`pdf` links, a
whole BibTeX entry as a string (`bibtex`), `track`, `status`, and authors as
one string. The URL comes from `site` (else `pdf`, which `extra` keeps when
the URL is the site); year, venue and DOI from the embedded BibTeX, else
from a file name such as `nips2018.json`, which also names the list
("NeurIPS 2018"). The embedded entry's key becomes the paper's citation key,
and its fields are kept as written (`ingest.bibtex_raw`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tui.core.errors import InputFileError
from tui.core.ingest.bibtex_raw import KEY, RAW, TYPE, kept_fields
from tui.core.ingest.embedded import bibtex_fields
from tui.core.ingest.fields import BadField, clean_doi, kind_of, names_field, text_field, year_field
from tui.core.ingest.json_stream import Broken
from tui.core.ingest.parsed import ParsedFile, Sink
from tui.core.models import Paper, abstract_basis, normalize_space, paper_id
from tui.core.render.venues import venue_from_file_name

if TYPE_CHECKING:
    from tui.core.ingest.json_stream import Take

#: Each paper field and the keys it may come under, first found wins.
KEYS: dict[str, tuple[str, ...]] = {
    "title": ("title", "paper"),
    "abstract": ("abstract", "summary"),
    "authors": ("authors", "author", "author_site"),  # author_site: a paper list's authors when `author` is empty
    "venue": ("venue", "list", "journal", "booktitle"),
    "year": ("year",),
    "url": ("url", "link", "site", "pdf"),
    "doi": ("doi",),
    "tags": ("tags", "keywords"),
}
#: Keys of a wrapper object whose value is the array of papers.
WRAPPERS = ("papers", "items", "entries", "records", "data")


#: Each key a paper field may come under -> (the field, the key's rank among the field's keys: first wins).
_FIELD_OF = {key: (name, rank) for name, keys in KEYS.items() for rank, key in enumerate(keys)}


def _fields(obj: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(field -> the value of its first key that is not empty (None, "", []), the keys no field knows)
    in one pass over the object: every entry of a 50,000-paper file comes through here."""
    found: dict[str, Any] = {}
    ranks: dict[str, int] = {}
    extra: dict[str, Any] = {}
    for key, value in obj.items():
        where = _FIELD_OF.get(key)
        if where is None:
            if key != "bibtex":
                extra[key] = value
        elif value is not None and value != "" and value != []:
            name, rank = where
            if rank < ranks.get(name, len(_FIELD_OF)):
                found[name] = value
                ranks[name] = rank
    return found, extra


def _plain(value: str) -> str:
    """A BibTeX field value on one line: case-protection braces gone, accents decoded."""
    if not value:
        return ""
    if "\\" in value:
        from tui.core.render.latex import to_unicode

        value = to_unicode(value)
    return normalize_space(value.replace("{", "").replace("}", ""))


_ENTRY = re.compile(r"@\s*(\w+)\s*\{\s*([^,\s]+)\s*,")
_NO_DEFAULTS: dict[str, str] = {}


def _paper_and_basis(
    obj: Any, default_list: str, defaults: dict[str, str] | None = None, known: dict[str, str] | None = None
) -> tuple[Paper, tuple[str, bool]]:
    """One JSON object as a Paper, and the `abstract_basis` its id was made from (the sink keys it without
    normalizing and hashing the abstract again); raises BadField saying why it cannot be one.

    `defaults` (venue, year) come from the file name and fill what the record and its embedded BibTeX
    leave empty; `known`: author names seen (`fields.names_field`). Every entry of a 50,000-paper file
    comes through here: fields that are empty are not cleaned."""
    if not isinstance(obj, dict):
        raise BadField(f"is {kind_of(obj)}, not an object")
    found, extra = _fields(obj)
    get = found.get
    # A field the record lacks is not cleaned (`_fields` leaves out None, "" and []): most records lack several.
    title = normalize_space(text_field("title", value)) if (value := get("title")) is not None else ""
    abstract = text_field("abstract", value) if (value := get("abstract")) is not None else ""
    if not title and not abstract:
        raise BadField("has no title and no abstract")
    bibtex = obj.get("bibtex")
    if not isinstance(bibtex, str):
        bibtex = ""  # only a string holds an entry (`bibtex_fields`)
    bib = bibtex_fields(bibtex) if bibtex else _NO_DEFAULTS
    defaults = defaults or _NO_DEFAULTS
    venue = normalize_space(text_field("venue", value)) if (value := get("venue")) is not None else ""
    if not venue:
        venue = (_plain(bib.get("booktitle") or bib.get("journal") or "") if bib else "") or defaults.get("venue", "")
    year = year_field(value) if (value := get("year")) is not None else ""
    if not year:
        year = (_plain(bib.get("year", "")) if bib else "") or defaults.get("year", "")
    doi = text_field("doi", value) if (value := get("doi")) is not None else ""
    doi = (clean_doi(doi) if doi else "") or (clean_doi(_plain(value)) if (value := bib.get("doi")) else "")
    url = text_field("url", value) if (value := get("url")) is not None else ""
    if not url and bib:
        url = _plain(bib.get("url", ""))
    list_name = obj.get("list")
    list_name = normalize_space(list_name) if isinstance(list_name, str) and list_name.strip() else default_list
    if (pdf := obj.get("pdf")) and isinstance(pdf, str) and pdf.strip() != url:
        extra["pdf"] = pdf.strip()  # the PDF link, when the URL is another page (the site)
    entry = _ENTRY.search(bibtex) if bib else None
    basis = abstract_basis(abstract)
    paper = Paper(
        id=paper_id(abstract, title, basis),
        abstract=abstract,
        list=list_name,
        title=title,
        authors=names_field("authors", value, known) if (value := get("authors")) is not None else (),
        year=year,
        venue=venue,
        url=url,
        doi=doi,
        tags=names_field("tags", value) if (value := get("tags")) is not None else (),
        extra=extra,
    )
    if entry is not None:  # the embedded entry as written (an export gives it back), but what the record says already
        entry_type = entry.group(1).lower()
        extra.update({TYPE: entry_type, KEY: entry.group(2), RAW: kept_fields(bib, paper, entry_type)})
        paper.citekey = entry.group(2)
    return paper, basis


def _label(obj: Any, where: str) -> str:
    """How a skipped entry is named in the report: its place, and its title when it has one."""
    if isinstance(obj, dict):
        title = obj.get("title") or obj.get("paper")
        if isinstance(title, str) and title.strip():
            short = normalize_space(title)
            return f"{where} ({short[:60]}{'…' if len(short) > 60 else ''})"
    return where


def _collect(
    objects: list[tuple[str, Any]], parsed: ParsedFile, shared: dict[str, str] | None = None, bases: list[tuple[str, bool]] | None = None
) -> ParsedFile:
    """Papers (or skip reasons) for `objects`, into `parsed`; the `abstract_basis` of each paper into `bases`.

    Author names, venues and years repeat across a file (22,000 distinct names
    among 225,000 in a 50,000-paper export): each is cleaned and kept once,
    through `shared`, which a file read in slices passes to every slice.
    """
    venue, year = venue_from_file_name(parsed.source.stem)
    defaults = {"venue": venue, "year": year}
    once = {} if shared is None else shared
    for where, obj in objects:
        if isinstance(obj, Broken):
            parsed.skipped.append(f"{where}: {obj.reason}")
            continue
        try:
            paper, basis = _paper_and_basis(obj, parsed.name, defaults, once)
        except BadField as exc:
            parsed.skipped.append(f"{_label(obj, where)}: {exc}")
            continue
        paper.venue = once.setdefault(paper.venue, paper.venue)
        paper.year = once.setdefault(paper.year, paper.year)
        parsed.papers.append(paper)
        if bases is not None:
            bases.append(basis)
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
            objects.append((f"line {number}", Broken(f"not valid JSON ({exc})")))
    if not objects:
        raise InputFileError(source, "is empty")
    return _collect(objects, parsed)


def looks_like_json_lines(text: str) -> bool:
    """Several lines that each start with `{`: JSON Lines rather than one JSON value."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    return len(lines) > 1 and all(line.startswith("{") for line in lines[:3]) and not text.lstrip().startswith("[")


def read_json_file(path: Path, *, maybe_csl: bool, sink: Sink | None = None) -> ParsedFile | None:
    """A `.json` file of paper objects read a slice at a time (`json_stream`), or None to read it whole.

    None when the file is anything but a plain UTF-8 array (the whole-file
    reader then names the problem), and, with `maybe_csl`, when its first
    64 KiB use CSL-JSON's keys (the CSL reader takes it). Each slice's
    papers go to `sink` as soon as they are made (the caller rolls the sink
    back when this answers None or raises).
    """
    from tui.core.ingest.json_stream import read_array
    from tui.core.ingest.textfile import check_file, os_error

    path = check_file(path)
    if maybe_csl:
        from tui.core.ingest.csl import looks_like_csl

        try:
            with open(path, "rb") as stream:
                head = stream.read(4 * 65536).decode("utf-8", errors="ignore")
        except OSError as exc:
            raise os_error(path, exc) from None
        if looks_like_csl(head[:65536]):
            return None
    parsed = _read_streamed(path, "json", read_array, sink)
    if parsed is not None and not parsed.papers and not parsed.skipped:
        raise InputFileError(path, "holds an empty JSON array")
    return parsed


def read_json_lines_file(path: Path, sink: Sink | None = None) -> ParsedFile | None:
    """A JSON Lines file read a block of lines at a time (`json_stream`), or None to read it whole
    (anything but plain UTF-8 with LF or CRLF line ends, or no entry at all)."""
    from tui.core.ingest.json_stream import read_lines
    from tui.core.ingest.textfile import check_file

    return _read_streamed(check_file(path), "jsonl", read_lines, sink)


def _read_streamed(path: Path, kind: str, read: Callable[[Path, Take], int | None], sink: Sink | None) -> ParsedFile | None:
    """The papers of a file `read` hands on a slice at a time, each slice's to `sink` as soon as they are made;
    None (and nothing to keep in `sink`) when `read` answers None or finds no entry."""
    from tui.core.ingest.textfile import os_error

    parsed = ParsedFile(path, kind, list_name(path))
    shared: dict[str, str] = {}

    def take(objects: list[tuple[str, Any]], share: float) -> None:
        before = len(parsed.papers)
        bases: list[tuple[str, bool]] = []
        _collect(objects, parsed, shared, bases)
        if sink is not None:
            sink.take(parsed.papers[before:], bases, share)

    try:
        count = read(path, take)
    except OSError as exc:
        raise os_error(path, exc) from None
    if count is None or (not count and kind == "jsonl"):
        return None
    return parsed
