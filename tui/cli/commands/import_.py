"""`paperdesk import`: its arguments, its progress on a terminal, what Ctrl+C does, and the report.

The import itself is `tui.core.usecases.imports.import_paths`.
Ctrl+C follows the app's Esc: before papers.json is being written it stops the
import (nothing imported, one line, exit status 130); once the write has begun
it waits for the write to finish, and says so.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from tui.cli.exits import EXIT_FAIL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, PROG
from tui.cli.folder import library_folder
from tui.cli.options import complete
from tui.cli.progress import ProgressBar
from tui.core import collector
from tui.core.errors import Cancelled, PaperdeskError

#: `paperdesk import --format`: force one reader instead of the extension or content.
IMPORT_FORMATS = ("list", "bibtex", "json", "jsonl", "csl", "ris")


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `import` subcommand."""
    imp = make(
        "import",
        parents=[common],
        help="add papers from lists, BibTeX, JSON, CSL-JSON or RIS files (or folders of them, or - for standard input)",
        description="Add papers to the library from plain-text lists (a header line naming the list, "
        "then one abstract per paragraph), BibTeX (.bib), JSON arrays (.json) or JSON Lines (.jsonl), "
        "CSL-JSON (Zotero, Mendeley, Better BibTeX exports; .json or .csljson) or RIS (.ris); "
        "a folder imports every such file inside, and - reads standard input (its format is told from "
        "its content). Papers already stored (same id, DOI, title, or a near-identical abstract) are "
        "merged: new fields fill in, notes stay.",
    )
    files = imp.add_argument(
        "files", nargs="*", metavar="FILE_OR_DIR", help="file(s) or folder(s) to import (a zotero.sqlite too); - reads standard input"
    )
    complete(files, "FILE")
    imp.add_argument(
        "--format",
        choices=IMPORT_FORMATS,
        default=None,
        help="read every input as this format, whatever its extension or content",
    )
    imp.add_argument(
        "--list",
        dest="list_name",
        metavar="NAME",
        default=None,
        help="put the papers in the list NAME, whatever the files call it (default: a list's header line, "
        "else the file's name; for -, Imported unless its first line names a list)",  # ingest.parsed.STDIN_LIST
    )
    imp.add_argument(
        "--force",
        action="store_true",
        help="notes exports: take the file's version where the library changed since the export",
    )
    imp.add_argument(
        "--zotero",
        action="store_true",
        help="import the Zotero library in the default data folder (~/Zotero, or the dataDir in Zotero's prefs); "
        "Zotero's files are read from a copy, never written",
    )
    imp.add_argument("--zotero-automatic-tags", action="store_true", default=None, help="Zotero: bring automatic tags too (setting zotero_automatic_tags)")
    imp.add_argument("--zotero-groups", action="store_true", default=None, help="Zotero: read group libraries too (setting zotero_groups)")


class ImportProgress:
    """The import's `progress(stage, done, total)`: a line on a terminal's stderr, and the Ctrl+C rule.

    Entries read are counted (with a bar against the estimate of how many the
    file holds, when its reader can tell), then matching draws the bar (for
    imports of `LARGE_IMPORT` papers or more). The stage it was last told decides what
    Ctrl+C does (`interrupt`).
    """

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        from tui.core.ingest.parsed import LARGE_IMPORT

        self.stream, self.enabled, self.large = stream, enabled, LARGE_IMPORT
        self.stage = ""
        self.interrupted = False  # Ctrl+C came while the library was being written
        self._reading = ProgressBar(stream, enabled, verb="importing")
        self._matching: ProgressBar | None = None
        self._read_at = time.monotonic()  # when the last entries were read: where matching starts

    def __call__(self, stage: str, done: int, total: int) -> None:
        from tui.core.ingest.watch import MATCHING, READING, WRITING

        self.stage = stage
        if stage == READING:
            self._read_at = time.monotonic()
        if self.interrupted and stage != WRITING:
            raise Cancelled  # the notes were being written when Ctrl+C came: the papers are not imported
        if stage == READING and total >= self.large:  # the file's share read gives an estimate of its entries
            self._reading(done, total, "entries read", about=True)
        elif stage == READING and done >= self.large:
            self._reading.tally(done, "entries read")
        elif stage == MATCHING and total >= self.large:
            if self._matching is None:  # its own clock, from the end of reading: the rate and time left are the matching's
                self._matching = ProgressBar(self.stream, self.enabled, verb="importing")
                self._matching.start = self._read_at
            self._matching(done, total)

    def interrupt(self, signum: int, frame: Any) -> None:
        """SIGINT: stop the import (`Cancelled`), unless the library is being written: then let it finish."""
        from tui.core.ingest.watch import WRITING

        if self.stage == WRITING:
            self.interrupted = True
            return
        raise Cancelled


