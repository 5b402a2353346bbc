"""Opening the library at start: a small one on the spot, before the first frame; a large one in a thread.

Opened on the spot, the first frame is the list. Opened in a thread, the
screen is laid out and drawn empty ("Opening library…") first, then again
with the list, and the thread competes with that drawing for the
interpreter: for a small library that costs more than the open itself
(benchmarks/startup.py). A large library still opens in the thread, so the
screen comes up at once and says it is opening.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tui.core.errors import PaperdeskError
from tui.core.usecases.open import open_for_session, papers_size
from tui.core.usecases.resume import Session, load
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.app import App

    from tui.core.library import Library


class Opener(Protocol):
    """What opening in a thread asks of the screen it opens for: the folder, and where the outcome goes."""

    @property
    def folder(self) -> Path | None: ...

    @property
    def app(self) -> App[Any]: ...

    def show_library(self, library: Library, session: Session | None = None) -> None: ...

    def open_failed(self, message: str) -> None: ...


#: A papers file smaller than this (5,000 papers with abstracts is about 7 MB) opens before the first frame.
OPEN_AT_ONCE_BELOW = 8 << 20


def opens_at_once(folder: Path | None) -> bool:
    """Whether the library in `folder` is small enough to open before the first frame.

    A new library (no papers file yet: it is seeded from the bundled lists) opens in the thread.
    """
    size = papers_size(folder)
    return size is not None and size < OPEN_AT_ONCE_BELOW


def open_library(folder: Path | None) -> Library:
    """Open (and on first launch seed) the library in `folder`; raises `PaperdeskError` when it cannot be."""
    if folder is None:
        raise PaperdeskError("no library folder to open")
    return open_for_session(folder)


def open_in_thread(screen: Opener) -> None:
    """In a thread: a large library opens without blocking the first paint (the list says it is opening)."""
    app = screen.app
    try:
        library = open_library(screen.folder)
    except PaperdeskError as exc:
        to_ui(app, screen.open_failed, str(exc))
        return
    to_ui(app, screen.show_library, library, load(library))
