"""`paperdesk add` and `paperdesk fetch`: papers from arXiv, OpenReview and Crossref, on the command line.

Argument parsing and terminal output only (report lines; the progress bar is `tui.cli.progress`);
the fetching is `tui.core.fetch`, the merging `tui.core.library` (add_ids, store_fetched). Papers
are fetched before the library is opened, so a long fetch never holds the
library's lock, and a failed one never touches it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tui.cli.exits import PROG
from tui.cli.folder import library_folder
from tui.cli.output import shown
from tui.cli.progress import ProgressBar
from tui.core.words import plural

if TYPE_CHECKING:
    import datetime as dt

ID_HELP = (
    "an arXiv id (2501.01234, arXiv:2501.01234v2, hep-th/9901001), an arXiv abs or pdf URL, a DOI (10.1038/nature14539), "
    "a doi.org URL, or an OpenReview forum URL (https://openreview.net/forum?id=…); `-` reads ids from standard input"
)


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `add` and `fetch` subcommands, made with the main parser's `make(name, **kwargs)`."""
    add = make(
        "add",
        parents=[common],
        help="add papers by arXiv id, DOI or OpenReview URL (title, authors, abstract fetched from the web)",
        description="Fetch each paper's title, authors, abstract, year, venue, URL and DOI/arXiv id from arXiv, "
        "Crossref (DOIs) or OpenReview, and add it to the library; a paper already stored (same DOI, title or "
        "abstract) is merged: new fields fill in, notes stay. Prints one line per paper; an id that cannot be "
        "fetched gives one line saying why and a non-zero exit status. Answers are cached, so running it again "
        "is instant and works offline.",
    )
    add.add_argument("ids", nargs="+", metavar="ID", help=ID_HELP)
    add.add_argument("--list", metavar="NAME", default="Added", help="list for new papers (default: Added)")
    add.add_argument("--refresh", action="store_true", help="ask the services again even when a cached answer is fresh")

    fetch = make(
        "fetch",
        parents=[common],
        help="fetch a venue's accepted papers from OpenReview, or an arXiv listing, as one list",
        description="Fetch many papers with their abstracts as one list: `fetch openreview VENUE_ID` (a whole "
        "conference) or `fetch arxiv CATEGORY --since DATE` / `fetch arxiv --query Q --max N` (a listing, newest "
        "first). A progress bar (papers, rate, time left) shows on a terminal. Pages are cached as they arrive: an "
        "interrupted or failed fetch leaves the library unchanged and a second run asks only for what is missing.",
    )
    services = fetch.add_subparsers(dest="service", metavar="SERVICE", title="services", required=True)
    orv = make(
        "openreview",
        subparsers=services,
        parents=[common],
        help="every accepted paper of an OpenReview venue",
        description="Every accepted paper of an OpenReview venue (API v2) with its abstract, as one list named "
        "after the venue (ICML.cc/2025/Conference becomes `ICML 2025`).",
    )
    orv.add_argument("venue", metavar="VENUE_ID", help="the venue's id as in its OpenReview URL, e.g. ICML.cc/2025/Conference")
    which = orv.add_mutually_exclusive_group()
    which.add_argument("--accepted", dest="accepted", action="store_true", default=True, help="accepted papers only (the default)")
    which.add_argument("--all", dest="accepted", action="store_false", help="every submission, accepted or not")
    orv.add_argument("--list", metavar="NAME", help="name of the list (default: from the venue id)")
    orv.add_argument("--refresh", action="store_true", help="ask OpenReview again even for pages cached less than a week ago")

    arx = make(
        "arxiv",
        subparsers=services,
        parents=[common],
        help="an arXiv listing: a category since a date, or a search",
        description="Papers from arXiv's API, newest first: a category (cs.LG) submitted since a date, or the "
        "papers matching a search, or both. arXiv asks for one request every 3 seconds; paperdesk keeps to it "
        "(setting `arxiv_delay`) and asks for 200 papers a request.",
    )
    arx.add_argument("category", nargs="?", default="", metavar="CATEGORY", help="an arXiv category, e.g. cs.LG or math.OC")
    arx.add_argument("--since", metavar="DATE", type=_date, help="submitted on or after DATE (YYYY-MM-DD, today, yesterday)")
    arx.add_argument("--query", "-q", metavar="Q", default="", help="words that must all match (or arXiv's own syntax: ti:lora AND au:hu)")
    arx.add_argument("--max", metavar="N", type=_count, default=None, help="at most N papers (default: 1000 for a search, else every match)")
    arx.add_argument("--list", metavar="NAME", help="name of the list (default: from the category, date and query)")
    arx.add_argument("--refresh", action="store_true", help="ask arXiv again even for pages cached less than an hour ago")


