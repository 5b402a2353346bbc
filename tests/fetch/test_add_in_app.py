"""The app's `a`: ids typed in a dialog are fetched in a worker, merged in, and shown without a restart."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.fetch_server import FakeServices, Reply
from tests.ui.pilot import settle, text_of
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.paper_list import PaperList


async def wait_for_add(app, pilot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(200):
        await settle(app, pilot, rounds=1)
        if not getattr(app.screen, "running", False):
            return


async def test_a_adds_papers_by_id_and_the_list_shows_them(services: FakeServices, library_dir: Path) -> None:
    library = Library.open(library_dir)
    app = PaperdeskApp(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        box = app.screen.query_one(Input)
        box.value = "10.1038/nature14539 2611.10002"
        await pilot.press("enter")
        await wait_for_add(app, pilot)
        report = text_of(app, "#import-result")
        assert "added" in report and "Deep learning" in report
        await pilot.press("escape")
        await settle(app, pilot)
        titles = [p.title for p in app.screen.query_one(PaperList).papers]
        assert "Deep learning" in titles and len(titles) == 35
        assert "35 papers" in text_of(app, "#list-header")
    assert any(p.doi == "10.1038/nature14539" for p in Library.open(library_dir, read_only=True).papers)
    library.close()


async def test_a_reports_an_id_that_fails_and_adds_the_rest(services: FakeServices, library_dir: Path) -> None:
    services.queue("openreview", Reply(200, b"<html>"))
    library = Library.open(library_dir)
    app = PaperdeskApp(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        app.screen.query_one(Input).value = "openreview:or000001x 10.1038/nature14539"
        await pilot.press("enter")
        await wait_for_add(app, pilot)
        report = text_of(app, "#import-result")
        assert "OpenReview: malformed response" in report and "Deep learning" in report
        assert any("1 failed" in n.message for n in app._notifications)
    library.close()
