"""Pilot tests: an import from the app always ends (done, failed or cancelled), whatever its importer raises.

An error no importer foresaw (a bug, or a file of a shape never met) used to
end the worker without an outcome: the dialog stayed on "Reading…" (or
"Cancelling…") for good. Now it is one line naming the file; the library is
unchanged, or, when the error came during the write, reloaded to show what
is there. An import superseded by a newer one stops before its write, and
neither its steps nor its outcome are shown.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, ProgressBar

import tui.core.usecases.imports as importing
from tests.ui.pilot import notices, settle, text_of
from tests.ui.test_import_progress import Held, generated, start_import
from tui.core.ingest.watch import MATCHING
from tui.core.library import Library
from tui.ui.screens.import_dialog import ImportDialog


def one_paper(folder: Path, title: str = "One paper") -> Path:
    path = folder / f"{title.replace(' ', '-')}.json"
    path.write_text(json.dumps([{"title": title, "abstract": f"An abstract for {title}, long enough to be a paper's."}]))
    return path


async def imported(app, pilot, path: Path) -> str:
    """The dialog's report once the import of `path` ended."""
    await start_import(app, pilot, path)
    await settle(app, pilot)
    return text_of(app, "#import-result")


@pytest.mark.parametrize("error", [KeyError("entry"), RecursionError("maximum recursion depth exceeded"), ZeroDivisionError()])
async def test_an_importer_raising_anything_ends_on_one_line_naming_the_file(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def broken(*args, **kwargs):
        raise error

    monkeypatch.setattr(importing, "add_read", broken)
    path = one_paper(tmp_path)
    before = (library.folder / "papers.json").read_bytes()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        report = await imported(app, pilot, path)
        words = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        assert report == f"{path}: could not be imported (unexpected {words}); nothing imported" == notices(app)[-1]
        run = app.import_run
        assert run is not None and not run.running and run.outcome is not None and run.outcome.failed and not run.unsure
        assert not app.screen.query_one("#import-progress", ProgressBar).display
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, ImportDialog)
    assert (library.folder / "papers.json").read_bytes() == before


async def test_an_error_during_the_write_says_so_and_the_list_is_reloaded(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.ui.library.screen import LibraryScreen

    real = importing.add_read

    def written_then_broken(library, parsed, incoming, outcome, watch):
        real(library, parsed, incoming, outcome, watch)  # the papers are written…
        raise RuntimeError("after the write")  # …and something after it fails

    reloads: list[int] = []
    real_reload = LibraryScreen.reload_papers

    def reload(self, *args, **kwargs):
        reloads.append(1)
        return real_reload(self, *args, **kwargs)

    monkeypatch.setattr(importing, "add_read", written_then_broken)
    monkeypatch.setattr(LibraryScreen, "reload_papers", reload)
    path = one_paper(tmp_path, "Written anyway")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        report = await imported(app, pilot, path)
        assert report == (f"{path}: could not be imported (unexpected RuntimeError: after the write); "
                          "it came while the library was being written, which lands whole or not at all")
        assert app.import_run is not None and app.import_run.unsure
        assert reloads  # the list shows what the write left
    assert [p.title for p in library.papers if p.title == "Written anyway"] == ["Written anyway"]


async def test_a_superseded_import_stops_and_its_outcome_is_dropped(
    make_app, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second import started while the first still runs: the first stops before its write, and neither its
    steps nor its outcome reach the dialog; the second's report is the one shown."""
    held = Held(monkeypatch, MATCHING, 0.5)
    big = generated(tmp_path)
    small = one_paper(tmp_path, "The second import")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_import(app, pilot, big)
        await held.wait(pilot)
        run = app.import_run
        assert run is not None and run.running and run.stage == MATCHING
        app.screen.query_one(Input).value = str(small)
        run.start(str(small))  # (the dialog refuses Enter while one runs: the run's own guard is tested)
        await settle(app, pilot)
        assert not run.running and run.outcome is not None
        second = run.outcome
        assert [r.source for r in second.reports] == [str(small)]
        held.release.set()  # the first goes on: told to stop, it ends cancelled, unseen
        await settle(app, pilot)
        assert run.outcome is second and not run.running and run.stage != MATCHING
        report = text_of(app, "#import-result")
        assert f"{small}: 1 paper added" in report and "big.json" not in report and "cancel" not in report
    assert not any(p.list == "big" for p in library.papers)
    assert [p.title for p in library.papers if p.list == "The-second-import"] == ["The second import"]


def test_the_toast_of_an_import_that_read_nothing_is_its_error() -> None:
    from tui.core.ingest.parsed import FileReport, ImportOutcome
    from tui.ui.screens.import_dialog import summary

    failed = ImportOutcome()
    failed.add("error", "a.bib: is not\nBibTeX")
    assert summary(failed) == "a.bib: is not BibTeX"
    failed.add("error", "b.ris: is empty")
    failed.add("error", "c.ris: is empty")
    assert summary(failed) == "a.bib: is not BibTeX (and 2 more errors)"
    failed.add_report(FileReport("d.json", "json", "d", added=2))
    assert summary(failed) == "2 papers added, 0 merged, 0 skipped"  # a file came in: the counts
