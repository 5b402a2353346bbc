"""The `paperdesk` command line's parser: the global options, then each command module's own parsers."""

from __future__ import annotations

import argparse
from typing import Any

from tui import __version__
from tui.cli.exits import PROG
from tui.cli.help_format import Formatter, epilog
from tui.cli.options import complete


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: global options and the subparsers each command module adds (`tui.cli.commands`)."""
    from tui.cli.commands import MODULES

    common = argparse.ArgumentParser(add_help=False)
    db = common.add_argument(
        "--db",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="library folder (default: $PAPERDESK_HOME, else `library` in the settings file, else the user data folder)",
    )
    complete(db, "DIRECTORY")
    shown_under_each = epilog()
    parser = argparse.ArgumentParser(
        prog=PROG,
        parents=[common],
        description="Read, filter and annotate research-paper abstracts in the terminal. "
        "Without a command, opens the app on your library (press ? in the app for every key, "
        "ctrl+p for the command palette).",
        epilog=shown_under_each,
        formatter_class=Formatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}", help="print the version and exit")
    sub = parser.add_subparsers(
        dest="command",
        metavar="COMMAND",
        title="commands",
        description="without a command: open the app. `paperdesk COMMAND --help` describes each.",
    )

    def add_parser(name: str, subparsers: Any = sub, **kwargs: Any) -> argparse.ArgumentParser:
        """A subcommand of `subparsers` (the commands, or a command's own actions) with the shared epilog and layout."""
        return subparsers.add_parser(name, epilog=shown_under_each, formatter_class=Formatter, **kwargs)

    for module in MODULES:
        module.add_parsers(add_parser, common)
    return parser
