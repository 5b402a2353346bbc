"""A progress line on stderr for long commands (`fetch`, `add`, `import`): a bar, the rate, the time left."""

from __future__ import annotations

import time
from typing import TextIO

from tui.cli.exits import PROG
from tui.cli.output import shown


class ProgressBar:
    """`fetching [#####.....] 1200/3000 papers · 410/s · 4 s left` on stderr, redrawn in place at most 10 times a second.

    `verb` names what is done (`importing` for `paperdesk import`, which also
    counts entries read before their total is known: `tally`).
    """

    def __init__(self, stream: TextIO, enabled: bool, verb: str = "fetching") -> None:
        self.stream = stream
        self.enabled = enabled
        self.verb = verb
        self.start = time.monotonic()
        self._drawn = 0.0
        self._open = False
        self._width = 0  # the length of the line drawn last: a shorter one is padded over it

    def tally(self, done: int, what: str) -> None:
        """`importing: 12000 entries read` in place, while there is no total yet (at most 10 times a second)."""
        now = time.monotonic()
        if not self.enabled or now - self._drawn < 0.1:
            return
        self._drawn = now
        self._draw(f"{self.verb}: {done} {what}")
        self._open = True

    def __call__(self, done: int, total: int, what: str = "papers", about: bool = False) -> None:
        """`done` of `total` `what`; `about`: the total is an estimate (entries of a file read so far), shown as `~total`."""
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._drawn < 0.1:
            return
        self._drawn = now
        elapsed = max(now - self.start, 1e-6)
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else 0.0
        width = 24
        filled = width * done // max(total, 1)
        end = "\n" if done >= total else ""
        of = f"{'~' if about and done < total else ''}{total}"
        self._draw(f"{self.verb} [{'#' * filled}{'.' * (width - filled)}] {done}/{of} {what} · {rate:,.0f}/s · {_duration(left)} left", end)
        self._open = done < total

    def _draw(self, line: str, end: str = "") -> None:
        """`line` in place of the one drawn before, padded with spaces over its end when shorter ("4 s left" after
        "1 min 04 s left" left "4 s leftt" on screen)."""
        self.stream.write(f"\r{line.ljust(self._width)}{end}")
        self.stream.flush()
        self._width = 0 if end else len(line)

    def notice(self, message: str) -> None:
        """A wait or a fallback the user should see, on its own line even while the bar is drawn."""
        if self._open:
            self.stream.write("\n")
            self._open = False
            self._width = 0
        self.stream.write(f"{PROG}: {shown(message)}\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds // 60:.0f} min {seconds % 60:02.0f} s"
    return f"{seconds // 3600:.0f} h {seconds % 3600 // 60:02.0f} min"
