"""Pauses of the cyclic collector overlap (a library opening while an index builds): the last one ends them."""

from __future__ import annotations

import gc

import pytest

from tui.core import collector


def test_the_collector_runs_again_only_when_the_last_pause_ends() -> None:
    assert gc.isenabled()
    collector.pause()
    with collector.paused(freeze=False):
        assert not gc.isenabled()
    assert not gc.isenabled()  # the first pause still holds
    collector.resume(freeze=False)
    assert gc.isenabled()


def test_a_pause_ends_when_its_block_raises() -> None:
    with pytest.raises(ValueError), collector.paused(freeze=False):
        raise ValueError("read failed")
    assert gc.isenabled()
