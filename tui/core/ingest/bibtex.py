"""Importing BibTeX: one paper per entry, LaTeX in names decoded, the entry kept as written.

A file of plain entries is read by `bibtex_scan`, any other by bibtexparser v2 (the same entries either way).

The abstract is stored as written (LaTeX and all), and so is the math of a
title (`$k$-SAT` stays `$k$-SAT`): every place that shows a title renders it,
the same way for every source. Case-protection braces and accents outside
math are resolved at import; authors and venues are decoded whole.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from tui.core.errors import InputFileError
from tui.core.ingest.bibtex_raw import KEY, RAW, TYPE, kept_fields
from tui.core.ingest.bibtex_scan import Entry, scan
from tui.core.ingest.fields import clean_doi, split_names
from tui.core.ingest.parsed import ParsedFile
from tui.core.models import Paper, normalize_space, paper_id
from tui.core.render.latex import to_unicode
from tui.core.render.text import one_line

# bibtexparser logs each block it cannot parse; we report those ourselves, once.
logging.getLogger("bibtexparser").addHandler(logging.NullHandler())
logging.getLogger("bibtexparser").propagate = False

#: Fields of a proceedings (or book) entry its papers inherit when they lack them (besides booktitle and year).
FROM_VOLUME = ("editor", "publisher", "volume", "series", "address")
#: Entry types that describe a whole volume, not a paper; their venue and year are the default.
VOLUME_TYPES = {"proceedings", "book"}


def _top_level_split(text: str, sep: re.Pattern[str]) -> list[str]:
    """Split at `sep` only outside braces: `{Barnes and Noble}` is one author."""
    if "{" not in text and "}" not in text:  # most author fields: every separator is outside braces
        return [p.strip() for p in re.split(sep.pattern, text) if p.strip()]  # (the pattern as the loop reads it)
    return brace_aware_split(text, sep)


def brace_aware_split(text: str, sep: re.Pattern[str]) -> list[str]:
    """`_top_level_split` a brace at a time (what a field with braces needs)."""
    parts, depth, start = [], 0, 0
    for m in re.finditer(r"[{}]|" + sep.pattern, text):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(text[start : m.start()])
            start = m.end()
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


_AND = re.compile(r"\s+and\s+", re.I)
_COMMA = re.compile(r",")


def decode(text: str) -> str:
    """LaTeX accents and braces as Unicode, on one line."""
    return normalize_space(to_unicode(text))


def decode_title(text: str) -> str:
    """A BibTeX title with braces and accents resolved outside math; math kept as source, for display to render."""
    out, pos, i, n = [], 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch != "$":
            i += 1
            continue
        j, depth = i + 1, 0
        while j < n and not (text[j] == "$" and depth == 0):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 2 if text[j] == "\\" else 1
        if j >= n:
            break
        out += [_unbraced(text[pos:i]), text[i : j + 1]]
        pos = i = j + 1
    out.append(_unbraced(text[pos:]))
    return normalize_space("".join(out))


def _unbraced(part: str) -> str:
    """Running title text decoded; a case-protection brace left open by math next to it (`{$k$-SAT}`) goes too."""
    return to_unicode(part).replace("{", "").replace("}", "")


def latex_paragraphs(text: str) -> str:
    """Whitespace as LaTeX reads it: a single line break is a space, a blank line ends a paragraph."""
    paragraphs = re.split(r"\n[^\S\n]*\n\s*", text.strip())
    return "\n\n".join(normalize_space(p) for p in paragraphs if p.strip())


def author_names(field: str, known: dict[str, str] | None = None) -> tuple[str, ...]:
    """BibTeX authors ("Last, First and First Last and others") as display names.

    `known`: each name as written -> as shown, for a file whose authors repeat (each is then decoded once).
    """
    names = []
    for raw in _top_level_split(field, _AND):
        name = known.get(raw) if known is not None else None
        if name is None:
            name = _author_name(raw)
            if known is not None:
                known[raw] = name
        if name:
            names.append(name)
    return tuple(names)


def _author_name(raw: str) -> str:
    parts = _top_level_split(raw, _COMMA)
    if len(parts) == 2:
        raw = f"{parts[1]} {parts[0]}"
    elif len(parts) == 3:  # Last, Jr, First
        raw = f"{parts[2]} {parts[0]} {parts[1]}"
    name = decode(raw)
    return "et al." if name.lower() == "others" else name


def _refuse_truncated(text: str, failed: list[Any], source: Path) -> None:
    """A file whose last entry is still open at its end was cut short (a copy or download that stopped): refused
    whole, as a truncated JSON file is, rather than imported without what was lost (`InputFileError`).

    An entry left open in the middle of a file ends where the next `@` starts: it is a malformed entry,
    skipped and named, and the rest of the file comes in.
    """
    tail = text.rstrip()
    for block in failed:
        raw = (block.raw or "").rstrip()
        error = getattr(block, "error", None)
        if raw and tail.endswith(raw) and error is not None and "Aborted" in type(error).__name__:
            line = (block.start_line or 0) + 1
            head = one_line(normalize_space(raw[:40]))
            raise InputFileError(
                source,
                f"ends inside the entry at line {line} ({head}…): the file is cut short; nothing was imported from it",
            )


def _repeated_fields(failed: list[Any]) -> tuple[list[Any], list[Entry]]:
    """Entries bibtexparser refuses for a field given twice (PMLR's COLT 2025 repeats `section`) read as BibTeX
    itself reads them, the first value kept; the other failed blocks as they were."""
    kept: list[Any] = []
    entries: list[Entry] = []
    for block in failed:
        whole = getattr(block, "ignore_error_block", None)
        if type(block).__name__ != "DuplicateFieldKeyBlock" or whole is None or not hasattr(whole, "fields"):
            kept.append(block)
            continue
        fields: dict[str, str] = {}
        for f in whole.fields:
            if f.key.lower() not in {k.lower() for k in fields}:
                fields[f.key] = f.value
        entries.append(Entry(whole.key, whole.entry_type, fields, block.start_line or 0))
    return kept, entries


def parse_bibtex(text: str, source: Path) -> ParsedFile:
    """Every entry with a title or an abstract becomes a paper; the others are reported as skipped."""
    entries = scan(text)
    failed: list[Any] = []
    if entries is None:  # not the plain shape `scan` reads: bibtexparser's splitter, a mark at a time
        import bibtexparser

        try:
            library = bibtexparser.parse_string(text)
        except Exception as exc:  # the parser's own failure: nothing sensible can come of the file
            why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__  # never "()"
            raise InputFileError(source, f"could not be parsed as BibTeX ({why}); nothing was imported from it") from None
        entries = [Entry(e.key, e.entry_type, {k: v.value for k, v in e.fields_dict.items()}, e.start_line or 0) for e in library.entries]
        failed = library.failed_blocks
        _refuse_truncated(text, failed, source)
        failed, repeated = _repeated_fields(failed)
        if repeated:  # in file order, among the others
            entries = sorted([*entries, *repeated], key=lambda e: e.start_line)
    if not entries and not failed:
        raise InputFileError(source, "holds no BibTeX entries")
    volumes = {e.key: e for e in entries if e.entry_type.lower() in VOLUME_TYPES}
    only_volume = next(iter(volumes.values())) if len(volumes) == 1 else None
    name = source.stem
    if only_volume is not None:
        f = {k.lower(): v for k, v in only_volume.fields.items()}
        short = decode(f.get("shortname", ""))
        if short:
            name = f"{short} {decode(f.get('year', ''))}".strip()
    parsed = ParsedFile(source, "bibtex", name)
    skipped: list[tuple[int, str]] = []
    known: dict[str, str] = {}  # author names repeat across a file: each decoded once
    for block in failed:
        what = type(block).__name__
        error = getattr(block, "error", None)
        reason = "a duplicate entry key" if what == "DuplicateBlockKeyBlock" else "not valid BibTeX"
        if error is not None and what != "DuplicateBlockKeyBlock":
            if "Aborted" in type(error).__name__:
                detail = "a brace or quote is not closed, or the file ends inside the entry"
            else:
                detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            reason += f": {detail}"
        head = normalize_space((block.raw or "")[:40])
        line = block.start_line or 0  # the parser sets both on every block it read
        skipped.append((line, f"line {line + 1} ({head}…): {reason}"))
    for entry in entries:
        if entry.key in volumes:
            continue
        fields = {k.lower(): v for k, v in entry.fields.items()}
        volume = volumes.get(fields.get("crossref", "")) or only_volume
        vfields = {k.lower(): v for k, v in volume.fields.items()} if volume is not None else {}
        title = decode_title(fields.get("title", ""))
        abstract = latex_paragraphs(fields.get("abstract", ""))
        line = entry.start_line
        key = one_line(entry.key.replace("\ufeff", " "))  # a key is the reader's to see on one line: no break, no escape
        where = f"line {line + 1} ({key})" if key else f"line {line + 1}"
        if not title and not abstract:
            skipped.append((line, f"{where}: has no title and no abstract"))
            continue
        venue = fields.get("journal") or fields.get("booktitle") or vfields.get("booktitle") or vfields.get("title", "")
        entry_type = entry.entry_type.lower()
        paper = Paper(
            id=paper_id(abstract, title),
            abstract=abstract,
            list=name,
            title=title,
            authors=author_names(fields.get("author", ""), known),
            year=decode(fields.get("year") or vfields.get("year", "")),
            venue=decode(venue),
            url=fields.get("url", "").strip(),
            doi=clean_doi(fields.get("doi", "")),
            tags=tuple(decode(t) for t in split_names(fields.get("keywords", "")) if decode(t)),
            citekey=entry.key,
        )
        # Every field as written (an export gives the entry back), completed from its proceedings where it lacked them.
        inherited = {k: vfields[k] for k in FROM_VOLUME if k in vfields and k not in fields}
        paper.extra = {KEY: entry.key, TYPE: entry_type, RAW: kept_fields({**fields, **inherited}, paper, entry_type)}
        parsed.papers.append(paper)
    parsed.skipped = [reason for _, reason in sorted(skipped, key=lambda s: s[0])]
    return parsed
