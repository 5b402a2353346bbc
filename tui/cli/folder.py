"""Which library a command works on: --db, the environment, the settings, or the user data folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def library_folder(args: argparse.Namespace) -> Path:
    """--db, else $PAPERDESK_HOME, else the settings' `library`, else the user data folder."""
    from tui.core.paths import HOME_ENV, library_dir

    override = getattr(args, "db", None)
    settings = getattr(args, "settings", None)
    if not override and not os.environ.get(HOME_ENV) and settings is not None and settings.library:
        override = settings.library
    return library_dir(override)
