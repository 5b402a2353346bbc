"""The time left an import shows once its stage has moved at all: one entry in more than a second is a rate."""

from __future__ import annotations

import time

import pytest

from tests.ui.test_import_run import App, shown
from tui.core.ingest.watch import MATCHING


@pytest.fixture
def app() -> App:
    return App()


def test_a_stage_that_moved_by_one_entry_shows_its_time_left(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow source (one paper matched in the stage's first seconds) still gets an estimate, not a bare count."""
    run = shown(monkeypatch, app, (MATCHING, 0, 3), (MATCHING, 1, 3))
    monkeypatch.setattr(run, "_stage_at", time.monotonic() - 10)
    assert run.seconds_left() == pytest.approx(2 * 10, rel=0.05)
    assert run.line() == "Matching with the library: 1 of 3 papers · about 20 s left"
