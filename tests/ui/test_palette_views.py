"""Saved views in the command palette's opening list (before anything is typed)."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from tests.ui.pilot import settle
from tui.core.library import Library
from tui.ui.widgets.filter_bar import FilterInput


def palette_entries(app) -> list[str]:
    """The palette's entries as listed, in order: each one's first line (the second is its help)."""
    if not isinstance(app.screen, CommandPalette) or not app.screen.query(CommandList):
        return []
    return [str(option.prompt).split("\n")[0] for option in app.screen.query_one(CommandList).options]


async def test_saved_views_are_listed_when_the_palette_opens_and_apply(make_app, library: Library) -> None:
    library.save_view("graphs [b]", "graph spars")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+p")
        for _ in range(40):  # discovery runs in the palette's worker, provider by provider
            await pilot.pause(0.05)
            if "View: graphs [b]" in palette_entries(app):
                break
        assert isinstance(app.screen, CommandPalette)
        entries = palette_entries(app)
        assert "View: graphs [b]" in entries and "Delete view: graphs [b]" in entries, entries
        app.screen.query_one(CommandList).highlighted = entries.index("View: graphs [b]")
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.screen.query_one(FilterInput).value == "graph spars"
        assert library.views() == {"graphs [b]": "graph spars"}
