"""The library screen's related papers: the "more like this" index, built in a thread and kept in step.

`RelatedPapers` is owned by the screen. The index (tui/core/related) is
built in a thread once the search index is ready, so the two builds never
compete with each other or with the first paint; a question asked before it
is ready waits for it. Saves of tags and notes update it in place; an
import builds a new one. Every question is answered off the UI thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tui.core.models import Annotation
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.library import Library
    from tui.core.related.index import RelatedIndex, Similar
    from tui.ui.library.screen import LibraryScreen

#: How many related papers `m` shows.
LIMIT = 10

Reply = Callable[["list[Similar]", int], None]


class RelatedPapers:
    """The related-papers index of one library screen, and the questions waiting for it."""

    def __init__(self, screen: "LibraryScreen") -> None:
        self.screen = screen
        self.index: RelatedIndex | None = None
        """None until built (and again while an import's papers are being indexed)."""
        self._library: Library | None = None
        self._generation = 0
        self._changed: dict[str, Annotation] = {}  # saved while the index was being built
        self._waiting: list[tuple[str, Reply]] = []

    def start(self, library: Library) -> None:
        """Index `library`'s papers in a thread, unless that is done or under way."""
        if self._library is library:
            return
        self._library, self.index = library, None
        self._generation += 1
        self._changed.clear()
        generation = self._generation
        self.screen.run_worker(lambda: self._build(library, generation), thread=True, group="related")

    def papers_changed(self, library: Library) -> None:
        """An import: the papers differ, so a new index is built (if one was built or asked for)."""
        if self._library is not None:
            self._library = None
            self.start(library)

    def _build(self, library: Library, generation: int) -> None:
        from tui.core.related.index import RelatedIndex  # numpy and PyStemmer: never before the first frame

        index = RelatedIndex(library.papers, library.annotations())
        to_ui(self.screen.app, self._ready, index, generation)

    def _ready(self, index: RelatedIndex, generation: int) -> None:
        if generation != self._generation:
            return  # papers changed while it was built: a newer build is under way
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
        elif self._library is not None:
            self._changed[pid] = annotation

    def ask(self, pid: str, reply: Reply) -> None:
        """Find the papers most like `pid` in a thread; `reply(similar, library_size)` runs on the UI thread."""
        index = self.index
        if index is None:
            self._waiting.append((pid, reply))
            library = self.screen.library
            if library is not None:
                self.start(library)
            return
        app = self.screen.app
        self.screen.run_worker(lambda: to_ui(app, reply, index.similar(pid, LIMIT), index.size), thread=True, group="related-ask")
