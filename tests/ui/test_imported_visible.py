"""What was imported is visible: tags that came with the data in the row, the reading pane and the tag box
(marked as the source's, kept or removed by the reader), and Zotero's child notes in the reading pane."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tests.conftest import FIXTURES
from tests.ui.pilot import settle, text_of
from tui.core.ingest.parsed import ParsedFile
from tui.core.ingest.readers import read_import
from tui.core.library import Library
from tui.core.models import Paper
from tui.ui.app import PaperdeskApp
from tui.ui.screens.tag_dialog import TagDialog
from tui.ui.widgets.paper_list import PaperList


def go_to(app: PaperdeskApp, pid: str) -> None:
    papers = app.screen.query_one(PaperList)
    papers.cursor = next(i for i, p in enumerate(papers.papers) if p.id == pid)


def row_of(app: PaperdeskApp, pid: str) -> str:
    papers = app.screen.query_one(PaperList)
    at = next(i for i, p in enumerate(papers.papers) if p.id == pid)
    return papers.render_line(at - int(papers.scroll_offset.y)).text


async def test_the_data_s_tags_show_marked_and_the_tag_box_keeps_or_removes_them(make_app, library: Library) -> None:
    library.add_papers([read_import(FIXTURES / "small.bib")])
    smith = next(p for p in library.papers if p.citekey == "smith2020")
    assert smith.tags == ("sparsity", "regularization") and not library.annotation(smith.id).tags
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(app, pilot)
        go_to(app, smith.id)
        await settle(app, pilot)
        assert "~sparsity" in row_of(app, smith.id)  # the data's mark; "+1" when the other does not fit
        assert text_of(app, "#reader-annotation").endswith("from the data: #sparsity  #regularization")
        await pilot.press("t")
        await settle(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, TagDialog)
        box = dialog.query_one(Input)
        assert box.value == "sparsity, regularization"
        hint = str(dialog.query_one(".dialog-hint", Static).render())
        assert "No tags in use yet" not in hint and "sparsity" in hint
        box.value = "sparsity, mine"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await settle(app, pilot)
        assert library.annotation(smith.id).tags == ("sparsity", "mine")
        assert library.get(smith.id).tags == ("sparsity",)  # regularization taken off the paper
        assert "#sparsity #mine" in row_of(app, smith.id) and "~" not in row_of(app, smith.id)
        assert "from the data" not in text_of(app, "#reader-annotation")
    with Library.open(library.folder, read_only=True) as again:  # stored, not only shown
        assert again.get(smith.id).tags == ("sparsity",)


async def test_zotero_child_notes_show_in_the_reading_pane_apart_from_the_reader_s(make_app, library: Library) -> None:
    note = {"text": "A **child** note from Zotero"}
    paper = Paper("0" * 12, "An abstract that came from a Zotero library.", "Zotero", title="From Zotero",
                  extra={"zotero": {"link": "zotero://select/library/items/ABCD", "notes": [note]}})
    library.add_papers([ParsedFile(Path("zotero.sqlite"), "zotero", "Zotero", papers=[paper])])
    pid = next(p.id for p in library.papers if p.title == "From Zotero")
    library.save_annotation(pid, notes="my own note")
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        go_to(app, pid)
        await settle(app, pilot)
        assert text_of(app, "#reader-links") == "Zotero note\nA **child** note from Zotero"
        assert "my own note" not in text_of(app, "#reader-links")  # the reader's notes stay in their own part
