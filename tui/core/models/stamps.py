"""Time stamps as annotations and exports store them."""

from __future__ import annotations

import datetime as _dt


def utc_now() -> str:
    """The current time as stored in annotations and exports: ISO-8601, UTC, whole seconds."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def day(stamp: str) -> str:
    """The date part (YYYY-MM-DD) of a stored time stamp, as lists and exports show it."""
    return stamp[:10]
