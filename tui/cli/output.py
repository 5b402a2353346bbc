"""What the commands print besides their results: report lines made safe for a terminal, and one-line errors."""

from __future__ import annotations

import sys

from tui.cli.exits import PROG


def shown(text: str) -> str:
    """A report line as the terminal may see it: names and titles come from files, so controls show as pictures."""
    from tui.core.render.text import one_line

    return one_line(text)


def fail(message: str) -> int:
    """`paperdesk: MESSAGE` on stderr; the exit status of a failed command (1)."""
    print(f"{PROG}: {shown(message)}", file=sys.stderr)
    return 1
