"""trash.json itself: reading and writing the batches, and whether a move is under way (`store.trash` moves them).

Kept apart from the moves so that opening a library (which asks whether a kill left a move
half done) reads a few bytes and loads nothing more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tui.core.errors import LibraryError
from tui.core.store.atomic import atomic_write_bytes

TRASH_FILE = "trash.json"
#: The key of a batch whose move is under way, and its two values.
STATE = "state"
REMOVING = "removing"
RESTORING = "restoring"


def read_trash(folder: Path) -> list[dict[str, Any]]:
    """The batches in the trash, oldest first; [] when there is no trash yet."""
    path = folder / TRASH_FILE
    try:
        data = orjson.loads(path.read_bytes())
    except FileNotFoundError:
        return []
    except (OSError, orjson.JSONDecodeError) as exc:
        raise LibraryError(f"{path}: the trash cannot be read ({exc}); nothing was changed") from None
    batches = data.get("batches") if isinstance(data, dict) else None
    return [b for b in batches if isinstance(b, dict)] if isinstance(batches, list) else []


def move_under_way(folder: Path) -> bool:
    """Whether a batch is marked as moving (a kill interrupted a removal or a restore); no parse when not."""
    try:
        raw = (folder / TRASH_FILE).read_bytes()
    except OSError:
        return False
    return b'"' + STATE.encode() + b'"' in raw


def write_trash(folder: Path, batches: list[dict[str, Any]]) -> None:
    """Replace the trash with `batches`, atomically; `WriteFailed` (one line) when the disk refuses."""
    from tui.core.store.jsonfile import WriteFailed

    path = folder / TRASH_FILE
    try:
        atomic_write_bytes(path, orjson.dumps({"batches": batches}, option=orjson.OPT_INDENT_2))
    except OSError as exc:
        raise WriteFailed(path, exc) from None


