"""`followed:` and `followed:NAME` (issue 44): papers by the authors the reader follows, in any spelling."""

from __future__ import annotations

import pytest

from tui.core.models import Paper
from tui.core.search.index import SearchIndex
from tui.core.search.query import Filter, QueryError, parse_query
from tui.core.usecases.follow import followed_papers


def _papers() -> list[Paper]:
    return [
        Paper(id="p0", abstract="graphs", list="l", title="Graphs", authors=("Ada Lovelace", "Alan Turing")),
        Paper(id="p1", abstract="machines", list="l", title="Machines", authors=("LOVELACE, ADA",)),
        Paper(id="p2", abstract="numbers", list="l", title="Numbers", authors=("Grace Hopper",)),
        Paper(id="p3", abstract="codes", list="l", title="Codes", authors=("Claude Shannon",)),
    ]


def test_followed_parses_with_and_without_a_name() -> None:
    assert parse_query("followed:").filters == (Filter("followed", ""),)
    assert parse_query('-followed:"Ada  Lovelace"').filters == (Filter("followed", "ada lovelace", negate=True),)
    with pytest.raises(QueryError):
        parse_query("follows:x")


def test_followed_finds_every_spelling_and_narrows_by_name() -> None:
    papers = _papers()
    index = SearchIndex(papers)
    assert [p.id for p in index.search(parse_query("followed:"))] == []  # nobody followed: nothing
    index.set_followed(followed_papers(papers, ["Ada Lovelace", "Grace Hopper"]))
    assert [p.id for p in index.search(parse_query("followed:"))] == ["p0", "p1", "p2"]
    assert [p.id for p in index.search(parse_query("followed:lovelace"))] == ["p0", "p1"]
    assert [p.id for p in index.search(parse_query("followed:hoper"))] == ["p2"]  # a typo, as author:
    assert [p.id for p in index.search(parse_query("-followed:"))] == ["p3"]
    assert [p.id for p in index.search(parse_query("followed: numbers"))] == ["p2"]
    assert index.followed_ids() == {"p0", "p1", "p2"}
    index.set_followed({})
    assert list(index.search(parse_query("followed:"))) == []
