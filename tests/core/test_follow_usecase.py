"""`usecases.follow`: following by a part of a name, the refusals' lines, which follow a name stops, and the ids of
followed authors' papers (an import's count)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import NotFound, ReadOnlyLibrary
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.people.person import NoSuchAuthor
from tui.core.usecases.follow import follow, followed_ids, unfollow


def paper(n: int, *authors: str) -> Paper:
    return Paper(id=f"p{n}", abstract=f"abstract {n}", list="l", title=f"title {n}", authors=authors)


def test_a_part_of_a_name_already_followed_in_full_is_not_followed_twice(library_dir: Path) -> None:
    from tui.core.ingest.parsed import ParsedFile

    with Library.open(library_dir, seed=False) as lib:
        lib.add_papers([ParsedFile(Path("s.json"), "json", "s", [paper(1, "Mary Somerville"), paper(2, "Mary Somerville")])])
        assert follow(lib, "Mary Somerville") == "following Mary Somerville (2 papers in the library)"
        assert follow(lib, "somerv") == "already following Mary Somerville"
        assert lib.follows() == ["Mary Somerville"]


def test_an_empty_name_is_refused_with_its_line(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        for name in ("", "   ", "{}"):
            with pytest.raises(NoSuchAuthor) as refused:
                follow(lib, name)
            assert str(refused.value) == "an author's name is needed"
        assert lib.follows() == []


def test_a_read_only_library_refuses_follow_and_unfollow_with_their_outcomes(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_follow("Ada Lovelace")
    with Library.open(library_dir, read_only=True) as lib:
        with pytest.raises(ReadOnlyLibrary) as followed:
            follow(lib, "Grace Hopper")
        assert str(followed.value).endswith("; nothing followed")
        with pytest.raises(ReadOnlyLibrary) as unfollowed:
            unfollow(lib, "Ada Lovelace")
        assert str(unfollowed.value).endswith("; nothing changed")
        assert lib.follows() == ["Ada Lovelace"]


def test_the_whole_name_wins_over_a_part_two_follows_share(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        lib.save_follow("Ada Lovelace")
        lib.save_follow("Ada Lovelacey")
        assert unfollow(lib, "lovelace, ada") == "no longer following Ada Lovelace"
        assert lib.follows() == ["Ada Lovelacey"]
        with pytest.raises(NotFound) as nobody:
            unfollow(lib, "Grace")
        assert nobody.value.candidates == ("Ada Lovelacey",)


def test_followed_ids_are_the_papers_of_every_followed_person_in_any_spelling() -> None:
    papers = [paper(1, "Ada Lovelace", "Bob Abel"), paper(2, "Lovelace, Ada"), paper(3, "Grace Hopper"), paper(4, "Bob Abel")]
    assert followed_ids(papers, ["Ada Lovelace"]) == {"p1", "p2"}
    assert followed_ids(papers, ["Ada Lovelace", "Grace Hopper"]) == {"p1", "p2", "p3"}
    assert followed_ids(papers, []) == set()
