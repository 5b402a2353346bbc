"""What every run of `paperdesk` needs before it knows the command: its name, exit statuses, and a plain app start read by hand.

A plain start (`paperdesk`, `paperdesk --db DIR`) is the launch a user waits
on: it neither builds the twenty subparsers nor imports argparse (~8 M
instructions, some 2 ms). The full parser is in `tui.cli_args`.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace

PROG = "paperdesk"

#: Exit statuses, documented under every --help (130: Ctrl+C, 128 + SIGINT as shells report it).
EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_HELD, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def parse_app_start(argv: Sequence[str]) -> SimpleNamespace | None:
    """What the full parser makes of a plain app start (`paperdesk`, `paperdesk --db DIR`), read
    without building it. Anything else (a command, --help, --version, an abbreviation, a mistake)
    is None: the full parser reads it."""
    if not argv:
        return SimpleNamespace(command=None)
    if len(argv) == 2 and argv[0] == "--db" and not argv[1].startswith("-"):
        return SimpleNamespace(db=argv[1], command=None)
    if len(argv) == 1 and argv[0].startswith("--db="):
        return SimpleNamespace(db=argv[0][len("--db="):], command=None)
    return None
