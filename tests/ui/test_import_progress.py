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
import time
from pathlib import Path

import pytest
from textual.widgets import Input, ProgressBar

from tests.ui.pilot import settle, text_of
from tui.core.ingest.watch import MATCHING, WRITING
from tui.core.library import Library
from tui.ui import import_run
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
        real = import_run.import_paths

        def held(library, paths, *, progress, cancelled, **kwargs):
            def step(at: str, done: int, total: int) -> None:
                progress(at, done, total)
                if at == stage and done and done >= share * total and not self.reached.is_set():
                    time.sleep(import_run.PROGRESS_EVERY + 0.05)
                    progress(at, done, total)  # past the redraw throttle: the held step is the one shown
                    self.reached.set()
                    self.release.wait(20)

            return real(library, paths, progress=step, cancelled=cancelled, **kwargs)

        monkeypatch.setattr(import_run, "import_paths", held)

    async def wait(self, pilot) -> None:
        """Until the import is held, and the steps posted before it have reached the screen."""
        await asyncio.wait_for(asyncio.to_thread(self.reached.wait, 20), 25)
        await pilot.pause(0.05)
        await pilot.pause()


async def start_import(app, pilot, path: Path) -> None:
    await settle(app, pilot)
    await pilot.press("i")
    assert isinstance(app.screen, ImportDialog)
    app.screen.query_one(Input).value = str(path)
    await pilot.press("enter")


def shown_count(app) -> tuple[int, int]:
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


async def test_enter_hides_a_running_import_the_list_stays_usable_and_the_strip_counts(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.ui.library.screen import LibraryScreen

    held = Held(monkeypatch, MATCHING, 0.5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_import(app, pilot, generated(tmp_path))
        await held.wait(pilot)
        assert "Back to the list" in text_of(app, "#dialog-keys")
        await pilot.press("enter")  # back to the list; the import goes on
        await pilot.pause(0.1)  # (not `settle`: it waits for the import's worker, held here)
        assert isinstance(app.screen, LibraryScreen)
        strip = text_of(app, "#import-strip-line")
        assert re.search(r"big\.json: Matching with the library: 1,500 of 3,000 papers", strip), strip
        assert app.screen.query_one("#import-strip-bar", ProgressBar).progress == 1500 and "i: details (Esc there cancels)" in strip
        papers = app.screen.query_one(PaperList)
        assert papers.has_focus and papers.cursor == 0
        await pilot.press("j", "j")  # the list works meanwhile
        assert papers.cursor == 2
        await pilot.press("i")  # the dialog again, on the running import: Esc would cancel it
        await pilot.pause(0.1)
        assert isinstance(app.screen, ImportDialog) and shown_count(app) == (1500, N)
        assert "esc Cancel the import" in text_of(app, "#dialog-keys")
        await pilot.press("enter")
        await pilot.pause(0.1)
        held.release.set()
        await settle(app, pilot)
        for _ in range(50):  # the write, then the reload
            if len(papers.papers) == 33 + N:
                break
            await pilot.pause(0.1)
        assert len(papers.papers) == 33 + N  # the list shows the new papers
        assert not app.screen.query_one("#import-strip").display  # the strip goes with the import
        await pilot.press("i")  # the report of the import that ended while the dialog was hidden
        await settle(app, pilot)
        report = text_of(app, "#import-result")
        assert f"big.json: {N} papers added, 0 merged, 0 skipped" in report
        assert "press D on each" in report and "paperdesk remove" not in report  # the app's way, not the refused command
    assert sum(p.list == "big" for p in library.papers) == N


async def test_esc_while_reading_cancels_and_the_library_is_unchanged(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.core.ingest import json_stream
    from tui.core.ingest.watch import READING

    monkeypatch.setattr(json_stream, "READ_BYTES", 16 * 1024)  # many slices: the estimate moves as it reads
    before_file = (library.folder / "papers.json").read_bytes()
    held = Held(monkeypatch, READING, 0.5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_import(app, pilot, generated(tmp_path, 6000))
        await held.wait(pilot)
        shown = text_of(app, "#import-result")
        match = re.search(r"Reading… ([\d,]+) of about ([\d,]+) entries", shown)
        assert match, shown
        done, about = (int(g.replace(",", "")) for g in match.groups())
        assert 0 < done < 6000 and abs(about - 6000) < 600
        assert app.screen.query_one("#import-progress", ProgressBar).total == about
        await pilot.press("escape")
        held.release.set()
        await settle(app, pilot)
        assert text_of(app, "#import-result") == "cancelled; nothing was imported"
    assert len(library.papers) == 33
    assert (library.folder / "papers.json").read_bytes() == before_file


async def test_quitting_while_an_import_runs_in_the_background_stops_it_before_it_writes(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before_file = (library.folder / "papers.json").read_bytes()
    held = Held(monkeypatch, MATCHING, 0.5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_import(app, pilot, generated(tmp_path))
        await held.wait(pilot)
        await pilot.press("enter")  # in the background
        await pilot.pause(0.1)
        quitting = asyncio.create_task(pilot.press("q"))  # waits for the import's worker, held here
        await pilot.pause(0.2)
        held.release.set()
        await asyncio.wait_for(quitting, 25)
        await pilot.pause(0.2)
        assert not app.is_running
    assert len(library.papers) == 33
    assert (library.folder / "papers.json").read_bytes() == before_file
