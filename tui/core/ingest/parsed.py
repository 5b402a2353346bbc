"""What a reader hands on and what an import reports: the records that pass between readers, merger and callers.

Readers produce `ParsedFile`s without knowing the library; the merger turns
them into a plan and one `FileReport` per file. Keeping these records here
lets a reader import neither the merger nor the store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from tui.core.models import Paper
from tui.core.words import plural

#: The name `-` (standard input) goes by in reports and errors.
STDIN_NAME = "<stdin>"
#: The list papers from standard input go to when neither `--list` nor the input (a list's header line) names one.
STDIN_LIST = "Imported"
#: Imports with at least this many entries show a progress bar.
LARGE_IMPORT = 1000

#: Called as progress(done, total) while a long import is matched.
Progress = Callable[[int, int], None]


class Sink(Protocol):
    """Where readers hand the papers they make, a slice at a time as they read (`ingest.incoming.Incoming`).

    `mark` before a file, `rollback(mark)` when the file fails or is read
    again whole: what was taken since is forgotten.
    """

    def take(self, papers: Sequence[Paper], bases: Sequence[tuple[str, bool]] | None = None, share: float | None = None) -> None:
        """`bases`, when given: the `models.abstract_basis` each paper's id was made from; `share`: how much of
        the file is read once these papers are (0-1; None when the reader cannot say)."""

    def mark(self) -> int: ...

    def rollback(self, mark: int) -> None: ...


@dataclass
class ParsedFile:
    """What one import file holds, before it meets the library."""

    source: Path
    kind: str  # "list", "bibtex", "json", "jsonl", "csl", "ris", or a service ("arxiv", "openreview", "doi")
    name: str  # list name used for its papers when an entry names none
    papers: list[Paper] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class FileReport:
    """What importing one file did: counts, and the reason for each skipped entry."""

    source: str
    kind: str
    name: str
    added: int = 0
    merged: int = 0
    updated: int = 0
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: One line per merge of records whose titles differ: `merged "A" into "B"`.
    merges: list[str] = field(default_factory=list)
    #: How many of the merged records were another version of a stored paper (`ingest.versions`), kept in it.
    versions: int = 0
    #: Those merges: (the stored paper's id, the id the absorbed version keeps), for the app's undo.
    joined: list[tuple[str, str]] = field(default_factory=list)

    def line(self) -> str:
        """The one line the CLI and the app print for every file, whatever its kind:
        "refs.bib: 1 paper added, 2 merged (1 with new fields), 0 skipped"; a plain list names its list."""
        where = f"{self.source} (list {self.name})" if self.kind == "list" or self.source == STDIN_NAME else self.source
        merged = f"{self.merged} merged"
        if self.merged:
            merged += f" ({self.updated} with new fields)"
        line = f"{where}: {plural(self.added)} added, {merged}, {len(self.skipped)} skipped"
        return f"{line}; {self.versions} matched another version" if self.versions else line


@dataclass
class ImportReport:
    """What importing one plain-text list did (the report `Library.add_lists` returns)."""

    list_name: str
    source: str
    added: int = 0
    duplicates: int = 0
    warnings: list[str] = field(default_factory=list)
    file: FileReport | None = None

    @classmethod
    def of(cls, report: FileReport) -> ImportReport:
        """The per-list report, from the general one."""
        return cls(report.name, report.source, added=report.added, duplicates=report.merged, warnings=report.warnings, file=report)

    def line(self) -> str:
        """The same line as every other file's (`FileReport.line`)."""
        return (self.file or FileReport(self.source, "list", self.list_name, self.added, self.duplicates)).line()


@dataclass
class ImportOutcome:
    """What an import did, as lines in the order they happened, for the CLI and the app to show.

    Each message is (kind, text): "line" is a report line, "skipped" why an
    entry of the file just reported was left out, "merged" a merge of two
    records whose titles differ (`merged "A" into "B"`), "note" something the
    user should know (the bundled example lists are still there), "warning" a problem that
    did not stop anything, "error" a file or a library that could not be
    used, "cancelled" what a cancelled import left. `failed` is true when a
    file or the library could not be used, or notes conflicted; `cancelled`
    when the caller stopped the import before it wrote its papers.
    """

    messages: list[tuple[str, str]] = field(default_factory=list)
    reports: list[FileReport] = field(default_factory=list)
    failed: bool = False
    cancelled: bool = False
    #: Notes-export files that named a paper of the library (restored, unchanged or in conflict), and those that named none.
    notes_matched: int = 0
    notes_unmatched: int = 0
    #: Papers whose notes were restored (written before any paper file was read).
    notes_restored: int = 0

    def add(self, kind: str, text: str) -> None:
        self.messages.append((kind, text))
        if kind == "error":
            self.failed = True

    def add_report(self, report: FileReport) -> None:
        """One file's report: its line, then its warnings, merges of differing titles, and skipped entries."""
        self.reports.append(report)
        for warning in report.warnings:
            self.add("warning", warning)
        self.add("line", report.line())
        for merge in report.merges:
            self.add("merged", merge)
        for reason in report.skipped:
            self.add("skipped", reason)

    @property
    def took_nothing(self) -> bool:
        """Entries were read, and every one was left out: skipped, or (notes) naming no paper of the library.

        Nothing went wrong with the files, yet nothing came in, so `paperdesk
        import` exits 1 as for a file it refused; a re-import where all merged took them all.
        """
        taken = sum(r.added + r.merged for r in self.reports) + self.notes_matched
        left = sum(len(r.skipped) for r in self.reports) + self.notes_unmatched
        return left > 0 and not taken

    def cancel(self) -> None:
        """The caller stopped the import before its papers were written: say what that leaves."""
        self.cancelled = True
        if self.notes_restored:
            self.add("cancelled", f"cancelled; no paper was imported (the notes of {plural(self.notes_restored)} restored above stay)")
        else:
            self.add("cancelled", "cancelled; nothing was imported")

    def summary(self) -> str:
        """All files at once, in the words of their report lines: "1 paper added, 2 merged, 0 skipped"."""
        added = sum(r.added for r in self.reports)
        return f"{plural(added)} added, {sum(r.merged for r in self.reports)} merged, {sum(len(r.skipped) for r in self.reports)} skipped"
