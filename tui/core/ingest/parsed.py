"""What a reader hands on and what an import reports: the records that pass between readers, merger and callers.

Readers produce `ParsedFile`s without knowing the library; the merger turns
them into a plan and one `FileReport` per file. Keeping these records here
lets a reader import neither the merger nor the store.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tui.core.models import Paper

#: Imports with at least this many entries show a progress bar.
LARGE_IMPORT = 1000

#: Called as progress(done, total) while a long import is matched.
Progress = Callable[[int, int], None]


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

    def line(self) -> str:
        """One line for the CLI and the app; plain-text lists keep their historic wording."""
        if self.kind == "list":
            return f"list {self.name}: {self.added} papers, {self.merged} duplicates skipped"
        merged = f"{self.merged} merged"
        if self.merged:
            merged += f" ({self.updated} with new fields)"
        return f"{self.source}: {self.added} added, {merged}, {len(self.skipped)} skipped"


@dataclass
class ImportReport:
    """What importing one plain-text list did (the report `Library.add_lists` returns)."""

    list_name: str
    source: str
    added: int = 0
    duplicates: int = 0
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, report: FileReport) -> "ImportReport":
        """The per-list report, from the general one."""
        return cls(report.name, report.source, added=report.added, duplicates=report.merged, warnings=report.warnings)

    def line(self) -> str:
        """The one-line summary, e.g. "list X: 19 papers, 0 duplicates skipped"."""
        return f"list {self.list_name}: {self.added} papers, {self.duplicates} duplicates skipped"
