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

    from tui.core.removing import restore_papers

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
    from tui.core.library import import_paths

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
