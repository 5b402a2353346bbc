"""`heap.reuse_freed_memory`: glibc's malloc is asked, anything else is left alone."""

from __future__ import annotations

import platform

from tui.core import heap


def test_glibc_agrees_to_keep_freed_memory() -> None:
    assert heap.reuse_freed_memory() is (platform.system() == "Linux" and platform.libc_ver()[0] == "glibc")


def test_other_systems_are_left_alone(monkeypatch) -> None:
    monkeypatch.setattr(heap.sys, "platform", "darwin")
    assert heap.reuse_freed_memory() is False
