"""`paperdesk group`: join a reading group, sync with it, comment, opt papers in, see the members, add what others have.

Argument parsing and terminal output only; the use cases are `tui.core.usecases.group`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from tui.cli.exits import EXIT_FAIL, EXIT_OK, PROG
from tui.cli.folder import library_folder

WHAT_IS_SHARED = (
    "What is shared, per paper you rated, gave a status or tagged with a shared tag (group_tags in the settings; "
    "default: group, and tags below it such as group/theory): the rating, status, shared tags and your one-line "
    "comment, with the paper's title, authors, year, DOI, key and abstract. Notes and highlights stay on this "
    "machine unless you opt a paper in (paperdesk group share)."
)


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `group` subcommand and its actions, made with the main parser's `make(name, **kwargs)`."""
    group = make(
        "group",
        parents=[common],
        usage="paperdesk group [-h] [--db DIR] [join REMOTE --as NAME | sync | comment | share | missing | add]",
        help="read together: share ratings with a reading group over git, see who wants to discuss what",
        description="Without an action: the group's members, each one's last sync and counts (papers shared, rated, "
        "votes: ratings of 4 or 5). In the app and in queries, votes:N, group:NAME and discuss: find what the group "
        "wants to talk about.\n" + WHAT_IS_SHARED,
    )
    actions = group.add_subparsers(dest="action", metavar="ACTION", title="actions", help="without one: the members")
    join = make(
        "join",
        subparsers=actions,
        parents=[common],
        help="join a group: clone its git repository into the library folder and share for the first time",
        description="Clone REMOTE (any repository git can push to: a bare repository on a server, a path) into the "
        "library folder as group/, and become member NAME: your file is members/NAME.json. Each library is one member.",
    )
    join.add_argument("remote", metavar="REMOTE", help="the group's git repository (URL or path)")
    join.add_argument("--as", dest="name", metavar="NAME", required=True, help="your name in the group (letters, digits, . _ -)")
    join.add_argument("--rejoin", action="store_true", help="NAME is already a member: take their place (their file is written anew from this library)")
    make(
        "sync",
        subparsers=actions,
        parents=[common],
        help="pull the others' ratings, share yours (commit, push; again when another member pushed first)",
        description="Pull the group's repository, write your file (members/NAME.json) from the library, commit it when "
        "it changed, push. A sync with nothing new makes no commit. When the remote cannot be reached, your file is "
        "committed in the clone and goes out with the next sync (exit status 1).",
    )
    comment = make(
        "comment",
        subparsers=actions,
        parents=[common],
        help="give a paper a one-line comment for the group (shared at the next sync)",
        description="Give a paper a one-line comment the group sees beside your rating; without TEXT (or with \"\"), remove it.",
    )
    comment.add_argument("target", metavar="ID_OR_QUERY", help="a paper id (or its unique start), its citation key, or a query naming one paper")
    comment.add_argument("text", metavar="TEXT", nargs="?", default="", help="the comment (- reads standard input)")
    share = make(
        "share",
        subparsers=actions,
        parents=[common],
        help="opt a paper in to sharing its notes and highlights with the group (--off: out again)",
        description="Notes and highlights never leave this machine unless you opt a paper in; from the next sync on, "
        "its notes and highlights are in your file (and so in the repository's history).",
    )
    share.add_argument("target", metavar="ID_OR_QUERY", help="a paper id (or its unique start), its citation key, or a query naming one paper")
    share.add_argument("--off", action="store_true", help="stop sharing them (earlier commits keep what was shared)")
    make(
        "missing",
        subparsers=actions,
        parents=[common],
        help="list the papers other members shared that this library lacks",
        description="The papers other members rated or commented on that no paper of this library matches (by DOI, "
        "arXiv id, citation key, title and year): votes, who shared it, title.",
    )
    add = make(
        "add",
        subparsers=actions,
        parents=[common],
        help="add papers only others have, from their files",
        description="Add papers other members shared that this library lacks (`paperdesk group missing`): those whose "
        "title holds each TITLE_WORDS given, or all of them with --all.",
    )
    add.add_argument("words", nargs="*", metavar="TITLE_WORDS", help="words of a missing paper's title")
    add.add_argument("--all", action="store_true", help="add every paper only others have")


