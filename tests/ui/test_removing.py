"""Removing papers in the app: `d` the highlighted paper, `D` the filtered view, undone with `u` and redone with `U`."""

from __future__ import annotations

from pathlib import Path

from tests.ui.pilot import notices, settle, text_of, type_text
from tui.core.library import Library
from tui.core.store.trash_file import read_trash
from tui.ui.screens.confirm import ConfirmRemove
from tui.ui.widgets.paper_list import PaperList
from tui.ui.widgets.reader import Reader


def ids_on_disk(folder: Path) -> set[str]:
    """The ids papers.json holds, read by a second open as the next launch would."""
    with Library.open(folder, read_only=True) as other:
        return {p.id for p in other.papers}


def shown_ids(app) -> list[str]:
    return [p.id for p in app.screen.query_one(PaperList).papers]


def reader_text(app) -> str:
    return " ".join(str(w.render()) for w in app.screen.query_one(Reader).query("Static"))


async def test_d_removes_the_highlighted_paper_and_u_brings_it_back(make_app, library) -> None:
    app = make_app()
    total = len(library.papers)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("j", "j")
        papers = app.screen.query_one(PaperList)
        gone, after = papers.papers[2], papers.papers[3]
        await pilot.press("d")
        await settle(app, pilot)
        assert not isinstance(app.screen, ConfirmRemove)  # nothing written on it: no question
        assert gone.id not in shown_ids(app) and gone.id not in ids_on_disk(library.folder)
        assert papers.current.id == after.id  # the cursor moves to the next paper
        assert papers.cursor == 2
        assert f"{total - 1} papers" in text_of(app, "#list-header")
        assert any("Removed 1 paper" in n for n in notices(app))
        assert [p["id"] for p in read_trash(library.folder)[-1]["papers"]] == [gone.id]
        await pilot.press("u")
        await settle(app, pilot)
        assert shown_ids(app)[2] == gone.id and papers.current.id == gone.id  # back in its place, highlighted
        assert gone.id in ids_on_disk(library.folder) and read_trash(library.folder) == []
        assert f"{total} papers" in text_of(app, "#list-header")
        await pilot.press("U")
        await settle(app, pilot)
        assert gone.id not in shown_ids(app) and gone.id not in ids_on_disk(library.folder)


async def test_an_annotated_paper_asks_first_and_comes_back_with_its_notes(make_app, library) -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        pid = app.screen.query_one(PaperList).current.id
        await pilot.press("4", "n")
        await type_text(pilot, "keep this")
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("d")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRemove)
        question = text_of(app, "#confirm-message")
        assert "It has notes, highlights, a rating or tags" in question and "u brings it back" in question
        await pilot.press("n")  # keep it
        await settle(app, pilot)
        assert pid in shown_ids(app) and pid in ids_on_disk(library.folder)
        await pilot.press("d")
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        assert pid not in ids_on_disk(library.folder) and pid not in library.annotations()
        await pilot.press("u")
        await settle(app, pilot)
        restored = library.annotation(pid)
        assert (restored.rating, restored.notes) == (4, "keep this")
        assert app.screen.query_one(PaperList).current.id == pid
        assert "keep this" in reader_text(app)


async def test_D_removes_the_filtered_view_with_the_count_and_filtering_never_finds_them(make_app, library) -> None:
    app = make_app()
    total = len(library.papers)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("slash")
        await type_text(pilot, "graph")
        await pilot.press("enter")
        await settle(app, pilot)
        view = shown_ids(app)
        assert 1 < len(view) < total
        await pilot.press("D")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRemove)
        assert f"Remove {len(view)} papers" in text_of(app, "#confirm-message")
        await pilot.press("y")
        await settle(app, pilot)
        assert shown_ids(app) == [] and f"0 / {total - len(view)}" in text_of(app, "#list-header")
        assert ids_on_disk(library.folder).isdisjoint(view)
        await pilot.press("slash", "escape", "escape")  # clear the filter: the others, none of the removed
        await settle(app, pilot)
        assert len(shown_ids(app)) == total - len(view) and set(shown_ids(app)).isdisjoint(view)
        await pilot.press("slash")
        await type_text(pilot, "graph")
        await pilot.press("enter")
        await settle(app, pilot)
        assert shown_ids(app) == []
        await pilot.press("u")
        await settle(app, pilot)
        assert shown_ids(app) == view and len(ids_on_disk(library.folder)) == total


async def test_the_palette_offers_removal_only_when_named_with_the_count(make_app, library) -> None:
    from tui.ui.palette import action_entries

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        texts = {e.text: e for e in action_entries(app.screen)}
        entry = texts[f"Remove all {len(library.papers)} papers in this view…"]
        assert entry.changes_data and texts["Remove paper"].changes_data
        await pilot.press("ctrl+p")
        await type_text(pilot, "remove all")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmRemove)
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(ids_on_disk(library.folder)) == len(library.papers)


async def test_a_read_only_library_says_it_cannot_remove(make_app, library_dir) -> None:
    Library.open(library_dir).close()  # seeded on disk
    with Library.open(library_dir, read_only=True) as library:
        app = make_app(library=library)
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(app, pilot)
            await pilot.press("d")
            await settle(app, pilot)
            assert not isinstance(app.screen, ConfirmRemove)
            assert any(n.startswith("Cannot remove papers") for n in notices(app))
            assert len(shown_ids(app)) == len(library.papers)


async def test_removing_the_last_paper_highlights_the_one_before(make_app, library) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("G")
        papers = app.screen.query_one(PaperList)
        last, before = papers.papers[-1], papers.papers[-2]
        await pilot.press("delete")
        await settle(app, pilot)
        assert papers.current.id == before.id and last.id not in shown_ids(app)
        assert before.id in reader_text(app) or papers.current.shown_title[:20] in reader_text(app)
