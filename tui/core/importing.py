"""An import's steps below `library.import_paths`: notes exports restored, paper files read, then matched and written.

`library` opens the library and refuses a held or read-only one; these
functions get it open and put what happened into one `ImportOutcome`,
telling the import's `Watch` each step (so the caller sees progress, and a
cancel stops the import before papers.json is written).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.core.ingest.parsed import ImportOutcome, ParsedFile
from tui.core.ingest.watch import READING, WRITING, Watch

if TYPE_CHECKING:
    from tui.core.ingest.incoming import Incoming
    from tui.core.ingest.merge import MergePlan


def _is_dir(path: Path) -> bool:
    """`Path.is_dir`, False for a name the system refuses (too long, say): the reader then names the file and why."""
    try:
        return path.is_dir()
    except OSError:
        return False


def is_notes_export(name: str | os.PathLike[str]) -> bool:
    """A per-paper notes export (`export.notes_import`). Only a `.md` file or a folder can be one: anything
    else is known not to be without loading the notes importer (which `import` of a paper list never needs)."""
    path = Path(name)
    if str(name) == "-" or not (path.suffix.lower() == ".md" or _is_dir(path)):
        return False
    from tui.core.export.notes_import import is_notes_export as is_export

    return is_export(name)


def restore_notes(library: Any, sources: Sequence[str | os.PathLike[str]], force: bool, outcome: ImportOutcome, watch: Watch) -> None:
    """Restore the annotations of each notes export (one write each) into the open, writable `library`."""
    from tui.core.export.notes_import import import_notes

    for source in sources:
        watch.step(WRITING, 0)  # quick, and written as it goes: no stopping half-way through
        report = import_notes(library, source, force=force)
        for line in report.lines():
            outcome.add("line", line)
        for error in report.errors:
            outcome.add("error", error)
        outcome.failed = outcome.failed or bool(report.conflicts)
        outcome.notes_matched += len(report.changed) + report.unchanged + len(report.conflicts)
        outcome.notes_unmatched += len(report.unmatched)
        outcome.notes_restored += len(report.changed)


def read_papers(
    paths: Sequence[str | os.PathLike[str]], kind: str | None, stdin: Callable[[], bytes] | None, watch: Watch, list_name: str | None = None
) -> tuple[list[ParsedFile], list[str], Incoming]:
    """Parse the paper files (`ingest.readers.read_imports`), counting entries as they come: parsed files, errors, their sink.
    `list_name`: the list every paper goes to, whatever its file calls it."""
    from tui.core.ingest.incoming import Incoming
    from tui.core.ingest.readers import read_imports

    watch.step(READING, 0)
    incoming = Incoming(watch.reading)  # each slice of papers is keyed, and its abstracts put on disk, as it is read
    parsed, errors = read_imports([p if isinstance(p, str) else Path(p) for p in paths], kind, stdin, incoming, list_name)
    return parsed, errors, incoming


def add_read(library: Any, parsed: list[ParsedFile], incoming: Incoming, outcome: ImportOutcome, watch: Watch) -> None:
    """Match the parsed papers against the open, writable `library` and write them once (`Library.add_papers`)."""

    def before_write(plan: MergePlan) -> None:
        watch.writing(len(plan.added) + len(plan.replaced))  # the last step: the write begins

    for report in library.add_papers(parsed, progress=watch.matching, prepared=incoming, before_write=before_write):
        outcome.add_report(report)


def refused_input(paths: Sequence[str | os.PathLike[str]], exc: OSError) -> str | None:
    """The one line for a system error on one of the import's own inputs (a name too long to open, say), or None
    when the error is elsewhere (the library's write, which the caller words)."""
    from tui.core.errors import os_reason

    if exc.filename is None:
        return None
    named = os.path.abspath(os.path.expanduser(str(exc.filename)))
    for path in paths:
        given = os.path.abspath(os.path.expanduser(str(path)))
        if named == given or named.startswith(given + os.sep):
            return f"{exc.filename}: cannot be read ({os_reason(exc)}); nothing imported"
    return None


def unexpected_error(paths: Sequence[str | os.PathLike[str]], exc: Exception, writing: bool) -> str:
    """The one line for an import stopped by an error no reader foresaw (a bug, or a file of a shape never met):
    the files, the error's type and words, and what it left: nothing, unless the library was being written."""
    names = ", ".join(str(p) for p in paths) or "the import"
    words = " ".join(str(exc).split())
    what = f"{type(exc).__name__}: {words}" if words else type(exc).__name__
    left = "it came while the library was being written, which lands whole or not at all" if writing else "nothing imported"
    return f"{names}: could not be imported (unexpected {what[:200]}); {left}"
