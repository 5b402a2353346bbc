"""The commands of `paperdesk`, one module per command or group of commands, each shaped the same way.

A command module has
- `add_parsers(make, common)`: adds its command's parser(s) with `make(name, **kwargs)` (the main
  parser's `add_parser`, with the shared epilog and layout; `subparsers=` for a command's own actions)
  and `common` as a parent (the global `--db`);
- `run(args) -> int`: runs the command whose name is `args.command`, returns the exit status
  (`tui.cli.exits`); the library folder is `tui.cli.folder.library_folder(args)`;
- and, only where argparse cannot check a combination of arguments alone, `check(args, parser)`,
  called right after parsing, before the settings are read (a usage error is `parser.error`).

Commands never import each other: what two of them share lives beside this package in `tui/cli/`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Protocol

from tui.cli.commands import (
    author,
    backups,
    cite,
    completion,
    export,
    fetch,
    follow,
    group,
    import_,
    list_,
    note,
    open_,
    rate,
    related,
    remove,
    rename_list,
    restore,
    show,
    status,
    sync,
    tag,
    versions,
)


class Command(Protocol):
    """What `tui.cli` asks of a command module (a module is checked against it by mypy)."""

    def add_parsers(self, make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


#: Each command and its module, in the order `paperdesk --help` lists them (the order of the modules' `add_parsers`).
COMMANDS: dict[str, Command] = {
    "import": import_,
    "list": list_,
    "show": show,
    "related": related,
    "rate": rate,
    "status": status,
    "tag": tag,
    "note": note,
    "export": export,
    "sync": sync,
    "remove": remove,
    "rename-list": rename_list,
    "restore": restore,
    "completion": completion,
    "add": fetch,
    "fetch": fetch,
    "backups": backups,
    "cite": cite,
    "key": cite,
    "group": group,
    "open": open_,
    "versions": versions,
    "split": versions,
    "author": author,
    "follow": follow,
    "unfollow": follow,
    "following": follow,
}

#: The command modules, each once, in that order.
MODULES: tuple[Command, ...] = tuple(dict.fromkeys(COMMANDS.values()))

#: Commands whose first positional may be a filter query, with their options that take a value
#: (and the values they accept): `tui.cli.dash_queries` lets such a query start with `-`.
QUERY_COMMANDS: dict[str, dict[str, tuple[str, ...] | None]] = {**show.QUERY_COMMANDS, **cite.QUERY_COMMANDS}
