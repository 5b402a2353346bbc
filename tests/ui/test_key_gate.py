"""The key gate on its own: keys queued behind one in flight when the gate closes wait until it opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events

from tui.ui.key_gate import KeyGate


class _Screen:
    is_attached = False  # a key's note cannot be sent: the gate releases the next key at once


class _App:
    """What the gate asks of an app: its screen, and callbacks run later (here: when the test says)."""

    def __init__(self) -> None:
        self.screen = _Screen()
        self.later: list[Callable[[], Any]] = []

    def call_later(self, callback: Callable[[], Any]) -> None:
        self.later.append(callback)


async def _run_later(app: _App) -> None:
    while app.later:
        await app.later.pop(0)()


async def test_keys_behind_a_key_in_flight_when_the_gate_closes_wait_for_it_to_open() -> None:
    """At launch the terminal can hand over the first key typed before the gate closes (the library
    still opening): the keys behind it must wait for the restored library, not follow it one by one."""
    app = _App()
    handed: list[str] = []

    async def dispatch(event: events.Key) -> None:
        handed.append(event.key)
        gate.sent(None)

    gate = KeyGate(app, dispatch)  # type: ignore[arg-type]
    assert gate.hold(events.Key("slash", "/")) is False  # in flight: the app handles it now
    gate.close()
    assert gate.hold(events.Key("j", "j")) and gate.hold(events.Key("3", "3"))
    gate.sent(None)  # the first key is done
    await _run_later(app)
    assert handed == [] and not gate.busy  # closed: nothing more is handed out
    gate.open()
    await _run_later(app)
    assert handed == ["j", "3"]
