"""`paperdesk sync`: a folder of per-paper notes (an Obsidian vault) kept in step with the library, both ways."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import complete
from tui.cli.output import shown


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `sync` subcommand."""
    syn = make(
        "sync",
        parents=[common],
        help="keep a folder of per-paper notes (an Obsidian vault) in step, both ways",
        description="Two-way sync with a folder of per-paper Markdown files: edits made in the vault "
        "come into the library, the library's changes and new annotated papers go out. A note changed "
        "on both sides since the last sync is a conflict: neither side is overwritten, the library's "
        "side is written beside the file as NAME.conflict-DATE.md; make NAME.md what you want and "
        "delete the conflict file, and the next sync takes NAME.md. Exits 1 while a conflict is open.",
    )
    vault = syn.add_argument("vault", metavar="VAULT", help="the folder of notes (created if missing)")
    complete(vault, "DIRECTORY")
    syn.add_argument("--git", action="store_true", help="the vault is a git work tree: pull (rebase), sync, commit, push")


def run(args: argparse.Namespace) -> int:
    """Sync the library with a vault (through git with --git); print what happened; 1 while a conflict is open."""
    from tui.core.library import opened
    from tui.core.usecases.sync import sync_vault, sync_vault_git

    with opened(library_folder(args)) as lib:
        if args.git:
            outcome = sync_vault_git(lib, args.vault)
            lines, conflicts = outcome.lines(), outcome.conflicts
        else:
            report = sync_vault(lib, args.vault)
            lines, conflicts = report.all_lines(), report.conflicts
    for line in lines:
        print(shown(line))
    return EXIT_FAIL if conflicts else EXIT_OK
