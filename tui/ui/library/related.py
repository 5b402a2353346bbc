"""The library screen's related papers: the "more like this" index, built in a thread and kept in step.

`RelatedPapers` is owned by the screen. The index (tui/core/related) is
built in a thread from the search index's words when the first question
comes (`m`): building it costs about a second of CPU and, at 50,000 papers,
~80 MiB at its peak (the postings it reads and the weights it keeps: 191 MiB
once `m` answered against 114 after a filter, benchmarks/memory.py), which a
reader who never asks should not pay (a start with one filter stays near
70 MiB at 5,000 papers). The question waits for it. Saves of tags and notes update it in place; an import brings a new
search index, and with it a new related index. A question is answered on
the UI thread (milliseconds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tui.core.models import Annotation
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.related.index import RelatedIndex, Similar
    from tui.core.search.index import SearchIndex
    from tui.ui.library.screen import LibraryScreen

#: How many related papers `m` shows.
LIMIT = 10

Reply = Callable[["list[Similar]", int], None]


class RelatedPapers:
    """The related-papers index of one library screen, and the questions waiting for it."""

    def __init__(self, screen: LibraryScreen) -> None:
        self.screen = screen
        self.index: RelatedIndex | None = None
        """None until built (and again while an import's papers are being indexed)."""
        self._search: SearchIndex | None = None  # the search index the related index is (to be) built from
        self._building = False
        self._changed: dict[str, Annotation] = {}  # saved while the index was being built
        self._waiting: list[tuple[str, Reply]] = []

    def start(self, search: SearchIndex) -> None:
        """The papers are searchable with `search`: the related index is built from it when first asked for
        (at once when a question is already waiting)."""
        if self._search is search:
            return
        self._search, self.index, self._building = search, None, False
        self._changed.clear()
        if self._waiting:
            self._build_soon()

    def _build_soon(self) -> None:
        search, library = self._search, self.screen.library
        if search is None or self._building:
            return
        self._building = True
        self.screen.run_worker(lambda: self._build(search, library), thread=True, group="related")

    def papers_changed(self) -> None:
        """An import: questions wait for the index of the new papers (built once they are searchable);
        a build of the old papers still under way is dropped when it ends."""
        self.index, self._search, self._building = None, None, False

    def _build(self, search: SearchIndex, library) -> None:  # type: ignore[no-untyped-def]
        from tui.core.related.index import RelatedIndex  # numpy and PyStemmer: never before the first frame

        index = RelatedIndex(search, library.annotations() if library is not None else None)
        to_ui(self.screen.app, self._ready, index, search)

    def _ready(self, index: RelatedIndex, search: SearchIndex) -> None:
        if search is not self._search:
            return  # the papers changed while it was built: a newer build is under way
        self._building = False
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
        elif self._building:  # the build read the annotations before this save
            self._changed[pid] = annotation

    def ask(self, pid: str, reply: Reply) -> None:
        """Call `reply(similar, library_size)` with the papers most like `pid`: at once when the index is
        ready, else when it is. At once, on this thread: a question costs milliseconds (under 20 at
        100,000 papers, benchmarks/related.py), and answering before the next key is handled lets a key
        typed right after `m` (Enter, a cursor move) act on the list it meant."""
        if self.index is None:
            self._waiting.append((pid, reply))  # answered by `_ready`
            self._build_soon()
            return
        reply(self.index.similar(pid, LIMIT), self.index.size)
