"""Textual's toast rack, hidden from the start instead of right after the first frame.

Every screen holds a rack for toasts (`Screen._extend_compose`). It starts shown,
and the app hides it once it has listed its notifications, which comes right after
the first frame: setting `display` then laid out and painted the whole screen again
(measured with callgrind: part of 27 M instructions between the list's first frame
and the pane's first draw). Hidden while the screen mounts, that later hiding
changes nothing; the first notification shows the rack as before.
"""

from __future__ import annotations

from textual.screen import Screen

#: The rack's id (`Screen._extend_compose`); `tests/ui/test_textual_api.py` checks it is still Textual's.
TOAST_RACK = "#textual-toastrack"


def hide_until_needed(screen: Screen) -> None:
    """Hide `screen`'s toast rack (call in its `on_mount`); none exists when notifications are off (test runs)."""
    for rack in screen.query(TOAST_RACK):
        rack.display = False
