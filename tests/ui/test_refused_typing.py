"""A second, read-only instance (another paperdesk holds the library): an action the reader types into is refused in a
box that takes the keys typed next until Esc or Enter, so the note being typed never runs as commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import folder_snapshot
from tests.ui.pilot import settle, type_text
from tui.core.library import Library
from tui.ui.screens.refused import RefusedTyping
from tui.ui.widgets.paper_list import PaperList


@pytest.mark.parametrize(("key", "what"), [("n", "Notes"), ("t", "Tags")])
async def test_a_refused_note_takes_what_is_typed_next_until_esc(make_app, library_dir: Path, key: str, what: str) -> None:
    with Library.open(library_dir) as holder, Library.open(library_dir) as second:
        assert second.read_only and second.held and not holder.read_only
        before = folder_snapshot(library_dir)
        app = make_app(library=second)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            papers = app.screen.query_one(PaperList)
            current = papers.current
            await pilot.press(key)
            await type_text(pilot, "quick")  # q quits, u undoes, c copies, k moves up: none of them may run
            await settle(app, pilot)
            assert app.is_running
            refused = app.screen
            assert isinstance(refused, RefusedTyping) and refused.held == 5
            shown = " ".join(str(w.render()) for w in refused.query("Static, Label"))
            assert f"{what}: the library is read-only" in shown and "another paperdesk" in shown
            assert "5 keys typed, none kept" in shown and "Esc or Enter goes back" in shown
            await pilot.press("escape")
            await settle(app, pilot)
            assert app.is_running and not isinstance(app.screen, RefusedTyping)
            assert app.screen.query_one(PaperList).current == current
            await pilot.press("j")  # the list's keys work again at once
            await settle(app, pilot)
            assert app.screen.query_one(PaperList).current != current
        assert folder_snapshot(library_dir) == before  # nothing written
