"""Pilot test: the import dialog takes a zotero.sqlite as it takes any file, and the list shows its papers."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.ui.pilot import settle, text_of
from tests.zotero_db import ZoteroDB
from tui.core.library import Library
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.widgets.paper_list import PaperList


async def test_the_dialog_imports_a_zotero_database(make_app, library: Library, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
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
