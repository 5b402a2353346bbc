"""Reading import files of every format: pick the reader by extension (or content), expand folders."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tui.core.errors import InputFileError, os_reason
from tui.core.ingest.lists import ParsedList, parse_list
from tui.core.ingest.parsed import STDIN_LIST, STDIN_NAME, ParsedFile, Sink
from tui.core.ingest.textfile import read_text
from tui.core.models import Paper, paper_id
from tui.core.render.text import visible

#: File extensions paperdesk imports, and the format each means.
FORMATS = {
    ".txt": "list",
    ".bib": "bibtex",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csljson": "csl",
    ".ris": "ris",
}


def parsed_from_list(parsed: ParsedList) -> ParsedFile:
    """A plain-text list as papers (abstract only; the title is derived at import)."""
    papers = [Paper(paper_id(a), a, parsed.name) for a in parsed.abstracts]
    return ParsedFile(parsed.source, "list", parsed.name, papers, warnings=list(parsed.warnings))


def sniff(text: str, path: Path) -> str:
    """The format of a file: its extension when known, else a look at its first characters."""
    kind = FORMATS.get(path.suffix.lower())
    head = text.lstrip("\ufeff \t\n")
    if kind == "json" or (not kind and head[:1] in "[{"):
        from tui.core.ingest.csl import looks_like_csl

        if looks_like_csl(text):
            return "csl"
    if kind == "list" and head.startswith("TY  -"):
        return "ris"  # RIS saved as .txt (some Mendeley and publisher exports)
    if kind:
        return kind
    if head.startswith("TY  -"):
        return "ris"
    if head.startswith("@"):
        return "bibtex"
    if head.startswith("["):
        return "json"
    if head.startswith("{"):
        from tui.core.ingest.jsonlist import looks_like_json_lines

        return "jsonl" if looks_like_json_lines(text) else "json"
    return "list"


def read_import(path: str | Path, kind: str | None = None, sink: Sink | None = None) -> ParsedFile:
    """Read and parse one file of any supported format; InputFileError (naming it) when impossible.

    `kind` ("list", "bibtex", "json", "jsonl", "csl", "ris") forces the format; otherwise the
    extension decides, else the content. Its papers go to `sink` too: a slice at a time as they
    are read (a JSON array), else all at once; on an error, none.
    """
    path = Path(path)
    mark = sink.mark() if sink is not None else 0
    try:
        streamed = kind or FORMATS.get(path.suffix.lower())
        if streamed in ("json", "jsonl"):
            from tui.core.ingest.jsonlist import read_json_file, read_json_lines_file

            parsed = read_json_file(path, maybe_csl=kind is None, sink=sink) if streamed == "json" else read_json_lines_file(path, sink)
            if parsed is not None:
                return parsed
            if sink is not None:
                sink.rollback(mark)  # read whole from here on
        parsed = parse_import(read_text(path), path, kind)
    except BaseException:
        if sink is not None:
            sink.rollback(mark)
        raise
    if sink is not None:
        sink.take(parsed.papers)
    return parsed


def read_stdin(data: bytes, kind: str | None = None, sink: Sink | None = None) -> ParsedFile:
    """Parse what came on standard input (`import -`): the format is `kind`, else read from the content."""
    from tui.core.ingest.textfile import decode_text

    text = decode_text(data, STDIN_NAME).replace("\r\n", "\n").replace("\r", "\n")
    parsed = parse_import(text, Path(STDIN_NAME), kind)
    if parsed.name == STDIN_NAME:  # named after the "file": standard input has no name a list should carry
        parsed.name = STDIN_LIST
        for paper in parsed.papers:
            if paper.list == STDIN_NAME:
                paper.list = STDIN_LIST
    if sink is not None:
        sink.take(parsed.papers)
    return parsed


def parse_import(text: str, path: Path, kind: str | None = None) -> ParsedFile:
    """Parse `text` read from `path` as `kind` (sniffed when None)."""
    kind = kind or sniff(text, path)
    if kind != "list" and not text.strip("\ufeff \t\n"):
        raise InputFileError(path, "is empty")
    text = text.lstrip("\ufeff")
    if kind == "bibtex":
        from tui.core.ingest.bibtex import parse_bibtex

        return parse_bibtex(text, path)
    if kind == "json":
        from tui.core.ingest.jsonlist import parse_json

        return parse_json(text, path)
    if kind == "jsonl":
        from tui.core.ingest.jsonlist import parse_json_lines

        return parse_json_lines(text, path)
    if kind == "csl":
        from tui.core.ingest.csl import parse_csl_json

        return parse_csl_json(text, path)
    if kind == "ris":
        from tui.core.ingest.ris import parse_ris

        return parse_ris(text, path)
    return parsed_from_list(parse_list(text, path))


def expand(path: str | Path) -> list[Path]:
    """A file as itself; a folder as every supported file inside it (hidden ones aside), sorted."""
    path = Path(path)
    if not path.is_dir():
        return [path]
    try:
        found = sorted(
            p
            for p in path.rglob("*")
            if p.suffix.lower() in FORMATS
            and p.is_file()
            and not any(part.startswith(".") for part in p.relative_to(path).parts)
        )
    except OSError as exc:
        raise InputFileError(path, f"cannot be listed ({os_reason(exc)})") from None
    if not found:
        kinds = ", ".join(sorted(FORMATS))
        raise InputFileError(path, f"is a directory with no files paperdesk can import ({kinds})")
    return found


def read_imports(
    paths: list[str | Path], kind: str | None = None, stdin: Callable[[], bytes] | None = None, sink: Sink | None = None,
    list_name: str | None = None,
) -> tuple[list[ParsedFile], list[str]]:
    """Parse every file (folders expanded): the parsed files, and one error line per file that failed.

    `-` reads `stdin()` (once) when it is given; `kind` forces the format of every file. The
    papers of the parsed files go to `sink` as they are read, in the order of the files.
    `list_name` puts every paper read in that list, whatever its file calls it.
    """
    parsed, errors = [], []
    for name in paths:
        if str(name) == "-" and stdin is not None:
            try:
                parsed.append(_named(read_stdin(stdin(), kind, sink), list_name))
            except InputFileError as exc:
                errors.append(str(exc))
            continue
        try:
            files = expand(name)
        except InputFileError as exc:
            errors.append(str(exc))
            continue
        for file in files:
            try:
                parsed.append(_named(read_import(file, kind, sink), list_name))
            except InputFileError as exc:
                errors.append(str(exc))
    return parsed, errors


def _named(parsed: ParsedFile, list_name: str | None) -> ParsedFile:
    """`parsed` with its papers in `list_name` (when given): a paper's list is not part of its id or match keys."""
    if list_name:
        parsed.name = list_name
        for paper in parsed.papers:
            paper.list = list_name
    return parsed


