"""`paperdesk add` and `fetch`, and the app's a: papers fetched by arXiv id/URL, DOI or OpenReview URL, merged in.

The fetching is `fetch` (everything fetched, and cached, before the library
is touched); this merges what came in one write, and says what it did.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tui.core.library import Library, LibraryFolder, opened
from tui.core.models import Paper

if TYPE_CHECKING:
    from tui.core.fetch.services import FetchOptions
    from tui.core.ingest.parsed import FileReport, ParsedFile, Progress


class AddOutcome:
    """What `add_ids` did: each fetched paper with its import report, and one line per id that failed.

    A plain class, not a dataclass (why: `tui.core.records`).
    """

    def __init__(self, added: list[tuple[Paper, FileReport]] | None = None, failed: list[str] | None = None) -> None:
        self.added: list[tuple[Paper, FileReport]] = [] if added is None else added
        self.failed: list[str] = [] if failed is None else failed

    def lines(self) -> list[str]:
        """One line per paper: added, merged (new fields) or already in the library, with its source."""
        out = []
        for paper, report in self.added:
            verb = "added" if report.added else "merged (new fields)" if report.updated else "already in the library"
            out.append(f"{verb}: {report.source} · {paper.title} ({paper.year or 'no year'}, {paper.venue or 'no venue'})")
        return out


def add_ids(
    library: Library | LibraryFolder,
    texts: Iterable[str],
    options: FetchOptions | None = None,
    *,
    list_name: str = "Added",
    progress: Progress | None = None,
) -> AddOutcome:
    """Fetch papers by arXiv id/URL, DOI or OpenReview URL and merge them in: `paperdesk add` and the app's `a`.

    Everything is fetched before the library is touched (a `LibraryFolder` is
    opened only then; one atomic write); an id that cannot be fetched becomes a line in `failed`, and
    the others are still added. Raises ReadOnlyLibrary when the library
    cannot be written (the fetched answers stay cached for a re-run).
    """
    from tui.core.fetch.papers import fetch_refs

    fetched = fetch_refs(texts, options, list_name=list_name, progress=progress)
    outcome = AddOutcome(failed=fetched.failed)
    if fetched.parsed:
        with opened(library) as lib:
            reports = store_fetched(lib, fetched.parsed)
        outcome.added = [(parsed.papers[0], report) for parsed, report in zip(fetched.parsed, reports, strict=True)]
    return outcome


def store_fetched(library: Library, parsed: list[ParsedFile]) -> list[FileReport]:
    """Merge fetched papers into the library in one write.

    LibraryHeld when another process has the library (exit status 3 on the
    command line), ReadOnlyLibrary when it cannot be written otherwise; the
    fetched answers stay cached either way, so the re-run is instant.
    """
    from tui.core.store.guard import writable

    writable(library, "nothing added (the papers are cached: run the command again when the library is free)")
    return library.add_papers(parsed)
