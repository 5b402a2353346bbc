"""`paperdesk follow`, `unfollow`, `following` and the author page's follow key: the authors whose papers the reader
wants first. Follows are the reader's data (a table beside the annotations, `store.storage`); spellings of one
person are one follow (`people.names`), and a follow finds its person's papers in any spelling (`people.person`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tui.core.errors import NotFound
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.people.names import name_key, parse_name, shown_name
from tui.core.words import plural


@dataclass(frozen=True)
class Followed:
    """A followed author and how many papers of theirs the library holds."""

    name: str
    papers: int


def follow(library: Library, name: str) -> str:
    """Follow the person `name` names; the line saying so. A name no paper carries yet is followed as written
    (a cold start: follow people, then import); a part of a name must name one author of the library."""
    from tui.core.people.person import NoSuchAuthor, find_person
    from tui.core.store.guard import writable

    writable(library, "nothing followed")
    wanted = parse_name(name)
    if len(wanted.words) < 1:
        raise NoSuchAuthor("an author's name is needed")
    try:
        person = find_person(library.papers, name)
        shown, count = person.name, len(person.positions)
    except NoSuchAuthor:
        if len(wanted.words) < 2:
            raise NoSuchAuthor(f"no author called {name!r} in the library; give a whole name to follow someone not in it yet") from None
        shown, count = shown_name(name), 0
    key = name_key(shown)
    for old in library.follows():
        if name_key(old) in (key, wanted.key):
            return f"already following {old}"
    library.save_follow(shown)
    return f"following {shown} ({plural(count, 'paper')} in the library)"


def unfollow(library: Library, name: str) -> str:
    """Stop following the person `name` names (any spelling of a followed name, or a part only one of them has)."""
    from tui.core.store.guard import writable

    writable(library, "nothing changed")
    follows = library.follows()
    key = name_key(name)
    found = [f for f in follows if name_key(f) == key]
    if not found:
        parts = parse_name(name).words
        found = [f for f in follows if parts and all(any(w.startswith(p) for w in parse_name(f).words) for p in parts)]
    if not found:
        raise NotFound(f"not following anyone called {name!r}", tuple(follows))
    if len(found) > 1:
        raise NotFound(f"{name!r} names {len(found)} followed authors; give the whole name of one:", tuple(found))
    library.drop_follows(found)
    return f"no longer following {found[0]}"


def following(library: Library) -> list[Followed]:
    """The followed authors, in the order followed, each with the papers of theirs the library holds."""
    positions = followed_papers(library.papers, library.follows())
    return [Followed(name, len(found)) for name, found in positions.items()]


def followed_papers(papers: Sequence[Paper], follows: Sequence[str]) -> dict[str, list[int]]:
    """Each followed name -> the positions in `papers` of its person's papers."""
    from tui.core.people.person import followed_positions

    return followed_positions(papers, follows)


def followed_ids(papers: Sequence[Paper], follows: Sequence[str]) -> set[str]:
    """The ids of every paper by someone followed (the list's mark, an import's count)."""
    return {papers[i].id for found in followed_papers(papers, follows).values() for i in found}