#: Files the import path box offers besides the readers' formats: a Zotero database (zotero.sqlite, `import_files`).
DATABASE_SUFFIXES = (".sqlite",)


def path_matches(value: str) -> list[str]:
    """Every folder and importable file (a reader's format or a Zotero database) whose path starts with `value`, as
    the user typed it, in name order: what Tab completes and cycles through in the import dialog.

    `~` is expanded for the lookup but kept in the answer; folders end with `/`;
    hidden entries show only once the user types the dot.
    """
    if not value:
        return []
    head, tail = os.path.split(value)
    folder = Path(os.path.expanduser(head or "."))
    try:
        names = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    found = []
    for entry in names:
        name = entry.name
        if not name.startswith(tail):
            continue
        if name.startswith(".") and not tail.startswith("."):
            continue
        if name != visible(name):  # a control character in a file name: never put it in the input raw
            continue
        try:
            is_dir = entry.is_dir()
        except OSError:
            continue
        if not is_dir and Path(name).suffix.lower() not in FORMATS and Path(name).suffix.lower() not in DATABASE_SUFFIXES:
            continue
        found.append(os.path.join(head, name) + ("/" if is_dir else ""))
    return found


def complete_path(value: str) -> str | None:
    """The first folder or importable file whose path starts with `value` and is more than it (`path_matches`)."""
    return next((found for found in path_matches(value) if found != value), None)


def tab_completion(value: str, matches: list[str]) -> str | None:
    """What a first Tab makes of `value`: the one match, or the longest start all `matches` share when it is longer
    than `value` (`ref` -> `refs-`); None when it adds nothing (the dialog then cycles through the matches)."""
    if len(matches) == 1:
        return matches[0] if matches[0] != value else None
    common = os.path.commonprefix(matches)
    return common if len(common) > len(value) else None
