"""Follows are the reader's data (issue 44): a table beside the annotations, written atomically, in the backups,
checked as the rest of the file is; a library without the table follows nobody."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.core.errors import ReadOnlyLibrary
from tui.core.library import Library
from tui.core.store.storage import ANNOTATIONS_FILE, FOLLOWS_TABLE
from tui.core.usecases.follow import follow, following, unfollow


def test_follows_are_kept_in_order_beside_the_annotations_and_survive_a_reopen(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="kept")
        assert lib.follows() == []
        lib.save_follow("  Ada   Lovelace ")
        lib.save_follow("Grace Hopper")
        assert lib.follows() == ["Ada Lovelace", "Grace Hopper"]
    data = json.loads((library_dir / ANNOTATIONS_FILE).read_bytes())
    assert [d["name"] for d in data[FOLLOWS_TABLE].values()] == ["Ada Lovelace", "Grace Hopper"]
    with Library.open(library_dir) as lib:
        assert lib.follows() == ["Ada Lovelace", "Grace Hopper"] and lib.annotation(pid).notes == "kept"
        assert lib.drop_follows(["Ada Lovelace"]) == 1 and lib.drop_follows(["nobody"]) == 0
        assert lib.follows() == ["Grace Hopper"]
        with pytest.raises(ValueError):
            lib.save_follow("   ")


def test_one_person_is_one_follow_whatever_the_spelling(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        assert follow(lib, "Lovelace, Ada").startswith("following Ada Lovelace")  # a whole name, nobody in the library yet
        assert follow(lib, "ÁDA LOVELACE") == "already following Ada Lovelace"
        assert [(f.name, f.papers) for f in following(lib)] == [("Ada Lovelace", 0)]
        assert unfollow(lib, "ada lovelace") == "no longer following Ada Lovelace" and lib.follows() == []


def test_a_read_only_library_refuses_a_follow(library_dir: Path) -> None:
    Library.open(library_dir).close()
    with Library.open(library_dir, read_only=True) as lib:
        with pytest.raises(ReadOnlyLibrary, match="nothing followed"):
            follow(lib, "Ada Lovelace")
        with pytest.raises(ReadOnlyLibrary):
            lib.save_follow("Ada Lovelace")


def test_a_follow_of_the_wrong_type_is_named_and_the_library_opens_read_only(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_follow("Ada Lovelace")
    path = library_dir / ANNOTATIONS_FILE
    data = json.loads(path.read_bytes())
    data[FOLLOWS_TABLE] = {"1": {"name": 5}}
    path.write_text(json.dumps(data), encoding="utf-8")
    with Library.open(library_dir, seed=False) as lib:
        assert lib.read_only and 'followed author 1 is {"name":5}, not a name' in (lib.notice or "")
