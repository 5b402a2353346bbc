"""Annotation saves and moves to or from the trash reach the disk in the order their keys were typed.

Saves run in thread workers and land in request order among themselves
(`core.store.saver`); moves (`Removing`) run one at a time. Between the two
kinds, each write waits only for the writes of the other kind asked before
it: a move for the saves under way when it was asked (a rating just given
goes to the trash with its paper), a save for the moves asked and not yet
landed (`u u` undoing a removal and then a status of the paper it brings
back: the status is written once the paper is back, not into the trash,
where the restore would replace it). Waiting only on what was asked
earlier keeps the two from ever waiting on each other.
"""

from __future__ import annotations

import asyncio


class WriteOrder:
    """The moves asked for and not yet landed, oldest first; shared by the screen's `Annotator` and `Removing`."""

    def __init__(self) -> None:
        self._moves: list[asyncio.Event] = []

    def move_asked(self) -> asyncio.Event:
        """A move was queued (on the UI thread): saves asked from now on wait for the returned event."""
        landed = asyncio.Event()
        self._moves.append(landed)
        return landed

    def move_done(self, landed: asyncio.Event) -> None:
        """The move landed or failed: the saves waiting for it go on."""
        landed.set()
        if landed in self._moves:
            self._moves.remove(landed)

    def moves_ahead(self) -> list[asyncio.Event]:
        """The moves a save asked now must wait for (none, mostly: then it runs at once)."""
        return list(self._moves)
