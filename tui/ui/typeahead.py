"""Keys typed ahead follow focus: text typed right after `n` or `/` lands in the box, not in bindings.

Textual forwards each key to the widget focused when the key arrives, and a
key no widget handles bubbles back to the app, which runs it against the
bindings of whatever is focused *then*. Typed fast (`nGreat paper`), the keys
after `n` are already queued for the list when `n` opens the editor, and would
run as list bindings (`s` cycling the status). The app tags each key with
the widget it is forwarded to; when such a key bubbles back after focus has
moved to a text box, the app re-sends it there instead.
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget
from textual.widgets import Input, TextArea

_TARGET = "_paperdesk_target"


def tag_key(event: events.Event, focused: Widget | None) -> None:
    """Remember which widget a key is about to be forwarded to."""
    if isinstance(event, events.Key) and not hasattr(event, _TARGET):
        setattr(event, _TARGET, focused)


def redirect_typed_ahead(event: events.Key, focused: Widget | None) -> bool:
    """Re-send `event` to the text box that took focus after it was queued; True if sent."""
    target = getattr(event, _TARGET, None)
    if target is None or focused is None or focused is target or not isinstance(focused, (Input, TextArea)):
        return False
    # Every key, printable or not, so the box receives them in the order they were typed.
    again = events.Key(event.key, event.character)
    setattr(again, _TARGET, focused)
    again._set_forwarded()  # if it bubbles back, the app must run it as a binding, not forward it again
    focused.post_message(again)
    return True
