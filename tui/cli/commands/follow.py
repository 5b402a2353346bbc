"""`paperdesk follow NAME`, `unfollow NAME`, `following`: the authors whose papers the reader wants first
(a mark in the app's list, `followed:`, a weak "for me" signal)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.output import damage_said, shown


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `follow`, `unfollow` and `following` subcommands."""
    follow = make(
        "follow",
        parents=[common],
        help="follow an author: their papers are marked in the list and found by followed:",
        description="Follow an author, in any spelling of their name. A whole name no paper carries yet is "
        "followed as written (its papers are marked when they are imported); a part of a name must fit one "
        "author of the library (several: they are listed, exit status 1).",
    )
    follow.add_argument("name", metavar="NAME", help='a name ("Ada Lovelace", "Lovelace, Ada"), or a part only one author has')
    unfollow = make("unfollow", parents=[common], help="stop following an author", description="Stop following an author.")
    unfollow.add_argument("name", metavar="NAME", help="a followed name in any spelling, or a part only one followed name has")
    make(
        "following",
        parents=[common],
        help="print the authors you follow",
        description="Print the authors you follow, one a line, each with how many of their papers the library holds.",
    )


def run(args: argparse.Namespace) -> int:
    """Follow, stop following, or list the followed authors (status 1, said in one line, when the annotations file
    that holds the follows is damaged: the list would be wrong)."""
    from tui.core.library import Library, writable
    from tui.core.usecases import follow as follows
    from tui.core.words import plural

    if args.command == "following":
        with Library.open(library_folder(args), read_only=True) as lib:
            found = follows.following(lib)
            damaged = damage_said(lib, "the authors you follow cannot be read")
        for followed in found:
            print(f"{shown(followed.name)}\t{plural(followed.papers, 'paper')}")
        return EXIT_FAIL if damaged else EXIT_OK
    with writable(library_folder(args), "nothing followed" if args.command == "follow" else "nothing changed") as lib:
        line = follows.follow(lib, args.name) if args.command == "follow" else follows.unfollow(lib, args.name)
    print(shown(line))
    return EXIT_OK
