"""The one refusal of a write: a library another paperdesk holds, or one open read-only, says so in one line.

Every use case that writes asks here first (`writable`), so the line and the
error (`LibraryHeld`: exit status 3 on the command line; `ReadOnlyLibrary`
otherwise) are the same whichever verb the reader used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from tui.core.errors import LibraryHeld, ReadOnlyLibrary


class Lockable(Protocol):
    """What the guard reads of an open library (`store.storage.LibraryStore`)."""

    folder: Path
    held: bool
    holder_pid: int | None
    read_only: bool
    notice: str | None


def held_by(folder: Path, pid: int | None, outcome: str) -> LibraryHeld:
    """"DIR: another paperdesk (PID 1234) is using this library; nothing changed", as the error to raise
    (also for a folder whose lock was refused without opening the store: `usecases.backups`)."""
    who = f"another paperdesk (PID {pid})" if pid else "another paperdesk"
    return LibraryHeld(f"{folder}: {who} is using this library; {outcome}", pid)


def not_held(library: Lockable, outcome: str = "nothing changed") -> None:
    """Raise `LibraryHeld`, ending with `outcome` ("nothing synced"), when another paperdesk holds `library`."""
    if library.held:
        raise held_by(library.folder, library.holder_pid, outcome)


def writable(library: Lockable, outcome: str = "nothing changed") -> None:
    """Raise `LibraryHeld` when another paperdesk holds `library`, `ReadOnlyLibrary` when it is open read-only
    (its notice says why), each ending with `outcome` ("nothing imported"); return when it can be written."""
    not_held(library, outcome)
    if library.read_only:
        raise ReadOnlyLibrary(f"{library.notice or library.folder}; {outcome}")
