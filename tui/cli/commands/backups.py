"""`paperdesk backups`: the copies of the annotations listed, one restored, a file edited outside accepted.

Argument parsing and terminal output only; the use cases are `tui.core.usecases.backups`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.output import fail

KINDS_HELP = (
    "Kinds: recent (taken while you work, at most every few minutes), session (when the app or a command that "
    "changed something closes), daily (the day's first open; kept longer). The newest 10 recent and session "
    "copies and 7 daily ones are kept. A copy is only ever taken of a file that checked out as the library opened. "
    "The trash (trash.json: removed papers and their notes) is copied beside them, as trash-…json (daily, and session "
    "when it changed), and outside (annotations-outside-…json) is annotations.json as another program (a sync tool, "
    "an editor) left it while the library was open, kept before its changes were merged in."
)


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `backups` subcommand and its actions, made with the main parser's `make(name, **kwargs)`."""
    backups = make(
        "backups",
        parents=[common],
        usage="paperdesk backups [-h] [--db DIR] [restore NAME|latest | accept]",
        help="list the copies of your annotations (notes, ratings, tags, highlights, saved views, follows); restore one",
        description="Without an action: list the copies of the library's annotations in its backups folder, newest "
        "first: name, when, kind, how many papers carry annotations (ANNOTATED), how many notes (NOTES), saved views (VIEWS) and followed "
        "authors (FOLLOWS); a copy that "
        "cannot be restored says why.\n" + KINDS_HELP,
    )
    actions = backups.add_subparsers(dest="action", metavar="ACTION", title="actions", help="without one: list the copies")
    restore = make(
        "restore",
        subparsers=actions,
        parents=[common],
        help="make one copy the library's annotations again",
        description="Make a copy the library's annotations.json (or, for a trash-…json copy, trash.json) again, in one "
        "atomic write. The file it replaces (and its journal) is kept beside it as annotations.json.replaced-YYYYmmdd-HHMMSS "
        "(trash.json.replaced-…), never deleted. Refused (exit "
        "status 3) while the app or another command has the library open.",
    )
    restore.add_argument("name", metavar="NAME|latest", help="a name as `paperdesk backups` lists it, or latest: the newest copy that can be restored")
    make(
        "accept",
        subparsers=actions,
        parents=[common],
        help="take annotations.json as it is now, after removing annotations from it by hand on purpose",
        description="A file changed outside paperdesk that lost annotations opens read-only, as a damaged one does. "
        "When you removed them yourself, `accept` takes the file as it is, so the library opens for writing again. "
        "A file that does not parse or holds values of the wrong type cannot be taken: correct it, or restore a copy.",
    )


def run(args: argparse.Namespace) -> int:
    """List the copies, or restore one, or accept the file as it is."""
    from tui.core.render.text import one_line
    from tui.core.usecases import backups as recovery

    folder = library_folder(args)

    if args.action == "restore":
        print(one_line(recovery.restore_backup(folder, args.name).line()))
    elif args.action == "accept":
        print(one_line(recovery.accept_file(folder)))
    else:
        damage = recovery.annotations_damage(folder, "the library opens read-only until a copy is restored")
        if damage:  # listing is how the reader recovers: said, and the copies listed (exit 0)
            fail(damage)
        found = recovery.list_backups(folder)
        if not found:
            from tui.core.store.backups import BACKUP_DIR

            print(f"no backups yet in {folder / BACKUP_DIR}")
            return EXIT_OK
        width = max(len(b.name) for b in found)
        print(f"{'NAME':<{width}}  {'WHEN':<16}  {'KIND':<7}  ANNOTATED  NOTES  VIEWS  FOLLOWS")
        for backup in found:
            if isinstance(backup.summary, recovery.TrashSummary):
                counts = f"trash: {backup.summary.line()}"
            elif backup.summary is not None:
                held = backup.summary
                counts = f"{held.annotated:>9}  {held.notes:>5}  {held.views:>5}  {held.follows:>7}"
            else:
                counts = f"cannot be restored: {one_line(backup.problem or '')}"
            print(f"{backup.name:<{width}}  {backup.when:<16}  {backup.copy.kind:<7}  {counts}")
    return EXIT_OK
