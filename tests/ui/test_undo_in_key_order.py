"""Undo and redo act on the changes in the order their keys were typed, however far behind the saves are.

Issue 41: typed without pauses, `5 j s u` undid the rating (its save had landed, the status's had not)
or said "Nothing to undo", and `U` could not bring the status back: the history took a change only once
its save landed. These tests type without a pause between the keys, and also hold the saves back, so the
history cannot lean on a save having landed.
"""

from __future__ import annotations

import threading
import time

import pytest

from tests.ui.pilot import burst, notices, settle, text_of
from tui.core.library import Library
from tui.core.models import Status
from tui.core.store.storage import LibraryStore
from tui.ui.widgets.paper_list import PaperList


def current(app) -> str:
    paper = app.screen.query_one(PaperList).current
    assert paper is not None
    return paper.id


@pytest.fixture(params=[(0.0, 0.0), (0.3, 0.3), (0.0, 0.3)], ids=["fast-disk", "slow-disk", "status-lands-last"])
def disk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves take longer (a synced folder, a busy disk): a save of a rating by the first delay, any other by the
    second, so saves land behind the keys (with the rating landed and the status not: `u` took the rating)."""
    rating, other = request.param
    real = LibraryStore.save_annotations

    def slow(self, changes, **kwargs):
        only_ratings = all(set(fields) == {"rating"} for fields in changes.values())
        time.sleep(rating if only_ratings else other)
        return real(self, changes, **kwargs)

    monkeypatch.setattr(LibraryStore, "save_annotations", slow)


async def test_rate_move_status_undo_typed_without_pauses_undoes_the_status(make_app, library: Library, disk: None) -> None:
    app = make_app()
    first, second = (p.id for p in library.papers[:2])
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("5", "j", "s", "u")
        await settle(app, pilot)
        assert library.annotation(first).rating == 5, "the rating was undone instead of the newest change"
        assert library.annotation(second).status is Status.UNREAD, "the status change was not undone"
        assert current(app) == second
        assert "unread" in text_of(app, "#reader-annotation").lower()
        assert any(m.startswith("Undone: status of") for m in notices(app)), notices(app)
        await pilot.press("U")
        await settle(app, pilot)
        assert library.annotation(second).status is Status.TO_READ, "U did not bring the status back"
        assert library.annotation(first).rating == 5
        assert "to-read" in text_of(app, "#reader-annotation").lower()
        await pilot.press("u", "u")
        await settle(app, pilot)
        assert (library.annotation(first).rating, library.annotation(second).status) == (0, Status.UNREAD)
        await pilot.press("U", "U")
        await settle(app, pilot)
        assert (library.annotation(first).rating, library.annotation(second).status) == (5, Status.TO_READ)


@pytest.fixture
def held_saves(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Every annotation save waits until the returned event is set: keys typed meanwhile meet saves not landed."""
    go = threading.Event()
    real = LibraryStore.save_annotations

    def slow(self, *args, **kwargs):
        go.wait(10)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(LibraryStore, "save_annotations", slow)
    return go


async def test_undo_and_redo_typed_before_any_save_lands_act_in_key_order(make_app, library: Library, held_saves: threading.Event) -> None:
    app = make_app()
    first, second = (p.id for p in library.papers[:2])
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        # Rate, move, cycle the status, undo it, redo it, undo it again, undo the rating, redo the rating:
        # nothing has reached the disk while these keys act.
        burst(app, ["5", "j", "s", "u", "U", "u", "u", "U"])
        for _ in range(50):
            await pilot.pause(0.01)
        assert not app.key_gate.busy
        assert app.screen.annotator.view(first).rating == 5, "the screen does not show the keys' outcome"
        assert app.screen.annotator.view(second).status is Status.UNREAD
        assert library.annotation(first).rating == 0, "a save landed: the test no longer holds them back"
        held_saves.set()
        await settle(app, pilot)
        assert library.annotation(first).rating == 5
        assert library.annotation(second).status is Status.UNREAD
        assert not any(m.startswith("Nothing to") for m in notices(app)), notices(app)
        await pilot.press("U")  # the status change, undone last, is the one to redo
        await settle(app, pilot)
        assert library.annotation(second).status is Status.TO_READ
        await pilot.press("U")
        await settle(app, pilot)
        assert any(m == "Nothing to redo" for m in notices(app))


async def test_a_change_whose_save_fails_leaves_the_history(make_app, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change that never reached the disk is not undone (u goes to the change before it) nor redone."""
    app = make_app()
    first, second = (p.id for p in library.papers[:2])
    real = LibraryStore.save_annotations
    fail = threading.Event()

    def failing(self, changes, **kwargs):
        if fail.is_set():
            raise OSError(28, "No space left on device")
        return real(self, changes, **kwargs)

    monkeypatch.setattr(LibraryStore, "save_annotations", failing)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("4", "j")
        await settle(app, pilot)
        fail.set()
        await pilot.press("3")
        await settle(app, pilot)
        fail.clear()
        assert library.annotation(second).rating == 0
        assert any("No space left on device" in m for m in notices(app))
        await pilot.press("u")
        await settle(app, pilot)
        assert library.annotation(first).rating == 0, "u did not undo the change before the failed one"
        await pilot.press("U", "U")
        await settle(app, pilot)
        assert (library.annotation(first).rating, library.annotation(second).rating) == (4, 0)


async def test_a_removal_typed_behind_a_rating_is_the_step_u_undoes(make_app, library: Library, held_saves: threading.Event) -> None:
    """`5 j d u` before the rating's save lands: u brings the removed paper back and keeps the rating; U removes it again."""
    app = make_app()
    first, second = (p.id for p in library.papers[:2])
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        burst(app, ["5", "j", "d", "u"])
        for _ in range(30):
            await pilot.pause(0.01)
        held_saves.set()
        await settle(app, pilot)
        assert library.annotation(first).rating == 5, "u undid the rating instead of the removal"
        assert library.get(second) is not None, "u did not bring the removed paper back"
        assert second in [p.id for p in app.screen.query_one(PaperList).papers]
        await pilot.press("U")
        await settle(app, pilot)
        assert library.get(second) is None, "U did not remove the paper again"
        assert library.annotation(first).rating == 5


async def test_undoing_a_removal_then_a_change_of_the_paper_it_brings_back(make_app, library: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """`u u` at once: the restore is still on its way when the second u writes the status back: that write waits for
    the paper to be back (it went into the trash's copy before, which the restore then put back over it)."""
    app = make_app()
    pid = library.papers[0].id
    real = Library.restore_papers

    def slow_restore(self, *args, **kwargs):
        time.sleep(0.3)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Library, "restore_papers", slow_restore)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        await pilot.press("d")  # a status alone asks nothing
        await settle(app, pilot)
        assert library.get(pid) is None
        burst(app, ["u", "u"])
        await settle(app, pilot)
        assert library.get(pid) is not None, "the paper did not come back"
        assert library.annotation(pid).status is Status.UNREAD, "the status undone while the paper was on its way back was lost"
        await pilot.press("U")
        await settle(app, pilot)
        assert library.annotation(pid).status is Status.TO_READ
    library.close()
    with Library.open(library.folder) as again:
        assert again.annotation(pid).status is Status.TO_READ
