"""The one refusal of a write (a library another paperdesk holds, or one open read-only) and the one line for a read of damaged annotations.

Every use case that writes asks here first (`writable`), so the line and the
error (`LibraryHeld`: exit status 3 on the command line; `ReadOnlyLibrary`
otherwise) are the same whichever verb the reader used. A read of a library
whose annotations file is damaged, wiped or wrong-typed (`LibraryStore.damaged`)
sees no annotations, or some read as defaults: every command that reads them
says so in the same line (`damage_line`), and one whose output would be wrong
refuses with it (`annotations_readable`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from tui.core.errors import DamagedAnnotations, LibraryHeld, ReadOnlyLibrary


class Lockable(Protocol):
    """What the guard reads of an open library (`store.storage.LibraryStore`)."""

    folder: Path
    held: bool
    holder_pid: int | None
    read_only: bool
    notice: str | None


class Readable(Protocol):
    """What a read of annotations asks of an open library: why its annotations file cannot be trusted, if it cannot."""

    damaged: str | None


#: Where a reader goes from a damaged annotations file: the copies, and the newest good one put back.
RESTORE_LATEST = "`paperdesk backups` lists the copies; `paperdesk backups restore latest` puts back the newest good one"


def damage_line(library: Readable, outcome: str) -> str | None:
    """"PATH: what is wrong; OUTCOME (where to go)" when the library's annotations file is damaged, else None.
    `outcome` says what the read did of it ("shown without annotations")."""
    if not library.damaged:
        return None
    return f"{library.damaged}; {outcome} ({RESTORE_LATEST})"


def annotations_readable(library: Readable, outcome: str) -> None:
    """Raise `DamagedAnnotations` (its line ending with `outcome`, "nothing exported") when the library's annotations
    file is damaged: for a read whose output would be wrong without the reader's annotations."""
    line = damage_line(library, outcome)
    if line:
        raise DamagedAnnotations(line)


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
