"""A Zotero database read into papers: recognised, copied, checked, read (`read_zotero`).

Nothing here knows the library: what the papers meet there is
`core.usecases.zotero`'s. A file that is not a Zotero database, or one whose
schema paperdesk does not know, is one `InputFileError` line naming it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from tui.core.errors import InputFileError
from tui.core.ingest.zotero.items import OddValue, ZoteroLibrary, read_items
from tui.core.ingest.zotero.papers import paper_of
from tui.core.ingest.zotero.schema import check_schema
from tui.core.ingest.zotero.snapshot import DATABASE, SUFFIXES, database_in, is_sqlite, private_copy
from tui.core.models import Paper

__all__ = ["DATABASE", "SUFFIXES", "ZoteroFile", "database_in", "read_zotero"]


@dataclass
class ZoteroFile:
    """What a Zotero database gave: its papers, the reasons for what was left out, the libraries read."""

    source: Path
    papers: list[Paper] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    libraries: list[ZoteroLibrary] = field(default_factory=list)
    trashed: set[tuple[str, str]] = field(default_factory=set)
    #: (library ident, key) of regular items skipped here (no title, no abstract): not gone from Zotero.
    seen: set[tuple[str, str]] = field(default_factory=set)
    version: int = 0


def read_zotero(path: Path, *, automatic_tags: bool = False, groups: bool = False) -> ZoteroFile:
    """Read the Zotero database at `path` from a private copy (`snapshot`); InputFileError naming it when it cannot be."""
    if path.is_file() and not is_sqlite(path):
        raise InputFileError(path, "is not a Zotero database (not an SQLite file)")
    with private_copy(path) as db:
        try:
            version = check_schema(db, path)
            read = read_items(db, groups=groups)
        except sqlite3.DatabaseError as exc:  # a damaged or half-copied file: the engine's words
            raise InputFileError(path, f"could not be read as a Zotero database ({exc})") from None
        except OddValue as exc:  # a value Zotero never writes: the column and the value
            raise InputFileError(path, f"could not be read as a Zotero database ({exc})") from None
    parsed = ZoteroFile(path, libraries=read.libraries, trashed=read.trashed, version=version)
    for item in read.items:
        paper = paper_of(item, automatic_tags=automatic_tags)
        if paper is None:
            parsed.skipped.append(f"item {item.key} ({item.type}): has no title and no abstract")
            parsed.seen.add((item.library.ident, item.key))
        else:
            parsed.papers.append(paper)
    for reason, count in sorted(read.left_out.items()):
        parsed.skipped.append(f"{count} {reason}" if count != 1 else f"1 {_singular(reason)}")
    return parsed


#: Each reason `items.read_items` counts, for a count of one.
_ONE = {
    "feed items": "feed item", "standalone notes": "standalone note", "attachments": "attachment", "annotations": "annotation",
    "items in the trash": "item in the trash", "notes in the trash": "note in the trash", "notes of items left out": "note of an item left out",
    "items of group libraries (not asked for)": "item of a group library (not asked for)",
    "items of unknown libraries": "item of an unknown library", "items of a type the database does not name": "item of a type the database does not name",
}


def _singular(reason: str) -> str:
    return _ONE.get(reason, reason)
