"""Zotero databases for tests and benchmarks, built from the tables of Zotero's own schema.

The CREATE TABLE statements are those of `resource/schema/userdata.sql` in the
zotero/zotero repository (userdata version 129), less the tables paperdesk never
reads. Item type and field ids are shuffled by a seed, as they differ between
real databases: a reader that trusted an id instead of a name would read the
wrong field here.
"""

from __future__ import annotations

import random
import sqlite3
import string
from collections.abc import Iterable, Sequence
from pathlib import Path

USERDATA_VERSION = 129

SCHEMA = """
CREATE TABLE itemTypes (itemTypeID INTEGER PRIMARY KEY, typeName TEXT, templateItemTypeID INT, display INT DEFAULT 1);
CREATE TABLE itemTypesCombined (itemTypeID INT NOT NULL, typeName TEXT NOT NULL, display INT DEFAULT 1 NOT NULL,
    custom INT NOT NULL, PRIMARY KEY (itemTypeID));
CREATE TABLE fields (fieldID INTEGER PRIMARY KEY, fieldName TEXT, fieldFormatID INT);
CREATE TABLE fieldsCombined (fieldID INT NOT NULL, fieldName TEXT NOT NULL, label TEXT, fieldFormatID INT, custom INT NOT NULL,
    PRIMARY KEY (fieldID));
CREATE TABLE creatorTypes (creatorTypeID INTEGER PRIMARY KEY, creatorType TEXT);
CREATE TABLE version (schema TEXT PRIMARY KEY, version INT NOT NULL);
CREATE TABLE settings (setting TEXT, key TEXT, value, PRIMARY KEY (setting, key));
CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT NOT NULL, dateAdded TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    dateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    libraryID INT NOT NULL, key TEXT NOT NULL, version INT NOT NULL DEFAULT 0, clientVersion INT NOT NULL DEFAULT 0,
    synced INT NOT NULL DEFAULT 0, UNIQUE (libraryID, key));
CREATE TABLE itemDataValues (valueID INTEGER PRIMARY KEY, value UNIQUE, valueNormalized TEXT);
CREATE TABLE itemData (itemID INT, fieldID INT, valueID, PRIMARY KEY (itemID, fieldID));
CREATE TABLE itemNotes (itemID INTEGER PRIMARY KEY, parentItemID INT, note TEXT, title TEXT);
CREATE TABLE itemAttachments (itemID INTEGER PRIMARY KEY, parentItemID INT, linkMode INT, contentType TEXT, charsetID INT,
    path TEXT, syncState INT DEFAULT 0, storageModTime INT, storageHash TEXT, lastProcessedModificationTime INT, lastRead INT);
CREATE TABLE itemAnnotations (itemID INTEGER PRIMARY KEY, parentItemID INT NOT NULL, type INTEGER NOT NULL, authorName TEXT,
    text TEXT, textNormalized TEXT, comment TEXT, commentNormalized TEXT, color TEXT, pageLabel TEXT, sortIndex TEXT NOT NULL,
    position TEXT NOT NULL, isExternal INT NOT NULL);
CREATE TABLE tags (tagID INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, nameNormalized TEXT);
CREATE TABLE itemTags (itemID INT NOT NULL, tagID INT NOT NULL, type INT NOT NULL, PRIMARY KEY (itemID, tagID));
CREATE TABLE creators (creatorID INTEGER PRIMARY KEY, firstName TEXT, lastName TEXT, fieldMode INT, firstNameNormalized TEXT,
    lastNameNormalized TEXT, UNIQUE (lastName, firstName, fieldMode));
CREATE TABLE itemCreators (itemID INT NOT NULL, creatorID INT NOT NULL, creatorTypeID INT NOT NULL DEFAULT 1,
    orderIndex INT NOT NULL DEFAULT 0, PRIMARY KEY (itemID, creatorID, creatorTypeID, orderIndex), UNIQUE (itemID, orderIndex));
CREATE TABLE collections (collectionID INTEGER PRIMARY KEY, collectionName TEXT NOT NULL, parentCollectionID INT DEFAULT NULL,
    clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, libraryID INT NOT NULL, key TEXT NOT NULL,
    version INT NOT NULL DEFAULT 0, clientVersion INT NOT NULL DEFAULT 0, synced INT NOT NULL DEFAULT 0, UNIQUE (libraryID, key));
CREATE TABLE collectionItems (collectionID INT NOT NULL, itemID INT NOT NULL, orderIndex INT NOT NULL DEFAULT 0,
    PRIMARY KEY (collectionID, itemID));
CREATE TABLE feeds (libraryID INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL UNIQUE, lastUpdate TIMESTAMP,
    lastCheck TIMESTAMP, lastCheckError TEXT, cleanupReadAfter INT, cleanupUnreadAfter INT, refreshInterval INT);
CREATE TABLE feedItems (itemID INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, readTime TIMESTAMP, translatedTime TIMESTAMP);
CREATE TABLE deletedCollections (collectionID INTEGER PRIMARY KEY, dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL);
CREATE TABLE deletedItems (itemID INTEGER PRIMARY KEY, dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL);
CREATE TABLE libraries (libraryID INTEGER PRIMARY KEY, type TEXT NOT NULL, editable INT NOT NULL, filesEditable INT NOT NULL,
    version INT NOT NULL DEFAULT 0, clientVersion INT NOT NULL DEFAULT 0, storageVersion INT NOT NULL DEFAULT 0,
    lastSync INT NOT NULL DEFAULT 0, archived INT NOT NULL DEFAULT 0, isAdmin INT NOT NULL DEFAULT 0);
CREATE TABLE groups (groupID INTEGER PRIMARY KEY, libraryID INT NOT NULL UNIQUE, name TEXT NOT NULL, description TEXT NOT NULL,
    version INT NOT NULL);
"""

