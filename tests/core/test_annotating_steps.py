"""The app's annotating core (`tui.core.usecases.annotate.Annotating`) without the app: what a key asks for, in what
order it reaches the history, and how undo, redo, removals and the command line's edits meet there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.library import Library
from tui.core.models import Status
from tui.core.store.changelog import LoggedChange, logged_changes
from tui.core.store.history import Change, Removal
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.usecases.annotate import Annotating, kinds, save_logged


@pytest.fixture
def annotating(library: Library) -> Annotating:
    made = Annotating()
    made.attach(library)
    return made


def pids(library: Library, n: int = 2) -> list[str]:
    return [p.id for p in library.papers[:n]]


def test_before_attach_nothing_is_open_and_after_it_the_library_is(library: Library) -> None:
    fresh = Annotating()
    assert fresh.library is None and fresh.saver is None and fresh.notes_path is None
    fresh.attach(library)
    assert fresh.library is library and fresh.saver is not None
    assert fresh.notes_path == Path(library.folder) / ANNOTATIONS_FILE


def test_view_shows_a_change_asked_for_until_it_is_written(annotating: Annotating, library: Library) -> None:
    first, second = pids(library)
    pending = annotating.request(first, rating=4)
    assert pending is not None and pending.pid == first and pending.changes == {"rating": 4}
    assert annotating.view(first).rating == 4 and annotating.view(second).rating == 0
    assert library.annotation(first).rating == 0
    stored = annotating.write(pending)
    annotating.saved(pending, stored)
    assert stored.rating == 4 == library.annotation(first).rating == annotating.view(first).rating


def test_a_change_that_changes_nothing_asks_for_nothing_but_opened_is_always_written(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    assert annotating.request(first, rating=0) is None
    assert annotating.request(first, status=Status.UNREAD) is None  # a status and its name are the same value
    pending = annotating.request(first, rating=0, tags=("x",))
    assert pending is not None and pending.changes == {"tags": ("x",)}
    opened = annotating.request(first, undoable=False, opened=True)
    assert opened is not None
    annotating.saved(opened, annotating.write(opened))
    again = annotating.request(first, undoable=False, opened=True)  # opened already: still asked for (the store keeps the first day)
    assert again is not None and again.changes == {"opened": True}


def test_only_an_undoable_change_goes_on_the_history_with_its_paper(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    quiet = annotating.request(first, undoable=False, rating=2)
    assert quiet is not None and quiet.entry is None and len(annotating.history) == 0
    loud = annotating.request(first, rating=3)
    assert loud is not None and loud.entry == Change(first, {"rating": 2}, {"rating": 3})
    assert len(annotating.history) == 1


def test_a_rating_ends_a_walk_through_the_statuses_but_a_status_or_an_opened_stamp_does_not(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)

    def started_kept_after(**between: object) -> bool:
        """Walk to reading (the store stamps `started`), ask for `between`, walk on: is the walk's old date kept?"""
        walk = annotating.request(first, **annotating.status_change(first, Status.READING, 100.0))
        assert walk is not None
        annotating.saved(walk, annotating.write(walk))
        assert library.annotation(first).started
        if between:
            other = annotating.request(first, undoable=False, **between)
            if other is not None:
                annotating.saved(other, annotating.write(other))
        step = annotating.status_change(first, Status.READ, 100.5)
        reset = annotating.request(first, undoable=False, status="unread", started="", finished="")
        assert reset is not None
        annotating.saved(reset, annotating.write(reset))
        annotating.status_walk.end()
        return step["started"] == ""

    assert started_kept_after()
    assert started_kept_after(opened=True)
    assert started_kept_after(status="to-read", started="", finished="")
    assert not started_kept_after(rating=5)


