"""An import running in the background: the import dialog starts it, and it outlives the dialog.

The import (`tui.core.usecases.imports.import_paths`, the use case `paperdesk import`
calls) runs in a thread worker of the app, not of the dialog, so the dialog
can be hidden while it runs and the list used meanwhile; the library
screen's strip (`widgets.import_strip`) then shows the same count, bar and
estimate, and `i` brings the dialog back, where Esc cancels. Progress reaches
the UI thread through `to_ui_every` (a few redraws a second, a change of
stage at once); each step and the end are posted to the app as messages
(`ImportRun.Stepped`, `ImportRun.Finished`), which it hands on to the
dialog and the strip. Esc sets the event the core's cancel check reads:
honoured until papers.json is being written (nothing is imported), after
which the write finishes.
"""

from __future__ import annotations

import threading
import time
from functools import partial
from typing import TYPE_CHECKING

from textual.message import Message

from tui.core.errors import Cancelled, PaperdeskError, os_reason
from tui.core.ingest.parsed import ImportOutcome
from tui.core.ingest.watch import MATCHING, READING, WRITING
from tui.core.usecases.imports import import_paths, refused_input, unexpected_error
from tui.core.words import plural
from tui.ui.threads import to_ui, to_ui_every

if TYPE_CHECKING:
    from textual.app import App

    from tui.core.library import Library

#: Seconds between two progress redraws (a stage change is shown at once).
PROGRESS_EVERY = 0.1
#: Seconds a stage runs before its time left is guessed (the first slices say little about the rate).
ESTIMATE_AFTER = 1.0