ITEM_TYPES = (
    "annotation", "artwork", "attachment", "book", "bookSection", "conferencePaper", "document", "journalArticle",
    "manuscript", "note", "preprint", "report", "thesis", "webpage",
)
FIELDS = (
    "title", "abstractNote", "date", "publicationTitle", "proceedingsTitle", "conferenceName", "bookTitle", "DOI", "url",
    "pages", "volume", "issue", "publisher", "extra", "archiveID", "repository", "citationKey", "university",
    "institution", "websiteTitle", "series", "accessDate", "language", "shortTitle", "ISSN",
)
CREATOR_TYPES = ("author", "contributor", "editor", "seriesEditor", "translator", "bookAuthor")


def _key(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(8))


class ZoteroDB:
    """A zotero.sqlite being written, as Zotero would write it: `add_item`, `add_note`, `trash`…, each committed."""

    def __init__(self, path: Path, *, seed: int = 7, connection: sqlite3.Connection | None = None) -> None:
        self.path = path
        self.rng = random.Random(seed)
        self.ids: dict[str, int] = {}  # item key -> itemID
        if connection is not None:  # an existing database (another process holding it): read its ids by name
            self.db = connection
            self.type_id = dict((n, i) for i, n in self.db.execute("SELECT itemTypeID, typeName FROM itemTypesCombined"))
            self.field_id = dict((n, i) for i, n in self.db.execute("SELECT fieldID, fieldName FROM fieldsCombined"))
            self.creator_type = dict((n, i) for i, n in self.db.execute("SELECT creatorTypeID, creatorType FROM creatorTypes"))
            return
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)
        type_ids = self.rng.sample(range(1, 200), len(ITEM_TYPES))
        field_ids = self.rng.sample(range(1, 300), len(FIELDS))
        self.type_id = dict(zip(ITEM_TYPES, type_ids, strict=True))
        self.field_id = dict(zip(FIELDS, field_ids, strict=True))
        self.creator_type = {name: i for i, name in enumerate(self.rng.sample(CREATOR_TYPES, len(CREATOR_TYPES)), start=1)}
        self.db.executemany("INSERT INTO itemTypes VALUES (?, ?, NULL, 1)", [(i, n) for n, i in self.type_id.items()])
        self.db.executemany("INSERT INTO itemTypesCombined VALUES (?, ?, 1, 0)", [(i, n) for n, i in self.type_id.items()])
        self.db.executemany("INSERT INTO fields VALUES (?, ?, NULL)", [(i, n) for n, i in self.field_id.items()])
        self.db.executemany("INSERT INTO fieldsCombined VALUES (?, ?, NULL, NULL, 0)", [(i, n) for n, i in self.field_id.items()])
        self.db.executemany("INSERT INTO creatorTypes VALUES (?, ?)", [(i, n) for n, i in self.creator_type.items()])
        versions = [("userdata", USERDATA_VERSION), ("system", 32), ("triggers", 21), ("globalSchema", 40), ("compatibility", 7)]
        self.db.executemany("INSERT INTO version VALUES (?, ?)", versions)
        self.db.execute("INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (1, 'user', 1, 1)")
        self.db.commit()

    # -- libraries and collections ---------------------------------------------------------

    def add_group(self, name: str, group_id: int = 4242) -> int:
        """A group library; returns its libraryID."""
        cur = self.db.execute("INSERT INTO libraries (type, editable, filesEditable) VALUES ('group', 1, 1)")
        library = int(cur.lastrowid or 0)
        self.db.execute("INSERT INTO groups VALUES (?, ?, ?, '', 0)", (group_id, library, name))
        self.db.commit()
        return library

    def add_feed(self, name: str = "arXiv cs.LG") -> int:
        """A feed library (RSS subscriptions); returns its libraryID."""
        cur = self.db.execute("INSERT INTO libraries (type, editable, filesEditable) VALUES ('feed', 0, 0)")
        library = int(cur.lastrowid or 0)
        self.db.execute("INSERT INTO feeds (libraryID, name, url) VALUES (?, ?, ?)", (library, name, f"https://example.org/{library}"))
        self.db.commit()
        return library

    def add_collection(self, name: str, parent: int | None = None, library: int = 1) -> int:
        cur = self.db.execute(
            "INSERT INTO collections (collectionName, parentCollectionID, libraryID, key) VALUES (?, ?, ?, ?)",
            (name, parent, library, _key(self.rng)),
        )
        self.db.commit()
        return int(cur.lastrowid or 0)

    # -- items --------------------------------------------------------------------------------

    def _item(self, type_name: str, library: int, key: str | None) -> tuple[int, str]:
        key = key or _key(self.rng)
        stamp = f"2026-01-{self.rng.randint(1, 28):02d} 10:00:00"
        cur = self.db.execute(
            "INSERT INTO items (itemTypeID, libraryID, key, dateAdded, dateModified) VALUES (?, ?, ?, ?, ?)",
            (self.type_id[type_name], library, key, stamp, stamp),
        )
        self.ids[key] = int(cur.lastrowid or 0)
        return self.ids[key], key

    def item_id(self, key: str) -> int:
        if key not in self.ids:
            self.ids[key] = int(self.db.execute("SELECT itemID FROM items WHERE key = ?", (key,)).fetchone()[0])
        return self.ids[key]

    def _value_id(self, value: str) -> int:
        row = self.db.execute("SELECT valueID FROM itemDataValues WHERE value = ?", (value,)).fetchone()
        if row:
            return int(row[0])
        return int(self.db.execute("INSERT INTO itemDataValues (value) VALUES (?)", (value,)).lastrowid or 0)

    def _creator_id(self, first: str, last: str, mode: int) -> int:
        row = self.db.execute("SELECT creatorID FROM creators WHERE firstName = ? AND lastName = ? AND fieldMode = ?", (first, last, mode)).fetchone()
        if row:
            return int(row[0])
        return int(self.db.execute("INSERT INTO creators (firstName, lastName, fieldMode) VALUES (?, ?, ?)", (first, last, mode)).lastrowid or 0)

    def add_item(
        self,
        type_name: str = "journalArticle",
        fields: dict[str, str] | None = None,
        *,
        creators: Sequence[tuple[str, str, str]] = (),
        tags: Iterable[tuple[str, int]] = (),
        collections: Iterable[int] = (),
        library: int = 1,
        key: str | None = None,
        commit: bool = True,
    ) -> str:
        """A regular item: `fields` by Zotero's field names, creators as (first, last, type) in order
        (first "" and type ending in "!" for a one-field name), tags as (name, type: 0 manual, 1 automatic)."""
        item, key = self._item(type_name, library, key)
        for name, value in (fields or {}).items():
            self.db.execute("INSERT INTO itemData VALUES (?, ?, ?)", (item, self.field_id[name], self._value_id(value)))
        for order, (first, last, kind) in enumerate(creators):
            mode = 1 if kind.endswith("!") else 0
            creator = self._creator_id(first, last, mode)
            self.db.execute("INSERT INTO itemCreators VALUES (?, ?, ?, ?)", (item, creator, self.creator_type[kind.rstrip("!")], order))
        for name, kind in tags:
            row = self.db.execute("SELECT tagID FROM tags WHERE name = ?", (name,)).fetchone()
            tag = int(row[0]) if row else int(self.db.execute("INSERT INTO tags (name) VALUES (?)", (name,)).lastrowid or 0)
            self.db.execute("INSERT INTO itemTags VALUES (?, ?, ?)", (item, tag, kind))
        for collection in collections:
            self.db.execute("INSERT INTO collectionItems (collectionID, itemID) VALUES (?, ?)", (collection, item))
        if library != 1 and self.db.execute("SELECT type FROM libraries WHERE libraryID = ?", (library,)).fetchone()[0] == "feed":
            self.db.execute("INSERT INTO feedItems (itemID, guid) VALUES (?, ?)", (item, f"guid-{key}"))
        if commit:
            self.db.commit()
        return key

    def add_note(self, html: str, parent: str | None = None, library: int = 1, *, commit: bool = True) -> str:
        """A note: a child of `parent` (an item key), else standalone."""
        item, key = self._item("note", library, None)
        parent_id = self.item_id(parent) if parent else None
        self.db.execute("INSERT INTO itemNotes VALUES (?, ?, ?, ?)", (item, parent_id, html, ""))
        if commit:
            self.db.commit()
        return key

    def add_attachment(self, parent: str | None = None, path: str = "storage:paper.pdf", library: int = 1, *, commit: bool = True) -> str:
        item, key = self._item("attachment", library, None)
        parent_id = self.item_id(parent) if parent else None
        self.db.execute(
            "INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path) VALUES (?, ?, 0, 'application/pdf', ?)",
            (item, parent_id, path),
        )
        self.db.execute("INSERT INTO itemData VALUES (?, ?, ?)", (item, self.field_id["title"], self._value_id("Full Text PDF")))
        if commit:
            self.db.commit()
        return key

    def add_annotation(self, attachment: str, text: str = "a highlighted passage") -> str:
        item, key = self._item("annotation", 1, None)
        self.db.execute(
            "INSERT INTO itemAnnotations (itemID, parentItemID, type, text, sortIndex, position, isExternal) VALUES (?, ?, 1, ?, '0', '{}', 0)",
            (item, self.item_id(attachment), text),
        )
        self.db.commit()
        return key

    # -- changes --------------------------------------------------------------------------------

    def trash(self, key: str) -> None:
        self.db.execute("INSERT INTO deletedItems (itemID) VALUES (?)", (self.item_id(key),))
        self.db.commit()

    def delete(self, key: str) -> None:
        """Emptied from the trash: the item and its rows are gone (Zotero's foreign keys cascade)."""
        item = self.item_id(key)
        for table in ("itemData", "itemCreators", "itemTags", "collectionItems", "deletedItems", "itemNotes", "items"):
            self.db.execute(f"DELETE FROM {table} WHERE itemID = ?", (item,))
        self.db.commit()

    def set_field(self, key: str, name: str, value: str) -> None:
        item = self.item_id(key)
        self.db.execute("INSERT OR REPLACE INTO itemData VALUES (?, ?, ?)", (item, self.field_id[name], self._value_id(value)))
        self.db.execute("UPDATE items SET dateModified = '2026-02-01 12:00:00' WHERE itemID = ?", (item,))
        self.db.commit()

    def set_note(self, key: str, html: str) -> None:
        self.db.execute("UPDATE itemNotes SET note = ? WHERE itemID = ?", (html, self.item_id(key)))
        self.db.commit()

    def close(self) -> None:
        self.db.close()


def text_tag_type(path: Path, value: object = "automatic") -> Path:
    """A zotero.sqlite holding one good paper whose tag's `itemTags.type` is `value` (text where Zotero writes
    0 or 1): a damaged or hand-made database, as no Zotero writes one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    z = ZoteroDB(path, seed=3)
    key = z.add_item("journalArticle", {"title": "A paper with an odd tag", "abstractNote": "Its tag's type is not a number."},
                     creators=[("Ada", "Lovelace", "author")], tags=[("bandits", 0)])
    z.db.execute("UPDATE itemTags SET type = ? WHERE itemID = ?", (value, z.item_id(key)))
    z.db.commit()
    z.close()
    return path
