"""`paperdesk status`: a paper's reading status (unread, reading, read, skipped…), dated as the app dates it."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP
from tui.core.models import Status


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `status` subcommand."""
    status = make(
        "status",
        parents=[common],
        help="set a paper's reading status",
        description="Set a paper's reading status (a unique start such as `skip` works); the first "
        "`reading` and `read` stamp the day, as in the app. Prints one line saying what changed.",
    )
    status.add_argument("id", metavar="ID", help=PAPER_ID_HELP)
    status.add_argument("status", metavar="STATUS", type=_status, help=" | ".join(s.value for s in Status))


def _status(text: str) -> Status:
    from tui.core.usecases.edit import parse_status

    try:
        return parse_status(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Set the status; print the line saying what changed."""
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    with writable(library_folder(args)) as lib:
        print(edits.set_status(lib, args.id, args.status).line)
    return EXIT_OK