def run(args: argparse.Namespace) -> int:
    """One group action (or the members when none)."""
    folder = library_folder(args)
    action = getattr(args, "action", None)
    handler = {"join": _join, "sync": _sync, "comment": _comment, "share": _share, "missing": _missing, "add": _add}.get(action or "", _members)
    return handler(args, folder)


def _say(line: str) -> None:
    from tui.core.render.text import one_line

    print(one_line(line))


def _join(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import opened
    from tui.core.usecases import group as grouping

    with opened(folder, seed=False) as lib:
        lines = grouping.join(lib, args.remote, args.name, group_tags=args.settings.group_tags, rejoin=args.rejoin)
    for line in lines:
        _say(line)
    return EXIT_OK


def _sync(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import opened
    from tui.core.usecases import group as grouping

    with opened(folder, read_only=True, seed=False) as lib:  # a sync only reads the library
        report = grouping.sync(lib, group_tags=args.settings.group_tags)
    for line in report.lines:
        _say(line)
    return EXIT_FAIL if report.failed else EXIT_OK


def _members(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import opened
    from tui.core.usecases import group as grouping

    with opened(folder, read_only=True, seed=False) as lib:
        state, members, problems = grouping.overview(lib)
    _say(f"group {state.remote}, you are {state.name}")
    width = max([len(m.name) + 2 for m in members] + [6])
    print(f"{'MEMBER':<{width}}  {'LAST SYNC':<16}  SHARED  RATED  VOTES")
    for m in members:
        name = m.name + (" *" if m.me else "")
        when = m.when[:16].replace("T", " ") if m.when else "never"
        print(f"{name:<{width}}  {when:<16}  {m.shared:>6}  {m.rated:>5}  {m.votes:>5}")  # names hold only [A-Za-z0-9._-]
    for line in problems:
        print(f"{PROG}: warning: {line}", file=sys.stderr)
    print("* you (last sync: this clone's; the others': their last shared change)")
    return EXIT_OK


def _target(args: argparse.Namespace, folder: Path) -> str:
    """The id of the one paper `args.target` names (read-only: the change itself takes the write lock)."""
    from tui.core.library import Library
    from tui.core.usecases.edit import find_one

    with Library.open(folder, read_only=True, seed=False) as lib:
        return find_one(lib, args.target).id


def _comment(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import opened
    from tui.core.usecases import group as grouping

    text = sys.stdin.read() if args.text == "-" else args.text
    pid = _target(args, folder)
    with opened(folder, seed=False) as lib:
        kept = grouping.set_comment(lib, pid, text)
    _say(f"{pid}: comment {'kept: ' + kept if kept else 'removed'} (shared at the next sync)")
    return EXIT_OK


def _share(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import opened
    from tui.core.usecases import group as grouping

    pid = _target(args, folder)
    with opened(folder, seed=False) as lib:
        grouping.share_notes(lib, pid, not args.off)
    _say(f"{pid}: notes and highlights {'no longer shared' if args.off else 'shared with the group'} from the next sync on")
    return EXIT_OK


def _missing(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import Library
    from tui.core.render.text import one_line
    from tui.core.usecases import group as grouping

    with Library.open(folder, read_only=True, seed=False) as lib:
        found = grouping.missing(lib)
    if not found:
        print("this library has every paper the others shared")
        return EXIT_OK
    for item in found:
        who = ", ".join(f"{m.member} {m.rating}★" if m.rating else m.member for m in item.marks)
        print(f"{item.votes}\t{one_line(who)}\t{one_line(item.paper.title)}")
    return EXIT_OK


def _add(args: argparse.Namespace, folder: Path) -> int:
    from tui.core.library import Library, opened
    from tui.core.usecases import group as grouping

    if not args.words and not args.all:
        print(f"{PROG}: group add: give words of a title (paperdesk group missing lists them) or --all", file=sys.stderr)
        return EXIT_FAIL
    with Library.open(folder, read_only=True, seed=False) as lib:
        found = grouping.missing(lib)
    wanted = [w.casefold() for w in args.words]
    chosen = found if args.all else [m for m in found if all(w in m.paper.title.casefold() for w in wanted)]
    if not chosen:
        print(f"{PROG}: group add: no paper only others have matches {' '.join(args.words)!r}", file=sys.stderr)
        return EXIT_FAIL
    with opened(folder, seed=False) as lib:
        lines = grouping.add_missing(lib, chosen)
    for line in lines:
        _say(line)
    return EXIT_OK
