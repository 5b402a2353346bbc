"""The titles' index a large library gets first while its whole index builds (the first start after a large import)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.models import Annotation, Paper
from tui.core.search import stored
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query
from tui.core.search.stored import load_or_build

PAPERS = [
    Paper("a1", "We study zebra kernels on sparse graphs.", "CL 2024", 0, title="Sparse Attention", authors=("Ada Lovelace",), venue="ICML", year="2024"),
    Paper("a2", "Dense retrieval of graph neighbours.", "Vision", 1, title="Graph Retrieval", authors=("Grace Hopper",), venue="NeurIPS", year="2019"),
    Paper("a3", "Nothing about zebras here.", "CL 2024", 2, title="Plain Kernels", tags=("theory",)),
]


def ids(index: SearchIndex, text: str) -> list[str]:
    return [p.id for p in index.search(parse_query(text))]


def test_the_titles_index_finds_titles_and_metadata_and_no_abstract_word() -> None:
    titles, whole = SearchIndex.titles_only(PAPERS), SearchIndex(PAPERS)
    assert titles.provisional and not whole.provisional
    assert ids(titles, "graph") == ["a2"]  # a2's title; a1's "graphs" is in its abstract only
    assert ids(whole, "graph") == ["a2", "a1"]
    assert ids(titles, "zebra") == [] and ids(whole, "zebra") == ["a1", "a3"]
    for text in ("lovelace", "venue:neurips", "year:<2020", "tag:theory", "plain", "list:cl"):
        assert ids(titles, text) == ids(whole, text), text


def test_a_large_library_built_gives_its_titles_index_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored, "TITLES_FIRST_FROM", len(PAPERS))
    early: list[SearchIndex] = []
    whole = load_or_build(tmp_path, "digest", PAPERS, {}, save=True, early=early.append)
    assert [index.provisional for index in early] == [True] and not whole.provisional
    assert ids(early[0], "zebra") == [] and ids(whole, "zebra") == ["a1", "a3"]
    load_or_build(tmp_path, "digest", PAPERS, {}, save=True, early=early.append)  # saved: loaded at once, no titles first
    assert len(early) == 1


def test_a_small_library_gets_no_titles_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored, "TITLES_FIRST_FROM", len(PAPERS) + 1)
    early: list[SearchIndex] = []
    load_or_build(tmp_path, "digest", PAPERS, {}, save=True, early=early.append)
    assert early == []


def test_catch_up_learns_the_annotations_saved_since_the_build() -> None:
    before = {"a1": Annotation("a1", tags=("old",))}
    index = SearchIndex(PAPERS, before)
    now = {"a1": before["a1"], "a3": Annotation("a3", tags=("fresh",), notes="marginalia")}
    index.catch_up(now)
    assert ids(index, "tag:fresh") == ["a3"] and ids(index, "marginalia") == ["a3"] and ids(index, "tag:old") == ["a1"]
    now["a1"] = Annotation("a1", tags=("new",))
    index.catch_up(now)
    assert ids(index, "tag:old") == [] and ids(index, "tag:new") == ["a1"]
