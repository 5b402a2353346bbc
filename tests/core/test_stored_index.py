"""The saved search index: loaded when papers.json is unchanged, rebuilt when it changed or is damaged."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tui.core.ingest.lists import parse_list
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query
from tui.core.search.stored import FORMAT, INDEX_DIR, load, load_or_build
from tui.core.usecases.list import papers_matching, search_index

QUERIES = ("graph", "lern", "reinforcement learning", '"language models"', "-graph model", "status:read neural", "zzzz")


def ranked(index: SearchIndex) -> dict[str, list[str]]:
    return {q: [p.id for p in index.search(parse_query(q))] for q in QUERIES}


def saved_keys(folder: Path) -> list[str]:
    return sorted(p.name for p in (folder / INDEX_DIR).iterdir())


def test_a_saved_index_ranks_exactly_as_a_built_one(library: Library, library_dir: Path) -> None:
    library.save_annotation(library.papers[2].id, status="read", notes="neural notes")
    built = SearchIndex(library.papers, library.annotations())
    first = search_index(library)  # builds and saves
    (key,) = saved_keys(library_dir)
    loaded = search_index(library)  # loads
    assert isinstance(loaded.fields[0].indices.base, np.memmap)  # a view of the file mapped, not a copy
    assert ranked(loaded) == ranked(built) == ranked(first)
    assert saved_keys(library_dir) == [key]


def test_an_import_makes_the_saved_index_stale_and_it_is_rebuilt(library: Library, library_dir: Path) -> None:
    search_index(library)
    (old,) = saved_keys(library_dir)
    library.add_lists([parse_list("More\n\nA graph paper about zebra kernels.\n")])
    index = search_index(library)
    assert [p.abstract for p in index.search(parse_query("zebra"))] == ["A graph paper about zebra kernels."]
    (new,) = saved_keys(library_dir)
    assert new != old
    with Library.open(library_dir, seed=False) as reopened:  # the next start loads the new one
        assert [p.abstract for p in papers_matching(reopened, "zebra")] == ["A graph paper about zebra kernels."]


def test_a_damaged_saved_index_is_rebuilt(library: Library, library_dir: Path) -> None:
    expected = ranked(search_index(library))
    (key,) = saved_keys(library_dir)
    damaged = library_dir / INDEX_DIR / key / "2.indptr.npy"
    damaged.write_bytes(damaged.read_bytes()[:100])
    assert ranked(search_index(library)) == expected


def test_a_read_only_library_saves_no_index(library_dir: Path) -> None:
    with Library.open(library_dir):
        pass
    with Library.open(library_dir, read_only=True) as lib:
        assert papers_matching(lib, "graph")
    assert not (library_dir / INDEX_DIR).exists()


FILTERS = ("list:cl", "list:vision", "venue:neurips", "venue:icml graph", "year:>=2020", "year:2019-2021 graph", "has:doi", "-has:url",
           "has:tags", "has:abstract", "tag:rl", "author:turing", "author:hoper graph")
PAPERS = [
    Paper(
        "a1", "Sparse graph attention.", "CL 2024", 0,
        title="Sparse Attention", authors=("Ada Lovelace", "Alan Turing"), venue="ICML", year="2024", tags=("rl",),
    ),
    Paper("a2", "Dense graph retrieval.", "Vision", 1, title="Dense Retrieval", authors=("Grace Hopper",), venue="NeurIPS", year="2019", doi="10.1/x"),
    Paper("a3", "", "CL 2024", 2, title="Plain", url="https://example.org", tags=("RL", "theory")),
    Paper("a4", "Graph kernels.", "Misc", 3, title="Kernels", venue="NeurIPS", year="2021", authors=("Alan Turing",)),
]


def filtered(index: SearchIndex) -> dict[str, list[str]]:
    return {text: [p.id for p in index.search(parse_query(text))] for text in FILTERS}


def test_a_saved_index_filters_by_field_exactly_as_a_built_one(tmp_path: Path) -> None:
    """The filters' columns are saved too (memory-mapped at load); tags and authors are looked up on first use."""
    built = SearchIndex(PAPERS, {})
    load_or_build(tmp_path, "digest", PAPERS, {}, save=True)
    loaded = load_or_build(tmp_path, "digest", PAPERS, {}, save=True)
    assert isinstance(loaded.columns.codes.base, np.memmap)
    assert filtered(loaded) == filtered(built)
    assert filtered(built)["author:turing"] == ["a1", "a4"] and filtered(built)["tag:rl"] == ["a1", "a3"]
    assert (loaded.list_names, loaded.venues) == (built.list_names, built.venues) == (["CL 2024", "Misc", "Vision"], ["ICML", "NeurIPS"])
    assert loaded.paper_tags == built.paper_tags and loaded.author_docs == built.author_docs


