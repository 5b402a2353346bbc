"""What the commands print besides their results: report lines made safe for a terminal, and one-line errors."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from tui.cli.exits import PROG

if TYPE_CHECKING:
    from tui.core.store.guard import Readable


def shown(text: str) -> str:
    """A report line as the terminal may see it: names and titles come from files, so controls show as pictures."""
    from tui.core.render.text import one_line

    return one_line(text)


def fail(message: str) -> int:
    """`paperdesk: MESSAGE` on stderr; the exit status of a failed command (1)."""
    print(f"{PROG}: {shown(message)}", file=sys.stderr)
    return 1


def damage_said(library: Readable, outcome: str) -> bool:
    """Say in one line on stderr that the library's annotations file is damaged and what the command did of it
    (`store.guard.damage_line`); True when it was (the command then exits with status 1: its output lacks them)."""
    from tui.core.store.guard import damage_line

    line = damage_line(library, outcome)
    if line:
        fail(line)
    return line is not None
