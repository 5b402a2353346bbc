"""The membership, in the library folder: `group.json` (remote, name, comments, opt-ins) and the clone `group/`.

Each library is one member. `group.json` is written atomically, only by
commands that hold the library's write lock (joining, a comment, an opt-in),
so two writers never race; a damaged file is reported in one line and never
written over. When the clone last synced is the clone's own business: it
lives in its `.git` folder (`paperdesk-group.json`), which git never shares.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import orjson

from tui.core.errors import PaperdeskError, os_reason
from tui.core.store.atomic import atomic_write_text

STATE_FILE = "group.json"
#: The clone of the group's repository, inside the library folder.
CLONE = "group"
#: Where each member's file lives in the repository.
MEMBERS = "members"
#: The clone's own record of its last sync (inside `.git`: never committed).
SYNC_RECORD = "paperdesk-group.json"
FORMAT = 1
#: A member's name: it names their file, so letters, digits, `.`, `_` and `-`.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
#: A comment is one line of at most this many characters.
COMMENT_MAX = 200


class GroupError(PaperdeskError):
    """A group command cannot go on; the message is one line."""


class NotInGroup(GroupError):
    """The library has not joined a group."""


def check_name(name: str) -> str:
    """`name` when it can name a member's file, else `GroupError` saying what a name may hold."""
    if not NAME.fullmatch(name) or name.endswith(".json"):
        raise GroupError(f"{name!r} cannot be a member's name: use up to 40 letters, digits, '.', '_' or '-', starting with a letter or digit")
    return name


def one_line_comment(text: str) -> str:
    """A comment as shared: one line, spacing folded, at most `COMMENT_MAX` characters."""
    line = " ".join(text.split())
    return line if len(line) <= COMMENT_MAX else line[: COMMENT_MAX - 1].rstrip() + "…"


class GroupState:
    """`group.json`: which remote, under which name, since when; this member's comments and opt-ins.

    `comments` maps a paper id to its one-line comment for the group;
    `shared_notes` holds the ids of papers whose notes and highlights the
    member opted in to share (nothing else ever leaves the machine).
    """

    def __init__(self, remote: str, name: str, joined: str, comments: dict[str, str] | None = None, shared_notes: set[str] | None = None) -> None:
        self.remote, self.name, self.joined = remote, name, joined
        self.comments: dict[str, str] = {} if comments is None else comments
        self.shared_notes: set[str] = set() if shared_notes is None else shared_notes

    def to_doc(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "remote": self.remote,
            "name": self.name,
            "joined": self.joined,
            "comments": dict(sorted(self.comments.items())),
            "shared_notes": sorted(self.shared_notes),
        }


def state_path(folder: Path) -> Path:
    return folder / STATE_FILE


def clone_path(folder: Path) -> Path:
    return folder / CLONE


def load_state(folder: Path) -> GroupState | None:
    """The library's membership, or None when it has joined no group; `GroupError` naming the file when it is damaged."""
    path = state_path(folder)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise GroupError(f"{path}: cannot be read ({os_reason(exc)})") from None
    try:
        doc = orjson.loads(raw)  # as the importers read JSON: nesting past 1,024 is an error, not a RecursionError
    except orjson.JSONDecodeError as exc:
        raise GroupError(f"{path}: not valid JSON ({exc}); fix it, or remove it to leave the group") from None
    if not isinstance(doc, dict):
        raise GroupError(f"{path}: expected a JSON object; fix it, or remove it to leave the group")
    remote, name = doc.get("remote"), doc.get("name")
    if not isinstance(remote, str) or not remote or not isinstance(name, str) or not NAME.fullmatch(name):
        raise GroupError(f"{path}: needs a remote and a member name; fix it, or remove it to leave the group")
    comments = doc.get("comments")
    comments = {str(k): one_line_comment(str(v)) for k, v in comments.items() if isinstance(v, str) and v.strip()} if isinstance(comments, dict) else {}
    shared = doc.get("shared_notes")
    shared_ids = {str(p) for p in shared if isinstance(p, str)} if isinstance(shared, list) else set()
    joined = doc.get("joined")
    return GroupState(remote, name, joined if isinstance(joined, str) else "", comments, shared_ids)


def require_state(folder: Path) -> GroupState:
    """The membership; `NotInGroup` (one line saying how to join) when there is none."""
    state = load_state(folder)
    if state is None:
        raise NotInGroup(f"{folder}: this library is in no group (paperdesk group join REMOTE --as NAME)")
    return state


def save_state(folder: Path, state: GroupState) -> None:
    """Write `group.json` atomically (the caller holds the library's write lock)."""
    path = state_path(folder)
    try:
        atomic_write_text(path, json.dumps(state.to_doc(), ensure_ascii=False, indent=2) + "\n")
    except OSError as exc:
        raise GroupError(f"{path}: cannot be written ({os_reason(exc)}); nothing changed") from None


def read_sync_record(clone: Path) -> dict[str, str]:
    """The clone's last sync: {"last_sync": stamp, "outcome": what happened}; {} before the first."""
    try:
        doc = orjson.loads((clone / ".git" / SYNC_RECORD).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    return {k: v for k, v in doc.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(doc, dict) else {}


def write_sync_record(clone: Path, record: dict[str, str]) -> None:
    """Keep when the clone last synced and how (best effort: it is only shown)."""
    try:
        atomic_write_text(clone / ".git" / SYNC_RECORD, json.dumps(record, sort_keys=True) + "\n")
    except OSError:
        pass
