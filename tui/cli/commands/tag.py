"""`paperdesk tag`: add (+tag) and remove (-tag) a paper's tags in one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP
from tui.cli.output import fail


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `tag` subcommand."""
    tag = make(
        "tag",
        parents=[common],
        help="add (+tag) and remove (-tag) tags",
        description="Add and remove a paper's tags: `paperdesk tag ID +llm -draft` adds llm and removes "
        "draft (a tag without a sign is added). Prints one line saying what changed.",
    )
    tag.add_argument("id", metavar="ID", help=PAPER_ID_HELP)
    tag.add_argument("edits", nargs=argparse.REMAINDER, metavar="+TAG|-TAG", help="tags to add (+tag) or remove (-tag)")


def check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """The tag edits swallow every later word (`-draft` is not an option): `--db` among them is taken back out.

    No edit at all is a usage error (exit 2), as the exit-status table has it, not bad input.
    """
    split_db(args)
    if not args.edits:
        parser.error("tag: give tags to add (+tag) or remove (-tag), as in `paperdesk tag ID +llm -draft`")


def split_db(args: argparse.Namespace) -> None:
    """`tag ID -draft --db DIR`: the tag edits swallow every later word, so take `--db` back out."""
    edits, rest = [], list(args.edits)
    while rest:
        word = rest.pop(0)
        if word == "--db" and rest:
            args.db = rest.pop(0)
        elif word.startswith("--db="):
            args.db = word[len("--db="):]
        else:
            edits.append(word)
    args.edits = edits


def run(args: argparse.Namespace) -> int:
    """Apply the edits; print the line saying what changed (an edit that is not a tag is one line, exit 1)."""
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    with writable(library_folder(args)) as lib:
        try:
            print(edits.edit_tags(lib, args.id, args.edits).line)
        except ValueError as exc:
            return fail(f"tag: {exc}")
    return EXIT_OK
