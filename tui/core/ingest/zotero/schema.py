"""Whether a database is Zotero's, and one whose tables paperdesk knows how to read.

A Zotero database says so in its `version` table (a `userdata` row). Ids of
item types and fields differ between databases, so they are always read
through the name tables (`itemTypesCombined`, `fieldsCombined`); what must be
there is every table and column the reader queries, checked before reading so
that a schema Zotero changed gives one line, not a half-read library.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tui.core.errors import InputFileError

#: The tables the reader queries and the columns it needs of each.
NEEDED = {
    "items": ("itemID", "itemTypeID", "libraryID", "key", "dateAdded", "dateModified"),
    "itemTypesCombined": ("itemTypeID", "typeName"),
    "fieldsCombined": ("fieldID", "fieldName"),
    "itemData": ("itemID", "fieldID", "valueID"),
    "itemDataValues": ("valueID", "value"),
    "creators": ("creatorID", "firstName", "lastName", "fieldMode"),
    "creatorTypes": ("creatorTypeID", "creatorType"),
    "itemCreators": ("itemID", "creatorID", "creatorTypeID", "orderIndex"),
    "tags": ("tagID", "name"),
    "itemTags": ("itemID", "tagID", "type"),
    "collections": ("collectionID", "collectionName", "parentCollectionID", "libraryID"),
    "collectionItems": ("collectionID", "itemID"),
    "itemNotes": ("itemID", "parentItemID", "note"),
    "deletedItems": ("itemID",),
    "libraries": ("libraryID", "type"),
}
#: Tables read when they are there (older databases lack some).
OPTIONAL = {"groups": ("libraryID", "name"), "deletedCollections": ("collectionID",), "feedItems": ("itemID",)}
#: The oldest `userdata` version whose tables are read here (Zotero 5 on); Zotero 7 writes 120 and more.
OLDEST = 80


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in db.execute(f'PRAGMA table_info("{table}")')}


def userdata_version(db: sqlite3.Connection, path: Path) -> int:
    """The database's userdata schema version; InputFileError when it is not a Zotero database."""
    try:
        row = db.execute("SELECT version FROM version WHERE schema = 'userdata'").fetchone()
    except sqlite3.DatabaseError as exc:
        if "no such table" in str(exc):
            raise InputFileError(path, "is an SQLite database but not Zotero's (it has no Zotero version table)") from None
        raise InputFileError(path, f"is not a Zotero database ({exc})") from None
    if row is None:
        raise InputFileError(path, "is an SQLite database but not Zotero's (no userdata schema version)")
    try:
        return int(row[0])
    except (TypeError, ValueError):
        raise InputFileError(path, f"has a Zotero schema version paperdesk does not know ({row[0]!r})") from None


def check_schema(db: sqlite3.Connection, path: Path) -> int:
    """Check that `db` is a Zotero database paperdesk can read; its userdata version. One-line errors name `path`."""
    version = userdata_version(db, path)
    if version < OLDEST:
        raise InputFileError(path, f"has a Zotero schema paperdesk does not know (userdata version {version}, older than Zotero 5)")
    for table, needed in NEEDED.items():
        missing = [c for c in needed if c not in _columns(db, table)]
        if missing:
            what = f"no table {table}" if len(missing) == len(needed) else f"{table} has no {', '.join(missing)}"
            raise InputFileError(path, f"has a Zotero schema paperdesk does not know (userdata version {version}: {what})")
    return version


def has_table(db: sqlite3.Connection, table: str) -> bool:
    """An optional table (`OPTIONAL`) is there with the columns read."""
    return all(c in _columns(db, table) for c in OPTIONAL[table])
