"""`paperdesk sync` and the app's vault sync: the library and a folder of per-paper Markdown files, both ways.

The sync itself (plan, conflicts, the state file) is `export.sync`, and the
git round around it `export.git_vault`; this refuses a library another
paperdesk holds and names the library in the vault's state (`library_key`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from tui.core.library import Library

if TYPE_CHECKING:
    from tui.core.export.git_vault import GitSyncOutcome
    from tui.core.export.sync import SyncReport


def sync_vault(library: Library, vault: str | os.PathLike[str], *, now: str | None = None) -> SyncReport:
    """Two-way sync of the library with a folder of per-paper Markdown files (`export.sync`).

    The sync state in the vault is keyed by this library's folder, so two
    libraries (two machines sharing the vault through git) never mistake
    each other's agreement for their own. A library another paperdesk holds
    raises `LibraryHeld`; one open read-only otherwise is refused by the sync.
    """
    from tui.core.export.sync import sync_vault as sync
    from tui.core.store.guard import not_held

    not_held(library, "nothing synced")  # read-only otherwise: the sync's own refusal (`SyncError`, in its words)
    return sync(library, vault, library_key=library_key(library), now=now)


def library_key(library: Library) -> str:
    """What names a library in a vault's sync state and (hashed) in its files: its folder."""
    return str(Path(library.folder).resolve())


def sync_vault_git(library: Library, vault: str | os.PathLike[str], *, now: str | None = None) -> GitSyncOutcome:
    """`sync_vault` inside a git work tree: commit vault edits, pull (rebase), sync, commit, push."""
    from tui.core.export.git_vault import sync_with_git
    from tui.core.store.guard import not_held

    not_held(library, "nothing synced")
    return sync_with_git(Path(vault).expanduser(), lambda: sync_vault(library, vault, now=now), now=now)
