"""UI test fixtures: the app on the test's library."""

from __future__ import annotations

from typing import Callable

import pytest

from tui.core.library import Library
from tui.ui.app import PaperdeskApp


@pytest.fixture
def make_app(library: Library) -> Callable[..., PaperdeskApp]:
    """`make_app(**kwargs)`: the app on the test's library (no config file, so no first-steps note)."""

    def make(**kwargs) -> PaperdeskApp:  # type: ignore[no-untyped-def]
        return PaperdeskApp(library=kwargs.pop("library", library), **kwargs)

    return make
