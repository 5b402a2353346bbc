"""Pilot helpers shared by the UI tests: settling, typing at speed, reading the screen, big libraries."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterable

from textual import events
from textual.widgets import Static

from tui.core.library import Library
from tui.ui.app import PaperdeskApp
from tui.ui.widgets.key_hints import KeyHints

#: Key names of the characters the tests type (Textual names keys after Unicode character names).
_NAMED = {" ": "space", "\n": "enter", "\t": "tab"}


def key_of(char: str) -> str:
    """The key name a terminal reports for `char`."""
    if char in _NAMED:
        return _NAMED[char]
    if char.isalnum():
        return char
    name = unicodedata.name(char).lower().replace("-", "_").replace(" ", "_")
    return {"solidus": "slash", "reverse_solidus": "backslash"}.get(name, name)  # as Textual names them


def key_event(key: str) -> events.Key:
    """A key as the driver reads it: `key` is a name ("escape", "ctrl+p") or one character."""
    if len(key) == 1:
        return events.Key(key_of(key), key if key not in "\n\t" else None)
    return events.Key(key, None)


def burst(app: PaperdeskApp, keys: Iterable[str]) -> None:
    """Every key at once, as typed faster than the app paints: nothing waits between them."""
    for key in keys:
        app.post_message(key_event(key))


async def settle(app: PaperdeskApp, pilot, rounds: int = 3) -> None:
    """Let workers (ranking, saving) finish and their results reach the screen."""
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
    # The pane follows typing; a crashed app ends the wait.
    while app.is_running and (app.key_gate.busy or getattr(getattr(app.screen, "pane", None), "due", False)):
        await pilot.pause(0.01)
    await app.workers.wait_for_complete()
    await pilot.pause()


def hold_library_open(monkeypatch) -> threading.Event:
    """`Library.open` waits until the returned event is set (10 s at most): keys typed meanwhile meet a
    library still opening, as on a first launch or with a large library (opened in a thread)."""
    opening = threading.Event()
    real_open = Library.open

    def slow_open(cls, *args, **kwargs):
        opening.wait(10)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(Library, "open", classmethod(slow_open))
    return opening


def text_of(app: PaperdeskApp, selector: str) -> str:
    """The plain text a Static (or the footer, `KeyHints`) on the current screen shows."""
    return str(app.screen.query_one(selector, (Static, KeyHints)).render())




def big_library(folder, n: int) -> Library:
    """A library of `n` synthetic papers (the benchmarks' corpus), through the real import path."""
    from benchmarks.corpus import papers
    from tui.core.ingest.parsed import ParsedFile

    library = Library.open(folder, seed=False)
    library.add_papers([ParsedFile(folder / "synthetic.json", "json", "Synthetic", papers(n))])
    return library


async def type_text(pilot, text: str) -> None:
    """Press the keys of `text`, one at a time, as a reader types."""
    await pilot.press(*(key_of(char) for char in text))


def notices(app: PaperdeskApp) -> list[str]:
    """The messages of the notifications shown so far."""
    return [str(n.message) for n in app._notifications]
