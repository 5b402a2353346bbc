"""A terminal resize lays the panes out again; the size the screen already has (sent up to three times as
the app starts) lays out and paints nothing."""

from __future__ import annotations

import pytest
from textual import events
from textual.geometry import Size

from tui.ui.widgets.paper_list import PaperList


async def test_a_new_size_relays_the_panes_and_the_same_size_again_paints_nothing(make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    paints: list[int] = []
    render_lines = PaperList.render_lines
    monkeypatch.setattr(PaperList, "render_lines", lambda self, crop: paints.append(1) or render_lines(self, crop))
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.screen
        for _ in range(200):  # the index loaded and the pane drawn
            await pilot.pause(0.02)
            if screen.filtering.index is not None and not screen.pane.first_pending:
                break
        await pilot.pause(0.1)
        paints.clear()
        await pilot.pause(0.1)
        assert paints == [] and screen.has_class("-side") and screen.region.size == Size(120, 36)  # settled
        screen.post_message(events.Resize(Size(120, 36), Size(120, 36)))
        await pilot.pause(0.1)
        assert paints == []  # Textual would have laid out and painted the whole screen again
        await pilot.resize_terminal(90, 30)
        await pilot.pause(0.2)
        assert screen.has_class("-stacked") and screen.region.size == Size(90, 30)  # "auto": stacked below 100 columns
        assert paints  # the list was painted at its new width
        await pilot.resize_terminal(120, 36)
        await pilot.pause(0.2)
        assert screen.has_class("-side") and screen.region.size == Size(120, 36)
