"""`paperdesk versions` and `paperdesk split`: papers stored twice as two versions, merged on request, split again."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `versions` and `split` subcommands."""
    versions = make(
        "versions",
        parents=[common],
        help="list papers stored twice (a preprint and its proceedings); --merge joins them",
        description="List the pairs of stored papers that are one paper (the same arXiv id, DOI, or another version: "
        "a near-identical title, most of the authors, a year within one), one line each; exit 1 when there are some. "
        "--merge joins each pair into the paper stored first: the proceedings' venue, year, pages and DOI win, every "
        "link is kept, both annotations are joined. `paperdesk split ID` takes a merge back.",
    )
    how = versions.add_mutually_exclusive_group()
    how.add_argument("--check", action="store_true", help="only list the pairs (the default)")
    how.add_argument("--merge", action="store_true", help="merge every pair listed")
    split = make(
        "split",
        parents=[common],
        help="bring back the versions a paper absorbed, each with its annotation",
        description="Take back the merges of versions into a paper (on import, or by `versions --merge`): each "
        "version comes back as its own paper with its id, and each annotation where it was (what you wrote on the "
        "merged paper since stays on it).",
    )
    split.add_argument("id", metavar="ID", help=PAPER_ID_HELP)


def run(args: argparse.Namespace) -> int:
    """`versions`: the pairs (exit 1 when some are left unmerged); `split`: the line saying what came back."""
    from tui.core.library import Library, writable
    from tui.core.usecases import versions

    if args.command == "split":
        from tui.core.usecases.edit import find_one

        with writable(library_folder(args)) as lib:
            print(versions.split(lib, find_one(lib, args.id)))
        return EXIT_OK
    if args.merge:
        with writable(library_folder(args)) as lib:
            for line in versions.merge(lib, versions.pairs(lib)):
                print(line)
        return EXIT_OK
    with Library.open(library_folder(args), read_only=True) as lib:
        found = versions.pairs(lib)
    for pair in found:
        print(pair.line())
    return EXIT_FAIL if found else EXIT_OK
