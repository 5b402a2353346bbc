"""The library screen's related papers: the "more like this" index, built in a thread and kept in step.

`RelatedPapers` asks about the open library (`PartContext`). The
index (tui/core/related) is built in a thread from the search index's words
when the first question comes (`m`): building it takes CPU and memory
(benchmarks/related.py and benchmarks/memory.py measure them) that a reader who
never asks should not pay. The question waits for it. Saves of tags and notes
update it in place; an import brings a new search index, and with it a new
related index. A question is answered on the UI thread, before the next key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tui.core.models import Annotation, Paper
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.core.related.index import RelatedIndex, Similar
    from tui.core.search.index import SearchIndex
    from tui.ui.library.annotating import AnnotationSaved
    from tui.ui.library.context import PartContext
    from tui.ui.library.exporting import AnnotationsChanged
    from tui.ui.library.filtering import Ranked
    from tui.ui.widgets.paper_list import PaperList

#: How many related papers `m` shows.
LIMIT = 10
#: How many BM25 neighbours the learned orders re-order (meaning and ratings can lift one BM25 put far down);
#: every one shares words with the paper, so the dialog can still say which.
POOL = 5 * LIMIT

Reply = Callable[["list[Similar]", int, str], None]
"""Hears the papers most like one, the library's size, and what the order lacks ("" when nothing: `Reorder`)."""
Reorder = Callable[[str, "list[Similar]"], "tuple[list[Similar], str]"]
"""BM25's neighbours re-ordered by meaning and ratings, and "" (or, until the engine is ready, as they are, and a
short line saying so: "meaning index building — words only")."""


class Searchable(Protocol):
    """What the related papers ask of the filtering: the search index they are built from."""

    @property
    def index(self) -> SearchIndex | None: ...


class RelatedPapers:
    """The related-papers index of one library screen, and the questions waiting for it."""

    def __init__(self, context: PartContext, searchable: Searchable, reorder: Reorder = lambda pid, similar: (similar, "")) -> None:
        """The screen (`host`) runs the build and shows the dialog; `searchable.index` is the search index, ready
        once a ranking says so; `go_to(pid)` shows a paper chosen in the dialog; `reorder` fuses BM25's
        neighbours with meaning and ratings (`Learned.reorder_related`)."""
        self.reorder = reorder
        self.host: Screen = context.host
        self.library: Callable[[], Library | None] = context.library
        self.library_ready = context.library_ready
        self.papers: PaperList = context.papers
        self.searchable, self.go_to = searchable, context.go_to
        self.index: RelatedIndex | None = None
        """None until built (and again while an import's papers are being indexed)."""
        self._search: SearchIndex | None = None  # the search index the related index is (to be) built from
        self._building = False
        self._changed: dict[str, Annotation] = {}  # saved while the index was being built
        self._waiting: list[tuple[str, Reply]] = []
        self._words_only: tuple[str, Callable[[list[Similar], int, str], None]] | None = None
        """The paper and the dialog's `refill` of the last answer given by words alone: answered again once
        the meaning index is ready (a ranking follows its build: `on_ranked`)."""

    def on_ranked(self, message: Ranked) -> None:
        index = self.searchable.index
        if index is not None and not index.provisional:
            self.start(index)  # built from the search index's words, once the whole index is ready
        self._answer_again()

    def _answer_again(self) -> None:
        """The dialog answered by words alone gets the re-ordered list once the meaning index is there."""
        if self._words_only is None or self.index is None:
            return
        pid, refill = self._words_only
        similar, note = self.reorder(pid, self.index.similar(pid, POOL))
        if not note:
            self._words_only = None
            refill(similar[:LIMIT], self.index.size, note)

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
        search, library = self._search, self.library()
        if search is None or self._building:
            return
        self._building = True
        self.host.run_worker(lambda: self._build(search, library), thread=True, group="related")

    def papers_changed(self) -> None:
        """An import: questions wait for the index of the new papers (built once they are searchable);
        a build of the old papers still under way is dropped when it ends."""
        self.index, self._search, self._building = None, None, False

    def _build(self, search: SearchIndex, library: Library | None) -> None:
        from tui.core.related.index import RelatedIndex  # numpy and PyStemmer: never before the first frame

        index = RelatedIndex(search, library.annotations() if library is not None else None)
        to_ui(self.host.app, self._ready, index, search)

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

    def on_annotation_saved(self, message: AnnotationSaved) -> None:
        self.annotation_changed(message.annotation.id, message.annotation)

    def on_annotations_changed(self, message: AnnotationsChanged) -> None:
        library = self.library()
        if library is not None:
            for pid in message.pids:
                self.annotation_changed(pid, library.annotation(pid))

    def annotation_changed(self, pid: str, annotation: Annotation) -> None:
        """After a save: the reader's tags and notes weigh in at once."""
        if self.index is not None:
            self.index.update_annotation(pid, annotation)
        elif self._building:  # the build read the annotations before this save
            self._changed[pid] = annotation

    def ask(self, pid: str, reply: Reply) -> None:
        """Call `reply(similar, library_size)` with the papers most like `pid`: at once when the index is
        ready, else when it is. At once, on this thread: answering before the next key is handled lets a key
        typed right after `m` (Enter, a cursor move) act on the list it meant."""
        if self.index is None:
            self._waiting.append((pid, reply))  # answered by `_ready`
            self._build_soon()
            return
        similar, note = self.reorder(pid, self.index.similar(pid, POOL))
        reply(similar[:LIMIT], self.index.size, note)

    def action_more_like_this(self) -> None:
        """`m`: the papers most like the highlighted one; Enter in the dialog goes to one."""
        if self.library_ready() is not None:
            self.show_dialog(self.papers.current, self._go_to_chosen)

    def _go_to_chosen(self, pid: str | None) -> None:
        if pid is None:
            return
        if not any(p.id == pid for p in self.papers.papers):
            self.host.notify("The filter hid that paper: cleared it to show the paper.", markup=False)
        self.go_to(pid)

    def show_dialog(self, paper: Paper | None, go_to: Callable[[str | None], None]) -> None:
        """`m`: the papers most like `paper` in a dialog; `go_to(pid)` hears the one chosen (None: closed)."""
        from tui.core.render.titles import row_title
        from tui.ui.screens.related import RelatedScreen

        library = self.library()
        if library is None:
            return
        if paper is None:
            self.host.notify("No paper is highlighted: there is nothing to compare.", severity="warning", markup=False)
            return
        dialog = RelatedScreen(paper, row_title(paper, library.annotation(paper.id)), lambda p: row_title(p, library.annotation(p.id)))

        def closed(pid: str | None) -> None:
            self._words_only = None
            go_to(pid)

        self.host.app.push_screen(dialog, closed)

        def shown(similar: list[Similar], size: int, note: str) -> None:
            self._words_only = (paper.id, dialog.refill) if note else None
            dialog.show(similar, size, note)

        self.ask(paper.id, shown)
