"""`paperdesk show`: one paper as the reading pane shows it (or as JSON); a query matching several lists them (exit 1)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.output import damage_said

#: `show`'s first positional may be a filter query; it has no option that takes a value (`tui.cli.dash_queries`).
QUERY_COMMANDS: dict[str, dict[str, tuple[str, ...] | None]] = {"show": {}}


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `show` subcommand."""
    show = make(
        "show",
        parents=[common],
        help="print one paper as the reading pane shows it",
        description="Print one paper: title, authors, venue, year, links, rating, status with its dates, "
        "tags, the abstract with its LaTeX as Unicode, and the notes. ID_OR_QUERY is an id, a unique "
        "start of one, or a filter query; a query matching several papers lists them and exits with status 1.",
    )
    show.add_argument("target", metavar="ID_OR_QUERY", help="a paper id (or its unique start), its citation key, or a filter query")
    show.add_argument("--json", action="store_true", help="print the paper as one JSON object (list --json's fields)")


def run(args: argparse.Namespace) -> int:
    """One paper as text (or JSON); a query matching several papers lists them (exit 1)."""
    from tui.cli.reading_group import group_sight
    from tui.core.export.paper_text import paper_json, paper_text
    from tui.core.library import Library
    from tui.core.usecases.edit import find_one

    with Library.open(library_folder(args), read_only=True) as lib:
        paper = find_one(lib, args.target)
        annotation = lib.annotation(paper.id)
        group = group_sight(lib, args)
        damaged = damage_said(lib, "shown without its notes, rating, status and tags")
    if args.json:
        record = paper_json(paper, annotation)
        if group is not None:
            record["group"] = group.record(paper.id, annotation)
        sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    else:
        from tui.core.ingest.versions import version_lines

        sys.stdout.write(paper_text(paper, annotation, version_lines(paper)))
        if group is not None:
            from tui.cli.reading_group import group_lines

            sys.stdout.write("".join(line + "\n" for line in group_lines(group, paper.id, annotation)))
    return EXIT_FAIL if damaged else EXIT_OK
