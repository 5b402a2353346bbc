"""Where the reader left off in a library: the paper, filter, sort, layout, list scroll, triage pass, and the
folders the last exports went to.

Kept in a small JSON file beside the library's data (`SESSION_FILE`), written
atomically when the app quits and read when it starts. It is only a
convenience: a missing, damaged, foreign or older file, and any field in it
that makes no sense, read as "nothing to restore" for that field, silently.
"""

from __future__ import annotations

import json
from pathlib import Path

from tui.core.records import FieldRecord
from tui.core.store.atomic import atomic_write_text

SESSION_FILE = "session.json"
#: Bumped when a field changes meaning; a file of another version restores nothing.
VERSION = 1
LAYOUTS = ("auto", "side", "stacked")


class TriagePass(FieldRecord):
    """A triage walk over the unread papers a view showed when it started (fixed, so deciding never reshuffles)."""

    def __init__(self, ids: list[str], at: int = 0, query: str = "", sort: str = "relevance") -> None:
        self.ids = ids
        """The papers to walk through, in the view's order at the start."""
        self.at = at
        """Index in `ids` of the paper shown now (`len(ids)`: walked to the end)."""
        self.query = query
        """The filter the pass was started from: `T` on a view meaning the same resumes it (`usecases.resume.resumes`)."""
        self.sort = sort
        """The sort order the pass was started in, which fixed the order of `ids`."""

    @property
    def current(self) -> str | None:
        """The paper to decide on now (None past the end)."""
        return self.ids[self.at] if 0 <= self.at < len(self.ids) else None

    @property
    def finished(self) -> bool:
        return self.at >= len(self.ids)

    def advance(self) -> None:
        self.at = min(self.at + 1, len(self.ids))

    def go_to(self, pid: str) -> bool:
        """Show `pid` again (after an undo of its decision); False when it is not in the pass."""
        if pid not in self.ids:
            return False
        self.at = self.ids.index(pid)
        return True

    def last_shown(self) -> str | None:
        """The paper shown now, or the last one once the walk ended: where the list's cursor goes after."""
        return self.ids[min(self.at, len(self.ids) - 1)] if self.ids else None

    def keep_only(self, known: set[str]) -> None:
        """Drop papers that left the library (removed since the pass started), keeping the place."""
        current = self.current
        self.ids = [pid for pid in self.ids if pid in known]
        self.at = self.ids.index(current) if current in self.ids else min(self.at, len(self.ids))


class ExportPlaces(FieldRecord):
    """Where the export dialog wrote last, per choice, so it offers the same place again (this run and the next).

    Paths as text, "" for none: `file` the folder of the last one-file export (Markdown, BibTeX, ...), `folder` the last
    folder of per-paper files, `sync` the last vault synced with, and `vault` the `vault` setting at that sync (a
    setting changed since wins over the remembered vault).
    """

    def __init__(self, file: str = "", folder: str = "", sync: str = "", vault: str = "") -> None:
        self.file, self.folder, self.sync, self.vault = file, folder, sync, vault

    def used(self, path: Path, per_paper: bool, sync: bool, vault_setting: Path | None) -> None:
        """An export (or a sync) went to `path`: offer its place next time."""
        if sync:
            self.sync, self.vault = str(path), str(vault_setting or "")
        elif per_paper:
            self.folder = str(path)
        else:
            self.file = str(path.parent)

    def sync_folder(self, vault_setting: Path | None) -> Path | None:
        """The vault to offer for a sync: the one last synced with, unless the `vault` setting changed since."""
        if self.sync and self.vault == str(vault_setting or ""):
            return Path(self.sync)
        return vault_setting


class Session(FieldRecord):
    """What the app restores on its next launch on this library (every field optional)."""

    def __init__(
        self, selected: str | None = None, query: str = "", sort: str = "relevance", layout: str = "auto", layout_setting: str = "auto",
        focus_mode: bool = False, scroll: int = 0, triage: TriagePass | None = None, exports: ExportPlaces | None = None,
    ) -> None:
        self.selected, self.query, self.sort = selected, query, sort
        self.layout = layout
        """The layout the reader last had ("auto", "side", "stacked")."""
        self.layout_setting = layout_setting
        """The config's `layout` when this was saved: a setting changed since wins over the saved layout."""
        self.focus_mode = focus_mode
        self.scroll = scroll
        """The list's first visible row."""
        self.triage = triage
        self.exports = exports if exports is not None else ExportPlaces()


def load_session(folder: str | Path, sorts: tuple[str, ...] | None = None) -> Session:
    """The session saved in `folder`, or an empty one; never raises for a bad file.

    `sorts` are the sort orders that exist now (a saved unknown one is dropped).
    """
    try:
        raw = json.loads((Path(folder) / SESSION_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return Session()
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        return Session()
    session = Session()
    selected = raw.get("selected")
    if isinstance(selected, str) and selected:
        session.selected = selected
    session.query = _text(raw.get("query"))
    sort = raw.get("sort")
    if isinstance(sort, str) and (sorts is None or sort in sorts):
        session.sort = sort
    for name in ("layout", "layout_setting"):
        value = raw.get(name)
        if value in LAYOUTS:
            setattr(session, name, value)
    session.focus_mode = raw.get("focus_mode") is True
    scroll = raw.get("scroll")
    if isinstance(scroll, int) and not isinstance(scroll, bool) and scroll >= 0:
        session.scroll = scroll
    session.triage = _triage(raw.get("triage"), sorts)
    exports = raw.get("exports")
    if isinstance(exports, dict):
        session.exports = ExportPlaces(*(_path(exports.get(name)) for name in ("file", "folder", "sync", "vault")))
    return session


def _path(value: object) -> str:
    """A remembered path: text on one line, else none."""
    return value if isinstance(value, str) and value.strip() and not any(c in value for c in "\x00\n\r") else ""


def _text(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _triage(raw: object, sorts: tuple[str, ...] | None) -> TriagePass | None:
    if not isinstance(raw, dict):
        return None
    ids, at, sort = raw.get("ids"), raw.get("at"), raw.get("sort")
    if not isinstance(ids, list) or not all(isinstance(pid, str) for pid in ids) or not ids:
        return None
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(ids):
        return None
    if not isinstance(sort, str) or (sorts is not None and sort not in sorts):
        return None
    return TriagePass(list(ids), at, _text(raw.get("query")), sort)


def save_session(folder: str | Path, session: Session) -> None:
    """Write `session` into `folder` atomically (raises OSError; callers treat a failure as harmless)."""
    triage = dict(vars(session.triage)) if session.triage is not None else None
    doc = {**vars(session), "triage": triage, "exports": dict(vars(session.exports))}  # the fields, in order
    doc["version"] = VERSION
    # ASCII with escapes: a folder name that is not UTF-8 (Python holds its bytes as lone surrogates) is written and
    # read back as it is, where raw UTF-8 cannot encode it at all; and any locale reads the file alike.
    atomic_write_text(Path(folder) / SESSION_FILE, json.dumps(doc, separators=(",", ":")), durable=False)
