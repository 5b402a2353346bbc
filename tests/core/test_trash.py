"""The trash's restore never writes over what the library holds now."""

from __future__ import annotations

from tui.core.library import Library


def test_a_restore_keeps_an_annotation_written_after_the_removal(library: Library) -> None:
    """A note saved for a removed paper after it left (a save that landed late) is newer than the trash's copy.

    Guards `store.trash.restored_annotation`: the paper comes back with the newer note first, the old
    note below it, and the old rating and tags filling what the newer annotation left empty.
    """
    paper = library.papers[0]
    library.save_annotation(paper.id, notes="before the removal", rating=2, tags=["old"])
    assert library.remove_papers([paper.id], "one") == 1
    library.save_annotation(paper.id, notes="after the removal")
    (batch,) = library.restore_papers().batches
    assert [doc["id"] for doc in batch["papers"]] == [paper.id]
    assert library.get(paper.id) == paper
    note = library.annotation(paper.id)
    assert (note.notes, note.rating, note.tags) == ("after the removal\n\nbefore the removal", 2, ("old",))
    library.close()
    with Library.open(library.folder, seed=False) as reopened:
        assert reopened.annotation(paper.id).notes == "after the removal\n\nbefore the removal"


def test_a_restore_says_what_was_removed_and_when(library: Library) -> None:
    import re

    from tui.core.usecases.restore import restore_papers

    ids = [p.id for p in library.papers[:2]]
    assert library.remove_papers(ids, "the two first papers") == 2
    (line,) = restore_papers(library)
    assert re.fullmatch(r"restored 2 papers \(the two first papers, removed \d{4}-\d\d-\d\d \d\d:\d\d\)", line), line


def test_a_trash_batch_written_by_hand_without_papers_or_annotations_is_read_as_empty() -> None:
    """trash.json is a file a reader may edit: a batch missing a list is an empty one, never a crash."""
    from tui.core.store.trash import chosen_batches, trashed_papers

    batches = [{"what": "by hand"}, {"papers": [{"id": "a", "abstract": "x", "list": "l"}], "what": "one"}]
    papers, notes = trashed_papers(batches)
    assert [p.id for p in papers] == ["a"] and notes == []
    assert chosen_batches(batches, ids=["zz"]) == [] and chosen_batches(batches, ids=[]) == [0]


def test_papers_imported_while_one_is_in_the_trash_come_after_its_place(library: Library) -> None:
    """The import numbers after the trash's highest place (`store.trash.highest_seq`), so the restored paper
    goes back where it was, before them, and no two papers share a place."""
    from tests.conftest import FIXTURES
    from tui.core.usecases.imports import import_paths

    last = max(library.papers, key=lambda p: p.seq)
    library.remove_papers([last.id], "the last")
    import_paths(library, [FIXTURES / "conference" / "nips2018.json"])
    library.restore_papers()
    seqs = [p.seq for p in library.papers]
    assert len(set(seqs)) == len(seqs)
    new = [p for p in library.papers if p.list == "NeurIPS 2018"]
    assert library.get(last.id).seq == last.seq < min(p.seq for p in new)  # type: ignore[union-attr]


def test_the_trash_highest_place_skips_what_is_not_a_place() -> None:
    from tui.core.store.trash import highest_seq

    batches = [{"papers": [{"seq": 3}, {"seq": True}, {"seq": "9"}, {}]}, {"what": "by hand"}, {"papers": [{"seq": 7}, {"seq": 2}]}]
    assert highest_seq(batches) == 7
    assert highest_seq([{"papers": [{"seq": 0}]}]) == 0
    assert highest_seq([]) == highest_seq([{"papers": [{"seq": None}]}]) == -1


def test_a_removal_and_its_restore_keep_everything_else_in_the_annotations_file(library: Library) -> None:
    """Each move rewrites annotations.json whole: the annotations it does not move, the views and the change log
    come through as they were, and the moved annotations are on disk (not only in memory) after each step."""
    from tui.core.usecases import edit as edits

    gone, also, other = (p.id for p in library.papers[:3])
    library.save_annotation(gone, notes="leaves", rating=4)
    library.save_annotation(also, notes="leaves too", rating=1)
    library.save_annotation(other, notes="stays")
    library.save_view("v", "rating:>=2")
    edits.rate(library, other, 3)  # one change log entry
    assert library.remove_papers([gone, also], "two") == 2
    library.close()
    with Library.open(library.folder, seed=False) as lib:
        assert {pid: a.notes for pid, a in lib.annotations().items()} == {other: "stays"}
        assert lib.views() == {"v": "rating:>=2"} and len(lib.change_log()) == 1
        lib.restore_papers()
    with Library.open(library.folder, seed=False) as lib:
        assert {pid: a.notes for pid, a in lib.annotations().items()} == {gone: "leaves", also: "leaves too", other: "stays"}
        assert (lib.annotation(gone).rating, lib.annotation(other).rating) == (4, 3)
        assert lib.views() == {"v": "rating:>=2"} and len(lib.change_log()) == 1


def test_removing_papers_the_library_does_not_hold_moves_nothing(library: Library) -> None:
    """The app records an undo only for a removal that moved something (`remove_papers` says how many)."""
    from tui.core.store.trash_file import read_trash

    assert library.remove_papers(["0" * 12], "none") == 0
    assert read_trash(library.folder) == []


def test_restoring_two_removals_of_one_paper_keeps_the_newer_annotation_first(library: Library) -> None:
    """A paper removed, imported again, annotated and removed again sits in two batches: restoring every batch
    brings it back once, the newer removal's annotation winning and the older one filling its gaps."""
    from tests.conftest import FIXTURES
    from tui.core.usecases.imports import import_paths

    nips = FIXTURES / "conference" / "nips2018.json"
    import_paths(library, [nips])
    pid = next(p.id for p in library.papers if p.list == "NeurIPS 2018")
    library.save_annotation(pid, notes="first", rating=2, tags=["old"])
    assert library.remove_papers([pid], "first removal") == 1
    import_paths(library, [nips])
    library.save_annotation(pid, notes="second", tags=["new"])
    assert library.remove_papers([pid], "second removal") == 1
    assert len(library.restore_papers(everything=True).batches) == 2
    back = library.annotation(pid)
    assert (back.notes, back.rating, back.tags) == ("second\n\nfirst", 2, ("new", "old"))
    assert [p.id for p in library.papers].count(pid) == 1


def test_the_apps_undo_restores_exactly_its_own_removal(library: Library) -> None:
    """The app's undo names its removal by ids: a newer removal stays in the trash, and nothing else comes back."""
    older, newer = library.papers[0].id, library.papers[1].id
    library.remove_papers([older], "older")
    library.remove_papers([newer], "newer")
    (batch,) = library.restore_papers(ids=[older]).batches
    assert batch["what"] == "older" and library.get(older) is not None and library.get(newer) is None
    assert library.restore_papers(ids=[older]).batches == []
