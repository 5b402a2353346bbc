"""Pilot tests: an import from the app shows its count and bar as it goes, and Esc cancels it until the write.

The import runs for real (the core reads, matches and writes a generated
file); only its progress callback is held at one step (`Held`), so the
test can look at the dialog mid-import and press Esc at a known moment.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from pathlib import Path

import pytest
from textual.widgets import Input, ProgressBar

from tests.ui.pilot import settle, text_of
from tui.core.ingest.watch import MATCHING, WRITING
from tui.core.library import Library
from tui.ui.screens import import_dialog
from tui.ui.screens.import_dialog import ImportDialog
from tui.ui.widgets.paper_list import PaperList

#: Papers in the generated file: matched in steps of 500, so the count shows several values.
N = 3000


def generated(folder: Path, n: int = N) -> Path:
    """A JSON export of `n` papers the library does not hold."""
    path = folder / "big.json"
    rows = [{"title": f"Generated Paper {i}", "abstract": f"Abstract number {i}, about topic {i % 17}.", "year": 2020 + i % 5} for i in range(n)]
    path.write_text(json.dumps(rows))
    return path


class Held:
    """The dialog's import with its progress callback stopped at the first step of `stage` past `share` of the total."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, stage: str, share: float = 0.0) -> None:
        self.reached, self.release = threading.Event(), threading.Event()
        real = import_dialog.import_paths

        def held(library, paths, *, progress, cancelled, **kwargs):  # type: ignore[no-untyped-def]
            def step(at: str, done: int, total: int) -> None:
                progress(at, done, total)
                if at == stage and done >= share * total and not self.reached.is_set():
                    self.reached.set()
                    self.release.wait(20)

            return real(library, paths, progress=step, cancelled=cancelled, **kwargs)

        monkeypatch.setattr(import_dialog, "import_paths", held)

    async def wait(self, pilot) -> None:  # type: ignore[no-untyped-def]
        """Until the import is held, and the steps posted before it have reached the screen."""
        await asyncio.wait_for(asyncio.to_thread(self.reached.wait, 20), 25)
        await pilot.pause(0.05)
        await pilot.pause()


async def start_import(app, pilot, path: Path) -> None:  # type: ignore[no-untyped-def]
    await settle(app, pilot)
    await pilot.press("i")
    assert isinstance(app.screen, ImportDialog)
    app.screen.query_one(Input).value = str(path)
    await pilot.press("enter")


def shown_count(app) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The dialog's "Matching with the library: DONE of TOTAL papers", as numbers."""
    match = re.search(r"Matching with the library: ([\d,]+) of ([\d,]+) papers", text_of(app, "#import-result"))
    assert match, text_of(app, "#import-result")
    return int(match[1].replace(",", "")), int(match[2].replace(",", ""))


async def test_esc_halfway_cancels_and_the_library_is_unchanged(make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before_file = (library.folder / "papers.json").read_bytes()
    before = [(p.id, p.title, p.abstract) for p in library.papers]
    held = Held(monkeypatch, MATCHING, 0.5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_import(app, pilot, generated(tmp_path))
        await held.wait(pilot)
        done, total = shown_count(app)
        assert total == N and 0 < done < N  # the count has moved, and is not at its end
        bar = app.screen.query_one("#import-progress", ProgressBar)
        assert bar.display and bar.size.height == 1 and 0 < bar.progress < N  # on screen, part filled
        assert "esc Cancel the import" in text_of(app, "#dialog-keys")
        await pilot.press("escape")
        assert isinstance(app.screen, ImportDialog)  # Esc cancels the import; it does not close the dialog
        assert "Cancelling" in text_of(app, "#import-result")
        held.release.set()
        await settle(app, pilot)
        assert text_of(app, "#import-result") == "cancelled; nothing was imported"
        assert not app.screen.query_one("#import-progress", ProgressBar).display
        await pilot.press("escape")  # now it closes
        await settle(app, pilot)
        assert not isinstance(app.screen, ImportDialog)
        assert len(app.screen.query_one(PaperList).papers) == len(before)
    assert [(p.id, p.title, p.abstract) for p in library.papers] == before
    assert (library.folder / "papers.json").read_bytes() == before_file


async def test_an_import_left_to_run_shows_its_count_then_the_report(make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    held = Held(monkeypatch, MATCHING, 0.5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_import(app, pilot, generated(tmp_path))
        await held.wait(pilot)
        assert 0 < shown_count(app)[0] < N
        assert app.screen.query_one("#import-progress", ProgressBar).size.height == 1
        held.release.set()
        await settle(app, pilot)
        report = text_of(app, "#import-result")
        assert f"big.json: {N} papers added, 0 merged, 0 skipped" in report and "cancel" not in report
        assert not app.screen.query_one("#import-progress", ProgressBar).display
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(app.screen.query_one(PaperList).papers) == 33 + N
    assert sum(p.list == "big" for p in library.papers) == N
    assert len(json.loads((library.folder / "papers.json").read_text())["papers"]) == 33 + N


async def test_esc_once_the_write_began_lets_it_finish_and_says_so(make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    held = Held(monkeypatch, WRITING)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_import(app, pilot, generated(tmp_path))
        await held.wait(pilot)
        assert text_of(app, "#import-result") == f"Writing {N:,} papers to the library…"
        await pilot.press("escape")
        assert "too late to cancel; the import will finish" in text_of(app, "#import-result")
        held.release.set()
        await settle(app, pilot)
        report = text_of(app, "#import-result")
        assert report.startswith("Esc came while the library was being written: the import was finished.")
        assert f"{N} papers added" in report
    assert sum(p.list == "big" for p in library.papers) == N
