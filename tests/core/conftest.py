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


@pytest.fixture(autouse=True)
def _names_parsed_afresh() -> None:
    """Each test parses author names and folds titles afresh: `people.names.parse_name` and `versions.title_key`
    cache them, and a mutation run forks each mutant from a process whose earlier tests filled those caches (a
    changed parser would never be called)."""
    from tui.core.ingest.versions import title_key
    from tui.core.people.names import parse_name

    parse_name.cache_clear()
    title_key.cache_clear()
