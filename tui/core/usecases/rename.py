"""`paperdesk rename-list` and the app's list rename: one list's papers renamed, and the saved views that named it.

The name rules and the two redoable steps are `list_rename`'s (the open that
finishes a rename a kill interrupted uses them too); this checks the names,
refuses a library it cannot write, and marks the rename as under way.
"""

from __future__ import annotations

from tui.core.library import RENAME_MARKER, Library
from tui.core.words import plural


def rename_list(library: Library, old: str, new: str) -> list[str]:
    """Give list `old` (its name, or a part only it holds) the name `new`: `paperdesk rename-list` and the app.

    One atomic write of the papers (ids, so annotations, are unchanged); saved
    views whose `list:` picked the old name are rewritten. Returns the lines
    to show; a name that is unknown, ambiguous or taken raises `LibraryError`.
    Two files change, so a marker says the rename is under way until both have.
    """
    import orjson

    from tui.core.list_rename import forget, new_list_name, renamed, resolve_list
    from tui.core.store.atomic import atomic_write_bytes
    from tui.core.store.guard import writable
    from tui.core.store.jsonfile import WriteFailed

    names = sorted({p.list for p in library.papers})
    name = resolve_list(names, old)
    new = new_list_name(names, name, new)
    writable(library, "nothing renamed")
    lines = [f'renamed list "{name}" to "{new}" ({plural(sum(p.list == name for p in library.papers))})']
    marker = library.folder / RENAME_MARKER
    try:
        atomic_write_bytes(marker, orjson.dumps({"old": name, "new": new, "names": names}))
    except OSError as exc:
        raise WriteFailed(marker, exc) from None
    lines += renamed(library, name, new, names)
    forget(marker)
    return lines
