"""The progress line as a terminal shows it: each redraw replaces the last one whole (issue 45: "0 s leftt")."""

from __future__ import annotations

import io

import pytest

import tui.cli.progress as progress
from tui.cli.progress import ProgressBar


def screen(written: str) -> list[str]:
    """What a terminal shows for `written`: a carriage return goes back to the line's start and overwrites from there."""
    lines, line, col = [], [], 0
    for ch in written:
        if ch == "\r":
            col = 0
        elif ch == "\n":
            lines.append("".join(line).rstrip())
            line, col = [], 0
        else:
            if col < len(line):
                line[col] = ch
            else:
                line.append(ch)
            col += 1
    return [*lines, "".join(line).rstrip()]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    return now


def test_a_shorter_progress_line_leaves_no_characters_of_the_longer_one(clock: list[float]) -> None:
    out = io.StringIO()
    bar = ProgressBar(out, enabled=True, verb="importing")
    clock[0] += 1.0
    bar(10, 10_000, "papers")  # 10/s: "16 min 39 s left"
    clock[0] += 99.0
    bar(9_990, 10_000, "papers")  # about 100/s: "0 s left", much shorter
    shown = screen(out.getvalue())
    assert shown[-1].endswith("· 0 s left"), shown
    assert shown[-1] == out.getvalue().rsplit("\r", 1)[1].rstrip()


def test_the_tally_and_the_bar_each_replace_the_line_before_and_the_end_starts_a_new_one(clock: list[float]) -> None:
    out = io.StringIO()
    bar = ProgressBar(out, enabled=True, verb="importing")
    clock[0] += 1.0
    bar.tally(123_456, "entries read so far")
    clock[0] += 1.0
    bar.tally(9, "entries")
    assert screen(out.getvalue())[-1] == "importing: 9 entries"
    clock[0] += 1.0
    bar(5, 5, "papers")
    clock[0] += 1.0
    bar.tally(1, "x")  # a next run of the bar starts on its own line, nothing to pad over
    shown = screen(out.getvalue())
    assert shown[-2].startswith("importing [########################] 5/5 papers") and shown[-1] == "importing: 1 x"
    assert not out.getvalue().endswith(" ")
