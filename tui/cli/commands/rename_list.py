"""`paperdesk rename-list`: a list given another (e.g. shorter) name; annotations and saved views follow."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.output import shown


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `rename-list` subcommand."""
    ren = make(
        "rename-list",
        parents=[common],
        help="give a list another (e.g. shorter) name",
        description="Rename a list: `paperdesk rename-list \"ICML 2025 Papers\" ICML-en`. OLD is the list's name "
        "or a part of it only that list holds. Annotations stay with their papers, and saved views that filter "
        "by the old name (list:...) are rewritten.",
    )
    ren.add_argument("old", metavar="OLD", help="the list's name, or a part of it only that list holds")
    ren.add_argument("new", metavar="NEW", help="the new name")


def run(args: argparse.Namespace) -> int:
    """Rename a list; print what changed (an unknown or ambiguous OLD is a one-line error)."""
    from tui.core.library import Library
    from tui.core.usecases.rename import rename_list

    with Library.open(library_folder(args), seed=False) as lib:
        lines = rename_list(lib, args.old, args.new)
    for line in lines:
        print(shown(line))
    return EXIT_OK
