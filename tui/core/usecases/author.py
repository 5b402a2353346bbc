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
    counts: Counter[str] = Counter()
    for paper in mine:
        seen: set[str] = set()
        for author in paper.authors:
            parsed = parse_name(author)
            if not parsed.key or author in person.spellings:
                continue
            spelled.setdefault(parsed.key, Counter())[author] += 1
            if parsed.key not in seen:
                seen.add(parsed.key)
                counts[parsed.key] += 1
    coauthors = [(spelled[key].most_common(1)[0][0], n) for key, n in _one_per_person(counts).items()]
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


def _one_per_person(counts: Counter[str]) -> dict[str, int]:
    """Co-author keys, most papers first, a spelling that could be one already counted ("Jason Lee" beside
    "Jason D Lee") counted with it: both write with the same person, which is the record agreeing."""
    merged: dict[str, int] = {}
    for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        same = next((kept for kept in merged if could_be(kept, key)), None)
        if same is None:
            merged[key] = n
        else:
            merged[same] += n
    return dict(sorted(merged.items(), key=lambda kv: (-kv[1], kv[0])))
