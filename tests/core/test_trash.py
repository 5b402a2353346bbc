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
