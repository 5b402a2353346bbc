"""Argument helpers more than one command uses: the shell-completion tag of a path, a count of papers, a paper's id."""

from __future__ import annotations

import argparse
import sys

#: The ID argument of the commands that change one paper (`rate`, `status`, `tag`, `note`).
PAPER_ID_HELP = "the paper's id, a unique start of it (the first column of `paperdesk list`), or its citation key"


def complete(action: argparse.Action, kind: str) -> None:
    """Tag an argument with shtab's completion kind ("FILE", "DIRECTORY") when a completion script is
    being generated (`paperdesk completion` imports shtab first): importing shtab on every command would
    pull importlib.metadata and logging into each one, a large part of a quick `paperdesk list`."""
    shtab = sys.modules.get("shtab")
    if shtab is not None:
        action.complete = getattr(shtab, kind)  # type: ignore[attr-defined]  # shtab's API: an attribute argparse does not declare


def positive_int(text: str) -> int:
    """`--limit N`: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"wants a whole number >= 0, not {text!r}")
    return value
