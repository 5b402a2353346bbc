"""A use case run on the library in a folder, opened for it as the command line opens it (`library.opened`).

The use cases take an open `Library`; a test that holds only a folder (a group
member's, a fresh one) opens it here, unseeded, and closes it after.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tui.core.library import Library, opened

T = TypeVar("T")


def writing(folder: Path | str, use: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`use(library, *args, **kwargs)` on the library in `folder`, opened to write (a join, a comment)."""
    with opened(folder, seed=False) as lib:
        return use(lib, *args, **kwargs)


def reading(folder: Path | str, use: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`use(library, ...)` on the library in `folder` opened read-only (a group sync only reads it)."""
    with opened(folder, read_only=True, seed=False) as lib:
        return use(lib, *args, **kwargs)


__all__ = ["Library", "reading", "writing"]
