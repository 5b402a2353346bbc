"""`store.guard`: the one refusal of a write and the one line for a read of damaged annotations, word for word
(every command and the app say them alike, so a change here changes them all)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tui.core.errors import DamagedAnnotations, LibraryHeld, ReadOnlyLibrary
from tui.core.store.guard import RESTORE_LATEST, annotations_readable, damage_line, held_by, not_held, writable

FOLDER = Path("/lib")
BACK = "(`paperdesk backups` lists the copies; `paperdesk backups restore latest` puts back the newest good one)"


def opened(held: bool = False, pid: int | None = None, read_only: bool = False, notice: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(folder=FOLDER, held=held, holder_pid=pid, read_only=read_only, notice=notice)


def test_the_damage_line_names_the_problem_the_outcome_and_the_way_back() -> None:
    assert RESTORE_LATEST in BACK
    assert damage_line(SimpleNamespace(damaged=None), "listed") is None
    assert damage_line(SimpleNamespace(damaged=""), "listed") is None
    damaged = SimpleNamespace(damaged="/lib/annotations.json: not valid JSON")
    assert damage_line(damaged, "listed without notes") == f"/lib/annotations.json: not valid JSON; listed without notes {BACK}"


def test_a_read_that_needs_the_annotations_refuses_a_damaged_file_with_that_line() -> None:
    assert annotations_readable(SimpleNamespace(damaged=None), "nothing exported") is None
    with pytest.raises(DamagedAnnotations) as refused:
        annotations_readable(SimpleNamespace(damaged="/lib/annotations.json: wiped"), "nothing exported")
    assert str(refused.value) == f"/lib/annotations.json: wiped; nothing exported {BACK}"


def test_held_by_names_the_pid_when_known() -> None:
    with_pid = held_by(FOLDER, 1234, "nothing synced")
    assert str(with_pid) == "/lib: another paperdesk (PID 1234) is using this library; nothing synced" and with_pid.pid == 1234
    without = held_by(FOLDER, None, "nothing synced")
    assert str(without) == "/lib: another paperdesk is using this library; nothing synced" and without.pid is None


def test_not_held_refuses_only_a_held_library_saying_nothing_changed_unless_told() -> None:
    assert not_held(opened()) is None
    with pytest.raises(LibraryHeld) as refused:
        not_held(opened(held=True, pid=7))
    assert str(refused.value) == "/lib: another paperdesk (PID 7) is using this library; nothing changed"
    with pytest.raises(LibraryHeld, match="nothing synced$"):
        not_held(opened(held=True), "nothing synced")


def test_writable_refuses_held_then_read_only_each_with_its_line() -> None:
    assert writable(opened()) is None
    with pytest.raises(LibraryHeld) as held:
        writable(opened(held=True, pid=9, read_only=True, notice="damaged"))
    assert str(held.value) == "/lib: another paperdesk (PID 9) is using this library; nothing changed"
    with pytest.raises(ReadOnlyLibrary) as damaged:
        writable(opened(read_only=True, notice="/lib/annotations.json: damaged; opened read-only"), "nothing imported")
    assert str(damaged.value) == "/lib/annotations.json: damaged; opened read-only; nothing imported"
    assert not isinstance(damaged.value, LibraryHeld)
    with pytest.raises(ReadOnlyLibrary) as plain:
        writable(opened(read_only=True))
    assert str(plain.value) == "/lib; nothing changed"