def test_next_status_cycles_from_what_the_view_shows(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    assert annotating.next_status(first, 1) is Status.TO_READ
    assert annotating.next_status(first, -1) is Status.SKIPPED
    annotating.request(first, status="reading")  # not written yet: the view has it
    assert annotating.next_status(first, 1) is Status.READ


def test_status_change_keeps_the_dates_from_before_the_walk(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    library.save_annotation(first, status="read")
    finished = library.annotation(first).finished
    assert finished
    assert annotating.status_change(first, Status.SKIPPED, 5.0) == {"status": "skipped", "started": "", "finished": finished}


def test_undo_and_redo_replay_before_and_after_and_name_the_fields(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    pending = annotating.request(first, status="read")
    assert pending is not None
    step = annotating.undo()
    change, removal = kinds(step)
    assert change is pending.entry and removal is None
    assert change is not None
    values, fields = annotating.replay(change, undo=True)
    assert values == {"status": "unread", "started": "", "finished": ""} and fields == ["status"]
    values, fields = annotating.replay(change, undo=False)
    assert values["status"] == "read" and values["finished"] and fields == ["status"]
    assert annotating.redo() is change and annotating.redo() is None


def test_replay_ends_a_walk_through_the_statuses(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    annotating.status_change(first, Status.TO_READ, 1.0)
    walked = annotating.status_walk
    annotating.replay(Change(first, {"rating": 0}, {"rating": 1}), undo=True)
    library.save_annotation(first, status="reading")
    assert walked.step(library.annotation(first), Status.READ, 1.1)["started"], "the walk went on after an undo"


def test_a_removal_is_a_step_of_the_same_history_until_forgotten(annotating: Annotating, library: Library) -> None:
    first, second = pids(library)
    annotating.request(first, rating=1)
    removal = annotating.removed((second,), "one paper")
    assert removal == Removal((second,), "one paper")
    assert annotating.removed((), "nothing") is None
    assert kinds(annotating.undo()) == (None, removal)
    annotating.forget(removal)
    annotating.forget(None)  # nothing to drop
    assert annotating.redo() is None
    assert len(annotating.history) == 1
    assert kinds(None) == (None, None)


def test_save_now_writes_on_this_thread_after_what_was_asked_before(annotating: Annotating, library: Library) -> None:
    first, _ = pids(library)
    annotating.request(first, rating=2)  # asked for, never written by a worker
    stored = annotating.save_now(first, notes="last words")
    assert stored.notes == "last words" == library.annotation(first).notes
    assert annotating.view(first).rating == 2  # the older request is still pending, and still shown


def test_command_line_edits_are_taken_once_oldest_first_and_go_beneath(annotating: Annotating, library: Library) -> None:
    first, second = pids(library)
    save_logged(library, first, {"rating": 4}, lambda after: f"rated {after.rating}")
    save_logged(library, second, {"status": "read"}, lambda after: f"status {after.status.value}")
    assert [c.summary for c in logged_changes(library)] == ["rated 4", "status read"]
    assert save_logged(library, first, {"rating": 4}, lambda after: "again") is None  # changes nothing: not logged
    annotating.request(first, tags=("x",))  # typed in the app before the edits were taken
    edits = annotating.command_line_edits()
    assert [(c.pid, c.after) for c in edits] == [(first, {"rating": 4}), (second, {"status": "read", "started": "", "finished": edits[1].after["finished"]})]
    assert logged_changes(library) == []
    annotating.take(edits)
    undone = [annotating.undo() for _ in range(3)]
    assert [(s.pid, s.before) for s in undone] == [  # type: ignore[union-attr]
        (first, {"tags": ()}), (second, {"status": "unread", "started": "", "finished": ""}), (first, {"rating": 0})
    ]


def test_take_keeps_each_edits_paper_and_values(annotating: Annotating) -> None:
    edit = LoggedChange(3, "", "pid-1", {"rating": 1}, {"rating": 2}, "rated 2")
    annotating.take([edit])
    assert annotating.undo() == Change("pid-1", {"rating": 1}, {"rating": 2})


def test_an_undo_writes_every_value_even_one_the_view_already_shows(annotating: Annotating, library: Library) -> None:
    """A paper on its way back from the trash shows no annotation until the restore lands: the undo's values are all written."""
    first, _ = pids(library)
    assert annotating.request(first, undoable=False, rating=0) is None
    forced = annotating.request(first, undoable=False, every=True, rating=0, status="unread")
    assert forced is not None and forced.changes == {"rating": 0, "status": "unread"} and forced.entry is None
