"""`paperdesk author NAME` and the app's author page: every paper of one person in the library (all lists, all
spellings, `core.people`), with the reader's rating and status, their co-authors by count, their lists and years."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tui.core.library import Library
from tui.core.models import Annotation, Paper
from tui.core.people.names import could_be, name_key, parse_name


@dataclass
class AuthorPage:
    """One person's papers, in library order, each with its annotation; the spellings found; co-authors, lists
    and years each with how many of the papers they are on (most first); whether the reader follows them."""

    name: str
    spellings: list[str]
    papers: list[tuple[Paper, Annotation]]
    coauthors: list[tuple[str, int]] = field(default_factory=list)
    lists: list[tuple[str, int]] = field(default_factory=list)
    years: list[tuple[str, int]] = field(default_factory=list)
    followed: bool = False


def author_page(library: Library, name: str) -> AuthorPage:
    """The page of the person `name` names (any spelling, or a part only one author's name has); `NotFound`
    (`people.person.NoSuchAuthor`, `AmbiguousAuthor`) when it names nobody, or several."""
    from tui.core.people.person import find_person

    papers = library.papers
    person = find_person(papers, name)
    mine = [papers[i] for i in person.positions]
    spelled: dict[str, Counter[str]] = {}
    papers_of: dict[str, set[int]] = {}
    for n, paper in enumerate(mine):
        for author in paper.authors:
            parsed = parse_name(author)
            if not parsed.key or author in person.spellings:
                continue
            spelled.setdefault(parsed.key, Counter())[author] += 1
            papers_of.setdefault(parsed.key, set()).add(n)
    coauthors = [(spelled[key].most_common(1)[0][0], len(found)) for key, found in _one_per_person(papers_of).items()]
    keys = {person.key, *(name_key(s) for s in person.spellings)}
    lists = Counter(p.list for p in mine)
    years = Counter(p.year for p in mine if p.year)
    return AuthorPage(
        name=person.name,
        spellings=sorted(person.spellings, key=lambda s: (-person.spellings[s], s)),
        papers=[(p, library.annotation(p.id)) for p in mine],
        coauthors=coauthors,
        lists=sorted(lists.items(), key=lambda kv: (-kv[1], kv[0])),
        years=sorted(years.items(), key=lambda kv: kv[0], reverse=True),
        followed=any(name_key(f) in keys for f in library.follows()),
    )


def _one_per_person(papers_of: dict[str, set[int]]) -> dict[str, set[int]]:
    """Co-author keys with the papers (positions) each is on, most papers first; a spelling that could be one
    already kept ("Jason Lee" beside "Jason D Lee") joins it, as the record agreeing, unless the two share a
    paper: two spellings on one paper are two people (`people.person`), and one paper is never counted twice."""
    merged: dict[str, set[int]] = {}
    for key, found in sorted(papers_of.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        same = next((kept for kept in merged if could_be(kept, key) and not merged[kept] & found), None)
        if same is None:
            merged[key] = set(found)
        else:
            merged[same] |= found
    return dict(sorted(merged.items(), key=lambda kv: (-len(kv[1]), kv[0])))
