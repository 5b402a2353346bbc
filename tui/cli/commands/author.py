"""`paperdesk author NAME`: every paper of one person in the library (all lists, all spellings), as the app's author page."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.output import damage_said, shown

#: What `author` did of a damaged annotations file (`store.guard.damage_line`): its page lacks what the reader wrote.
DAMAGED = "shown without your ratings, statuses and follows"


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `author` subcommand."""
    author = make(
        "author",
        parents=[common],
        help="print every paper of one author, in every spelling",
        description="Print one person's papers in the library (every list, every spelling of the name: case, "
        "accents, spacing and initials aside when a co-author or the paper agrees) with your rating and status, "
        "then their co-authors by count, their lists and years. A name that fits several authors lists them "
        "and exits with status 1.",
    )
    author.add_argument("name", metavar="NAME", help='a name in any spelling ("Lovelace, Ada", "ada lovelace"), or a part only one author has')
    author.add_argument("--json", action="store_true", help="print one JSON object per paper (list --json's fields)")


def run(args: argparse.Namespace) -> int:
    """The person's papers (as JSON lines with --json), then who they write with, where and when; status 1, said in
    one line, when the annotations file is damaged (the page then lacks the reader's ratings, statuses and follows)."""
    from tui.core.library import Library
    from tui.core.render.text import one_line
    from tui.core.render.titles import row_title
    from tui.core.usecases.author import author_page

    with Library.open(library_folder(args), read_only=True) as lib:
        page = author_page(lib, args.name)
        if args.json:
            from tui.core.export.json_record import paper_record

            for paper, annotation in page.papers:
                sys.stdout.write(json.dumps(paper_record(paper, annotation), ensure_ascii=False) + "\n")
            sys.stdout.flush()
            return EXIT_FAIL if damage_said(lib, DAMAGED) else EXIT_OK
        damaged = damage_said(lib, DAMAGED)
    out = [shown(page.name) + (" (followed)" if page.followed else "")]
    if len(page.spellings) > 1:
        out.append("  spelled: " + shown("; ".join(page.spellings)))
    out.append("")
    for paper, annotation in page.papers:
        mark = f"{annotation.status.value:<8} {'★' * annotation.rating + '☆' * (5 - annotation.rating)}"
        out.append(f"{mark}  {paper.id}  {one_line(row_title(paper, annotation))}  [{one_line(paper.list)}{', ' + one_line(paper.year) if paper.year else ''}]")
    out.append("")
    if page.coauthors:
        out.append("co-authors: " + shown(", ".join(f"{name} ({n})" for name, n in page.coauthors)))
    out.append("lists: " + shown(", ".join(f"{name} ({n})" for name, n in page.lists)))
    if page.years:
        out.append("years: " + shown(", ".join(f"{year} ({n})" for year, n in page.years)))
    sys.stdout.write("".join(line + "\n" for line in out))
    return EXIT_FAIL if damaged else EXIT_OK
