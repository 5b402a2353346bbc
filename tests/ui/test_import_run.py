"""`ImportRun` without a terminal: its worker run in the test's thread, the app a recorder.

What the dialog and the strip show of a running import (the line, the bar's
share, the time left) and how the worker ends (done, failed, cancelled;
steps and outcome of a superseded import dropped), each from the steps the
core reports, with the core's `import_paths` replaced.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from tui.core.errors import Cancelled, InputFileError
from tui.core.ingest.parsed import FileReport, ImportOutcome
from tui.core.ingest.watch import MATCHING, READING, WRITING
from tui.ui import import_run
from tui.ui.import_run import ImportRun, about


class App:
    """What `ImportRun` asks of the app: a worker started (run by the test), callbacks run at once, messages kept."""

    def __init__(self) -> None:
        self.workers: list[Callable[[], None]] = []
        self.posted: list[str] = []

    def run_worker(self, work: Callable[[], None], **options: Any) -> None:
        assert options == {"thread": True, "group": "import", "exit_on_error": False}
        self.workers.append(work)

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        callback(*args, **kwargs)

    def post_message(self, message: object) -> None:
        self.posted.append(type(message).__name__)


Step = tuple[str, int, int]


def core(monkeypatch: pytest.MonkeyPatch, steps: list[Step], end: Callable[[], ImportOutcome] | BaseException | None = None) -> list[dict[str, Any]]:
    """`import_paths` replaced: it reports `steps`, then returns `end()` (else one file's report) or raises `end`.
    Returns the calls it got."""
    calls: list[dict[str, Any]] = []

    def fake(library: object, paths: list[str], **kwargs: Any) -> ImportOutcome:
        calls.append({"library": library, "paths": paths, **kwargs})
        for step in steps:
            kwargs["progress"](*step)
        if isinstance(end, BaseException):
            raise end
        if end is not None:
            return end()
        outcome = ImportOutcome()
        outcome.add_report(FileReport(paths[0], "json", "x", added=1))
        return outcome

    monkeypatch.setattr(import_run, "import_paths", fake)
    monkeypatch.setattr(import_run, "PROGRESS_EVERY", 0.0)  # every step passes the redraw throttle
    return calls


@pytest.fixture
def app() -> App:
    return App()


def test_a_finished_import_hands_its_outcome_to_the_app(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = core(monkeypatch, [(READING, 0, 0), (READING, 5, 10), (MATCHING, 10, 10), (WRITING, 10, 10)])
    run = ImportRun(app, "the library")  # type: ignore[arg-type]
    run.start("papers.json")
    assert run.running and run.path == "papers.json" and run.line() == "Reading…"
    [work] = app.workers
    work()
    [call] = calls
    assert call["library"] == "the library" and call["paths"] == ["papers.json"] and call["in_app"] is True
    assert call["cancelled"]() is False
    assert not run.running and run.outcome is not None and [r.source for r in run.outcome.reports] == ["papers.json"]
    assert not run.unsure and not run.stop_asked
    assert app.posted == ["Stepped"] * 4 + ["Finished"]
    assert (run.stage, run.done, run.total) == (WRITING, 10, 10)


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (InputFileError("a.bib", "is not BibTeX"), "a.bib: is not BibTeX; nothing imported"),
        (OSError(28, "No space left on device"), "the library could not be written (No space left on device); nothing imported"),
        (OSError(36, "File name too long", "a.bib"), "a.bib: cannot be read (File name too long); nothing imported"),  # the input's, not the library's
        (KeyError("x"), "a.bib: could not be imported (unexpected KeyError: 'x'); nothing imported"),
        (ValueError(""), "a.bib: could not be imported (unexpected ValueError); nothing imported"),
    ],
)
def test_a_failed_import_ends_on_one_line(app: App, monkeypatch: pytest.MonkeyPatch, error: Exception, line: str) -> None:
    core(monkeypatch, [(READING, 0, 0), (MATCHING, 1, 2)], error)
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.start("a.bib")
    app.workers[0]()
    assert not run.running and run.outcome is not None
    assert run.outcome.messages == [("error", line)] and run.outcome.failed and not run.unsure
    assert app.posted[-1] == "Finished"


def test_an_unexpected_error_during_the_write_leaves_the_run_unsure(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    core(monkeypatch, [(MATCHING, 2, 2), (WRITING, 2, 2)], RuntimeError("late"))
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.start("a.bib")
    app.workers[0]()
    assert run.unsure and run.outcome is not None
    assert run.outcome.messages == [("error", "a.bib: could not be imported (unexpected RuntimeError: late); "
                                     "it came while the library was being written, which lands whole or not at all")]
    run.start("b.bib")  # the next import starts sure
    assert not run.unsure and run.outcome is None


def test_cancelled_outside_the_steps_ends_cancelled(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    core(monkeypatch, [(READING, 0, 0)], Cancelled())
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.start("a.bib")
    app.workers[0]()
    assert not run.running and run.outcome is not None and run.outcome.cancelled


def test_esc_asks_once_and_only_while_it_runs(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = core(monkeypatch, [(MATCHING, 1, 4)])
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.cancel()
    assert app.posted == [] and not run.stop_asked  # nothing runs: nothing to cancel
    run.start("a.bib")
    run.cancel()
    run.cancel()
    assert run.stop_asked and app.posted == ["Stepped"]
    app.workers[0]()
    assert calls[0]["cancelled"]() is True
    assert run.line() == "Cancelling…" and not run.too_late
    run.stage = WRITING
    assert run.too_late and run.line() == "Writing to the library: too late to cancel; the import will finish"
    run.redraw()
    assert app.posted[-1] == "Stepped"


def test_quitting_stops_the_import(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = core(monkeypatch, [])
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.start("a.bib")
    run.stop_now()
    app.workers[0]()
    assert calls[0]["cancelled"]() is True and not run.stop_asked


def test_a_superseded_import_stops_and_its_steps_and_outcome_are_dropped(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = core(monkeypatch, [(MATCHING, 7, 9)], lambda: ImportOutcome(messages=[("line", "first")]))
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.start("first.bib")
    run.start("second.bib")
    first, second = app.workers
    first()  # the first ends after the second started: its step and its outcome are not the run's
    assert calls[0]["cancelled"]() is True  # told to stop before its write
    assert run.running and run.outcome is None and (run.stage, run.done, run.total) == ("", 0, 0) and app.posted == []
    second()
    assert calls[1]["cancelled"]() is False
    assert not run.running and run.outcome is not None and run.outcome.messages == [("line", "first")]
    assert (run.stage, run.done) == (MATCHING, 7) and app.posted == ["Stepped", "Finished"]


def test_a_step_after_the_outcome_is_dropped(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[Callable[..., None]] = []

    def keep(library: object, paths: list[str], **kwargs: Any) -> ImportOutcome:
        steps.append(kwargs["progress"])
        return ImportOutcome()

    monkeypatch.setattr(import_run, "import_paths", keep)
    monkeypatch.setattr(import_run, "PROGRESS_EVERY", 0.0)
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    run.start("a.bib")
    app.workers[0]()
    steps[0](MATCHING, 3, 4)  # a step overtaken by the outcome
    assert run.stage == "" and app.posted == ["Finished"]


# -- what the dialog and the strip show ---------------------------------------------------------------------


def shown(monkeypatch: pytest.MonkeyPatch, app: App, *steps: Step) -> ImportRun:
    """A run whose worker reported `steps` and is still going (its outcome not handed over)."""
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    monkeypatch.setattr(import_run, "PROGRESS_EVERY", 0.0)
    run.start("a.bib")
    for step in steps:
        run._step(run._stop, *step)
    return run


@pytest.mark.parametrize(
    ("steps", "line"),
    [
        ([], "Reading…"),
        ([(READING, 0, 0)], "Reading…"),
        ([(READING, 1, 0)], "Reading… 1 entry"),
        ([(READING, 12000, 0)], "Reading… 12,000 entries"),
        ([(READING, 12000, 34000)], "Reading… 12,000 of about 34,000 entries"),
        ([(READING, 1, 1)], "Reading… 1 of about 1 entry"),
        ([(MATCHING, 500, 3000)], "Matching with the library: 500 of 3,000 papers"),
        ([(MATCHING, 1, 1)], "Matching with the library: 1 of 1 paper"),
        ([(WRITING, 0, 0)], "Writing to the library…"),
        ([(WRITING, 1, 1)], "Writing 1 paper to the library…"),
        ([(WRITING, 3000, 3000)], "Writing 3,000 papers to the library…"),
    ],
)
def test_the_line(app: App, monkeypatch: pytest.MonkeyPatch, steps: list[Step], line: str) -> None:
    assert shown(monkeypatch, app, *steps).line() == line


@pytest.mark.parametrize(
    ("step", "share"),
    [((READING, 5, 10), 0.5), ((MATCHING, 1, 4), 0.25), ((MATCHING, 9, 4), 1.0), ((READING, 5, 0), None), ((WRITING, 5, 10), None)],
)
def test_the_bar_s_share(app: App, monkeypatch: pytest.MonkeyPatch, step: Step, share: float | None) -> None:
    assert shown(monkeypatch, app, step).share() == share


def test_the_time_left_from_the_stage_s_rate(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    run = shown(monkeypatch, app, (READING, 0, 0), (MATCHING, 100, 1000))
    began = time.monotonic()
    run._step(run._stop, MATCHING, 300, 1000)  # the stage's clock started at 100 matched
    assert run.seconds_left(began + 0.5) is None  # its first second says too little
    assert run.seconds_left(began + 4) == pytest.approx(700 * 4 / 200, rel=0.05)
    assert run.line().startswith("Matching with the library: 300 of 1,000 papers") and "left" not in run.line()
    monkeypatch.setattr(run, "_stage_at", began - 14)
    assert run.line() == "Matching with the library: 300 of 1,000 papers · about 49 s left"
    run.stop_asked = True
    assert run.line() == "Cancelling…"


def test_no_time_left_without_a_rate(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    later = time.monotonic() + 10
    assert shown(monkeypatch, app, (READING, 5, 0)).seconds_left(later) is None  # no total
    assert shown(monkeypatch, app, (MATCHING, 10, 10)).seconds_left(later) is None  # done
    assert shown(monkeypatch, app, (MATCHING, 0, 10), (MATCHING, 10, 10)).seconds_left(later) is None  # done, after moving
    assert shown(monkeypatch, app, (WRITING, 1, 10)).seconds_left(later) is None  # the write: no rate
    assert shown(monkeypatch, app, (MATCHING, 4, 10)).seconds_left(later) is None  # nothing moved since the stage began
    run = shown(monkeypatch, app, (MATCHING, 0, 10), (MATCHING, 4, 10))
    assert run.seconds_left(later) == pytest.approx(6 * 10 / 4, rel=0.05)
    assert run.seconds_left() is None  # now: within the stage's first second


@pytest.mark.parametrize(
    ("seconds", "words"), [(0.2, "about 1 s"), (8.4, "about 8 s"), (59.4, "about 59 s"), (60, "about 1 min"), (90, "about 2 min"), (170, "about 3 min")]
)
def test_about(seconds: float, words: str) -> None:
    assert about(seconds) == words


def test_a_run_never_started_and_one_just_started_show_nothing_done(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the app and the dialog read before any step: `i` before the first import, or right after Enter."""
    core(monkeypatch, [])
    run = ImportRun(app, "lib")  # type: ignore[arg-type]
    assert (run.path, run.running, run.stage, run.done, run.total, run.outcome) == ("", False, "", 0, 0, None)
    assert run.running is False and run.stop_asked is False and run.unseen is False and run.unsure is False
    assert run.line() == "Reading…" and run.share() is None and run.seconds_left() is None and not run.too_late
    run.start("a.bib")
    assert run.running is True and run.unseen is False and run.outcome is None and run.line() == "Reading…"
