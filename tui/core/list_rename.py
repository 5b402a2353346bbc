"""Renaming a list: which list a name means, a valid new name, saved views whose `list:` still means it, and the
rename's steps, each one redone harmlessly (a kill between them is finished by the next open: `Library.open`).

Paper ids come from the abstract and title, never the list, so annotations
follow a renamed list by themselves; saved views name lists in their
queries (`list:papers`), and those are rewritten when the rename would
change which lists they pick.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tui.core.errors import LibraryError
from tui.core.models import Paper
from tui.core.store.storage import LibraryStore


@dataclass
class ListRename:
    """The papers a rename replaces (what `LibraryStore.change_papers` stores in one atomic write)."""

    replaced: dict[str, Paper] = field(default_factory=dict)
    added: list[Paper] = field(default_factory=list)
    removed: set[str] = field(default_factory=set)


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f'"{n}"' for n in sorted(names)) or "(none)"


def resolve_list(names: Sequence[str], wanted: str) -> str:
    """The list `wanted` names: the list of that name (any case), else the one list whose name holds it.

    Raises `LibraryError` (one line) when no list or several lists match.
    """
    folded = " ".join(wanted.split()).casefold()
    exact = [n for n in names if n.casefold() == folded]
    if exact:
        return exact[0]
    inside = [n for n in names if folded and folded in " ".join(n.split()).casefold()]
    if len(inside) == 1:
        return inside[0]
    if inside:
        raise LibraryError(f'"{wanted}" could mean {len(inside)} lists: {_quoted(inside)}; give more of the name')
    raise LibraryError(f'no list is called "{wanted}"; the lists are: {_quoted(set(names))}')


def new_list_name(names: Sequence[str], old: str, new: str) -> str:
    """`new` on one line, checked: not empty, no double quote (queries quote names), not another list's name."""
    name = " ".join(new.split())
    if not name:
        raise LibraryError("a list needs a name; the new name is empty")
    if '"' in name:
        raise LibraryError(f"a list name cannot hold a double quote (\"): {name}")
    taken = [n for n in names if n != old and n.casefold() == name.casefold()]
    if taken:
        raise LibraryError(f'a list called "{taken[0]}" exists already; choose another name (renaming never merges lists)')
    return name


def renamed_papers(papers: Sequence[Paper], old: str, new: str) -> ListRename:
    return ListRename(replaced={p.id: p.with_changes(list=new) for p in papers if p.list == old})


def rename_in_query(text: str, names: Sequence[str], old: str, new: str) -> tuple[str, bool]:
    """`text` with each `list:` filter that picked list `old` rewritten to pick `new` instead.

    Returns the query and whether it still picks the same lists: a value that
    meant `old` together with other lists cannot be written as one filter,
    and is left as it was (the caller says so).
    """
    from tui.core.search.filters import list_names_meant
    from tui.core.search.query import list_filter_spans

    after = [new if n == old else n for n in names]
    out, last, same = [], 0, True
    for start, end, negate, value, exact in list_filter_spans(text):
        before = {names[i] for i in list_names_meant(value, names, exact)}
        now = {after[i] for i in list_names_meant(value, after, exact)}
        wanted = {new if n == old else n for n in before}
        if now == wanted:
            continue
        if before == {old}:
            out.append(text[last:start] + ("-" if negate else "") + f'list:"{new}"')
            last = end
        else:
            same = False
    out.append(text[last:])
    return "".join(out), same


def renamed(library: LibraryStore, name: str, new: str, names: list[str]) -> list[str]:
    """The rename's two steps, each one a no-op when already done: the papers, then the saved views."""
    lines = []
    views = {view: rename_in_query(query, names, name, new) for view, query in library.views().items()}
    library.change_papers(lambda papers: renamed_papers(papers, name, new))
    for view, (query, same) in views.items():
        if query != library.views().get(view):
            library.save_view(view, query)
            lines.append(f"saved view {view!r} now filters {query!r}")
        if not same:
            lines.append(f"saved view {view!r}: its list: filter picked \"{name}\" with other lists; check it")
    return lines


def finish_list_rename(library: LibraryStore, marker: Path) -> None:
    """Finish a list rename a kill interrupted (its `marker` is still there); a no-op otherwise (`Library.open`)."""
    import orjson

    try:
        pending = orjson.loads(marker.read_bytes())
        name, new, names = str(pending["old"]), str(pending["new"]), [str(n) for n in pending["names"]]
    except FileNotFoundError:
        return
    except (OSError, ValueError, KeyError, TypeError):
        forget(marker)  # unreadable: not one this version wrote whole (they are renamed into place)
        return
    renamed(library, name, new, names)
    forget(marker)


def forget(marker: Path) -> None:
    """The rename is done: its marker goes (one left behind only makes the next open redo what is done)."""
    try:
        marker.unlink(missing_ok=True)
    except OSError:
        pass
