"""Saved views persist in the library's annotations file, beside (not inside) the annotations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import ReadOnlyLibrary
from tui.core.library import Library
from tui.core.store.journal import read_stored
from tui.core.store.storage import ANNOTATIONS_FILE


def test_views_save_replace_delete_and_persist(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        assert lib.views() == {}
        lib.save_view("Graphs", "graph spars rating:>=3")
        lib.save_view("  unread   llm ", "status:unread tag:llm")
        lib.save_view("Graphs", "graph")
        lib.save_annotation(lib.papers[0].id, notes="kept")
        assert lib.views() == {"Graphs": "graph", "unread llm": "status:unread tag:llm"}
    with Library.open(library_dir) as lib:
        assert lib.views() == {"Graphs": "graph", "unread llm": "status:unread tag:llm"}
        assert lib.annotation(lib.papers[0].id).notes == "kept"
        assert list(lib.annotations()) == [lib.papers[0].id]
        assert lib.delete_view("Graphs") is True
        assert lib.delete_view("Graphs") is False
    with Library.open(library_dir) as lib:
        assert lib.views() == {"unread llm": "status:unread tag:llm"}


def test_a_view_needs_a_name(library: Library) -> None:
    with pytest.raises(ValueError, match="^a view needs a name$"):
        library.save_view("   ", "graph")
    assert library.views() == {}


def test_read_only_library_refuses_to_save_views(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_view("v", "q")
    with Library.open(library_dir, read_only=True) as lib:
        assert lib.views() == {"v": "q"}
        with pytest.raises(ReadOnlyLibrary):
            lib.save_view("w", "x")


def test_views_come_in_name_order_whatever_the_case(library: Library) -> None:
    for name, query in (("beta", "a"), ("Gamma", "b"), ("Alpha", "z")):
        library.save_view(name, query)
    assert list(library.views()) == ["Alpha", "beta", "Gamma"]


def test_saving_a_view_again_replaces_its_record(library: Library) -> None:
    library.save_view("beta", "a")
    library.save_view(" beta ", "b")
    stored = read_stored(library.folder / ANNOTATIONS_FILE)["views"].values()
    assert [(d["name"], d["query"]) for d in stored] == [("beta", "b")]
