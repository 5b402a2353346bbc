"""`paperdesk remove`: papers (a list, a query's matches, or ids) moved to the library's trash (`restore` brings them back)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK, PROG
from tui.cli.folder import library_folder
from tui.cli.output import fail
from tui.core.words import plural


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `remove` subcommand."""
    rem = make(
        "remove",
        parents=[common],
        help="move papers (a list, a query's matches, or ids) to the library's trash",
        description="Move papers and their annotations to the trash inside the library; `paperdesk "
        "restore` brings the last removal back. Papers carrying notes, highlights, a rating or tags are removed "
        "only with --force.",
    )
    rem.add_argument("ids", nargs="*", metavar="ID", help="paper ids (as `paperdesk list` prints them)")
    rem.add_argument("--list", dest="lists", action="append", default=[], metavar="NAME", help="every paper of this list (repeatable)")
    rem.add_argument("--query", "-q", metavar="Q", default=None, help="every paper the filter query Q matches")
    rem.add_argument("--force", action="store_true", help="remove papers that carry notes, highlights, a rating or tags too")


def run(args: argparse.Namespace) -> int:
    """Move the chosen papers to the trash; refuse (exit 1) when they carry annotations and --force is absent."""
    from tui.core.library import Library
    from tui.core.usecases.remove import remove_papers

    if not (args.ids or args.lists or args.query is not None):
        return fail("say what to remove: paper ids, --list NAME or --query Q")
    with Library.open(library_folder(args), seed=False) as lib:
        outcome = remove_papers(lib, lists=args.lists, query=args.query, ids=args.ids, force=args.force)
    if outcome.refused:
        return fail(outcome.refused)
    print(f"removed {plural(outcome.removed)} to the trash; `{PROG} restore` brings them back" if outcome.removed else "nothing to remove")
    return EXIT_OK
