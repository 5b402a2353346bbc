"""The plain-text list format: a header line naming the list, then one abstract per paragraph."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tui.core.errors import InputFileError
from tui.core.ingest.textfile import read_text
from tui.core.models import normalize_space

#: A first line longer than this reads as an abstract, not as a list's name.
MAX_HEADER_CHARS = 200


@dataclass
class ParsedList:
    """What a list file holds, before it meets the library."""

    name: str
    abstracts: list[str]
    source: Path
    warnings: list[str] = field(default_factory=list)


def split_paragraphs(text: str) -> list[str]:
    """Paragraphs separated by lines that are empty or hold only spaces/tabs.

    Lines inside a paragraph are joined with single spaces, so hard-wrapped
    abstracts read as one flowing paragraph.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    paragraphs = []
    for chunk in re.split(r"\n(?:[^\S\n]*\n)+", "\n" + text + "\n"):
        joined = normalize_space(chunk)
        if joined:
            paragraphs.append(joined)
    return paragraphs


def parse_list(text: str, source: str | Path = "<text>") -> ParsedList:
    """Parse list text; raise InputFileError naming the source when it holds no papers."""
    source = Path(source)
    if not text.strip("\ufeff"):
        raise InputFileError(source, "is empty")
    if not text.replace("\ufeff", "").split():  # any Unicode space counts (U+2028, U+3000, NBSP, …)
        raise InputFileError(source, "holds only whitespace")
    body = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    lines = body.split("\n")
    first = next(i for i, line in enumerate(lines) if line.strip())
    header = normalize_space(lines[first])
    warnings: list[str] = []
    rest = "\n".join(lines[first + 1 :])
    if len(header) > MAX_HEADER_CHARS:
        warnings.append(f"{source}: the first line reads as an abstract, so the list is named after the file")
        header = source.stem if source.name != "<text>" else "Imported"
        rest = body
    abstracts = split_paragraphs(rest)
    if not abstracts:
        raise InputFileError(source, f"has only a header line ({header!r}) and no abstracts")
    return ParsedList(name=header, abstracts=abstracts, source=source, warnings=warnings)


def read_list_file(path: str | Path) -> ParsedList:
    """Read and parse one list file, with errors that name it."""
    return parse_list(read_text(path), path)