def test_an_index_saved_without_columns_is_rebuilt_with_them(tmp_path: Path) -> None:
    """A previous version's saved index (format 3: no columns) is stale: the next start re-indexes once, and saves."""
    expected = filtered(load_or_build(tmp_path, "digest", PAPERS, {}, save=True))
    (key,) = saved_keys(tmp_path)
    old = tmp_path / INDEX_DIR / key.replace(f"v{FORMAT}-", "v3-", 1)
    (tmp_path / INDEX_DIR / key).rename(old)
    for name in ("names.json", "codes.npy", "flags.npy"):
        (old / name).unlink()
    assert filtered(load_or_build(tmp_path, "digest", PAPERS, {}, save=True)) == expected
    assert saved_keys(tmp_path) == [key]


def test_damaged_columns_are_rebuilt(tmp_path: Path) -> None:
    expected = filtered(load_or_build(tmp_path, "digest", PAPERS, {}, save=True))
    (key,) = saved_keys(tmp_path)
    (tmp_path / INDEX_DIR / key / "names.json").write_bytes(b'{"lists": ["CL 2024"], "venues": []}')
    assert load(tmp_path / INDEX_DIR, key, PAPERS, {}) is None
    assert filtered(load_or_build(tmp_path, "digest", PAPERS, {}, save=True)) == expected


def test_a_paper_without_a_year_files_under_its_lists_and_a_saved_index_from_before_is_rebuilt(tmp_path: Path, monkeypatch) -> None:
    """`year:2024` finds a3 (no year of its own, in "CL 2024"); a paper's own year wins (a1); a name holding two years,
    or none, gives none. An index saved before list years (format 5) would file a3 under no year: it is stale, rebuilt."""
    from tui.core.search import columns, stored

    papers = [*PAPERS, Paper("a5", "x", "Workshop 2019-2021", 4), Paper("a6", "y", "ICML 20255", 5), Paper("a7", "z", "CL 2024", 6, year="2023")]
    assert [p.id for p in SearchIndex(papers, {}).search(parse_query("year:2024"))] == ["a1", "a3"]
    assert [p.id for p in SearchIndex(papers, {}).search(parse_query("year:2023"))] == ["a7"]
    assert columns.list_year("Workshop 2019-2021") == 0 and columns.list_year("ICML 20255") == 0 and columns.list_year("1999 and 1999") == 1999
    with monkeypatch.context() as patched:
        patched.setattr(columns, "list_year", lambda name: 0)  # the years a format-5 index was saved with
        patched.setattr(stored, "FORMAT", "5")
        old = load_or_build(tmp_path, "digest", papers, {}, save=True)
    assert [p.id for p in old.search(parse_query("year:2024"))] == ["a1"]
    index = load_or_build(tmp_path, "digest", papers, {}, save=True)
    assert [p.id for p in index.search(parse_query("year:2024"))] == ["a1", "a3"]
    assert saved_keys(tmp_path) == [f"v{FORMAT}-digest"]


def test_year_finds_the_bundled_icml_2025_papers(library: Library) -> None:
    """The bundled lists give no paper a year; their names do ("ICML 2025 Papers")."""
    assert len(library.papers) == 33 and not any(p.year for p in library.papers)
    assert len(papers_matching(library, "year:2025")) == 33
    assert len(papers_matching(library, "year:2024")) == 0
