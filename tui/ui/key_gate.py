"""Keys act one at a time, in the order typed: the next key is handed out only once the last one is done.

Textual forwards a key to the widget focused when the app *reads* the key,
and the key comes back up to the app (for bindings) later, through the
widgets' message queues. Typed faster than that round trip, a key is
forwarded to a widget that has lost focus by the time it acts (`/Huge⏎`
then `j` landing in the filter box), and whether that happens depends on
how busy the interpreter is (indexing a large library).

The gate holds every key read while another one is in flight. After a key
is forwarded, a `KeySettled` note follows it up the same chain of widgets;
queues are first in, first out, so when the note reaches the app the key has
been handled everywhere, bindings included. A second round of the note
lets the messages that handling posted on that chain (a widget telling the
screen to move focus) land too, and a changed screen gets a round of its own
(a dialog that takes focus once it is mounted). Only then is the next key
handed out, to whatever has focus now. Should the note be lost (its widget
was removed), a watchdog releases the gate.

Guard tests: tests/ui/test_key_gate.py, and `test_keys_typed_while_a_large_library_indexes_act_in_order`
in tests/ui/test_keys_land_where_meant.py.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING

from textual import events
from textual.message import Message

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump
    from textual.timer import Timer

#: Rounds of the note through the key's chain before the next key goes.
ROUNDS = 2
#: A key whose note has not come back after this long releases the gate anyway.
GIVE_UP_AFTER = 5.0
#: How often the watchdog looks at a key in flight.
WATCH_EVERY = 0.05


def split_escape(event: events.Key, bound: Iterable[str]) -> list[events.Key]:
    """Esc typed right before a letter comes back from the terminal as Alt+letter: split it again.

    A terminal sends Alt+j as ESC j, so ESC followed at once by j (Esc then
    `j`, typed fast or sent by `tmux send-keys`) reads as Alt+j, and Textual
    hands the `j` of it to a text box, which then never saw the Esc. paperdesk
    binds no Alt+letter, so such a key is Esc followed by the letter, unless
    the user bound it (`bound`: the keys bound on the screen now).
    """
    key, char = event.key, event.character
    if not key.startswith("alt+") or key in bound or not char or len(char) != 1 or not char.isprintable():
        return [event]
    return [events.Key("escape", "\x1b"), events.Key(char if char.isalnum() else key[4:], char)]


class KeySettled(Message):
    """Follows a key up the widget chain; back at the app, the key has been handled."""

    def __init__(self, ticket: int) -> None:
        super().__init__()
        self.ticket = ticket


class KeyGate:
    """Serialises key handling for one app (see the module docstring).

    The app calls `hold` for each key it reads (True: queued, do nothing
    now), `sent` once it handled or forwarded it, and `settled` when a
    `KeySettled` note reaches it. `dispatch` is the app's own handling of a
    key (priority bindings, then forwarding to the focused widget).
    """

    def __init__(self, app: App, dispatch: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app = app
        self.dispatch = dispatch
        self._waiting: deque[events.Key] = deque()
        self._busy = False
        self._ticket = 0
        self._target: MessagePump | None = None
        self._screen: object = None
        self._rounds = 0
        self._since = 0.0
        self._watchdog: Timer | None = None
        self._closed = False
        #: Keys read from the terminal since the app started (the first-steps note waits for a launch with none).
        self.keys_read = 0

    @property
    def busy(self) -> bool:
        """A key is being handled (the next ones wait)."""
        return self._busy

    @property
    def pending(self) -> bool:
        """Keys are read but not all handled yet (one in flight, or held)."""
        return self._busy or bool(self._waiting)

    def hold(self, event: events.Key) -> bool:
        """Queue `event` behind a key in flight (or while closed); False when it may be handled now."""
        self.keys_read += 1
        if self._busy or self._closed:
            self._waiting.append(event)
            return True
        self._busy = True
        return False

    def close(self) -> None:
        """Hold every key from now on until `open` (the library is opening: keys wait for its restored state)."""
        self._closed = True

    def open(self) -> None:
        """Hand out the keys held while closed, in order, then let keys through again."""
        if not self._closed:
            return
        self._closed = False
        if not self._busy and self._waiting:
            self._busy = True  # keys read from now on queue behind the held ones
            self.app.call_later(self._release)

    def again(self, event: events.Key) -> None:
        """Hand `event` out once more, ahead of the keys waiting: a note that closed on a key passes it on to the
        screen beneath, before the keys typed after it."""
        self._waiting.appendleft(event)
        if not self._busy and not self._closed:
            self._busy = True
            self.app.call_later(self._release)

    def sent(self, target: MessagePump | None) -> None:
        """The app handled the key; `target` is the widget it was forwarded to (None: not forwarded)."""
        self._ticket += 1
        self._rounds = 0
        self._screen = self.app.screen
        self._since = time.monotonic()
        self._target = target if target is not None else self.app.screen
        if not self._send():
            self.app.call_later(self._release)
            return
        if self._watchdog is None:
            self._watchdog = self.app.set_interval(WATCH_EVERY, self._watch, name="key-gate")

    def _send(self) -> bool:
        target = self._target
        return target is not None and target.is_attached and target.post_message(KeySettled(self._ticket))

    async def settled(self, message: KeySettled) -> None:
        """A note came back: send another round, or hand out the next key."""
        message.stop()
        if not self._busy or message.ticket != self._ticket:
            return  # a note of a key the watchdog already gave up on
        self._rounds += 1
        if self.app.screen is not self._screen:  # a dialog opened or closed: let it settle its focus
            self._screen = self.app.screen
            self._target = self.app.screen
            self._rounds = ROUNDS - 1
        if self._rounds < ROUNDS and self._send():
            return
        await self._release()

    async def _release(self) -> None:
        """Hand out the next waiting key (its handling starts a new flight), or open the gate.

        While closed, the keys wait for `open` even when one was in flight as the gate closed.
        """
        self._busy = False
        self._target = None
        if self._waiting and not self._closed:
            event = self._waiting.popleft()
            self._busy = True
            await self.dispatch(event)
        elif self._watchdog is not None:
            self._watchdog.stop()
            self._watchdog = None

    async def _watch(self) -> None:
        if not self._busy:
            return
        lost = self._target is None or not self._target.is_attached or self._screen not in self.app.screen_stack
        if lost or time.monotonic() - self._since > GIVE_UP_AFTER:
            self._ticket += 1  # a late note of this key is ignored
            await self._release()
