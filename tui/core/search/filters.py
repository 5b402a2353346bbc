"""Field filters (`status:`, `rating:`, `tag:`, `list:`, `author:`, `year:`, `venue:`, `key:`, `has:`, `followed:`; a group's in
`group`) over the index's columns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np
from rapidfuzz import fuzz, process

from tui.core.models import Paper, Status
from tui.core.render.venues import venue_means
from tui.core.search.group import GroupIndex, group_mask
from tui.core.search.query import Filter, NumberTest, words

#: Status -> the small number the index stores per paper.
STATUS_CODE = {status: code for code, status in enumerate(Status)}


class FilterColumns(GroupIndex, Protocol):
    """What the filters read from an index (`SearchIndex`): a value per paper, or the papers per name."""

    @property
    def size(self) -> int: ...
    @property
    def status(self) -> np.ndarray: ...  # STATUS_CODE of each paper's status
    @property
    def rating(self) -> np.ndarray: ...
    @property
    def year(self) -> np.ndarray: ...  # 0: none
    @property
    def list_names(self) -> Sequence[str]: ...
    @property
    def list_code(self) -> np.ndarray: ...  # into list_names
    @property
    def also_listed(self) -> Mapping[str, set[int]]: ...  # lists papers are in besides their own -> those papers
    @property
    def venues(self) -> Sequence[str]: ...
    @property
    def venue_code(self) -> np.ndarray: ...  # into venues, plus one (0: none)
    @property
    def paper_tags(self) -> Mapping[str, set[int]]: ...
    @property
    def annotation_tags(self) -> Mapping[str, set[int]]: ...
    @property
    def author_docs(self) -> Mapping[str, set[int]]: ...
    @property
    def has_notes(self) -> np.ndarray: ...
    @property
    def has_highlights(self) -> np.ndarray: ...
    @property
    def has_paper_tags(self) -> np.ndarray: ...
    @property
    def has_ann_tags(self) -> np.ndarray: ...
    @property
    def has_field(self) -> Mapping[str, np.ndarray]: ...  # the rest of `has:`, read from the papers
    @property
    def papers(self) -> Sequence[Paper]: ...  # `key:` reads each paper's citation key
    @property
    def followed(self) -> Mapping[str, Sequence[int]]: ...  # each followed author -> their papers (`usecases.follow`)


def filter_mask(index: FilterColumns, flt: Filter) -> np.ndarray:
    """Papers of `index` that pass one field:value filter."""
    value = flt.value
    if flt.field == "status" and isinstance(value, frozenset):
        mask = _lookup(len(STATUS_CODE), [STATUS_CODE[s] for s in value])[index.status]
    elif flt.field == "rating" and isinstance(value, NumberTest):
        mask = (index.rating >= value.low) & (index.rating <= value.high)
    elif flt.field == "year" and isinstance(value, NumberTest):
        mask = (index.year >= max(1, value.low)) & (index.year <= value.high)
    elif flt.field == "tag":
        mask = np.zeros(index.size, dtype=bool)
        for tags in (index.paper_tags, index.annotation_tags):
            for tag, docs in tags.items():
                if tag.startswith(str(value)) and docs:
                    mask[list(docs)] = True
    elif flt.field == "list":
        also = index.also_listed
        if not also:
            mask = _lookup(len(index.list_names), list_names_meant(str(value), index.list_names, flt.exact))[index.list_code]
        else:  # a paper in several lists (Zotero collections) is in each: every name is picked from one set
            names = sorted(set(index.list_names) | set(also))
            picked = {names[i] for i in list_names_meant(str(value), names, flt.exact)}
            mask = _lookup(len(index.list_names), [i for i, name in enumerate(index.list_names) if name in picked])[index.list_code]
            for name in picked:
                if members := also.get(name):
                    mask[list(members)] = True
    elif flt.field == "venue":
        codes = [c + 1 for c in _venue_names(str(value), index.venues)]
        mask = _lookup(len(index.venues) + 1, codes)[index.venue_code]
    elif flt.field == "author":
        mask = np.zeros(index.size, dtype=bool)
        for author, docs in index.author_docs.items():
            if _author_matches(str(value), author):
                mask[list(docs)] = True
    elif flt.field == "key":  # citation keys starting with the value, case aside (`key:smith2020` finds smith2020a too)
        wanted = str(value)
        mask = np.fromiter((p.citekey.casefold().startswith(wanted) for p in index.papers), dtype=bool, count=index.size)
    elif flt.field == "followed":  # any followed author's papers; with a name, those of the followed authors so named
        mask = np.zeros(index.size, dtype=bool)
        for name, papers in index.followed.items():
            if papers and (not value or _author_matches(str(value), name)):
                mask[list(papers)] = True
    elif flt.field in ("votes", "discuss", "group"):
        return group_mask(index, flt)
    elif flt.field == "has":
        if value == "notes":
            mask = index.has_notes.copy()
        elif value == "highlights":
            mask = index.has_highlights.copy()
        elif value == "tags":
            mask = index.has_paper_tags | index.has_ann_tags
        elif value == "rating":
            mask = index.rating > 0
        else:
            mask = index.has_field[str(value)].copy()
    else:  # pragma: no cover - the parser makes only known fields, each with its kind of value
        raise ValueError(flt.field)
    return ~mask if flt.negate else mask


def _lookup(size: int, codes: Sequence[int]) -> np.ndarray:
    """A boolean table over codes: `table[code_array]` is a faster `np.isin`."""
    table = np.zeros(size, dtype=bool)
    table[list(codes)] = True
    return table


def year_number(text: str) -> int:
    digits = "".join(ch for ch in text[:4] if ch.isdigit())
    return int(digits) if len(digits) == 4 else 0


def list_names_meant(value: str, names: Sequence[str], exact: bool = False) -> list[int]:
    """Indices of the list names a `list:` value picks (as the filter picks them): with `exact` (a quoted value), the
    list of that whole name when there is one (`list:"ICML 2025"` leaves out "ICML 2025 Orals"); else as any name."""
    if exact:
        whole = [i for i, name in enumerate(names) if " ".join(name.casefold().split()) == value]
        if whole:
            return whole
    return _fuzzy_names(value, names, typo_words=True)


def _fuzzy_names(value: str, names: Sequence[str], typo_words: bool = False) -> list[int]:
    """Indices of the names `value` means: those containing it, else those close to it; with `typo_words`, else
    those whose words each value word starts or nearly spells (`paprs` finds "ICML 2025 Papers", too short a part
    of the whole name for the ratio of the two)."""
    folded = [" ".join(name.casefold().split()) for name in names]
    inside = [i for i, name in enumerate(folded) if value in name]
    if inside:
        return inside
    scored = process.extract(value, folded, scorer=fuzz.WRatio, limit=None, score_cutoff=75)
    if scored:
        best = scored[0][1]
        return [index for _, score, index in scored if score >= best - 5]
    if not typo_words or not words(value):
        return []
    return [i for i, name in enumerate(names) if _words_meant(value, name)]


def _venue_names(value: str, names: Sequence[str]) -> list[int]:
    """Venues `value` means: by short name or alias (`colt`, `nips`) and their long names, else as any name."""
    aliased = [i for i, name in enumerate(names) if venue_means(value, name)]
    if not aliased:
        return _fuzzy_names(value, names)
    inside = [i for i, name in enumerate(names) if value in " ".join(name.casefold().split())]
    return sorted(set(aliased) | set(inside))


def _words_meant(value: str, name: str) -> bool:
    """Every word of `value` starts a word of `name`, or is a near-typo of one (an author's name, a list's)."""
    names = words(name)
    for part in words(value):
        if not any(word.startswith(part) or fuzz.ratio(part, word) >= 85 for word in names):
            return False
    return True


def _author_matches(value: str, author: str) -> bool:
    """Every word of `value` starts a word of the author's name, or is a near-typo of one."""
    return _words_meant(value, author)
