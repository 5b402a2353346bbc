"""Fixtures shared by the core's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.test_notes_import import small_library
from tui.core.library import Library


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Library]:
    """A library of eight small papers (`small_library`), closed after the test."""
    library = small_library(tmp_path / "lib")
    yield library
    library.close()
