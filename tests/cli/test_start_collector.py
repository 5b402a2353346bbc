"""A launch from the command line makes its start's objects with the cyclic collector paused, and
ends the pause once the list's first frame is painted, or when the start fails, never later."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tui import cli
from tui.ui.app import PaperdeskApp


@pytest.fixture(autouse=True)
def _collector_back_on():  # type: ignore[no-untyped-def]
    yield
    gc.enable()


def test_the_pause_lasts_until_the_first_frame_then_the_collector_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, bool] = {}

    def run(app: PaperdeskApp) -> None:
        seen["while starting"] = gc.isenabled()
        app.list_painted()
        seen["after the first frame"] = gc.isenabled()
        app.list_painted()  # a second call changes nothing
        seen["after a second call"] = gc.isenabled()

    monkeypatch.setattr(PaperdeskApp, "run", run)
    assert gc.isenabled()
    assert cli.main(["--db", str(tmp_path / "library")]) == 0
    assert seen == {"while starting": False, "after the first frame": True, "after a second call": True}
    assert gc.isenabled()


def test_a_start_that_fails_before_its_first_frame_turns_the_collector_back_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def run(app: PaperdeskApp) -> None:
        assert not gc.isenabled()
        raise RuntimeError("the terminal went away")

    monkeypatch.setattr(PaperdeskApp, "run", run)
    with pytest.raises(RuntimeError):
        cli.main(["--db", str(tmp_path / "library")])
    assert gc.isenabled()
