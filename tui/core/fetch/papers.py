"""From what the user pasted to papers ready to import: the core of `paperdesk add` and the app's `a` key.

`fetch_refs` never touches the library: it returns one ParsedFile per paper
(so the import report is one line per paper) and one line per id that could
not be fetched; the caller hands the files to `Library.add_papers`.

The use case on top of it is `tui.core.usecases.add.add_ids` (fetch, then one
atomic write), which `paperdesk add` and the app's `a` key call.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tui.core.fetch.http import NotFound, ServiceError
from tui.core.fetch.ids import NotAnId, Ref, parse_ref
from tui.core.fetch.services import FetchOptions
from tui.core.ingest.parsed import ParsedFile, Progress
from tui.core.models import Paper

#: The list papers added by id go to (a paper already stored keeps its own list).
ADDED_LIST = "Added"


@dataclass
class Fetched:
    """What a fetch by ids brought: a ParsedFile per paper, in the order asked, and a line per failure."""

    parsed: list[ParsedFile] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def split_ids(lines: Iterable[str]) -> list[str]:
    """Ids from text: one or more per line, separated by spaces or commas; a word starting with `#` starts a comment."""
    out = []
    for line in lines:
        for word in line.replace(",", " ").split():
            if word.startswith("#"):
                break
            out.append(word)
    return out


def fetch_refs(
    texts: Iterable[str],
    options: FetchOptions | None = None,
    list_name: str = ADDED_LIST,
    progress: Progress | None = None,
) -> Fetched:
    """Fetch every id, URL or DOI in `texts` (arXiv ids in one batched request); never raises ServiceError.

    `progress(done, total)` is called after each paper (arXiv's batch
    counts all its ids at once). Safe to call from a worker thread: it
    shares nothing with the caller but the options.
    """
    options = options or FetchOptions.from_settings()
    refs: list[Ref] = []
    result = Fetched()
    for text in texts:
        try:
            ref = parse_ref(text)
        except NotAnId as exc:
            result.failed.append(str(exc))
            continue
        if ref not in refs and all(r.kind != ref.kind or r.value != ref.value for r in refs):
            refs.append(ref)
    total = len(refs)
    found: dict[Ref, Paper] = {}
    errors: dict[Ref, str] = {}
    done = 0

    def step(n: int = 1) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, total)

    arxiv_refs = [r for r in refs if r.kind == "arxiv"]
    if arxiv_refs:
        from tui.core.fetch.arxiv import fetch_ids

        try:
            by_id = fetch_ids(options.client("arxiv"), [r.value for r in arxiv_refs], list_name)
        except ServiceError as exc:
            errors.update((r, str(exc)) for r in arxiv_refs)
        else:
            for r in arxiv_refs:
                if r.value in by_id:
                    found[r] = by_id[r.value]
                else:
                    errors[r] = f"arXiv: no paper {r.value}"
        step(len(arxiv_refs))
    for ref in refs:
        if ref.kind == "arxiv":
            continue
        try:
            if ref.kind == "doi":
                from tui.core.fetch.crossref import fetch_doi

                found[ref] = fetch_doi(options.client("crossref"), ref.value, list_name)
            else:
                from tui.core.fetch.openreview import fetch_forum

                found[ref] = fetch_forum(options.client("openreview"), ref.value, list_name)
        except NotFound as exc:
            errors[ref] = str(exc)
        except ServiceError as exc:
            errors[ref] = str(exc)
        step()
    for ref in refs:
        if ref in found:
            result.parsed.append(ParsedFile(Path(ref.label), ref.kind, list_name, [found[ref]]))
        else:
            result.failed.append(f"{ref.text}: {errors.get(ref, 'not fetched')}")
    return result
