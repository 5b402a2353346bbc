"""A few SVG snapshots of what a reader sees (pytest-textual-snapshot; Textual's minor version is pinned).

Deterministic by construction: a fresh library in a tmp folder, a fixed clock
for every stored timestamp, a fixed "today" for the stats, no toasts. Update
with `python -m pytest tests/ui/snapshots --snapshot-update` and look at the
SVGs (rsvg-convert them to PNG) before committing.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tui.core.library import Library
from tui.core.store import storage
from tui.ui.app import PaperdeskApp

pytest.importorskip("pytest_textual_snapshot")



@pytest.fixture
def fixed_clock(monkeypatch: pytest.MonkeyPatch):
    """Every save is stamped with the next of a few fixed times (then the last one)."""
    times = ["2026-01-05T09:00:00+00:00", "2026-01-13T09:00:00+00:00", "2026-01-14T09:00:00+00:00", "2026-01-21T09:00:00+00:00"]
    state = {"i": 0}

    def now() -> str:
        stamp = times[min(state["i"], len(times) - 1)]
        state["i"] += 1
        return stamp

    monkeypatch.setattr(storage, "utc_now", now)
    return now


@pytest.fixture
def annotated(library: Library, fixed_clock) -> Library:
    """The bundled library with a few papers rated, read, tagged and noted."""
    pids = [p.id for p in library.papers]
    library.save_annotation(pids[0], rating=5, status="read", tags=["continual", "must-read"], notes="Pathways, not parameters.")
    library.save_annotation(pids[1], rating=3, status="reading")
    library.save_annotation(pids[2], status="to-read", notes="Compare with *Wanda*.")
    library.save_annotation(pids[20], rating=4, status="read", notes="Good baseline.")
    library.save_annotation(pids[21], status="skipped")
    return library


def app_for(library: Library) -> PaperdeskApp:
    app = PaperdeskApp(library=library)
    app.today = dt.date(2026, 1, 22)
    return app


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_main_screen(snap_compare, annotated: Library) -> None:
    assert snap_compare(app_for(annotated), terminal_size=(120, 36), run_before=settle)


def test_filtered_list(snap_compare, annotated: Library) -> None:
    async def run_before(pilot) -> None:
        await pilot.press("slash", *"sparse", "enter")
        await settle(pilot)

    assert snap_compare(app_for(annotated), terminal_size=(120, 36), run_before=run_before)


def test_notes_editor(snap_compare, annotated: Library) -> None:
    async def run_before(pilot) -> None:
        await pilot.press("j", "j", "n")
        await settle(pilot)
        editor = pilot.app.screen.query_one("#notes-editor")
        editor.cursor_blink = False
        await pilot.press("end", "enter", "enter", *"- check the ablation", "enter")
        await pilot.pause()

    assert snap_compare(app_for(annotated), terminal_size=(120, 36), run_before=run_before)


def test_help(snap_compare, annotated: Library) -> None:
    async def run_before(pilot) -> None:
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(app_for(annotated), terminal_size=(120, 36), run_before=run_before)


def test_stats(snap_compare, annotated: Library) -> None:
    async def run_before(pilot) -> None:
        await pilot.press("percent_sign")
        await settle(pilot)

    assert snap_compare(app_for(annotated), terminal_size=(100, 32), run_before=run_before)


def test_small_terminal(snap_compare, annotated: Library) -> None:
    assert snap_compare(app_for(annotated), terminal_size=(80, 24), run_before=settle)


def test_light_theme(snap_compare, annotated: Library) -> None:
    """Every colour comes from the theme: on solarized-light, list rows, stars and the pane read dark on light."""

    async def run_before(pilot) -> None:
        pilot.app.theme = "solarized-light"
        await pilot.press("j")
        await settle(pilot)

    assert snap_compare(app_for(annotated), terminal_size=(120, 36), run_before=run_before)


def test_for_me(snap_compare, annotated: Library) -> None:
    """The README's "for me" picture: the list learned from the ratings (5★, 4★, one skip), the why line in the pane."""
    from tui.ui.library.screen import LibraryScreen

    async def learned(pilot) -> None:
        for _ in range(40):
            await settle(pilot)
            part = next(s for s in pilot.app.screen_stack if isinstance(s, LibraryScreen)).learned
            if part.ranker is not None and part.progress is None and not [w for w in pilot.app.workers if w.group in ("ranker", "for-me")]:
                return
        raise AssertionError("the ranking engine never settled")

    async def run_before(pilot) -> None:
        await settle(pilot)
        while pilot.app.screen.filtering.sort != "for-me":
            await pilot.press("ctrl+s")
            await settle(pilot)
        await learned(pilot)
        await pilot.press("j")
        await settle(pilot)
        pilot.app.clear_notifications()  # the sort's toast lasts seconds: shown or gone by the build's speed
        await settle(pilot)

    assert snap_compare(app_for(annotated), terminal_size=(120, 36), run_before=run_before)
