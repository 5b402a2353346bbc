"""What a vault and a library agreed on at their last sync: a small hidden JSON file in the vault.

`.paperdesk-sync.json` holds, per paper id, the file's name, a hash of each
editable field's value as both sides held it after the sync (the common
ancestor for the next one), a hash of the file's bytes, and the conflict file
written beside it while a conflict is open. It names the library it belongs
to: another library's state (a vault shared through git or a file-sync tool)
counts as no state. The file is a cache of agreement, never the only copy of
anything: when it is missing, unreadable or edited by hand, each unreadable
entry is dropped and the sync falls back to the files' own `export_hash` and
to "an empty field loses nothing", so the worst case is a reported conflict,
never a lost note.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.core.export.highlights_md import pair_list
from tui.core.models import EDITABLE_FIELDS, Annotation, Status
from tui.core.store.atomic import atomic_write_text

STATE_FILE = ".paperdesk-sync.json"
VERSION = 1


@dataclass
class Synced:
    """One paper at the last sync."""

    name: str  # the file, relative to the vault, with "/" between folders
    fields: dict[str, str] = field(default_factory=dict)  # field -> hash of the agreed value
    text: str = ""  # hash of the file's bytes as the sync left them
    conflict: str = ""  # the conflict file beside it (relative to the vault) until resolved
    conflict_lib: str = ""  # annotation hash of the library side written into the conflict file
    gone: str = ""  # "file": deleted in the vault (not re-created); "paper": removed from the library
    user_named: bool = False  # renamed or moved in the vault: the name no longer follows the title
    render: str = ""  # `render_key` of what the file was last checked against: unchanged, no need to render again

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "fields": self.fields, "text": self.text}
        for key in ("conflict", "conflict_lib", "gone", "user_named", "render"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_json(cls, raw: Any) -> Synced | None:
        """An entry as stored; None when a hand edit broke it (the entry is then forgotten)."""
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
            return None
        fields = raw.get("fields", {})
        if not isinstance(fields, dict):
            fields = {}
        strings = {k: v for k, v in fields.items() if k in EDITABLE_FIELDS and isinstance(v, str)}
        extra = {k: raw.get(k, "") for k in ("text", "conflict", "conflict_lib", "gone", "render")}
        if any(not isinstance(v, str) for v in extra.values()) or extra["gone"] not in ("", "file", "paper"):
            return None
        return cls(raw["name"], strings, **extra, user_named=raw.get("user_named") is True)


def value_hash(key: str, value: Any) -> str:
    """A short hash of one field's value; notes ignore trailing whitespace (editors add a final newline)."""
    if key == "notes":
        value = str(value).rstrip()
    elif key == "highlights":
        value = sorted(pair_list(value))  # what a file can say of them: text and comment
    elif isinstance(value, Status):
        value = value.value
    elif isinstance(value, tuple):
        value = list(value)
    return hashlib.sha256(json.dumps([key, value], ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


def field_hashes(values: dict[str, Any]) -> dict[str, str]:
    """`value_hash` of each editable field in `values`."""
    return {key: value_hash(key, values[key]) for key in EDITABLE_FIELDS if key in values}


def annotation_values(annotation: Annotation) -> dict[str, Any]:
    """The editable fields of an annotation as a dict."""
    return {key: getattr(annotation, key) for key in EDITABLE_FIELDS}


#: The hashes of an empty annotation: the common ancestor when nothing better is known.
EMPTY = field_hashes(annotation_values(Annotation("")))


def render_key(paper_doc: dict[str, Any], values: dict[str, Any], file_format: int) -> str:
    """A hash of what a paper's file is rendered from (dates aside): the same key renders the same file."""
    state = [file_format, paper_doc, {k: value_hash(k, v) for k, v in values.items()}]
    return hashlib.sha256(json.dumps(state, ensure_ascii=False, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:16]


def text_hash(data: bytes) -> str:
    """A hash of a file's bytes: tells whether the vault's file changed since the last sync."""
    return hashlib.sha256(data).hexdigest()[:20]


def _encode(library_key: str, entries: dict[str, Synced]) -> str:
    papers = {pid: entries[pid].to_json() for pid in sorted(entries)}
    return json.dumps({"version": VERSION, "library": library_key, "papers": papers}, ensure_ascii=False, indent=1) + "\n"


@dataclass
class SyncState:
    """The entries of one vault for one library, and the text they were read from."""

    path: Path
    library_key: str
    entries: dict[str, Synced]
    loaded: str = ""  # the file's text when read: an unchanged state is not written again
    warning: str = ""

    @classmethod
    def load(cls, vault: Path, library_key: str) -> SyncState:
        """The state in `vault` for this library; empty (with a warning when unreadable) otherwise."""
        path = vault / STATE_FILE
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(path, library_key, {})
        except (OSError, UnicodeDecodeError) as exc:
            return cls(path, library_key, {}, warning=f"{path.name}: unreadable ({exc.__class__.__name__}); synced as a first sync")
        try:
            data = json.loads(text)
        except ValueError:
            return cls(path, library_key, {}, warning=f"{path.name}: not valid JSON; synced as a first sync")
        if not isinstance(data, dict) or not isinstance(data.get("papers"), dict):
            return cls(path, library_key, {}, warning=f"{path.name}: not a sync state; synced as a first sync")
        if data.get("library") != library_key:
            # Another library's (a copied vault, another machine): its agreement is not ours.
            return cls(path, library_key, {}, loaded="")
        entries = {}
        for pid, raw in data["papers"].items():
            entry = Synced.from_json(raw)
            if entry is not None:
                entries[str(pid)] = entry
        return cls(path, library_key, entries, loaded=text)

    def save(self) -> bool:
        """Write the state atomically when it changed; True when written."""
        text = _encode(self.library_key, self.entries)
        if text == self.loaded:
            return False
        atomic_write_text(self.path, text)
        self.loaded = text
        return True
