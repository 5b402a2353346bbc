"""The trash inside a library folder: removed papers with their annotations, one batch per removal.

`trash.json` holds the batches oldest first; restoring takes the newest (or
all) back. Written atomically, before the papers and annotations files
change, so a crash between the writes loses nothing: a paper both stored and
in the trash is simply not restored twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tui.core.errors import LibraryError
from tui.core.store.atomic import atomic_write_bytes

TRASH_FILE = "trash.json"


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


def write_trash(folder: Path, batches: list[dict[str, Any]]) -> None:
    """Replace the trash with `batches`, atomically."""
    atomic_write_bytes(folder / TRASH_FILE, orjson.dumps({"batches": batches}, option=orjson.OPT_INDENT_2))
