"""The rows of a Zotero database read into items: regular items with their fields, creators, tags,
collections and child notes, and a count of everything else left out, by reason.

Every id is read through its name table, since ids differ between databases.
What is left out: notes that stand alone, attachments, annotations, items in
the trash, items of feeds, and (unless asked) items of group libraries. Child
notes come with their parent; a note in the trash does not.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass, field

from tui.core.ingest.zotero.schema import has_table

#: Item types that are not papers: each is counted, by what it is.
NOT_PAPERS = {"note": "standalone notes", "attachment": "attachments", "annotation": "annotations"}
#: The user's own library (its `libraries.type`); a group's is "group", a feed's "feed".
USER = "user"
#: Levels of a collection's path kept, from the bottom (Zotero's own nest a handful deep); the rest are `CUT`.
DEEPEST = 32
CUT = "…"


@dataclass
class ZoteroLibrary:
    """One library in the database: `ident` names it in a paper's link back ("user", "group:4242"), `label` in lists."""

    ident: str
    label: str
    uri: str  # zotero://select/… for an item of this library, less the item key


@dataclass
class ZoteroItem:
    """One regular item as the database holds it, its fields by Zotero's names."""

    key: str
    type: str
    library: ZoteroLibrary
    modified: str
    fields: dict[str, str] = field(default_factory=dict)
    creators: list[tuple[str, str]] = field(default_factory=list)  # (display name, creator type), in their order
    tags: list[tuple[str, int]] = field(default_factory=list)  # (name, type: 0 manual, 1 automatic)
    collections: list[str] = field(default_factory=list)  # paths: "Reading group/COLT 2026"
    notes: list[tuple[str, str]] = field(default_factory=list)  # (note key, HTML), oldest first


@dataclass
class ZoteroRead:
    """What a database holds for paperdesk: the regular items, what was left out, the libraries read."""

    items: list[ZoteroItem]
    left_out: Counter[str]
    libraries: list[ZoteroLibrary]
    #: (library ident, key) of regular items in the trash: a stored paper among them is reported, not removed.
    trashed: set[tuple[str, str]]


class OddValue(ValueError):
    """A column holds a value Zotero never writes there (text where it writes a number): the database is damaged or was
    not written by Zotero. The message names the column and the value; the reader adds the file."""


