"""The undo history's removals and redo, and the status walk that keeps dates of statuses only passed through."""

from __future__ import annotations

from tui.core.models import Annotation, Status
from tui.core.store.history import STATUS_SETTLE_SECONDS, Change, Removal, StatusWalk, UndoHistory


def test_a_removal_is_one_step_that_undo_and_redo_walk_over() -> None:
    history = UndoHistory()
    history.push("p", {"rating": 0}, {"rating": 3})
    history.push_removal(["a", "b"], "2 papers")  # type: ignore[arg-type]  # any sequence of ids is kept as a tuple
    history.push_removal((), "nothing")  # removed nothing: not a step
    assert len(history) == 2
    assert history.undo() == Removal(("a", "b"), "2 papers")
    assert history.undo() == Change("p", {"rating": 0}, {"rating": 3})
    assert history.undo() is None
    assert history.redo() == Change("p", {"rating": 0}, {"rating": 3})
    assert history.redo() == Removal(("a", "b"), "2 papers")
    assert history.redo() is None
    assert len(history) == 2


def test_a_new_step_forgets_what_could_have_been_redone() -> None:
    for new_step in (lambda h: h.push("q", {"rating": 1}, {"rating": 2}), lambda h: h.push_removal(("q",), "q")):
        history = UndoHistory()
        history.push("p", {"rating": 0}, {"rating": 3})
        history.undo()
        history.push_removal((), "nothing")  # not a step: the undone change can still be redone
        history.push("p", {}, {})
        assert history.redo() == Change("p", {"rating": 0}, {"rating": 3})
        history.undo()
        new_step(history)
        assert history.redo() is None
        assert len(history) == 1


def test_redo_puts_the_change_back_where_undo_finds_it_again() -> None:
    history = UndoHistory()
    history.push("p", {"rating": 0}, {"rating": 1})
    history.push("p", {"rating": 1}, {"rating": 2})
    history.undo()
    history.undo()
    assert history.redo().after == {"rating": 1}  # type: ignore[union-attr]
    assert history.undo().after == {"rating": 1}  # type: ignore[union-attr]
    assert history.redo().after == {"rating": 1}  # type: ignore[union-attr]
    assert history.redo().after == {"rating": 2}  # type: ignore[union-attr]


def test_a_quick_walk_through_the_statuses_keeps_the_dates_from_before_it() -> None:
    walk = StatusWalk()
    ann = Annotation("p", started="2024-01-01", finished="")
    dates = {"started": "2024-01-01", "finished": ""}
    assert walk.step(ann, Status.TO_READ, 100.0) == {"status": "to-read", **dates}
    # the store filled in dates as the walk passed "reading" and "read": the walk still restores the old ones
    passed = Annotation("p", status=Status.READ, started="2025-05-05", finished="2025-05-05")
    assert walk.step(passed, "reading", 101.0) == {"status": "reading", **dates}  # type: ignore[arg-type]
    assert walk.step(passed, Status.READ, 101.0 + STATUS_SETTLE_SECONDS) == {"status": "read", **dates}  # exactly settle apart: same walk
    assert walk.step(passed, Status.SKIPPED, 103.5) == {"status": "skipped", **dates}  # each step counts from the last


def test_a_pause_another_paper_or_another_change_starts_a_new_walk() -> None:
    old = Annotation("p", started="2024-01-01")
    now = Annotation("p", status=Status.READING, started="2025-05-05")
    new_dates = {"started": "2025-05-05", "finished": ""}

    paused = StatusWalk()
    paused.step(old, Status.READING, 10.0)
    assert paused.step(now, Status.READ, 10.0 + STATUS_SETTLE_SECONDS + 0.01) == {"status": "read", **new_dates}

    other = StatusWalk()
    other.step(Annotation("q", started="2023-03-03"), Status.READING, 10.0)
    assert other.step(now, Status.READ, 10.5) == {"status": "read", **new_dates}

    ended = StatusWalk()
    ended.step(old, Status.READING, 10.0)
    ended.end()
    assert ended.step(now, Status.READ, 10.5) == {"status": "read", **new_dates}


def test_the_settle_time_can_be_set_and_a_first_step_is_never_part_of_an_older_walk() -> None:
    walk = StatusWalk(settle=0.5)
    assert walk.settle == 0.5
    walk.step(Annotation("p", started="2024-01-01"), Status.READING, 10.0)
    later = Annotation("p", status=Status.READING, started="2025-05-05")
    assert walk.step(later, Status.READ, 10.6)["started"] == "2025-05-05"
    fresh = StatusWalk()  # nothing walked yet: the first step takes the paper's own dates, even at time 0
    assert fresh.step(Annotation("", started="2022-02-02"), Status.READ, 0.0)["started"] == "2022-02-02"


def test_forget_drops_that_very_entry_wherever_it_is() -> None:
    history = UndoHistory()
    first = history.push("p", {"rating": 0}, {"rating": 1})
    twin = history.push("p", {"rating": 0}, {"rating": 1})  # equal, not the same entry
    removal = history.push_removal(("q",), "q")
    assert first == twin and first is not twin
    history.forget(first)  # type: ignore[arg-type]
    assert len(history) == 2
    assert history.undo() is removal
    assert history.undo() is twin
    history.forget(removal)  # type: ignore[arg-type]  # an undone step goes too: redo skips it
    assert history.redo() is twin
    assert history.redo() is None
    history.forget(removal)  # type: ignore[arg-type]  # gone already: nothing happens
    assert len(history) == 1 and history.undo() is twin


def test_push_returns_the_entry_or_none_when_nothing_is_recorded() -> None:
    history = UndoHistory()
    assert history.push("p", {}, {}) is None
    assert history.push_removal((), "nothing") is None
    change = history.push("p", {"rating": 0}, {"rating": 2})
    assert change == Change("p", {"rating": 0}, {"rating": 2})
    assert history.undo() is change


def test_older_steps_go_beneath_and_keep_redo() -> None:
    history = UndoHistory(size=4)
    history.push("p", {"rating": 3}, {"rating": 5})
    history.push("p", {"rating": 5}, {"rating": 4})
    history.undo()
    older = [Change("c", {"rating": n}, {"rating": n + 1}) for n in range(4)]  # oldest first; room for three of them
    history.put_beneath(older)
    assert len(history) == 4
    assert history.redo() == Change("p", {"rating": 5}, {"rating": 4})  # taking older steps forgets no redo; the oldest leaves
    assert [history.undo().before for _ in range(4)] == [{"rating": 5}, {"rating": 3}, {"rating": 3}, {"rating": 2}]  # type: ignore[union-attr]
    assert history.undo() is None
    full = UndoHistory(size=1)
    full.push("p", {"rating": 0}, {"rating": 1})
    full.put_beneath(older)  # no room: the history's own steps stay
    assert len(full) == 1 and full.undo().pid == "p"  # type: ignore[union-attr]
    empty = UndoHistory(size=2)
    empty.put_beneath([])
    assert len(empty) == 0
    one_left = UndoHistory(size=2)
    one_left.push("p", {"rating": 0}, {"rating": 1})
    one_left.put_beneath(older)  # room for one: the newest of the older steps
    assert one_left.undo().pid == "p" and one_left.undo() == older[-1] and one_left.undo() is None  # type: ignore[union-attr]
