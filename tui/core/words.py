"""Counts in words, the same in every message the CLI and the app print ("1 paper", "3 papers")."""

from __future__ import annotations


def plural(n: int, word: str = "paper") -> str:
    """ "1 paper", "12 papers": every count a user reads goes through here, so none says "1 papers"."""
    return f"{n} {word}{'' if n == 1 else 's'}"
