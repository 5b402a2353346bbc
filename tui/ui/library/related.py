"""The library screen's related papers: the "more like this" index, built in a thread and kept in step.

`RelatedPapers` is owned by the screen. The index (tui/core/related) is
built in a thread from the search index's words once that index is ready
(so it never competes with the first paint or the search index's build) and
the filter box has been still for a second (so it does not compete with
keystrokes); a question asked before it is ready starts it at once and waits
for it. Saves of tags and notes update it in place; an import brings a new
search index, and with it a new related index. A question is answered on the UI thread (milliseconds).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

from tui.core.models import Annotation
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.related.index import RelatedIndex, Similar
    from tui.core.search.index import SearchIndex
    from tui.ui.library.screen import LibraryScreen

#: How many related papers `m` shows.
LIMIT = 10

#: The build waits until no key has been typed in the filter box for this long (seconds), counted from
#: when the search index became ready at the earliest: it takes 0.8 s of CPU at 50,000 papers, and a
#: thread that busy shares the interpreter with every keystroke (the first query after a start, typed
#: as the index came ready, took 300-500 ms a key).
QUIET = 1.0

Reply = Callable[["list[Similar]", int], None]


class RelatedPapers:
    """The related-papers index of one library screen, and the questions waiting for it."""

    def __init__(self, screen: "LibraryScreen") -> None:
        self.screen = screen
        self.index: RelatedIndex | None = None
        """None until built (and again while an import's papers are being indexed)."""
        self._search: SearchIndex | None = None  # the search index the related index is (being) built from
        self._changed: dict[str, Annotation] = {}  # saved while the index was being built
        self._waiting: list[tuple[str, Reply]] = []
        self._pending = False  # started, waiting for the typing to pause
        self._asked_at = 0.0

    def start(self, search: SearchIndex) -> None:
        """Build the related index from `search` in a thread, unless that is done or under way."""
        if self._search is search:
            return
        self._search, self.index, self._pending = search, None, True
        self._changed.clear()
        self._asked_at = time.monotonic()  # the search index is ready now: the reader may start typing
        self._build_when_quiet(search)

    def _build_when_quiet(self, search: SearchIndex) -> None:
        if not self._pending or search is not self._search:
            return  # built already (a question asked for it), or the papers changed since
        wait = max(self.screen.filtering.typed_at, self._asked_at) + QUIET - time.monotonic()
        if wait > 0:
            self.screen.set_timer(wait, lambda: self._build_when_quiet(search))
            return
        self._launch()

    def _launch(self) -> None:
        search, library, self._pending = self._search, self.screen.library, False
        self.screen.run_worker(lambda: self._build(search, library), thread=True, group="related")

    def papers_changed(self) -> None:
        """An import: questions wait for the index of the new papers (built once they are searchable);
        a build of the old papers still under way is dropped when it ends."""
        self.index, self._search, self._pending = None, None, False

    def _build(self, search: SearchIndex, library) -> None:  # type: ignore[no-untyped-def]
        from tui.core.related.index import RelatedIndex  # numpy and PyStemmer: never before the first frame

        index = RelatedIndex(search, library.annotations() if library is not None else None)
        to_ui(self.screen.app, self._ready, index, search)

    def _ready(self, index: RelatedIndex, search: SearchIndex) -> None:
        if search is not self._search:
            return  # the papers changed while it was built: a newer build is under way
        for pid, annotation in self._changed.items():
            index.update_annotation(pid, annotation)
        self._changed.clear()
        self.index = index
        waiting, self._waiting = self._waiting, []
        for pid, reply in waiting:
            self.ask(pid, reply)

    def annotation_changed(self, pid: str, annotation: Annotation) -> None:
        """After a save: the reader's tags and notes weigh in at once."""
        if self.index is not None:
            self.index.update_annotation(pid, annotation)
        elif self._search is not None:
            self._changed[pid] = annotation

    def ask(self, pid: str, reply: Reply) -> None:
        """Call `reply(similar, library_size)` with the papers most like `pid`: at once when the index is
        ready, else when it is. At once, on this thread: a question costs milliseconds (under 20 at
        100,000 papers, benchmarks/related.py), and answering before the next key is handled lets a key
        typed right after `m` (Enter, a cursor move) act on the list it meant."""
        if self.index is None:
            self._waiting.append((pid, reply))  # answered by `_ready`
            if self._pending:
                self._launch()  # asked for while the typing had not paused
            return
        reply(self.index.similar(pid, LIMIT), self.index.size)
