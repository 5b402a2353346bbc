"""Pilot tests: the import dialog takes a zotero.sqlite as it takes any file, and the list shows its papers;
a damaged one ends the import on one line naming it, Esc or not."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from textual.widgets import Input, ProgressBar

from tests.ui.pilot import notices, settle, text_of
from tests.zotero_db import ZoteroDB, text_tag_type
from tui.core.library import Library
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.widgets.paper_list import PaperList


async def test_the_dialog_imports_a_zotero_database(make_app, library: Library, tmp_path: Path) -> None:
    (tmp_path / "Zotero").mkdir()
    z = ZoteroDB(tmp_path / "Zotero" / "zotero.sqlite")
    reading = z.add_collection("Reading group")
    key = z.add_item("conferencePaper", {"title": "Bandits from Zotero", "abstractNote": "An item the dialog brings in from Zotero."},
                     collections=[z.add_collection("COLT 2026", parent=reading)])
    z.add_attachment(key)
    z.close()
    before = len(library.papers)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one(Input).value = str(z.path)
        await pilot.press("enter")
        await settle(app, pilot)
        report = text_of(app, "#import-result")
        assert f"{z.path} (Zotero): 1 paper added, 0 updated, 0 unchanged, 1 skipped" in report and "1 attachment" in report
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(app.screen.query_one(PaperList).papers) == before + 1
    [paper] = [p for p in library.papers if p.title == "Bandits from Zotero"]
    assert paper.list == "Reading group/COLT 2026" and paper.extra["zotero"]["key"] == key


async def test_a_damaged_database_ends_the_import_on_one_line_naming_it(make_app, library: Library, tmp_path: Path) -> None:
    """A tag type Zotero never writes (text in `itemTags.type`) left the dialog on "Reading…" for good."""
    database = text_tag_type(tmp_path / "Zotero" / "zotero.sqlite")
    before = (library.folder / "papers.json").read_bytes()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        app.screen.query_one(Input).value = str(database)
        await pilot.press("enter")
        await settle(app, pilot)
        line = f"{database}: could not be read as a Zotero database (itemTags.type holds 'automatic' where Zotero writes 0 (manual) or 1 (automatic))"
        assert text_of(app, "#import-result") == line
        assert notices(app)[-1] == line  # the toast too (it said "0 papers added, 0 merged, 0 skipped", in red)
        assert app.import_run is not None and not app.import_run.running and app.import_run.outcome is not None
        assert not app.screen.query_one("#import-progress", ProgressBar).display
        await pilot.press("escape")  # the import is over: Esc closes the dialog
        await settle(app, pilot)
        assert not isinstance(app.screen, ImportDialog)
    assert (library.folder / "papers.json").read_bytes() == before


async def test_esc_on_a_zotero_import_that_then_fails_ends_on_its_line(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc while the damaged database is read: the dialog said "Cancelling…" for good; now the read's line."""
    import tui.core.ingest.zotero.reader as reader

    database = text_tag_type(tmp_path / "Zotero" / "zotero.sqlite")
    before = (library.folder / "papers.json").read_bytes()
    reading, release = threading.Event(), threading.Event()
    real = reader.read_zotero

    def held(*args, **kwargs):
        reading.set()
        release.wait(20)
        return real(*args, **kwargs)

    monkeypatch.setattr(reader, "read_zotero", held)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        app.screen.query_one(Input).value = str(database)
        await pilot.press("enter")
        await asyncio.wait_for(asyncio.to_thread(reading.wait, 20), 25)
        await pilot.press("escape")
        assert text_of(app, "#import-result") == "Cancelling…"
        release.set()
        await settle(app, pilot)
        assert text_of(app, "#import-result").startswith(f"{database}: could not be read as a Zotero database (itemTags.type holds 'automatic'")
        assert app.import_run is not None and not app.import_run.running
    assert (library.folder / "papers.json").read_bytes() == before
