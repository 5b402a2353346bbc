"""`usecases.versions` past one pair: three stored versions of one paper found, merged into the first and split back,
pairs whose paper a merge already took, and undoing an import after a later merge (issue 44)."""

from __future__ import annotations

from pathlib import Path

from tui.core.ingest.versions import absorbed_ids
from tui.core.library import Library
from tui.core.models import Paper
from tui.core.usecases import versions
from tui.core.usecases.versions import Pair, VersionChange

ARXIV = "2401.00001"


def one_paper_thrice() -> list[Paper]:
    """The same arXiv paper stored three times (a library written before version matching), and one other paper."""
    words = "an abstract with enough words of its own to be a paper about learning"
    return [
        Paper("aaaaaaaaaaa1", f"{words} one", "l", seq=1, title="Learning one", url=f"https://arxiv.org/abs/{ARXIV}"),
        Paper("aaaaaaaaaaa2", f"{words} two", "l", seq=2, title="Learning two", url=f"https://arxiv.org/abs/{ARXIV}v2"),
        Paper("aaaaaaaaaaa3", f"{words} three", "l", seq=3, title="Learning three", doi=f"10.48550/arXiv.{ARXIV}"),
        Paper("bbbbbbbbbbb1", "something else entirely, about birds and their songs", "l", seq=4, title="Birds"),
    ]


def stored(folder: Path) -> Library:
    lib = Library.open(folder, seed=False)
    lib.change_papers(lambda _: VersionChange(added=one_paper_thrice()))
    return lib


def test_three_versions_pair_with_the_first_merge_into_it_and_split_back(tmp_path: Path) -> None:
    with stored(tmp_path / "lib") as lib:
        for pid, notes in (("aaaaaaaaaaa1", "first"), ("aaaaaaaaaaa2", "second"), ("aaaaaaaaaaa3", "third")):
            lib.save_annotation(pid, notes=notes)
        found = versions.pairs(lib)
        assert [(p.kept.id, p.other.id) for p in found] == [("aaaaaaaaaaa1", "aaaaaaaaaaa2"), ("aaaaaaaaaaa1", "aaaaaaaaaaa3")]
        assert versions.merge(lib, found) == [
            f"merged aaaaaaaaaaa2 into aaaaaaaaaaa1 ({found[0].reason})",
            f"merged aaaaaaaaaaa3 into aaaaaaaaaaa1 ({found[1].reason})",
        ]
        first = lib.get("aaaaaaaaaaa1")
        assert first is not None and absorbed_ids(first) == ["aaaaaaaaaaa2", "aaaaaaaaaaa3"]
        assert lib.annotation("aaaaaaaaaaa1").notes == "first\n\nsecond\n\nthird"
        assert [p.id for p in lib.papers] == ["aaaaaaaaaaa1", "bbbbbbbbbbb1"]
        highest = max(p.seq for p in lib.papers)
        assert versions.split(lib, first) == "split aaaaaaaaaaa1: 2 versions back as aaaaaaaaaaa2, aaaaaaaaaaa3"
        back = {p.id: p.seq for p in lib.papers}
        assert back["aaaaaaaaaaa2"] == highest + 1 and back["aaaaaaaaaaa3"] == highest + 2
        assert {pid: lib.annotation(pid).notes for pid in back if pid.startswith("a")} == {
            "aaaaaaaaaaa1": "first", "aaaaaaaaaaa2": "second", "aaaaaaaaaaa3": "third",
        }


def test_a_pair_whose_paper_a_merge_took_is_passed_over_and_the_rest_merged(tmp_path: Path) -> None:
    with stored(tmp_path / "lib") as lib:
        one, two, three, birds = (lib.get(pid) for pid in ("aaaaaaaaaaa1", "aaaaaaaaaaa2", "aaaaaaaaaaa3", "bbbbbbbbbbb1"))
        assert one and two and three and birds
        lines = versions.merge(lib, [Pair(one, two, "why"), Pair(two, three, "why"), Pair(birds, three, "why")])
        assert lines == ["merged aaaaaaaaaaa2 into aaaaaaaaaaa1 (why)", "merged aaaaaaaaaaa3 into bbbbbbbbbbb1 (why)"]
        assert sorted(p.id for p in lib.papers) == ["aaaaaaaaaaa1", "bbbbbbbbbbb1"]


def test_a_split_whose_versions_are_all_stored_again_says_only_split(tmp_path: Path) -> None:
    with stored(tmp_path / "lib") as lib:
        versions.merge(lib, versions.pairs(lib)[:1])
        again = next(p for p in one_paper_thrice() if p.id == "aaaaaaaaaaa2").with_changes(seq=9)
        lib.change_papers(lambda _: VersionChange(added=[again]))
        assert versions.split(lib, lib.get("aaaaaaaaaaa1")) == "split aaaaaaaaaaa1"  # type: ignore[arg-type]
        assert [p.id for p in lib.papers].count("aaaaaaaaaaa2") == 1 and not absorbed_ids(lib.get("aaaaaaaaaaa1"))  # type: ignore[arg-type]


def test_undoing_an_import_leaves_a_version_a_later_merge_brought_and_passes_over_a_removed_paper(tmp_path: Path) -> None:
    with stored(tmp_path / "lib") as lib:
        found = versions.pairs(lib)
        versions.merge(lib, found[:1])  # "the import": 2 into 1
        versions.merge(lib, [Pair(lib.get("aaaaaaaaaaa1"), found[1].other, "later")])  # type: ignore[arg-type]
        assert versions.undo_import(lib, [("aaaaaaaaaaa1", "aaaaaaaaaaa2")]) == []  # 3 came after it: its newest is not the import's
        assert absorbed_ids(lib.get("aaaaaaaaaaa1")) == ["aaaaaaaaaaa2", "aaaaaaaaaaa3"]  # type: ignore[arg-type]
        both = [("gone00000000", "aaaaaaaaaaa9"), ("aaaaaaaaaaa1", "aaaaaaaaaaa2"), ("aaaaaaaaaaa1", "aaaaaaaaaaa3")]
        assert versions.undo_import(lib, both) == ["split aaaaaaaaaaa1: 2 versions back as aaaaaaaaaaa2, aaaaaaaaaaa3"]


def test_a_paper_matching_only_what_a_merged_version_brought_pairs_with_the_first(tmp_path: Path) -> None:
    """A preprint, its proceedings (the same arXiv id, and a DOI) and a copy known only by that DOI: the copy pairs
    with the preprint stored first, through the version between them."""
    words = "an abstract with enough words of its own to be a paper about learning"
    papers = [
        Paper("ccccccccccc1", f"{words} one", "l", seq=1, title="Learning one", url=f"https://arxiv.org/abs/{ARXIV}"),
        Paper("ccccccccccc2", f"{words} two", "l", seq=2, title="Learning two", url=f"https://arxiv.org/abs/{ARXIV}v2", doi="10.1234/proc.5"),
        Paper("ccccccccccc3", f"{words} three", "l", seq=3, title="Learning three", doi="10.1234/proc.5"),
    ]
    with Library.open(tmp_path / "lib", seed=False) as lib:
        lib.change_papers(lambda _: VersionChange(added=papers))
        assert [(p.kept.id, p.other.id) for p in versions.pairs(lib)] == [("ccccccccccc1", "ccccccccccc2"), ("ccccccccccc1", "ccccccccccc3")]
