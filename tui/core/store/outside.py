"""annotations.json replaced by another program while a library is open: the outside version kept aside and merged in.

A library folder is often synced (Syncthing, Dropbox, git) or edited by hand while
the app runs. The store keeps what it last read or wrote (the base); before it
writes the file or appends to its journal it looks at the file on disk
(`JournaledJSONStorage`), and a file that is no longer its own comes here. The
outside version is first kept, byte for byte, as a copy in `backups/`
(`annotations-outside-…json`: `paperdesk backups` lists it, `backups restore`
restores it), then merged document by document: a document only the outside
changed is taken; one only paperdesk changed keeps paperdesk's; one changed on
both sides is merged field by field, a field changed on both keeping
paperdesk's value (the outside one is in the copy); one removed outside is kept (a removal here goes through the trash, and a wiped file must
not wipe the library). A file that cannot be read, or holds values of the wrong
type, is not merged at all. Either way one line says what happened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tui.core.records import FieldRecord
from tui.core.store.annotations_check import wrong_values
from tui.core.words import plural


class Merged(FieldRecord):
    """What was kept: the data to write, the papers whose annotation the outside changed, and the line saying it.

    A plain class (why: `tui.core.records`).
    """

    def __init__(self, data: dict[str, Any], pids: set[str], line: str) -> None:
        self.data, self.pids, self.line = data, pids, line


def theirs_problem(raw: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """The outside file's data, or why it cannot be merged (it does not parse, or holds wrong-typed values)."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        return None, f"not valid JSON: {exc}"
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        return None, "not a TinyDB document store"
    problem = wrong_values(data)
    return (None, problem) if problem else (data, None)


#: Fields every save sets anew: both sides changing them is no clash.
_STAMPS = frozenset({"created", "updated"})


def _blank(value: Any) -> bool:
    """A value that reads as the field's default (`Annotation.from_doc`): a missing field and one written empty are one."""
    return value is None or value in ("", 0, "unread") or value == []


def _same(a: Any, b: Any) -> bool:
    return a == b or (_blank(a) and _blank(b))


def merge_doc(old: dict[str, Any] | None, doc: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """One document changed on both sides, merged field by field: a field only the outside changed is taken, any other
    keeps paperdesk's. Returns the merged document and whether a field (other than the dates) was changed on both."""
    was = old or {}
    out, clash = dict(doc), False
    for name in [*doc, *(f for f in new if f not in doc)]:
        before, mine, other = was.get(name), doc.get(name), new.get(name)
        if _same(other, mine) or _same(other, before):
            continue
        if _same(mine, before):
            if name in new:
                out[name] = other
            else:
                out.pop(name, None)
        elif name not in _STAMPS:
            clash = True
    return out, clash


def merge_tables(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, int], set[str]]:
    """Three-way merge of TinyDB tables, document by document, a document changed on both sides field by field (see
    the module); `ours` is not changed.

    Returns the merged data, the counts (`taken`: documents the outside changed, taken in whole or in part; `both`:
    of those, the ones with a field changed on both sides, kept as paperdesk had it; `removed`: removed outside
    and kept) and the paper ids whose annotation the outside changed.
    """
    counts = {"taken": 0, "both": 0, "removed": 0}
    pids: set[str] = set()
    merged: dict[str, Any] = {}
    for name in [*ours, *(n for n in theirs if n not in ours)]:
        was, mine, other = base.get(name) or {}, ours.get(name) or {}, theirs.get(name) or {}
        table = dict(mine)
        for key in [*mine, *(k for k in other if k not in mine), *(k for k in was if k not in mine and k not in other)]:
            old, doc, new = was.get(key), mine.get(key), other.get(key)
            if new == doc or new == old:
                continue  # the same on both sides, or only paperdesk changed it
            if new is None:
                counts["removed"] += 1
                continue
            if doc is None or doc == old:
                table[key] = new
            else:
                table[key], clash = merge_doc(old, doc, new)
                if clash:
                    counts["both"] += 1
                if table[key] == doc:
                    continue
            counts["taken"] += 1
            if name == "annotations" and isinstance(new.get("id"), str):
                pids.add(new["id"])
        merged[name] = table
    return merged, counts, pids


def _keyed(data: dict[str, Any]) -> dict[str, Any]:
    """The outside data with each annotation under the key the store gives its paper (its id as a number): a hand
    edit's other key would leave the paper's next save beside it, a paper annotated twice."""
    docs = data.get("annotations")
    if not isinstance(docs, dict):
        return data
    keyed = {}
    for key, doc in docs.items():
        pid = doc.get("id") if isinstance(doc, dict) else None
        try:
            own = str(int(pid, 16)) if isinstance(pid, str) and pid.isascii() and pid.isalnum() else key
        except ValueError:
            own = key
        keyed[own if own not in keyed else key] = doc
    return {**data, "annotations": keyed}


def take_outside(path: Path, raw: bytes, aside: Path, base: dict[str, Any], ours: dict[str, Any]) -> Merged:
    """What to keep when the file at `path` was replaced outside by `raw`, already kept as `aside`."""
    where = f"the outside version is kept as {aside}"
    theirs, problem = theirs_problem(raw)
    if theirs is None:
        return Merged(ours, set(), f"{path}: replaced outside paperdesk by a file that cannot be merged ({problem}); paperdesk's version kept, {where}")
    data, counts, pids = merge_tables(base, ours, _keyed(theirs))
    clash = wrong_values(data)  # each side right, together wrong: a paper under two document keys
    if clash:
        return Merged(ours, set(), f"{path}: changed outside paperdesk in a way that cannot be merged ({clash}); paperdesk's version kept, {where}")
    said = [f"{plural(counts['taken'], 'change')} taken in"]
    if counts["both"]:
        said.append(f"{plural(counts['both'], 'document')} changed on both sides kept as paperdesk had it where they differ")
    if counts["removed"]:
        said.append(f"{plural(counts['removed'], 'document')} removed outside kept")
    return Merged(data, pids, f"{path}: changed outside paperdesk while open; {', '.join(said)}; {where}")
