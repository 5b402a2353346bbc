"""Which library a command works on: --db, the environment, the settings, or the user data folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def library_folder(args: argparse.Namespace) -> Path:
    """--db, else $PAPERDESK_HOME, else the settings' `library`, else the user data folder.

    A folder that is missing and cannot be created is one line and exit 1 (`LibraryError`): a read-only
    command would otherwise show the bundled examples of a library that can never exist, and exit 0.
    """
    from tui.core.paths import HOME_ENV, library_dir

    override = getattr(args, "db", None)
    settings = getattr(args, "settings", None)
    if not override and not os.environ.get(HOME_ENV) and settings is not None and settings.library:
        override = settings.library
    folder = library_dir(override)
    problem = creatable_problem(folder)
    if problem:
        from tui.core.errors import LibraryError

        raise LibraryError(f"{folder}: the library folder cannot be created ({problem})")
    return folder


def creatable_problem(folder: Path) -> str | None:
    """Why `folder` cannot be made (None: it exists, or it can be).

    Tried for real and undone (the folders made here are removed again, innermost first): asking
    `os.access` is not enough, as root is told yes for /proc and a full or read-only disk says no only on a try.
    """
    if folder.is_dir():
        return None
    missing: list[Path] = []
    at = folder
    while not at.exists() and at != at.parent:
        missing.append(at)
        at = at.parent
    if not missing:
        return "it is a file, not a folder"
    made: list[Path] = []
    try:
        for path in reversed(missing):
            path.mkdir()
            made.append(path)
    except OSError as exc:
        from tui.core.errors import os_reason

        return os_reason(exc)
    finally:
        for path in reversed(made):
            try:
                path.rmdir()
            except OSError:
                pass  # something else wrote there meanwhile: it stays
    return None
