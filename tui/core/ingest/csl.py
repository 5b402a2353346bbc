"""Importing CSL-JSON, the format Zotero, Mendeley and Better BibTeX export (and Crossref speaks).

The exports differ: Zotero writes a flat array with `date-parts` as strings,
Mendeley adds name particles and may wrap each item as `{"itemData": …}`
(citation clusters), Better BibTeX adds `citation-key` and `literal` or `raw`
dates. Crossref's `message` has the same keys with lists for titles and a
JATS-marked-up abstract. All of them come through `paper_from_csl`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson

from tui.core.errors import InputFileError
from tui.core.ingest.fields import BadField, clean_doi, kind_of, split_names
from tui.core.ingest.parsed import ParsedFile
from tui.core.models import Paper, id_as_key, normalize_space, paper_id

#: CSL keys that become Paper fields; every other key is kept in Paper.extra.
USED = {"title", "abstract", "author", "issued", "container-title", "DOI", "URL", "keyword", "event-title", "publisher"}
#: Keys only CSL-JSON uses: one of them near the top of a `.json` file means CSL.
_MARKERS = re.compile(r'"(container-title|date-parts|citation-key|citationItems|itemData|non-dropping-particle)"\s*:')
_YEAR = re.compile(r"\b(1[5-9]\d\d|2\d\d\d)\b")
_TAG = re.compile(r"<[^<>]{0,200}>")


def looks_like_csl(text: str) -> bool:
    """True when a JSON file uses keys only CSL-JSON has (checked in its first 64 KiB)."""
    return _MARKERS.search(text, 0, 65536) is not None


def _text(key: str, value: Any) -> str:
    """A CSL text value: a string, or (as Crossref writes titles) a list whose first string counts."""
    if value is None:
        return ""
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str) and v.strip()), "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise BadField(f"{key} is {kind_of(value)}, not text")
    return normalize_space(value)


def strip_markup(text: str) -> str:
    """An abstract without JATS/HTML tags (`<jats:p>`), paragraphs kept as blank lines."""
    if "<" not in text:
        return text.strip()
    text = re.sub(r"</?(jats:)?p(\s[^<>]*)?>", "\n\n", text)
    text = re.sub(r"<(jats:)?title>[^<]*</(jats:)?title>", "", text)  # "Abstract" headings
    text = _TAG.sub("", text)
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'"), ("&amp;", "&")):
        text = text.replace(entity, char)
    paragraphs = re.split(r"\n\s*\n", text)
    return "\n\n".join(normalize_space(p) for p in paragraphs if p.strip())


def author_name(person: Any) -> str:
    """One CSL name: `literal`, or given + particles + family + suffix."""
    if isinstance(person, str):
        return normalize_space(person)
    if not isinstance(person, dict):
        raise BadField(f"author holds {kind_of(person)}, not a name")
    literal = person.get("literal") or person.get("name")
    if isinstance(literal, str) and literal.strip():
        return normalize_space(literal)
    parts = [person.get(k) for k in ("given", "dropping-particle", "non-dropping-particle", "family")]
    name = " ".join(p for p in parts if isinstance(p, str) and p.strip())
    suffix = person.get("suffix")
    if name and isinstance(suffix, str) and suffix.strip():
        name += f", {suffix}" if person.get("comma-suffix") else f" {suffix}"
    return normalize_space(name)


def _authors(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(split_names(value))
    if not isinstance(value, list):
        raise BadField(f"author is {kind_of(value)}, not a list of names")
    return tuple(name for name in (author_name(p) for p in value) if name)


def year_of(issued: Any) -> str:
    """The year of a CSL date: `date-parts` (numbers or strings), `raw`/`literal`, or a bare string."""
    if issued is None or issued == "":
        return ""
    if isinstance(issued, (int, str)) and not isinstance(issued, bool):
        found = _YEAR.search(str(issued))
        return found.group() if found else ""
    if not isinstance(issued, dict):
        raise BadField(f"issued is {kind_of(issued)}, not a date")
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        first = parts[0][0]
        if isinstance(first, (int, str)) and not isinstance(first, bool):
            found = _YEAR.search(str(first))
            if found:
                return found.group()
    for key in ("raw", "literal", "season"):
        if isinstance(issued.get(key), str):
            found = _YEAR.search(issued[key])
            if found:
                return found.group()
    return ""


def _tags(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(split_names(value))
    if isinstance(value, list):
        return tuple(normalize_space(v) for v in value if isinstance(v, str) and v.strip())
    raise BadField(f"keyword is {kind_of(value)}, not text")


def paper_from_csl(item: Any, default_list: str) -> Paper:
    """One CSL item as a Paper; raises BadField saying why it cannot be one."""
    if isinstance(item, dict) and isinstance(item.get("itemData"), dict):
        item = item["itemData"]  # a Mendeley citation item
    if not isinstance(item, dict):
        raise BadField(f"is {kind_of(item)}, not an object")
    title = _text("title", item.get("title"))
    abstract = strip_markup(_text_block("abstract", item.get("abstract")))
    if not title and not abstract:
        raise BadField("has no title and no abstract")
    venue = (
        _text("container-title", item.get("container-title"))
        or _text("event-title", item.get("event-title"))
        or _text("publisher", item.get("publisher"))
    )
    extra = {k: v for k, v in item.items() if k not in USED}
    return Paper(
        id=paper_id(abstract, title),
        abstract=abstract,
        list=default_list,
        title=title,
        authors=_authors(item.get("author")),
        year=year_of(item.get("issued")),
        venue=venue,
        url=_text("URL", item.get("URL")),
        doi=clean_doi(_text("DOI", item.get("DOI"))),
        tags=_tags(item.get("keyword")),
        extra=extra,
        citekey=id_as_key(item.get("citation-key")) or id_as_key(item.get("id")),  # Better BibTeX's key, else an id a person chose
    )


def _text_block(key: str, value: Any) -> str:
    """Like `_text`, keeping line breaks (an abstract's paragraphs)."""
    if value is None:
        return ""
    if isinstance(value, list):
        value = "\n\n".join(v for v in value if isinstance(v, str))
    if not isinstance(value, str):
        raise BadField(f"{key} is {kind_of(value)}, not text")
    return value.strip()


def _items(data: Any) -> list[Any] | None:
    """The items of a CSL-JSON document: an array, one item, or Mendeley's citation clusters."""
    if isinstance(data, list):
        out: list[Any] = []
        for entry in data:
            if isinstance(entry, dict) and isinstance(entry.get("citationItems"), list):
                out.extend(entry["citationItems"])
            else:
                out.append(entry)
        return out
    if isinstance(data, dict):
        if isinstance(data.get("citationItems"), list):
            return list(data["citationItems"])
        if isinstance(data.get("items"), list):
            return list(data["items"])
        return [data]
    return None


def _label(item: Any, where: str) -> str:
    if isinstance(item, dict):
        item = item.get("itemData", item)
    if isinstance(item, dict) and isinstance(item.get("title"), str) and item["title"].strip():
        short = normalize_space(item["title"])
        return f"{where} ({short[:60]}{'…' if len(short) > 60 else ''})"
    return where


def parse_csl_json(text: str, source: Path) -> ParsedFile:
    """A CSL-JSON export; the whole file must parse, bad items are skipped with a reason."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise InputFileError(source, f"is not valid JSON ({exc}); nothing was imported from it") from None
    items = _items(data)
    if items is None:
        raise InputFileError(source, f"holds {kind_of(data)}; expected a CSL-JSON array of items")
    if not items:
        raise InputFileError(source, "holds no CSL-JSON items")
    name = source.stem.removesuffix(".csl")
    parsed = ParsedFile(source, "csl", name)
    for number, item in enumerate(items, 1):
        try:
            parsed.papers.append(paper_from_csl(item, name))
        except BadField as exc:
            parsed.skipped.append(f"{_label(item, f'item {number}')}: {exc}")
    return parsed
