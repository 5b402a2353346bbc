"""The saved search index: loaded when papers.json is unchanged, rebuilt when it changed or is damaged."""

from __future__ import annotations

from pathlib import Path

from tui.core.ingest.lists import parse_list
from tui.core.library import Library, papers_matching, search_index
from tui.core.search.stored import INDEX_DIR
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query

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
    assert loaded.fields[0].indices.__class__.__name__ == "memmap"
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