def tag_type(value: object) -> int:
    """A tag's type (`itemTags.type`: 0 manual, 1 automatic; NULL read as manual); OddValue for anything but a whole number."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    shown = repr(value)
    raise OddValue(f"itemTags.type holds {shown if len(shown) <= 40 else shown[:39] + '…'} where Zotero writes 0 (manual) or 1 (automatic)")


def _libraries(db: sqlite3.Connection, groups: bool) -> tuple[dict[int, ZoteroLibrary], set[int], set[int]]:
    """The libraries read ({libraryID: library}), the feeds' ids and the groups' left out."""
    names = dict(db.execute("SELECT libraryID, name FROM groups")) if has_table(db, "groups") else {}
    ids = dict(db.execute("SELECT libraryID, groupID FROM groups")) if names else {}
    read: dict[int, ZoteroLibrary] = {}
    feeds: set[int] = set()
    unread: set[int] = set()
    for library, kind in db.execute("SELECT libraryID, type FROM libraries"):
        if kind == USER:
            read[library] = ZoteroLibrary(USER, "Zotero", "zotero://select/library/items/")
        elif kind == "feed":
            feeds.add(library)
        elif kind == "group" and groups:
            group = ids.get(library, library)
            read[library] = ZoteroLibrary(f"group:{group}", str(names.get(library) or f"Zotero group {group}"), f"zotero://select/groups/{group}/items/")
        else:
            unread.add(library)
    return read, feeds, unread


def _collection_paths(db: sqlite3.Connection) -> dict[int, str]:
    """Each collection (not in the trash) by its path of names from the top: "Reading group/COLT 2026".

    Each path is built on its parent's, once (a database nesting collections thousands deep is read in
    a blink, not in minutes), and keeps its last `DEEPEST` levels under a "…". A loop of parents (a
    damaged database) is cut where it closes; a collection in the trash, or inside one that is, has none.
    """
    rows = {cid: (str(name), parent) for cid, name, parent in db.execute("SELECT collectionID, collectionName, parentCollectionID FROM collections")}
    trashed = {cid for (cid,) in db.execute("SELECT collectionID FROM deletedCollections")} if has_table(db, "deletedCollections") else set()
    names: dict[int, tuple[str, ...] | None] = {}  # a collection's levels from the top (or the "…" cut), None: no path
    for cid in rows:
        chain: dict[int, None] = {}  # the collections walked up from `cid` to one whose path is known, in order
        at = cid
        while at in rows and at not in names and at not in chain:
            chain[at] = None
            at = rows[at][1]
        above: tuple[str, ...] | None = () if at in chain else names.get(at, ())  # a loop, or the top; else a parent read already
        for link in reversed(chain):
            if above is not None and link not in trashed:
                above = (*above, rows[link][0].replace("/", "∕"))  # a slash inside a name is not a level
                if len(above) > DEEPEST:
                    above = (CUT, *above[-DEEPEST + 1 :])
            else:
                above = None
            names[link] = above
    return {cid: "/".join(levels) for cid, levels in names.items() if levels is not None}


def read_items(db: sqlite3.Connection, *, groups: bool) -> ZoteroRead:
    """Every regular item of the libraries read (the user's; the groups' too with `groups`), with what is left out."""
    types = dict(db.execute("SELECT itemTypeID, typeName FROM itemTypesCombined"))
    fields = dict(db.execute("SELECT fieldID, fieldName FROM fieldsCombined"))
    creator_types = dict(db.execute("SELECT creatorTypeID, creatorType FROM creatorTypes"))
    libraries, feeds, unread = _libraries(db, groups)
    in_trash = {item for (item,) in db.execute("SELECT itemID FROM deletedItems")}
    left_out: Counter[str] = Counter()
    trashed: set[tuple[str, str]] = set()
    items: dict[int, ZoteroItem] = {}
    note_keys: dict[int, str] = {}  # the notes of the libraries read, by item id
    for item_id, type_id, library_id, key, modified in db.execute(  # dateModified: NOT NULL in Zotero's schema
        "SELECT itemID, itemTypeID, libraryID, key, dateModified FROM items ORDER BY dateAdded, itemID"
    ):
        kind = str(types.get(type_id, ""))
        if library_id in feeds:  # a feed's items (feedItems) are its library's
            left_out["feed items"] += 1
        elif library_id not in libraries:
            left_out["items of group libraries (not asked for)" if library_id in unread else "items of unknown libraries"] += 1
        elif kind == "note":
            note_keys[item_id] = str(key)  # a child note joins its parent below; a standalone one is counted there
        elif kind in NOT_PAPERS:
            left_out[NOT_PAPERS[kind]] += 1
        elif item_id in in_trash:
            left_out["items in the trash"] += 1
            trashed.add((libraries[library_id].ident, str(key)))
        elif not kind:
            left_out["items of a type the database does not name"] += 1
        else:
            items[item_id] = ZoteroItem(str(key), kind, libraries[library_id], str(modified))
    for item_id, field_id, value in db.execute("SELECT itemID, fieldID, value FROM itemData JOIN itemDataValues USING (valueID)"):
        item = items.get(item_id)
        if item is not None and field_id in fields and value is not None:
            item.fields[str(fields[field_id])] = str(value)
    for item_id, first, last, mode, type_id in db.execute(
        "SELECT ic.itemID, c.firstName, c.lastName, c.fieldMode, ic.creatorTypeID "
        "FROM itemCreators ic JOIN creators c USING (creatorID) ORDER BY ic.itemID, ic.orderIndex"
    ):
        item = items.get(item_id)
        if item is not None:
            name = str(last or "") if mode == 1 else " ".join(p for p in (str(first or "").strip(), str(last or "").strip()) if p)
            if name.strip():
                item.creators.append((name.strip(), str(creator_types.get(type_id, "author"))))
    for item_id, name, kind in db.execute("SELECT it.itemID, t.name, it.type FROM itemTags it JOIN tags t USING (tagID) ORDER BY t.name COLLATE NOCASE"):
        item = items.get(item_id)
        if item is not None and name:
            item.tags.append((str(name), tag_type(kind)))
    paths = _collection_paths(db)
    for collection, item_id in db.execute("SELECT collectionID, itemID FROM collectionItems"):
        item = items.get(item_id)
        if item is not None and collection in paths:
            item.collections.append(paths[collection])
    for item in items.values():
        item.collections.sort(key=str.casefold)
    for note_id, parent, note in db.execute("SELECT itemID, parentItemID, note FROM itemNotes ORDER BY itemID"):
        if note_id not in note_keys:
            continue  # an attachment's note, or a note of a library not read
        if note_id in in_trash:
            left_out["notes in the trash"] += 1
        elif parent is None:
            left_out[NOT_PAPERS["note"]] += 1
        elif parent in items:
            items[parent].notes.append((note_keys[note_id], str(note or "")))
        else:
            left_out["notes of items left out"] += 1
    return ZoteroRead(list(items.values()), left_out, list(libraries.values()), trashed)
