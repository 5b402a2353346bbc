"""Where a screen's stylesheet lives: one `.tcss` per screen in the shipped `styles/` folder."""

from __future__ import annotations

from pathlib import Path

from tui.core.paths import styles_dir


def stylesheet(name: str) -> Path:
    """Absolute path of `styles/<name>`, which works in a checkout and in a wheel alike."""
    return styles_dir() / name
