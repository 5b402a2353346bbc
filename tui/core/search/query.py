"""The filter box's query language: free words, "phrases", -exclusions and field:value filters.

`parse_query(text)` turns what the reader typed into a `Query`; a malformed
filter raises `QueryError` with one line to show under the box. Parsing is
lenient where the reader is still typing: an unclosed quote runs to the end,
and a field with no value yet (`status:`) is ignored rather than an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from tui.core.errors import PaperdeskError
from tui.core.models import Status
from tui.core.search.folding import fold_query

#: A word, for the index and for queries alike: letters, digits and underscores.
WORD = re.compile(r"\w+")

#: Fields a filter may name, with what `has:` accepts.
FIELDS = ("status", "rating", "tag", "list", "has", "author", "year", "venue", "key", "votes", "group", "discuss", "about", "followed")
HAS_VALUES = ("notes", "highlights", "tags", "rating", "abstract", "authors", "url", "doi")

_TOKEN = re.compile(
    r"""
    (?P<neg>-)?
    (?:(?P<field>[A-Za-z]+):)?
    (?:"(?P<quoted>[^"]*)(?:"|$) | (?P<bare>\S*))
    """,
    re.VERBOSE,
)
_COMPARE = re.compile(r"^(>=|<=|>|<|=)?\s*(\d+)$")
#: A comparison or range cut short while typing ("rating:>=", "year:2020-"): not an error yet.
_UNFINISHED = re.compile(r"^(>=|<=|>|<|=|\d+\s*(-|\.\.?))$")
_RANGE = re.compile(r"^(\d+)\s*(?:-|\.\.)\s*(\d+)$")


class QueryError(PaperdeskError):
    """The query cannot be understood; the message is one line for the reader."""


def words(text: str) -> list[str]:
    """The case-folded words of `text`, as the index and the ranking see them (LaTeX markup read as shown)."""
    return WORD.findall(fold_query(text).casefold())


def contains_phrase(text: str, phrase: str, at_word_start: bool) -> bool:
    """`phrase` occurs in `text` (both case-folded), starting at a word start when asked."""
    pos = text.find(phrase)
    while pos >= 0:
        if not at_word_start or pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] == "_"):
            return True
        pos = text.find(phrase, pos + 1)
    return False


@dataclass(frozen=True)
class NumberTest:
    """A numeric comparison, e.g. `>=4`, `3-5` or `2024`, applied to a rating or a year."""

    low: int
    high: int

    def __contains__(self, value: int) -> bool:
        return self.low <= value <= self.high


#: What a filter compares with: the statuses `status:` names, the range of `rating:` and `year:`,
#: else the text (case-folded; for `has:` the field's name).
FilterValue = frozenset[Status] | NumberTest | str


@dataclass(frozen=True)
class Filter:
    """One field:value filter; `negate` when written as -field:value; `exact` when the value was quoted
    (`list:"ICML 2025"`: the list of that whole name, not every list whose name holds it)."""

    field: str
    value: FilterValue
    negate: bool = False
    exact: bool = False


@dataclass(frozen=True)
class Query:
    """A parsed query. Words are case-folded; every part must hold for a paper to match."""

    text: str = ""
    terms: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    excluded_terms: tuple[str, ...] = ()
    excluded_phrases: tuple[str, ...] = ()
    filters: tuple[Filter, ...] = field(default=())
    about: tuple[str, ...] = ()
    """The texts of `about:"…"` terms (case-folded, spaces collapsed): papers close to them in meaning, not in spelling."""

    @property
    def is_empty(self) -> bool:
        """True when the query restricts nothing: every paper matches, in list order."""
        return not (self.terms or self.phrases or self.excluded_terms or self.excluded_phrases or self.filters or self.about)

    @property
    def ranks(self) -> bool:
        """True when there is free text to rank by (filters alone keep the chosen order); `about:` ranks by meaning."""
        return bool(self.terms or self.phrases or self.about)

    @property
    def meaning(self) -> tuple[frozenset, ...]:
        """What the query selects, whatever its spelling and order: `status:unr  tag:x` means `tag:x status:unread`."""
        parts = (self.terms, self.phrases, self.excluded_terms, self.excluded_phrases, self.filters, self.about)
        return tuple(frozenset(part) for part in parts)


def _number_test(name: str, value: str, maximum: int) -> NumberTest:
    value = value.strip()
    ranged = _RANGE.match(value)
    if ranged:
        low, high = int(ranged.group(1)), int(ranged.group(2))
        if low > high:
            low, high = high, low
        return NumberTest(low, high)
    compared = _COMPARE.match(value)
    if not compared:
        raise QueryError(f"{name}: wants a number, a comparison (>=4, <2) or a range (3-5), not {value!r}")
    op, number = compared.group(1) or "=", int(compared.group(2))
    low, high = {
        "=": (number, number),
        ">=": (number, maximum),
        "<=": (0, number),
        ">": (number + 1, maximum),
        "<": (0, number - 1),
    }[op]
    return NumberTest(low, high)


def _status(value: str) -> frozenset[Status]:
    wanted = value.casefold()
    exact = [s for s in Status if s.value == wanted]
    found = exact or [s for s in Status if s.value.startswith(wanted) or s.value.replace("-", "") == wanted]
    if not found:
        known = ", ".join(s.value for s in Status)
        raise QueryError(f"status: {value!r} is not a status ({known})")
    return frozenset(found)


def _filter(name: str, value: str, negate: bool, quoted: bool = False) -> Filter | None:
    key = name.casefold()
    if key not in FIELDS:
        raise QueryError(f"{name}: is not a filter (use {', '.join(f + ':' for f in FIELDS)})")
    if key == "discuss":  # a reading group's papers to talk about: `discuss:` alone is complete
        return _discuss(value, negate)
    if key == "followed":  # papers by authors the reader follows; `followed:NAME`, by those of them so named
        return Filter(key, " ".join(value.casefold().split()), negate)
    if not value.strip() or (key in ("rating", "year", "votes") and _UNFINISHED.match(value.strip())):
        return None  # still being typed
    if key == "status":
        return Filter(key, _status(value), negate)
    if key == "rating":
        test = _number_test("rating", value, 5)
        if test.low > 5:
            raise QueryError(f"rating: ratings go from 0 (unrated) to 5, not {value!r}")
        return Filter(key, test, negate)
    if key == "year":
        return Filter(key, _number_test("year", value, 9999), negate)
    if key == "votes":
        return Filter(key, _number_test("votes", value, 999), negate)
    if key == "has":
        wanted = value.casefold()
        found = [h for h in HAS_VALUES if h == wanted or h.rstrip("s") == wanted]
        if not found:
            raise QueryError(f"has: {value!r} is not one of {', '.join(HAS_VALUES)}")
        return Filter(key, found[0], negate)
    return Filter(key, " ".join(value.casefold().split()), negate, exact=quoted and key == "list")


def _discuss(value: str, negate: bool) -> Filter:
    """`discuss:`: papers with the settings' number of votes (`group_discuss`); `discuss:3`: at least 3."""
    value = value.strip()
    if not value:
        return Filter("discuss", "", negate)
    if not value.isdigit():
        raise QueryError(f"discuss: wants nothing (the group_discuss setting) or a number of votes (discuss:3), not {value!r}")
    return Filter("discuss", NumberTest(int(value), 999), negate)


def _tokens(text: str) -> Iterator[re.Match[str]]:
    """The query's tokens, left to right: [-][field:](word | "quoted")."""
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(text, pos)
        assert match is not None  # the pattern matches any non-space start
        pos = max(match.end(), pos + 1)  # a lone character the pattern cannot consume: step over it
        yield match


def list_filter_spans(text: str) -> Iterator[tuple[int, int, bool, str, bool]]:
    """Where `text` filters by list: (start, end, negated, value as the filter compares it, quoted) per `list:`."""
    for match in _tokens(text):
        name = match.group("field")
        quoted = match.group("quoted")
        value = quoted if quoted is not None else (match.group("bare") or "")
        if name is not None and name.casefold() == "list" and value.strip():
            yield match.start(), match.end(), bool(match.group("neg")), " ".join(value.casefold().split()), quoted is not None


def parse_query(text: str) -> Query:
    """Parse the filter box's text; raise `QueryError` (one line) when a filter is malformed."""
    terms: list[str] = []
    phrases: list[str] = []
    excluded_terms: list[str] = []
    excluded_phrases: list[str] = []
    filters: list[Filter] = []
    about: list[str] = []
    for match in _tokens(text):
        negate = bool(match.group("neg"))
        quoted = match.group("quoted")
        value = quoted if quoted is not None else (match.group("bare") or "")
        name = match.group("field")
        if name is not None:
            if name.casefold() not in FIELDS and (not value or value.startswith("/")):
                # "note:" or "http://x": not a filter, just text with a colon.
                value = f"{name}:{value}"
            elif name.casefold() == "about":
                if negate:
                    raise QueryError('-about: cannot be negated: about:"…" ranks papers by meaning, it does not exclude')
                if value.strip():  # `about:` with no text yet: still being typed
                    about.append(" ".join(value.casefold().split()))
                continue
            else:
                made = _filter(name, value, negate, quoted is not None)
                if made is not None:
                    filters.append(made)
                continue
        if quoted is not None:
            phrase = " ".join(quoted.casefold().split())
            if phrase:
                (excluded_phrases if negate else phrases).append(phrase)
            continue
        found = words(value)
        if negate:
            excluded_terms.extend(found)
        else:
            terms.extend(found)
    return Query(
        text=text,
        terms=tuple(terms),
        phrases=tuple(phrases),
        excluded_terms=tuple(excluded_terms),
        excluded_phrases=tuple(excluded_phrases),
        filters=tuple(filters),
        about=tuple(about),
    )