def run(args: argparse.Namespace) -> int:
    """Import into the library of `args` (`cmd_import`)."""
    return cmd_import(args, library_folder(args))


def cmd_import(args: argparse.Namespace, library_dir: Path) -> int:
    """Import lists, BibTeX, JSON and notes exports (- is standard input); print what happened, in order.

    Exit status 0 when something came in (added or merged), 1 when a file or
    the library could not be used or every entry was skipped, 130 when
    Ctrl+C stopped the import before it wrote.
    """
    from tui.core.heap import reuse_freed_memory
    from tui.core.library import LibraryFolder
    from tui.core.usecases.imports import import_paths

    files = list(args.files)
    if getattr(args, "zotero", False):
        from tui.core.errors import InputFileError
        from tui.core.ingest.zotero.locate import find_database

        try:
            files.append(str(find_database()))
        except InputFileError as exc:
            print(f"{PROG}: {exc}", file=sys.stderr)
            return EXIT_FAIL
    if not files:
        print(f"{PROG} import: give a file or folder to import, or --zotero", file=sys.stderr)
        return EXIT_USAGE
    reuse_freed_memory()  # an import frees and allocates megabytes at a time: fewer page faults
    progress = ImportProgress(sys.stderr, sys.stderr.isatty())
    main_thread = threading.current_thread() is threading.main_thread()  # signals are only for the main thread
    previous = signal.signal(signal.SIGINT, progress.interrupt) if main_thread else None
    try:
        # Every paper read lives until the process ends, and makes almost no garbage: the cyclic
        # collector would only rescan them, over and over, and once
        # more at exit. So none while importing, and what the import made is frozen.
        with collector.paused():
            outcome = import_paths(
                LibraryFolder(library_dir), files, force=args.force, progress=progress, kind=args.format, stdin=sys.stdin.buffer.read,
                automatic_tags=getattr(args, "zotero_automatic_tags", None), groups=getattr(args, "zotero_groups", None),
                list_name=" ".join(args.list_name.split()) if args.list_name else None,
            )
    except Cancelled:  # Ctrl+C as the import started or ended, outside its own steps: nothing was written
        _end_progress_line()
        print(f"{PROG}: cancelled; nothing was imported", file=sys.stderr)
        return EXIT_INTERRUPTED
    except PaperdeskError:
        raise  # one line, from `cli.main` (a held library exits 3)
    except Exception as exc:  # an importer's bug, or a file of a shape none foresaw: one line naming the files, no traceback
        from tui.core.errors import os_reason
        from tui.core.ingest.watch import WRITING
        from tui.core.render.text import one_line
        from tui.core.usecases.imports import refused_input, unexpected_error

        _end_progress_line()
        if isinstance(exc, OSError):  # as the app says it (`ui.import_run`)
            line = refused_input(files, exc) or f"{library_dir}: the library could not be written ({os_reason(exc)}); nothing imported"
        else:
            line = unexpected_error(files, exc, writing=progress.stage == WRITING)
        print(f"{PROG}: {one_line(line)}", file=sys.stderr)
        return EXIT_FAIL
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
    _print(outcome)
    if progress.interrupted:
        print(f"{PROG}: Ctrl+C came while the library was being written; the write was finished", file=sys.stderr)
    if outcome.cancelled:
        return EXIT_INTERRUPTED
    return EXIT_FAIL if outcome.failed or outcome.took_nothing else EXIT_OK


def _end_progress_line() -> None:
    """On a terminal, a cancel's line starts below the progress line drawn in place."""
    if sys.stderr.isatty():
        sys.stderr.write("\n")


def _print(outcome: Any) -> None:
    """The outcome's messages in order: report lines on stdout, warnings, errors and a cancel on stderr."""
    from tui.core.render.text import one_line

    if outcome.cancelled:
        _end_progress_line()
    for kind, text in outcome.messages:
        shown = one_line(text)  # names and titles come from files: controls show as pictures
        if kind == "line":
            print(shown)
        elif kind == "skipped":
            print(f"  skipped {shown}")
        elif kind == "merged":
            print(f"  {shown}")
        elif kind == "note":
            print(f"note: {shown}")
        elif kind == "warning":
            print(f"{PROG}: warning: {shown}", file=sys.stderr)
        else:  # "error", "cancelled"
            print(f"{PROG}: {shown}", file=sys.stderr)
