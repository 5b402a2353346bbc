"""Opening a library, and its search index, for a whole session of the app; and what opening a paper opens.

The papers and the index live as long as the app and make almost no garbage,
so the cyclic collector would only rescan them, over and over, while they
pile up: both are made with it paused (`collector`), then frozen out of its
way. Once the index is built, what the build left is collected once (`settle`).
The library itself is imported when first
opened: the app's first frame does not wait for it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tui.core import collector
from tui.core.store.storage import PAPERS_FILE

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.core.models import Paper
    from tui.core.search.index import SearchIndex


def papers_size(folder: Path | None) -> int | None:
    """The size of the library's papers file in bytes; None when there is none yet (a new library) or no folder."""
    if folder is None:
        return None
    try:
        return (folder / PAPERS_FILE).stat().st_size
    except OSError:
        return None


def papers_path(folder: str | Path) -> Path:
    """The papers file, which an error without a file name (a failed removal) is about."""
    return Path(folder) / PAPERS_FILE


def open_for_session(folder: str | Path) -> Library:
    """Open (and on first launch seed) the library in `folder`; raises `PaperdeskError` when it cannot be.

    No collection while the papers are read, then they are frozen (with what the start left
    uncollected meanwhile, once).
    """
    from tui.core.library import Library

    with collector.paused():
        return Library.open(folder)


def index_for_session(library: Library, early: Callable[[SearchIndex], None] | None = None) -> SearchIndex:
    """The library's search index (`usecases.list.search_index`: the saved one, else built and saved), made with the
    collector paused; it stays paused until `settle`, so what the build made is collected once. `early`: given
    an index of a large library's titles while the whole one builds."""
    from tui.core.usecases.list import search_index  # numpy and rapidfuzz: off the start's path

    collector.pause()
    try:
        return search_index(library, early)
    except BaseException:
        collector.resume(freeze=False)
        raise


def settle() -> None:
    """After `index_for_session` (in a thread): collect what the build left, and freeze what is left
    (the papers and the index) out of the collector's way."""
    import gc

    try:
        gc.collect()
    finally:
        collector.resume()


def link_targets(paper: Paper) -> tuple[str, str]:
    """What `o` and `paperdesk open` offer for a paper: (its page, its PDF), each an http(s) link or "".

    The page is its URL, else its DOI's, else the first web link of its abstract (`render.links.open_target`);
    the PDF is the list's `pdf`, else the one its page (PMLR, OpenReview, arXiv) or a version it absorbed
    names, else arXiv's `/pdf/` of its arXiv id (`render.links.pdf_target`)."""
    from tui.core.ingest.identity import arxiv_id
    from tui.core.ingest.versions import held_records
    from tui.core.render.links import open_target, pdf_target

    pdf = paper.extra.get("pdf")
    others = tuple(str(v["paper"].get("url") or "") for v in held_records(paper))
    return open_target(paper.url, paper.doi, paper.abstract), pdf_target(paper.url, pdf if isinstance(pdf, str) else "", arxiv_id(paper), others)
