"""What the store's writes promise on disk: fsync unless told not to, the permissions asked for, a private journal."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tui.core.store.atomic import atomic_write_text
from tui.core.store.journal import JournaledJSONStorage


def _fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync

    def counting(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return calls


def test_a_text_write_is_fsynced_only_when_durable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fsyncs(monkeypatch)
    atomic_write_text(tmp_path / "fast.md", "x", durable=False)
    assert calls == []
    atomic_write_text(tmp_path / "safe.md", "y")
    assert calls, "a durable write must fsync before its rename"
    assert (tmp_path / "fast.md").read_text() == "x" and (tmp_path / "safe.md").read_text() == "y"


def test_a_text_write_gets_the_mode_asked_for_else_stays_private(tmp_path: Path) -> None:
    atomic_write_text(tmp_path / "shared.md", "é", mode=0o644)
    atomic_write_text(tmp_path / "private.md", "é")
    assert stat.S_IMODE((tmp_path / "shared.md").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "private.md").stat().st_mode) == 0o600
    assert (tmp_path / "shared.md").read_bytes() == "é".encode()


def test_the_journal_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    storage = JournaledJSONStorage(tmp_path / "annotations.json")
    storage.append({"annotations": {"1": {"notes": "private thoughts"}}})
    storage.close()
    assert stat.S_IMODE(storage.journal.stat().st_mode) == 0o600
    assert JournaledJSONStorage(tmp_path / "annotations.json", read_only=True).read() == {
        "annotations": {"1": {"notes": "private thoughts"}}
    }