class ImportRun:
    """The app's one import at a time: its file, stage, counts and estimate while it runs, then its outcome."""

    class Stepped(Message):
        """The running import got further (or was asked to stop): whatever shows it redraws."""

    class Finished(Message):
        """The import ended (done, cancelled or failed): its outcome is `ImportRun.outcome`."""

    def __init__(self, app: App, library: Library) -> None:
        """`app`: where the worker runs and the messages go; `library`: the open library it imports into."""
        self.app, self.library = app, library
        self.path = ""
        self.running = False
        self.stage = ""  # READING, MATCHING, WRITING as last told ("" before the first step)
        self.done = self.total = 0
        self.outcome: ImportOutcome | None = None
        self.stop_asked = False  # Esc came (honoured before the write, noted during it)
        self.unseen = False  # the outcome came while the dialog was hidden: `i` shows its report
        self.unsure = False  # it failed while the library was being written: the list is reloaded to show what is there
        self._stop = threading.Event()
        self._stage_at = 0.0  # when the current stage began (monotonic), and its count then
        self._stage_from = 0

    def start(self, path: str) -> None:
        """Import `path` in a thread worker of the app, as `paperdesk import` does (one atomic write).
        An import still running is superseded: it stops before its write, and its steps and outcome are dropped."""
        self.path, self.running, self.stage, self.done, self.total = path, True, "", 0, 0
        self.outcome, self.stop_asked, self.unseen, self.unsure = None, False, False, False
        self._stop.set()
        self._stop = threading.Event()
        self._stage_at, self._stage_from = time.monotonic(), 0
        self.app.run_worker(partial(self._run, path, self._stop), thread=True, group="import", exit_on_error=False)

    def _run(self, path: str, stop: threading.Event) -> None:
        """The worker: whatever the import raises, it ends in an outcome (done, failed or cancelled) handed to the UI
        thread, so the dialog never stays on "Reading…" or "Cancelling…"."""
        app, library = self.app, self.library
        shown = to_ui_every(app, partial(self._step, stop), PROGRESS_EVERY)
        reached = [""]  # the stage the core last told, in this thread (`self.stage` follows on the UI thread)

        def progress(stage: str, done: int, total: int) -> None:
            reached[0] = stage
            shown(stage, done, total)

        outcome, unsure = ImportOutcome(), False
        try:
            outcome = import_paths(library, [path], progress=progress, cancelled=stop.is_set, in_app=True)
        except PaperdeskError as exc:
            outcome.add("error", f"{exc}; nothing imported")
        except OSError as exc:
            outcome.add("error", refused_input([path], exc) or f"the library could not be written ({os_reason(exc)}); nothing imported")
        except Cancelled:  # asked to stop outside the import's own steps: nothing was written
            outcome.cancel()
        except Exception as exc:  # an importer's bug, or a file of a shape none foresaw: one line naming the file
            unsure = reached[0] == WRITING
            outcome.add("error", unexpected_error([path], exc, writing=unsure))
        finally:
            to_ui(app, self._finish, outcome, stop, unsure)

    def _step(self, stop: threading.Event, stage: str, done: int, total: int) -> None:
        if not self.running or stop is not self._stop:
            return  # a step overtaken by the outcome, or of an import superseded by a newer one
        if stage != self.stage:
            self._stage_at, self._stage_from = time.monotonic(), done
        self.stage, self.done, self.total = stage, done, total
        self.app.post_message(self.Stepped())

    def _finish(self, outcome: ImportOutcome, stop: threading.Event, unsure: bool = False) -> None:
        if stop is not self._stop:
            return  # an import superseded by a newer one: its outcome is not the one shown
        self.running, self.outcome, self.unsure = False, outcome, unsure
        self.app.post_message(self.Finished())

    def cancel(self) -> None:
        """Esc: stop before papers.json is written (once it is being written, the write finishes)."""
        if self.running and not self.stop_asked:
            self.stop_asked = True
            self._stop.set()
            self.app.post_message(self.Stepped())

    def redraw(self) -> None:
        """Whatever shows the import redraws it (the dialog was hidden: the strip takes over)."""
        self.app.post_message(self.Stepped())

    def stop_now(self) -> None:
        """The app is closing: stop the import before it writes, without a word."""
        self._stop.set()

    @property
    def too_late(self) -> bool:
        """Esc came once the library was being written: the import finishes."""
        return self.stop_asked and self.stage == WRITING

    # -- what the dialog and the strip show -----------------------------------------------------

    def share(self) -> float | None:
        """How far the stage is (0-1), for the bar; None while it cannot be said (a busy bar)."""
        if self.stage in (READING, MATCHING) and self.total:
            return min(1.0, self.done / self.total)
        return None

    def seconds_left(self, now: float | None = None) -> float | None:
        """The stage's time left at its rate so far; None in its first second or without a total."""
        if self.stage not in (READING, MATCHING) or not self.total or self.done >= self.total:
            return None
        spent = (time.monotonic() if now is None else now) - self._stage_at
        moved = self.done - self._stage_from
        if spent < ESTIMATE_AFTER or moved <= 0:
            return None
        return (self.total - self.done) * spent / moved

    def line(self) -> str:
        """"Reading… 12,000 of about 34,000 entries · about 8 s left", or the stage's words; "Cancelling…" once asked."""
        if self.stop_asked:
            return _too_late() if self.stage == WRITING else "Cancelling…"
        if self.stage == MATCHING:
            line = f"Matching with the library: {self.done:,} of {plural(self.total, grouped=True)}"
        elif self.stage == WRITING:
            return f"Writing {plural(self.done, grouped=True)} to the library…" if self.done else "Writing to the library…"
        elif not self.done:
            line = "Reading…"
        elif self.total:
            line = f"Reading… {self.done:,} of about {plural(self.total, 'entry', 'entries', grouped=True)}"
        else:
            line = f"Reading… {plural(self.done, 'entry', 'entries', grouped=True)}"
        left = self.seconds_left()
        return line + (f" · {about(left)} left" if left is not None else "")


def about(seconds: float) -> str:
    """A time left as a person says it: "about 8 s", "about 2 min"."""
    if seconds < 60:
        return f"about {max(1, round(seconds))} s"
    return f"about {round(seconds / 60)} min"


def _too_late() -> str:
    return "Writing to the library: too late to cancel; the import will finish"
