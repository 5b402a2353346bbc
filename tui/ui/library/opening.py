"""Opening the library at start: a small one on the spot, before the first frame; a large one in a thread.

Opened on the spot, the first frame is the list. Opened in a thread, the
screen was laid out and drawn empty ("Opening library…") first, then again
with the list, and the thread waited on that drawing for the interpreter:
for a small library that cost more than the open itself (about 20 ms at
5,000 papers). A large library still opens in the thread, so the screen
comes up at once and says it is opening.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tui.core import collector
from tui.core.errors import PaperdeskError
from tui.core.search.sorts import SORT_NAMES
from tui.core.store.session import load_session
from tui.core.store.storage import PAPERS_FILE
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.ui.library.screen import LibraryScreen

#: A papers file smaller than this (5,000 papers with abstracts is about 7 MB) opens before the first frame.
OPEN_AT_ONCE_BELOW = 8 << 20


def opens_at_once(folder: Path | None) -> bool:
    """Whether the library in `folder` is small enough to open before the first frame.

    A new library (no papers file yet: it is seeded from the bundled lists) opens in the thread.
    """
    if folder is None:
        return False
    try:
        return (folder / PAPERS_FILE).stat().st_size < OPEN_AT_ONCE_BELOW
    except OSError:
        return False


def open_library(folder: Path | None) -> Library:
    """Open (and on first launch seed) the library in `folder`; raises `PaperdeskError` when it cannot be."""
    from tui.core.library import Library

    # Reading papers by the thousand made the cyclic collector rescan them again and again (a third of
    # the open at 50,000; as at index time, they live as long as the app): none while reading, then they
    # are frozen out of its way (with what the start left uncollected meanwhile: about 0.6 MB, once).
    with collector.paused():
        return Library.open(folder)  # type: ignore[arg-type]


def open_in_thread(screen: LibraryScreen) -> None:
    """In a thread: a large library opens without blocking the first paint (the list says it is opening)."""
    app = screen.desk
    try:
        library = open_library(app.library_dir)
    except PaperdeskError as exc:
        to_ui(app, app.fail_startup, str(exc))
        return
    to_ui(app, screen.show_library, library, load_session(library.folder, tuple(SORT_NAMES)))
