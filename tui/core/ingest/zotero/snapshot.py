"""A private copy of zotero.sqlite and its WAL, read instead of the original.

Zotero holds its database with an exclusive lock while it runs, so opening it
fails ("database is locked"); opening it `immutable` misses the changes still
in `zotero.sqlite-wal`. Copying the database with its WAL (and a rollback
journal, when one is left) into a temporary folder and opening the copy sees
what Zotero sees, and never writes, locks or leaves a file beside the original.
The files are copied again when one changed while being copied (Zotero wrote
meanwhile), so the copy is one consistent state.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tui.core.errors import InputFileError, os_reason

#: The database's name in a Zotero data folder.
DATABASE = "zotero.sqlite"
#: Suffixes of files taken as databases even when they do not start as one (the error then says what they are).
SUFFIXES = (".sqlite", ".sqlite3", ".db")
#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: Files beside the database that hold part of its state: the write-ahead log, a rollback journal.
COMPANIONS = ("-wal", "-journal")
#: Copies tried before giving up on a database that keeps changing while it is copied.
ATTEMPTS = 5


def is_sqlite(path: Path) -> bool:
    """True when the file starts as an SQLite database does (never raises)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _stamps(path: Path) -> list[tuple[str, int, int] | None]:
    """Size and modification time of the database and its companions (None: absent)."""
    found: list[tuple[str, int, int] | None] = []
    for suffix in ("", *COMPANIONS):
        try:
            st = os.stat(f"{path}{suffix}")
        except FileNotFoundError:
            found.append(None)
            continue
        found.append((suffix, st.st_size, st.st_mtime_ns))
    return found


def _copy_into(path: Path, folder: Path) -> Path:
    """The database and its companions copied into `folder`, until a copy saw no file change under it."""
    copy = folder / "zotero.sqlite"
    for _ in range(ATTEMPTS):
        before = _stamps(path)
        for suffix in ("", *COMPANIONS):
            target = Path(f"{copy}{suffix}")
            target.unlink(missing_ok=True)
            try:
                shutil.copyfile(f"{path}{suffix}", target)
            except FileNotFoundError:
                if not suffix:
                    raise
        if _stamps(path) == before:
            return copy
    raise InputFileError(path, f"kept changing while it was copied ({ATTEMPTS} tries); try again when Zotero is idle")


@contextmanager
def private_copy(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to a copy of `path` (and its WAL) in a temporary folder, removed afterwards.

    The copy is opened read-write (SQLite replays the copied WAL into it) but
    queried only (`query_only`). Errors are one line naming the original file.
    """
    with tempfile.TemporaryDirectory(prefix="paperdesk-zotero-") as tmp:
        try:
            copy = _copy_into(path, Path(tmp))
        except FileNotFoundError:
            raise InputFileError(path, "does not exist") from None
        except IsADirectoryError:
            raise InputFileError(path, "is a directory, not a Zotero database") from None
        except OSError as exc:
            raise InputFileError(path, f"cannot be copied to be read ({os_reason(exc)})") from None
        try:
            connection = sqlite3.connect(copy)
        except sqlite3.Error as exc:
            raise InputFileError(path, f"cannot be opened as a database ({exc})") from None
        try:
            connection.execute("PRAGMA query_only = ON")
            yield connection
        finally:
            connection.close()


def database_in(path: Path) -> Path | None:
    """The Zotero database a path names: a database file itself, or a Zotero data folder holding one. Here, not
    beside the reader: every import path is asked, and the reader's modules are loaded only for a database."""
    if path.is_dir():
        inside = path / DATABASE
        return inside if inside.is_file() else None
    if path.suffix.lower() in SUFFIXES or is_sqlite(path):
        return path
    return None
