"""Textual's toast rack, hidden from the start instead of right after the first frame.

Every screen holds a rack for toasts. The app hides it when it lists its
notifications, which comes right after the first frame; setting `display` then
lays out and paints the whole screen again. Hidden while the screen mounts, that
later hiding changes nothing, and the first notification shows the rack as before.

The rack is found by its CSS type, `ToastRack`, which Textual's Toast documentation
names for styling it (the widget class itself is private). Guard test:
`test_the_toast_rack_starts_hidden_and_still_shows_a_notification` in tests/ui/test_textual_api.py.
"""

from __future__ import annotations

from textual.screen import Screen

#: The rack's CSS type, as Textual's Toast documentation names it.
TOAST_RACK = "ToastRack"


def hide_until_needed(screen: Screen) -> None:
    """Hide `screen`'s toast rack (call in its `on_mount`); none exists when notifications are off (test runs)."""
    for rack in screen.query(TOAST_RACK):
        rack.display = False
