"""The library screen's filtering: the index, ranking a query (on the UI thread or off it), the list's order, the header.

`Filtering` fills, from what the screen gives its parts (`PartContext`), the
filter bar (its box and error line), the paper list and the header line above it. The
index is built in a thread once the library is open. The box calls `query_changed`
in the key's own handling; a quick ranking is shown at once, a slow one runs in an
exclusive "rank" worker that the next keystroke cancels, and a result whose
query or sort no longer matches the box is dropped. A shown ranking is
announced with `Ranked`. Its keys: Esc in the list, ctrl+s, the palette's "Sort by".
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from tui.core.models import Annotation, Paper
from tui.core.render.text import one_line
from tui.core.search.sorts import FOR_ME_OFF, SORT_NAMES, Cancelled, next_sort
from tui.core.usecases.open import settle
from tui.core.words import plural
from tui.ui.threads import to_ui
from tui.ui.widgets.filter_bar import FilterBar
from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.core.search.index import SearchIndex, SearchResult
    from tui.core.search.query import Query
    from tui.ui.library.annotating import AnnotationSaved
    from tui.ui.library.authors import FollowsChanged
    from tui.ui.library.context import PartContext
    from tui.ui.library.exporting import AnnotationsChanged
    from tui.ui.library.removing import PapersMoved


#: `keep` meaning "the paper under the cursor when the ranking is shown": keys typed while it ranked move it.
CURRENT = "\0current"

#: A ranking that took less than this runs on the UI thread: the typed character and its
#: result are painted in one frame (a worker's result comes a frame later). A slower one
#: moves the next rankings to a worker thread, where a newer key cancels them.
INLINE_UNDER = 0.010


class Ranked(Message):
    """The list now shows a new ranking (or the index became ready): the header's count changed.

    A plain Message, not a dataclass (why: `tui.core.records`).
    """

    def __init__(self, result: SearchResult | None) -> None:
        self.result = result
        super().__init__()


class Filtering:
    """The filter box, the sort order and the header of one library screen."""

    def __init__(self, context: PartContext) -> None:
        """The screen (`host`) runs the workers and hears `Ranked`; the filter bar, the list and the header are what this fills."""
        self.host: Screen = context.host
        self.bar: FilterBar = context.filter_bar
        self.box = self.bar.input
        self._list: PaperList = context.papers
        self._header: Static = context.header
        self.settings = context.settings
        self.library: Library | None = None
        """The open library (None while it opens): the header counts its papers, the index is built from it."""
        self.index: SearchIndex | None = None
        """Built once per library; `annotation_changed` keeps it up to date after saves."""
        self.result: SearchResult | None = None
        """What the list shows now (None until the first ranking: the whole library in list order)."""
        self.sort = "relevance"
        """The chosen sort order; "relevance" without free text in the query means list order."""
        self.keep_next: str | None = None
        """A paper the next ranking keeps under the cursor (the one a relaunch restores), then forgotten."""
        self.held = False
        """The list shows something else (a triage pass): rankings are kept, not shown, until `release`."""
        self.took = 0.0
        """Seconds the last ranking took: under `INLINE_UNDER`, the next one runs on the UI thread."""
        self.in_group = False
        """The library is in a reading group: the sort cycle offers the group score."""
        self.index_hooks: list[Callable[[SearchIndex], None]] = []
        """Called with each new index before its first ranking (the reading group sets its marks on it, the learned
        orders their engine)."""
        self.header_note: Callable[[], str] = lambda: ""
        """More for the header after the order ("rate a few papers 4 or 5", the meaning index's build): the learned orders'."""
        self._builds = 0  # indexes started (`start_index`): one ready from an earlier start is dropped
        self.broken = False
        """The box's query does not parse (its error is on show): the list is the last good query's, dimmed,
        and the header says which query that was, so a list is never taken for the box's."""

    @property
    def text(self) -> str:
        """What the filter box holds now."""
        return self.box.value

    @property
    def active(self) -> bool:
        """A query or a sort other than list order is in force."""
        return bool(self.text) or self.sort != "relevance"

    def _current_id(self) -> str | None:
        current = self._list.current
        return current.id if current is not None else None

    # -- the index ---------------------------------------------------------------------

    def attach(self, library: Library) -> None:
        """The library is open (or opened again): the header counts its papers; its index comes with `start_index`."""
        self.library = library

    def start_index(self, library: Library) -> None:
        """Index `library` (from now on the open one) in a thread; the filter re-runs once it is ready."""
        self.library, self.index = library, None
        self._builds += 1
        build = self._builds
        self.host.run_worker(lambda: self._build_index(library, build), thread=True, exclusive=True, group="index")

    def _build_index(self, library: Library, build: int) -> None:
        """In a thread: load the saved index, or split every paper into words and save it
        (`usecases.list.search_index`); either way the UI thread stays free for keys. A large library's
        titles are indexed first, so a filter typed meanwhile is answered from them."""
        from tui.core.usecases.open import index_for_session

        app = self.host.app
        index = index_for_session(library, early=lambda titles: to_ui(app, self._index_ready, library, titles, build))
        to_ui(app, self._index_ready, library, index, build)

    def _index_ready(self, library: Library, index: SearchIndex, build: int) -> None:
        if not index.provisional:
            # Memory is given back once the first ranking is on screen, not between the index and the first usable filter.
            self.host.call_after_refresh(lambda: self.host.run_worker(settle, thread=True, group="settle"))
        if self.library is not library or build != self._builds:
            return  # another library since (a restored backup), or its papers changed: a newer index is on its way
        index.catch_up(library.annotations())  # saved while it was built
        keep = None
        if self.index is not None:  # the titles' index, replaced: a paper the reader moved to stays under the cursor
            first = self.result[0].id if self.result is not None and len(self.result) else None
            keep = CURRENT if self._current_id() != first else None
        self.index = index
        for hook in self.index_hooks:
            hook(index)
        if self.active:
            self.run(keep)
        else:
            self.host.post_message(Ranked(self.result))

    def on_annotation_saved(self, message: AnnotationSaved) -> None:
        """The search index learns every saved annotation (a filter in force re-runs)."""
        self.annotation_changed(message.annotation.id, message.annotation)

    def on_annotations_changed(self, message: AnnotationsChanged) -> None:
        """A vault sync changed annotations: the index learns them."""
        library = self.library
        if library is not None:
            for pid in message.pids:
                self.annotation_changed(pid, library.annotation(pid))

    def annotation_changed(self, pid: str, annotation: Annotation) -> None:
        """After a save: the index learns the annotation, and a filter in force re-runs."""
        if self.index is not None:
            self.index.update_annotation(pid, annotation)
            if self.active:
                self.run(keep=CURRENT)

    def marks_changed(self) -> None:
        """A reading group's marks changed on the index: a filter or sort in force ranks again."""
        if self.index is not None and self.active:
            self.run(keep=CURRENT)

    def on_follows_changed(self, message: FollowsChanged) -> None:
        """An author followed or no longer (the author page has told the index): a `followed:` filter in force ranks
        again, so the list gains or loses their papers (the "for me" sort relearns on its own: `learned.py`)."""
        from tui.core.search.query import QueryError, parse_query

        try:
            wanted = any(flt.field == "followed" for flt in parse_query(self.text).filters)
        except QueryError:
            return
        if wanted and self.index is not None:
            self.run(keep=CURRENT)

    def on_papers_moved(self, message: PapersMoved) -> None:
        """Papers left for the trash (the cursor moves to the next one left) or came back (it goes to the first);
        the header counts them."""
        from tui.ui.library.removing import neighbour

        if self.library is None or not message.pids:
            return
        paper_list = self._list
        current = paper_list.current.id if paper_list.current is not None else None
        if message.restored:
            keep = [*message.pids[:1], current]  # the restored paper, if this view shows it
        else:
            keep = [neighbour(paper_list.papers, paper_list.cursor, set(message.pids))]
        self.papers_moved(message.pids, restored=message.restored, keep=keep)
        self.show_header()

    def papers_moved(self, pids: Sequence[str], *, restored: bool, keep: Sequence[str | None]) -> None:
        """Papers went to the trash or came back: the index hides or shows them (no rebuild) and the list
        is ranked again at once, the cursor on the first of `keep` it shows. Papers the index never had
        (restored after an import re-indexed) mean a rebuild, as after an import; so does a move while
        the index is still being built (it would come with them)."""
        library, index = self.library, self.index
        assert library is not None
        if index is None or index.provisional or not index.set_hidden(pids, not restored):
            self.result = None
            self._list.set_papers(library.papers, keep=_first_in(library.papers, keep))
            self.start_index(library)
            return
        if self.result is None:
            self._list.set_papers(library.papers, keep=_first_in(library.papers, keep))
            return
        self.host.workers.cancel_group(self.host, "rank")
        from tui.core.search.query import QueryError, parse_query  # imported after the first frame (the query rules compile regexes)

        try:
            query = parse_query(self.text)
        except QueryError:
            query = self.result.query  # the box shows an error; the list keeps the last good query
        result = self.result = index.search(query, self.sort)
        self._list.set_papers(result, result.spans, keep=_first_in(result, keep))
        self.host.post_message(Ranked(result))

    # -- running a query --------------------------------------------------------------

    def query_changed(self, value: str) -> None:
        """The box changed: typing puts the best match under the cursor; clearing keeps the paper in view."""
        self.run(keep=CURRENT if not value.strip() else None)

    def run(self, keep: str | None = None) -> None:
        """Parse the box and rank in a worker; a malformed query leaves the list as it was."""
        bar = self.bar
        from tui.core.search.query import QueryError, parse_query

        try:
            query = parse_query(self.text)
        except QueryError as exc:
            bar.show_error(str(exc))
            self._mark_broken(True)
            return
        bar.show_error(None)
        self._mark_broken(False)
        keep = keep if keep is not None else self.keep_next
        if self.index is None:
            self.host.post_message(Ranked(self.result))
            return  # `_index_ready` runs it
        index, sort = self.index, self.sort
        if self.took < INLINE_UNDER:
            self.host.workers.cancel_group(self.host, "rank")
            self.show(self._search(index, query, sort), keep)
            return
        self.host.run_worker(lambda: self._rank(index, query, sort, keep), thread=True, exclusive=True, group="rank")

    def _mark_broken(self, broken: bool) -> None:
        """The list is (or is no longer) the last good query's while the box holds a malformed one."""
        if broken != self.broken:
            self.broken = broken
            self._list.set_class(broken, "-stale")
            self.show_header()

    def _search(self, index: SearchIndex, query: Query, sort: str, should_stop: Callable[[], bool] = lambda: False) -> SearchResult:
        """Rank, timing it (`took`); raises `Cancelled` when `should_stop` says so."""
        start = time.perf_counter()
        result = index.search(query, sort, should_stop=should_stop)
        self.took = time.perf_counter() - start
        return result

    def _rank(self, index: SearchIndex, query: Query, sort: str, keep: str | None) -> None:
        worker = get_current_worker()
        try:
            result = self._search(index, query, sort, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        if not worker.is_cancelled:
            to_ui(self.host.app, self.show, result, keep)

    def show(self, result: SearchResult, keep: str | None = None) -> None:
        """Show a ranking unless the box or the sort changed since it started."""
        if result.query.text != self.text or result.sort != self.sort or result.ranked_by is not self.index:
            return
        self.result = result
        self.keep_next = None
        if keep == CURRENT:
            keep = self._current_id()
        if not self.held:
            self._list.set_empty_text(self._no_match_text(result))
            self._list.set_papers(result, result.spans, keep=keep)
        # The count now, not when `Ranked` reaches the screen: painted in the list's frame, not one after.
        self.show_header()
        self.host.post_message(Ranked(result))

    def release(self, keep: str | None) -> None:
        """The list is the view's again (a triage pass ended): show the filter's ranking now, on `keep`.

        Ranked on this thread, so the key typed after leaving acts on the view's list.
        """
        self.held = False
        library, index = self.library, self.index
        if library is None:
            return
        if not self.active or index is None:
            self._list.set_papers(library.papers, keep=keep)
            if self.active:
                self.keep_next = keep  # `_index_ready` ranks it
            return
        from tui.core.search.query import QueryError, parse_query

        try:
            query = parse_query(self.text)
        except QueryError:
            self.result = None  # the list is the whole library's, as the header says
            self._list.set_papers(library.papers, keep=keep)
            self.show_header()
            return
        self.host.workers.cancel_group(self.host, "rank")
        self.show(index.search(query, self.sort), keep=keep)

    def catch_up(self) -> None:
        """Rank what is typed *now* if the list lags behind (Enter in the box), on this thread.

        So a key typed right after Enter (`/lora⏎4`) acts on the best match of
        the final query, not on a list a keystroke behind.
        """
        index, text = self.index, self.text
        stale = self.result is None or self.result.query.text != text or self.result.sort != self.sort
        if index is None or not stale or not (text.strip() or self.result is not None):
            return
        from tui.core.search.query import QueryError, parse_query

        try:
            query = parse_query(text)
        except QueryError:
            return  # the error line is already shown; the list stays as it was
        self.host.workers.cancel_group(self.host, "rank")
        # As when typing: an emptied box keeps the highlighted paper, a query puts its best match first.
        self.show(index.search(query, self.sort), keep=self._current_id() if not text.strip() else None)

    @property
    def matches_nothing(self) -> bool:
        """The list is empty because the filter matched no paper (not because the library is)."""
        return self.result is not None and not len(self.result) and not self.result.query.is_empty

    def _no_match_text(self, result: SearchResult) -> Text | None:
        """"No paper matches `xyzzyq`" and how to clear it, for the list area; None when something matched."""
        if len(result) or result.query.is_empty:
            return None
        if self.index is not None and self.index.provisional:  # ranked from the titles: the abstracts may still match
            text = Text.assemble(" No title matches ", (f"`{one_line(result.query.text)}`", "bold"), " yet\n")
            text.append(" the abstracts are still being indexed", style="italic")
            return text
        text = Text.assemble(" No paper matches ", (f"`{one_line(result.query.text)}`", "bold"), "\n")
        text.append(" Esc clears the filter", style="italic")
        return text

    def highlights_for(self, paper: Paper | None) -> list[str]:
        """The words to mark in the reading pane for `paper`."""
        if self.result is None or paper is None or self.result.query.is_empty:
            return []
        return self.result.words_for(paper)

    def header(self) -> str:
        """ "7 / 33 · relevance", or "33 papers · list order" when nothing is filtered; "· read-only" after either.
        While the box's query has an error, "· still for `foo`" (or "· not filtered") says what the list shows."""
        library = self.library
        total = len(library.papers) if library else 0
        result = self.result
        ranks = result is not None and result.query.ranks
        order = SORT_NAMES["list" if self.sort == "relevance" and not ranks else self.sort]
        if self.index is None and library is not None and (self.text or total > 5000):
            order += " · indexing…"
        elif self.index is not None and self.index.provisional:
            order += " · titles only, indexing abstracts…"
        note = self.header_note()
        if note:
            order += f" · {note}"
        suffix = " · read-only" if library is not None and library.read_only else ""
        if self.broken:  # the box's query has an error: say what the list is instead
            # "foo:" while typing "foo:bar" ranked as `foo`: name that, not a field left dangling
            shown = result.query.text.strip().rstrip(":").rstrip() if result is not None else ""
            suffix = (f" · still for `{one_line(shown)}`" if shown else " · not filtered") + suffix
        if result is None or result.query.is_empty:
            return f"{plural(total)} · {order}{suffix}"
        return f"{len(result)} / {total} · {order}{suffix}"

    def on_ranked(self, message: Ranked) -> None:
        """A ranking is shown (or the index is ready): the header counts it."""
        self.show_header()

    def show_header(self) -> None:
        """Put `header` on its line: one row, so no layout pass; unchanged (the `Ranked` after a keystroke
        that `show` counted already), no repaint either."""
        text = self.header()
        if self._header.content != text:
            self._header.update(text, layout=False)

    # -- sort orders and saved views ----------------------------------------------------------

    def action_clear_filter(self) -> None:
        """Esc in the list: an active filter is cleared, the highlighted paper stays."""
        if self.text:
            self.apply_query("")

    def action_sort_by(self, sort: str) -> None:
        """Order the list by `sort`, keeping the highlighted paper ("for me" only when the settings leave it on)."""
        if sort == "for-me" and not self.settings.for_me:
            self.host.notify(f"Not sorted: {FOR_ME_OFF}.", severity="warning", markup=False)
            return
        self.sort = sort
        self.host.post_message(Ranked(self.result))
        self.run(keep=CURRENT)

    def action_cycle_sort(self) -> None:
        """The next order that changes the list (relevance is list order without free text), and say which."""
        from tui.core.search.query import QueryError, parse_query

        try:
            ranks = parse_query(self.text).ranks
        except QueryError:
            ranks = False
        self.action_sort_by(next_sort(self.sort, ranks, self.in_group, self.settings.for_me))
        shown = "list" if self.sort == "relevance" and not ranks else self.sort
        self.host.notify(f"Sorted by {SORT_NAMES[shown]} (ctrl+s: next order)", timeout=2, markup=False)

    def apply_query(self, text: str) -> None:
        """Put `text` in the filter box (a saved view); the list re-ranks as if typed."""
        text = one_line(text)  # a stored query is data: no control character reaches the terminal raw
        box = self.box
        box.value = text
        box.cursor_position = len(text)
        self._list.focus()


def _first_in(papers: Sequence[Paper], wanted: Sequence[str | None]) -> str | None:
    """The first id of `wanted` that `papers` holds (None: the list's first paper)."""
    present = {pid for pid in wanted if pid is not None}
    if not present:
        return None
    found = {p.id for p in papers if p.id in present}
    return next((pid for pid in wanted if pid in found), None)
