"""A person's papers in a library, in every spelling: the name's own key, and the spellings that could be them
(`names.could_be`) where the rest of the record agrees.

Two spellings with one `name_key` are one person. "A. Aamand" and "Anders Aamand" could be, and are taken as
one when a paper under the initials shares a co-author with a paper under the full name (co-authors compared by
family name and first initial, any spelling), or when the two papers are one paper (the same title, as a list
and a proceedings file both hold it). The surname alone joins nobody: "C. Musco" with no co-author in common
with Cameron Musco's papers stays apart, as do Cameron and Christopher Musco.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tui.core.collector import paused
from tui.core.errors import NotFound
from tui.core.models import Paper
from tui.core.people.names import Name, bare, could_be, is_abbreviated, parse_name


class NoSuchAuthor(NotFound):
    """No author of the library is called so; the message is one line for the reader."""


class AmbiguousAuthor(NotFound):
    """A name that fits several people of the library: `candidates` are their spellings, most papers first."""

    def __init__(self, name: str, names: list[str]) -> None:
        super().__init__(f"{name!r} names {len(names)} authors; give the whole name of one:", tuple(names))


@dataclass
class Person:
    """One person as the library knows them: the key asked for, the spellings found (each with its paper count)
    and the positions (in the papers given) of their papers, in library order."""

    key: str
    spellings: dict[str, int] = field(default_factory=dict)
    positions: list[int] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The spelling most of their papers use, a full name before initials (the longest of equals), among those
        with the key asked for: the name then finds this very person again (a follow, the page after `f`). "Simon
        Du" beside "Simon S. Du" joins on shared co-authors, but from "Simon Du" the "Simon S. Du" paper with none of
        them would not: following the page of four papers followed three."""
        if not self.spellings:
            return self.key
        own = [s for s in self.spellings if parse_name(s).key == self.key] or list(self.spellings)
        return max(own, key=lambda s: (not is_abbreviated(s), self.spellings[s], len(s), s))


def _title_key(paper: Paper) -> tuple[str, ...]:
    """The paper's title as words, accents and case aside (() for none)."""
    return tuple(_WORDS.findall(bare(paper.title or paper.derived_title)))


_WORDS = re.compile(r"\w+")


class Authors:
    """A library's authors by family name, each spelling parsed once with the positions of its papers: who could be
    whom is asked among one family name only. A walk of every paper's authors, then one parse per spelling."""

    def __init__(self, papers: Sequence[Paper]) -> None:
        self.papers = papers
        where: dict[str, list[int]] = {}
        self.by_family: dict[str, list[tuple[str, Name, list[int]]]] = {}
        with paused(freeze=False):  # a list per spelling: the collector would rescan the library for each batch
            for i, paper in enumerate(papers):
                for author in paper.authors:
                    found = where.get(author)
                    if found is None:
                        where[author] = [i]
                    else:
                        found.append(i)
            for author, positions in where.items():
                parsed = parse_name(author)
                self.by_family.setdefault(parsed.family, []).append((author, parsed, positions))


def _coauthors(paper: Paper, person: Name) -> set[str]:
    """The paper's other authors, by family name and first initial (the person, in any spelling, left out)."""
    return {parsed.initial_key for author in paper.authors if not could_be(parsed := parse_name(author), person)}


def find_person(papers: Sequence[Paper], name: str) -> Person:
    """The person `name` means among `papers`' authors, with every paper of theirs.

    `name` in any spelling of a full name finds them; a part of a name ("lovelace") finds the one author whose
    name has those words (`AmbiguousAuthor` when several have, `NoSuchAuthor` when none has).
    """
    wanted = parse_name(name)
    if not wanted.key:
        raise NoSuchAuthor("an author's name is needed")
    authors = Authors(papers)
    if not any(parsed.key == wanted.key for _, parsed, _ in authors.by_family.get(wanted.family, ())):
        wanted = parse_name(_one_author(authors, name, wanted))
    return gather(authors, wanted)


def _one_author(authors: Authors, name: str, wanted: Name) -> str:
    """The one author (a spelling) whose name's words start with the words asked for."""
    counts: dict[str, int] = {}
    spelled: dict[str, tuple[int, str]] = {}  # key -> (its first paper's position, that spelling)
    for family in authors.by_family.values():
        for author, parsed, positions in family:
            if all(any(word.startswith(part) for word in parsed.words) for part in wanted.words):
                counts[parsed.key] = counts.get(parsed.key, 0) + len(positions)
                spelled[parsed.key] = min(spelled.get(parsed.key, (positions[0], author)), (positions[0], author))
    if not counts:
        raise NoSuchAuthor(f"no author called {name!r} in the library")
    people: list[str] = []  # keys that could be one person (an initialled spelling beside the full one) count once
    for key in sorted(counts, key=lambda k: (-counts[k], k)):
        if not any(could_be(key, kept) for kept in people):
            people.append(key)
    if len(people) > 1:
        raise AmbiguousAuthor(name, [spelled[key][1] for key in people])
    return spelled[people[0]][1]


def gather(authors: Authors, wanted: Name) -> Person:
    """The papers of the person `wanted` spells: those with that key, then those with a spelling that could be
    theirs where a paper already theirs agrees (a shared co-author, the same title), until nothing more joins."""
    papers = authors.papers
    person = Person(wanted.key)
    mine: set[int] = set()
    maybe: dict[int, list[str]] = {}  # position -> the spellings on it that could be them
    for author, parsed, positions in authors.by_family.get(wanted.family, ()):
        if parsed.key == wanted.key:
            mine.update(positions)
            person.spellings[author] = len(positions)  # each spelling comes once (`Authors`)
        elif could_be(parsed, wanted):
            for i in positions:
                maybe.setdefault(i, []).append(author)
    for i in mine:
        maybe.pop(i, None)
    coauthors: set[str] = set()
    titles: set[tuple[str, ...]] = set()
    _learn(papers, mine, wanted, coauthors, titles)
    known: set[str] = set()  # keys of whole-first-name spellings joined by evidence: the person, like `wanted`'s own key
    joining = True
    while joining:  # one paper at a time, in library order: each joined spelling must fit every one before it
        joining = False
        for i in sorted(maybe):
            fits = [a for a in maybe[i] if all(could_be(a, spelled) for spelled in person.spellings)]
            if fits and (_coauthors(papers[i], wanted) & coauthors or _title_key(papers[i]) in titles - {()}
                         or any(parse_name(a).key in known for a in fits)):
                del maybe[i]
                for author in fits:
                    person.spellings[author] = person.spellings.get(author, 0) + 1
                    if (given := parse_name(author).given) and len(given[0]) > 1:
                        known.add(parse_name(author).key)  # "Simon S Du" is him: so is every "Simon S. Du"
                mine.add(i)
                _learn(papers, [i], wanted, coauthors, titles)
                joining = True
    person.positions = sorted(mine)
    return person


def _learn(papers: Sequence[Paper], positions: Iterable[int], wanted: Name, coauthors: set[str], titles: set[tuple[str, ...]]) -> None:
    for i in positions:
        coauthors |= _coauthors(papers[i], wanted)
        titles.add(_title_key(papers[i]))


def followed_positions(papers: Sequence[Paper], names: Iterable[str]) -> dict[str, list[int]]:
    """Each followed name -> the positions of its person's papers (none for a name no paper carries now)."""
    authors = Authors(papers)
    found: dict[str, list[int]] = {}
    for name in names:
        wanted = parse_name(name)
        found[name] = gather(authors, wanted).positions if wanted.key else []
    return found
