"""The command's name and its exit statuses, shared by the parser and the commands without importing argparse."""

from __future__ import annotations

PROG = "paperdesk"

#: Exit statuses, documented under every --help (130: Ctrl+C, 128 + SIGINT as shells report it).
EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_HELD, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
