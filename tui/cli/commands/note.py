"""`paperdesk note`: append to, replace, or edit a paper's notes (in $VISUAL/$EDITOR, `tui.cli.editor`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `note` subcommand."""
    note = make(
        "note",
        parents=[common],
        help="append to, replace, or edit a paper's notes",
        description="Change a paper's notes: --append adds a line, --set replaces them, --edit opens "
        "$VISUAL (else $EDITOR, else vi) on them and saves when the editor exits with status 0 (any "
        "other status changes nothing). TEXT - reads standard input. Prints one line saying what changed.",
    )
    note.add_argument("id", metavar="ID", help=PAPER_ID_HELP)
    how = note.add_mutually_exclusive_group(required=True)
    how.add_argument("--append", "-a", metavar="TEXT", help="add TEXT on a new line at the end of the notes")
    how.add_argument("--set", metavar="TEXT", help="replace the notes with TEXT")
    how.add_argument("--edit", "-e", action="store_true", help="edit the notes in $VISUAL / $EDITOR")


def run(args: argparse.Namespace) -> int:
    """--append/--set TEXT (- reads standard input), or --edit in $VISUAL/$EDITOR while holding the library."""
    from tui.cli.editor import edit_text
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    text = args.append if args.append is not None else args.set
    if text == "-":
        text = sys.stdin.read()
    with writable(library_folder(args)) as lib:
        if args.edit:
            paper = edits.resolve_paper(lib, args.id)
            edited = edit_text(lib.annotation(paper.id).notes)
            print(edits.save_notes(lib, paper, edited).line)
        else:
            print(edits.set_notes(lib, args.id, text, append=args.append is not None).line)
    return EXIT_OK
