"""Saves issued by the UI, run in worker threads, landing on disk in the order they were asked.

The UI asks for a save (`request`, on its own thread, which hands out a
ticket), a worker thread writes it (`write`), and the UI forgets it once it
landed or failed (`settle`). Tickets are handed out in request order, so a
save overtaken by a newer one for the same paper and field is dropped, even
when the threads run out of order. Until then `view` shows the annotation
as it will be, so pressing `s` twice quickly cycles the status twice.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import replace
from typing import Any

from tui.core.models import Annotation, utc_now
from tui.core.store.changes import normalized
from tui.core.store.storage import LibraryStore


class SaveRequest:
    """One save to run: which paper, which fields, and its place in line.

    A plain class, not a frozen dataclass (why: `tui.core.records`): a request is only made, read and dropped.
    """

    __slots__ = ("ticket", "pid", "changes")

    def __init__(self, ticket: int, pid: str, changes: dict[str, Any]) -> None:
        self.ticket, self.pid, self.changes = ticket, pid, changes


class AnnotationSaver:
    """Orders and tracks saves of annotations through one library store. Thread-safe."""

    def __init__(self, library: LibraryStore) -> None:
        self.library = library
        self._tickets = itertools.count(1)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        #: pid -> field -> (ticket, value) of saves asked for but not settled.
        self._pending: dict[str, dict[str, tuple[int, Any]]] = {}
        #: (pid, field) -> ticket of the newest save written for it.
        self._landed: dict[tuple[str, str], int] = {}

    def request(self, pid: str, **changes: Any) -> SaveRequest:
        """Queue `changes` for `pid`; return the request for a worker to `write`."""
        with self._lock:
            ticket = next(self._tickets)
            fields = self._pending.setdefault(pid, {})
            for name, value in changes.items():
                fields[name] = (ticket, value)
            return SaveRequest(ticket, pid, dict(changes))

    def view(self, pid: str) -> Annotation:
        """The stored annotation with every pending change applied on top."""
        stored = self.library.annotation(pid)
        with self._lock:
            pending = {name: value for name, (_, value) in self._pending.get(pid, {}).items()}
        if not pending:
            return stored
        return replace(stored, **normalized(stored, pending, utc_now()))

    def write(self, request: SaveRequest) -> Annotation:
        """Write the request (from any thread), minus fields a newer save already wrote.

        Returns the stored annotation; raises what the store raises.
        """
        with self._write_lock:
            changes = {
                name: value
                for name, value in request.changes.items()
                if self._landed.get((request.pid, name), 0) < request.ticket
            }
            if not changes:
                return self.library.annotation(request.pid)
            stored = self.library.save_annotation(request.pid, **changes)
            for name in changes:
                self._landed[(request.pid, name)] = request.ticket
            return stored

    def settle(self, request: SaveRequest) -> None:
        """Forget the request's pending values (those no newer request replaced)."""
        with self._lock:
            fields = self._pending.get(request.pid, {})
            for name in request.changes:
                if fields.get(name, (None,))[0] == request.ticket:
                    del fields[name]
            if not fields:
                self._pending.pop(request.pid, None)

    def save_now(self, pid: str, **changes: Any) -> Annotation:
        """Request, write and settle on the calling thread (for quitting and signals)."""
        request = self.request(pid, **changes)
        try:
            return self.write(request)
        finally:
            self.settle(request)
