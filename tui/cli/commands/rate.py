"""`paperdesk rate`: a paper's stars, 1 to 5 (0 clears), as the app's keys give them."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `rate` subcommand."""
    rate = make(
        "rate",
        parents=[common],
        help="rate a paper 1 to 5 stars (0 clears)",
        description="Rate a paper; prints one line saying what changed. The app's undo (u) can take it back.",
    )
    rate.add_argument("id", metavar="ID", help=PAPER_ID_HELP)
    rate.add_argument("rating", metavar="N", type=_rating, help="0 (no rating) to 5")


def _rating(text: str) -> int:
    if text.strip() not in {str(n) for n in range(6)}:
        raise argparse.ArgumentTypeError(f"a rating is 0 (none) to 5, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    """Rate the paper; print the line saying what changed."""
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    with writable(library_folder(args)) as lib:
        print(edits.rate(lib, args.id, args.rating).line)
    return EXIT_OK