def _date(text: str) -> dt.date:
    import datetime as dt

    today = dt.date.today()
    named = {"today": today, "yesterday": today - dt.timedelta(days=1)}
    if text.lower() in named:
        return named[text.lower()]
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a date as YYYY-MM-DD (or today, yesterday), not {text!r}") from None


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"wants a whole number >= 1, not {text!r}")
    return value


def _options(args: argparse.Namespace, bar: ProgressBar) -> Any:
    from tui.core.fetch.services import FetchOptions

    return FetchOptions.from_settings(args.settings, refresh=args.refresh, notice=bar.notice)


def cmd_add(args: argparse.Namespace, library_dir: Path, stdin: TextIO | None = None) -> int:
    """Fetch papers by id and merge them in; one line per paper, one per failure."""
    from tui.core.fetch.papers import split_ids
    from tui.core.library import LibraryFolder
    from tui.core.usecases.add import add_ids

    texts: list[str] = []
    for item in args.ids:
        texts.extend(split_ids(stdin or sys.stdin) if item == "-" else [item])
    if not texts:
        print(f"{PROG}: no ids given", file=sys.stderr)
        return 1
    bar = ProgressBar(sys.stderr, enabled=len(texts) > 1 and sys.stderr.isatty())
    outcome = add_ids(LibraryFolder(library_dir), texts, _options(args, bar), list_name=args.list, progress=bar)
    for line in outcome.lines():
        print(shown(line))
    for line in outcome.failed:
        print(f"{PROG}: {shown(line)}", file=sys.stderr)
    return 1 if outcome.failed else 0


def cmd_fetch(args: argparse.Namespace, library_dir: Path) -> int:
    """A whole venue or listing as one list; the library is written once, at the end."""
    from tui.core.ingest.parsed import ParsedFile
    from tui.core.library import opened
    from tui.core.usecases.add import store_fetched

    bar = ProgressBar(sys.stderr, enabled=sys.stderr.isatty())
    options = _options(args, bar)
    if args.service == "openreview":
        from tui.core.fetch.openreview import fetch_venue, venue_name

        name = args.list or venue_name(args.venue)
        papers = fetch_venue(options.client("openreview"), args.venue, name, accepted=args.accepted, progress=bar)
        source = f"openreview:{args.venue}"
    else:
        from tui.core.fetch import arxiv

        if not args.category and not args.query and args.since is None:
            print(f"{PROG}: fetch arxiv: give a CATEGORY, --since DATE or --query Q", file=sys.stderr)
            return 2
        query = arxiv.listing_query(args.category, args.since, args.query)
        limit = args.max or (1000 if args.query else arxiv.MAX_RESULTS)
        name = args.list or _arxiv_list_name(args)
        papers = arxiv.fetch_listing(options.client("arxiv"), query, name, limit=limit, progress=bar)
        source = f"arxiv:{query}"
    if not papers:  # nothing came in: exit 1, as for an import whose every entry was skipped
        print(f"{PROG}: nothing found; the library is unchanged", file=sys.stderr)
        return 1
    bar(len(papers), len(papers))
    with opened(library_dir) as lib:
        (report,) = store_fetched(lib, [ParsedFile(Path(source), args.service, name, papers)])
    merged = f"{report.merged} already there" + (f" ({report.updated} with new fields)" if report.merged else "")
    print(shown(f"list {name}: {plural(len(papers))} fetched, {report.added} added, {merged}"))
    return 0


def _arxiv_list_name(args: argparse.Namespace) -> str:
    parts = ["arXiv"]
    if args.category:
        parts.append(args.category)
    if args.query:
        parts.append(f'"{args.query}"')
    if args.since is not None:
        parts.append(f"since {args.since.isoformat()}")
    return " ".join(parts)


def run(args: argparse.Namespace) -> int:
    """Dispatch `add` or `fetch`; Ctrl+C says what was kept (the pages already cached)."""
    library_dir = library_folder(args)
    try:
        if args.command == "add":
            return cmd_add(args, library_dir)
        return cmd_fetch(args, library_dir)
    except KeyboardInterrupt:
        sys.stderr.write(f"\n{PROG}: interrupted; the library is unchanged, and what was fetched is cached: run the command again to resume\n")
        return 130
