"""A restore onto a paper annotated again since its removal: the newer annotation wins, its gaps filled from the old."""

from __future__ import annotations

from dataclasses import replace

from tui.core.models import Annotation, Highlight, Paper, Status
from tui.core.store.trash import chosen_batches, plan_by_id, restored_annotation

OLD = Annotation(
    id="old-id", notes="old note", rating=4, status=Status.READ, tags=("ml", "Vision"), title="My title",
    highlights=(Highlight(text="old passage"),), opened="2025-01-01", started="2025-01-02", finished="2025-01-03",
)


def test_nothing_newer_brings_the_old_annotation_back_under_the_papers_id() -> None:
    assert restored_annotation(None, OLD, "pid") == replace(OLD, id="pid")
    assert restored_annotation(Annotation(id="pid"), OLD, "pid").id == "pid"


def test_the_newer_annotation_keeps_what_it_set_and_takes_the_rest_from_the_old() -> None:
    newer = Annotation(id="pid", notes="new note", status=Status.UNREAD, tags=("vision",), highlights=(Highlight(text="new"),))
    merged = restored_annotation(newer, OLD, "pid")
    assert merged.id == "pid"
    assert merged.notes == "new note\n\nold note"
    assert (merged.rating, merged.status, merged.title) == (4, Status.READ, "My title")
    assert merged.tags == ("vision", "ml")
    assert [h.text for h in merged.highlights] == ["new", "old passage"]
    assert (merged.opened, merged.started, merged.finished) == ("2025-01-01", "2025-01-02", "2025-01-03")


def test_what_the_newer_annotation_set_is_never_overwritten() -> None:
    newer = Annotation(
        id="pid", notes="  new note\n", rating=1, status=Status.READING, title="Newer title",
        opened="2026-01-01", started="2026-01-02", finished="2026-01-03",
    )
    merged = restored_annotation(newer, OLD, "pid")
    assert merged.notes == "  new note\n\nold note"
    assert (merged.rating, merged.status, merged.title) == (1, Status.READING, "Newer title")
    assert (merged.opened, merged.started, merged.finished) == ("2026-01-01", "2026-01-02", "2026-01-03")


def test_a_restore_twice_or_of_an_empty_old_note_adds_no_note() -> None:
    newer = Annotation(id="pid", notes="new note\n\nold note", rating=1)
    assert restored_annotation(newer, OLD, "pid").notes == "new note\n\nold note"
    assert restored_annotation(newer, Annotation(id="x", notes="  ", rating=5), "pid").notes == "new note\n\nold note"
    tagged_only = Annotation(id="pid", tags=("t",))
    assert restored_annotation(tagged_only, OLD, "pid").notes == "old note"


def _batch(*ids: str) -> dict[str, object]:
    return {"papers": [{"id": i} for i in ids]}


def test_the_batch_restored_is_all_the_newest_or_the_newest_with_exactly_those_papers() -> None:
    batches = [_batch("a", "b"), _batch("c"), _batch("a", "b"), _batch("d")]
    assert chosen_batches(batches, everything=True) == [0, 1, 2, 3]
    assert chosen_batches(batches) == [3]
    assert chosen_batches(batches, ids=["b", "a"]) == [2]
    assert chosen_batches(batches, ids=["a"]) == []
    assert chosen_batches([]) == []


def test_a_store_alone_restores_by_id_the_newest_copy_and_keeps_a_paper_stored_again() -> None:
    """`plan_by_id`, what a `LibraryStore` decides without the use cases' planner."""
    stored = [Paper("a", "stored again", "l")]
    newest, older = Paper("b", "newest copy", "l"), Paper("b", "older copy", "l")
    plan = plan_by_id(stored, [Paper("a", "trashed", "l"), newest, older, Paper("c", "", "l")])
    assert plan.into == {"a": "a", "b": "b", "c": "c"}
    assert [(p.id, p.abstract) for p in plan.added] == [("b", "newest copy"), ("c", "")]
    assert (plan.replaced, plan.removed) == ({}, set())
    assert plan_by_id([], []).into == {}
