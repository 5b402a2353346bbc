"""`paperdesk list`: the library for scripts (tsv, JSON lines or ids), ranked by `--query`, ordered by `--sort`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK, EXIT_USAGE, PROG
from tui.cli.folder import library_folder
from tui.cli.options import positive_int
from tui.cli.output import damage_said, shown
from tui.core import collector
from tui.core.search.sorts import FOR_ME_OFF, SORT_NAMES, SORTS

#: `paperdesk list --format`: tab-separated lines, JSON lines, or ids only.
LIST_FORMATS = ("tsv", "json", "ids")


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `list` subcommand."""
    lst = make(
        "list",
        parents=[common],
        help="print the library, one paper per line",
        description="Print the library: id, title and list per line (tsv), JSON lines with every field "
        "(json), or ids only (ids). With --query, exits with status 1 when nothing matches.",
    )
    lst.add_argument("--format", "-f", choices=LIST_FORMATS, default="tsv", help="output format (default: tsv)")
    lst.add_argument("--json", dest="format", action="store_const", const="json", help="the same as --format json")
    lst.add_argument(
        "--query",
        "-q",
        metavar="Q",
        default="",
        help='filter and rank as the app\'s filter box does, e.g. \'graph spars rating:>=4 -"survey"\'',
    )
    lst.add_argument(
        "--sort",
        "-s",
        choices=SORTS,
        default=None,
        help="order as the app's sort key does: " + ", ".join(f"{k} ({v})" for k, v in SORT_NAMES.items())
        + "; default: relevance with --query, else list order. for-me is learned from your ratings (4-5 liked, "
        "1-2 and skips not); its JSON carries each paper's score and why, its tsv a fourth column: why",
    )
    lst.add_argument("--limit", "-n", metavar="N", type=positive_int, default=None, help="print at most N papers")


def run(args: argparse.Namespace) -> int:
    """Print the library for scripts (tsv, JSON lines or ids), ranked by `--query`, ordered by `--sort`."""
    with collector.paused(freeze=False):  # one read and out: the cyclic collector would only rescan the papers just read
        return _list(args)


def _list(args: argparse.Namespace) -> int:
    from tui.cli.reading_group import group_sight
    from tui.core.library import Library
    from tui.core.render.text import one_line
    from tui.core.render.titles import row_title
    from tui.core.search.query import parse_query
    from tui.core.usecases.list import view_of

    query = parse_query(args.query)  # a malformed query fails before the library opens
    settings = args.settings
    if args.sort == "for-me" and not settings.for_me:
        print(f"{PROG}: {FOR_ME_OFF}", file=sys.stderr)
        return EXIT_USAGE
    with Library.open(library_folder(args)) as lib:
        annotations = lib.annotations()
        out = sys.stdout
        if args.format == "json":  # highlights and LaTeX: only for the records that carry them
            from tui.core.export.json_record import paper_record
        group = group_sight(lib, args)
        view = view_of(lib, query, sort=args.sort, group=group, positive_tag=settings.for_me_tag)
        if view.needs:  # "for me" keeps list order until it has ratings to learn from: say what it needs
            print(f"{PROG}: for me: {one_line(view.needs)}", file=sys.stderr)
        papers = view.papers
        if args.limit is not None:
            papers = papers[: args.limit]
        for paper in papers:
            ann = annotations.get(paper.id) or lib.annotation(paper.id)
            why = view.why(paper)
            if args.format == "json":
                record = paper_record(paper, ann)
                if group is not None:
                    record["group"] = group.record(paper.id, ann)
                if why is not None:
                    record["score"] = round(view.score(paper) or 0.0, 4)
                    record["why"] = why
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            elif args.format == "ids":
                out.write(paper.id + "\n")
            else:
                tail = f"\t{one_line(why)}" if why is not None else ""
                out.write(f"{paper.id}\t{row_title(paper, ann)}\t{one_line(paper.list)}{tail}\n")
        out.flush()
        damaged = damage_said(lib, "listed without the reader's titles, ratings and notes")
    if damaged:
        return EXIT_FAIL
    if not papers and not query.is_empty and args.limit != 0:
        print(f"{PROG}: no paper matches {shown(args.query)!r}", file=sys.stderr)
        return EXIT_FAIL
    return EXIT_OK
