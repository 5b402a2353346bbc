"""Counts in words, the same in every message the CLI and the app print ("1 paper", "3 papers")."""

from __future__ import annotations


def plural(n: int, word: str = "paper", many: str = "", *, grouped: bool = False) -> str:
    """ "1 paper", "12 papers": every count a user reads goes through here, so none says "1 papers".
    `many` is the plural when it is not `word` + s ("entry", "entries"); `grouped` writes 1,234."""
    count = f"{n:,}" if grouped else str(n)
    return f"{count} {word if n == 1 else many or word + 's'}"
