"""The app's undo history takes back the versions an import merged: `u` splits them, `U` joins them again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from tests.conftest import FIXTURES
from tests.ui.pilot import settle
from tui.core.ingest.versions import absorbed_ids
from tui.core.library import Library
from tui.core.usecases.imports import import_paths
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.widgets.paper_list import PaperList

HERE = FIXTURES / "versions"
MAJORITY = "632d28811199"


async def until(app, pilot, check, seconds: float = 30) -> None:
    for _ in range(int(seconds / 0.05)):
        await settle(app, pilot, rounds=1)
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never came")


async def test_u_splits_the_versions_an_import_merged_and_U_joins_them(make_app, tmp_path: Path) -> None:
    library = Library.open(tmp_path / "lib", seed=False)
    import_paths(library, [HERE / "colt_proceedings.bib"])
    count = len(library.papers)
    library.save_annotation(MAJORITY, rating=4)
    app = make_app(library=library)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("i")
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one(Input).value = str(HERE / "arxiv_records.json")
        await pilot.press("enter")
        await until(app, pilot, lambda: app.import_run is not None and app.import_run.outcome is not None)
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(library.papers) == count and absorbed_ids(library.get(MAJORITY))  # type: ignore[arg-type]
        shown = app.screen.query_one(PaperList)
        await pilot.press("u")
        await until(app, pilot, lambda: len(library.papers) == count + 3)
        assert not any(absorbed_ids(p) for p in library.papers)
        await until(app, pilot, lambda: len(shown.papers) == count + 3)  # the list shows them
        assert library.annotation(MAJORITY).rating == 4
        await pilot.press("U")
        await until(app, pilot, lambda: len(library.papers) == count)
        assert absorbed_ids(library.get(MAJORITY))  # type: ignore[arg-type]
        assert library.annotation(MAJORITY).rating == 4
    library.close()
