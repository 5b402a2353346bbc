"""The import path box: Tab completes the start the matches share, then goes through them; the hint names every kind."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.ui.pilot import settle, text_of
from tui.core.ingest.readers import path_matches, tab_completion


def files(folder: Path) -> Path:
    for name in ("refs-2023.bib", "refs-2024.bib", "refs-notes.txt", "readme.rst"):
        (folder / name).write_text("")
    (folder / "refs-vault").mkdir()
    (folder / "zotero.sqlite").write_bytes(b"")
    return folder


async def tab(app, pilot) -> str:
    await pilot.press("tab")
    await app.workers.wait_for_complete()
    await settle(app, pilot)
    return app.screen.query_one(Input).value


async def test_tab_completes_the_shared_start_then_goes_through_the_matches(make_app, tmp_path: Path) -> None:
    base = str(files(tmp_path))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        await settle(app, pilot)
        field = app.screen.query_one(Input)
        field.value = base + "/re"
        await settle(app, pilot)
        assert await tab(app, pilot) == base + "/refs-"  # the start all four share, not the first of them
        listed = text_of(app, "#import-matches")
        assert "4 matches" in listed and "refs-2023.bib" in listed and "refs-vault/" in listed and "readme" not in listed
        order = [base + "/refs-2023.bib", base + "/refs-2024.bib", base + "/refs-notes.txt", base + "/refs-vault/"]
        assert [await tab(app, pilot) for _ in range(5)] == [*order, order[0]]  # each Tab the next, round again
        await pilot.press("backspace")  # typing ends the round: the next Tab completes what is typed now
        await settle(app, pilot)
        assert not app.screen.query_one("#import-matches").display
        assert await tab(app, pilot) == base + "/refs-2023.bib"  # the one match of refs-2023.bi
        assert await tab(app, pilot) == base + "/refs-2023.bib"  # nothing more to complete: it stays
        field.value = base + "/zo"
        await settle(app, pilot)
        assert await tab(app, pilot) == base + "/zotero.sqlite"  # a Zotero database completes like a list
        help_text = text_of(app, "#import-help")
        assert "zotero.sqlite" in help_text and "notes folder" in help_text


def test_what_tab_completes(tmp_path: Path) -> None:
    base = str(files(tmp_path))
    assert path_matches(base + "/refs-202") == [base + "/refs-2023.bib", base + "/refs-2024.bib"]
    assert tab_completion(base + "/refs-202", path_matches(base + "/refs-202")) is None  # nothing shared beyond: cycle
    assert tab_completion(base + "/r", path_matches(base + "/r")) == base + "/refs-"
    assert tab_completion(base + "/refs-v", path_matches(base + "/refs-v")) == base + "/refs-vault/"
    assert path_matches(base + "/read") == [] and path_matches(base + "/zz") == []


async def test_many_matches_are_listed_around_the_one_in_the_box(make_app, tmp_path: Path) -> None:
    for n in range(30):
        (tmp_path / f"list-{n:02}.txt").write_text("")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        await settle(app, pilot)
        app.screen.query_one(Input).value = str(tmp_path / "list-")
        await settle(app, pilot)
        assert await tab(app, pilot) == str(tmp_path / "list-00.txt")  # nothing more shared: the first match
        listed = text_of(app, "#import-matches")
        assert listed.startswith("30 matches: list-00.txt") and "list-11.txt" in listed and "list-12.txt" not in listed
        assert "18 more" in listed
        for _ in range(20):
            value = await tab(app, pilot)
        assert value == str(tmp_path / "list-20.txt")
        listed = text_of(app, "#import-matches")
        assert "list-20.txt" in listed and "list-00.txt" not in listed and listed.startswith("30 matches: …")
