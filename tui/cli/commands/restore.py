"""`paperdesk restore`: the papers last removed (or all in the trash) brought back, annotations included."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.output import fail, shown


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `restore` subcommand."""
    res = make(
        "restore", parents=[common], help="bring back the papers last removed", description="Bring back the last removal from the trash, annotations included."
    )
    res.add_argument("--all", action="store_true", help="bring back everything in the trash")


def run(args: argparse.Namespace) -> int:
    """Bring back the last removal (or all) from the trash."""
    from tui.core.library import Library
    from tui.core.usecases.restore import restore_papers

    with Library.open(library_folder(args), seed=False) as lib:
        lines = restore_papers(lib, everything=args.all)
    if not lines:
        return fail("restore: the trash is empty; nothing to bring back")  # nothing came back: exit 1, as the table says
    for line in lines:
        print(shown(line))
    return EXIT_OK
