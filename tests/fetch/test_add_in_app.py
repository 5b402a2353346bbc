"""The app's `a`: ids typed in a dialog are fetched in a worker, merged in, and shown without a restart."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.fetch_server import FakeServices, Reply
from tests.ui.pilot import settle, text_of
from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.paper_list import PaperList


async def wait_for_add(app, pilot) -> None:
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


async def test_a_offline_says_which_service_and_changes_nothing(services: FakeServices, library_dir: Path, monkeypatch) -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    monkeypatch.setenv("PAPERDESK_CROSSREF_API", f"http://127.0.0.1:{closed}")
    library = Library.open(library_dir)
    before = [p.id for p in library.papers]
    app = PaperdeskApp(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        app.screen.query_one(Input).value = "10.1038/nature14539"
        await pilot.press("enter")
        await wait_for_add(app, pilot)
        assert "Crossref: could not connect" in text_of(app, "#import-result")
    assert [p.id for p in library.papers] == before
    library.close()


async def test_a_retries_when_the_service_is_busy(services: FakeServices, library_dir: Path) -> None:
    services.queue("crossref", Reply(503, b"", {"Retry-After": "0"}))
    library = Library.open(library_dir)
    app = PaperdeskApp(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        app.screen.query_one(Input).value = "10.1038/nature14539"
        await pilot.press("enter")
        await wait_for_add(app, pilot)
        assert "Deep learning" in text_of(app, "#import-result")
    assert any(p.doi == "10.1038/nature14539" for p in library.papers)
    library.close()
