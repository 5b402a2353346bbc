"""UI test fixtures: the app on the test's library."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tui.core.library import Library
from tui.ui.app import PaperdeskApp


@pytest.fixture
def make_app(request: pytest.FixtureRequest) -> Callable[..., PaperdeskApp]:
    """`make_app(**kwargs)`: the app on the test's library (no config file, so no first-steps note).

    `library=` gives it another library; the test's `library` fixture is opened only when none is given.
    """

    def make(**kwargs) -> PaperdeskApp:
        library: Library = kwargs.pop("library") if "library" in kwargs else request.getfixturevalue("library")
        return PaperdeskApp(library=library, **kwargs)

    return make


@pytest.fixture
def app(make_app: Callable[..., PaperdeskApp]) -> PaperdeskApp:
    """The app on the test's library, with default settings."""
    return make_app()
