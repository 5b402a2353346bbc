"""The library screen's filtering: index, rank off the UI thread, show hits, sort orders, saved views.

A mixin so the screen file stays a thin wiring of its parts. The index is
built in a thread once the library is open; each keystroke in the filter box
starts an exclusive "rank" worker (cancelling the previous one) and a result
whose query or sort no longer matches the box is dropped.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding
from textual.worker import get_current_worker

from tui.core.errors import PaperdeskError
from tui.core.memory import release_free_memory
from tui.core.models import Annotation
from tui.core.search.query import Query, QueryError, parse_query
from tui.core.search.sorts import SORT_NAMES, Cancelled, next_sort
from tui.ui.commands import ViewCommands
from tui.ui.screens.save_view import SaveViewScreen
from tui.ui.widgets.filter_bar import FilterBar, FilterInput
from tui.ui.widgets.paper_list import PaperList
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from tui.core.search.index import SearchIndex, SearchResult

FILTER_BINDINGS = [
    Binding("slash", "focus_filter", "Filter", key_display="/"),
    Binding("ctrl+s", "cycle_sort", "Sort", key_display="^s", show=False),
    Binding("ctrl+b", "save_view", "Save view", key_display="^b", show=False),
]


class FilterMixin:
    """Filtering for `LibraryScreen` (which provides `app`, `query_one`, `notify`, workers)."""

    COMMANDS = {ViewCommands}

    search_index: SearchIndex | None = None
    """Built once per library; the annotation editor calls `annotation_changed` after a save."""
    result: SearchResult | None = None
    """What the list shows now (None until the first ranking: the whole library in list order)."""
    sort: str = "relevance"
    """The chosen sort order; "relevance" without free text in the query means list order."""

    # -- the index ---------------------------------------------------------------------

    def start_index(self, library) -> None:  # type: ignore[no-untyped-def]
        self.search_index = None
        self.build_index(library)

    @work(thread=True, exclusive=True, group="index")
    def build_index(self, library) -> None:  # type: ignore[no-untyped-def]
        """Load the saved index, or split every paper into words (about a second per 10,000 papers) and save it."""
        from tui.core.library import search_index  # numpy and rapidfuzz: off the start-up path

        index = search_index(library)
        to_ui(self.app, self._index_ready, library, index)

    def _index_ready(self, library, index: SearchIndex) -> None:  # type: ignore[no-untyped-def]
        if self.app.library is not library:
            return
        self.search_index = index
        # The papers and the index live as long as the app: keep the cyclic GC from re-scanning
        # them, which otherwise costs tens of milliseconds at random keystrokes at 100,000 papers.
        release_free_memory()
        gc.freeze()
        if self.filter_text or self.sort != "relevance":
            self.run_filter()
        else:
            self.update_header()

    def annotation_changed(self, pid: str, annotation: Annotation) -> None:
        """Call after saving an annotation: the index learns it, and the filter re-runs."""
        if self.search_index is not None:
            self.search_index.update_annotation(pid, annotation)
            if self.filter_text or self.sort != "relevance":
                current = self.query_one(PaperList).current
                self.run_filter(keep=current.id if current else None)

    # -- running a query --------------------------------------------------------------

    @property
    def filter_text(self) -> str:
        return self.query_one(FilterInput).value

    def on_input_changed(self, event: FilterInput.Changed) -> None:
        if isinstance(event.input, FilterInput):
            event.stop()
            # Typing puts the best match under the cursor; clearing keeps the paper in view.
            current = self.query_one(PaperList).current if not event.value.strip() else None
            self.run_filter(keep=current.id if current else None)

    def run_filter(self, keep: str | None = None) -> None:
        """Parse the box and rank in a worker; a malformed query leaves the list as it was."""
        text = self.filter_text
        bar = self.query_one(FilterBar)
        try:
            query = parse_query(text)
        except QueryError as exc:
            bar.show_error(str(exc))
            return
        bar.show_error(None)
        if self.search_index is None:
            self.update_header()
            return  # `_index_ready` runs it
        self.rank(self.search_index, query, self.sort, keep)

    @work(thread=True, exclusive=True, group="rank")
    def rank(self, index: SearchIndex, query: Query, sort: str, keep: str | None) -> None:
        worker = get_current_worker()
        try:
            result = index.search(query, sort, should_stop=lambda: worker.is_cancelled)
        except Cancelled:
            return
        if not worker.is_cancelled:
            to_ui(self.app, self.show_result, result, keep)

    def show_result(self, result: SearchResult, keep: str | None = None) -> None:
        """Show a ranking unless the box or the sort changed since it started."""
        if result.query.text != self.filter_text or result.sort != self.sort or result.index is not self.search_index:
            return
        self.result = result
        paper_list = self.query_one(PaperList)
        paper_list.set_papers(result, result.spans, keep=keep)
        self.update_header()

    def highlights_for(self, paper) -> list[str]:  # type: ignore[no-untyped-def]
        """The words to mark in the reading pane for `paper`."""
        if self.result is None or paper is None or self.result.query.is_empty:
            return []
        return self.result.words_for(paper)

    def filter_header(self) -> str:
        """ "7 / 33 · relevance", or "33 papers · list order" when nothing is filtered."""
        library = self.app.library
        total = len(library.papers) if library else 0
        result = self.result
        ranks = result is not None and result.query.ranks
        order = SORT_NAMES["list" if self.sort == "relevance" and not ranks else self.sort]
        if self.search_index is None and library is not None and (self.filter_text or total > 5000):
            order += " · indexing…"
        if result is None or result.query.is_empty:
            return f"{total} papers · {order}"
        return f"{len(result)} / {total} · {order}"

    # -- keys ------------------------------------------------------------------------------

    def action_focus_filter(self) -> None:
        self.set_focus(self.query_one(FilterInput))  # now, so keys typed right after `/` land there
        self.set_class(True, "-filtering")  # focus mode shows the box while it is in use

    def on_descendant_focus(self, event) -> None:  # type: ignore[no-untyped-def]
        self.set_class(isinstance(self.focused, FilterInput), "-filtering")

    def on_descendant_blur(self, event) -> None:  # type: ignore[no-untyped-def]
        self.set_class(isinstance(self.focused, FilterInput), "-filtering")

    def leave_filter_now(self) -> None:
        """Enter/down in the box: rank what is typed *now* if the list lags behind, focus the list.

        Runs synchronously, so a key typed right after Enter (`/lora⏎4`) acts on
        the best match of the final query, not on a list a keystroke behind.
        """
        index, text = self.search_index, self.filter_text
        stale = self.result is None or self.result.query.text != text or self.result.sort != self.sort
        if index is not None and stale and (text.strip() or self.result is not None):
            try:
                query = parse_query(text)
            except QueryError:
                pass  # the error line is already shown; the list stays as it was
            else:
                self.workers.cancel_group(self, "rank")
                # As when typing: an emptied box keeps the highlighted paper, a query puts its best match first.
                current = self.query_one(PaperList).current if not text.strip() else None
                self.show_result(index.search(query, self.sort), keep=current.id if current else None)
        self.set_focus(self.home_widget())

    def on_filter_input_leave(self, message: FilterInput.Leave) -> None:
        message.stop()

    def action_cycle_sort(self) -> None:
        self.sort = next_sort(self.sort)
        current = self.query_one(PaperList).current
        self.update_header()
        self.run_filter(keep=current.id if current else None)

    def apply_query(self, text: str) -> None:
        """Put `text` in the filter box (a saved view); the list re-ranks as if typed."""
        from tui.core.render.text import one_line

        text = one_line(text)  # a stored query is data: no control character reaches the terminal raw
        box = self.query_one(FilterInput)
        box.value = text
        box.cursor_position = len(text)
        self.query_one(PaperList).focus()

    def action_save_view(self) -> None:
        text = self.filter_text.strip()
        library = self.app.library
        if library is None:
            return
        if not text:
            self.notify("Type a filter first; a view saves the filter's query.", markup=False)
            return

        def saved(name: str | None) -> None:
            if name:
                self.store_view(name, text)

        self.app.push_screen(SaveViewScreen(text), saved)

    @work(thread=True, group="views")
    def store_view(self, name: str, text: str) -> None:
        """Write the view (atomic, off the UI thread) and say so."""
        try:
            self.app.library.save_view(name, text)
        except (PaperdeskError, ValueError, OSError) as exc:
            to_ui(self.app, self.notify, f"View not saved: {exc}", severity="error", markup=False)
            return
        to_ui(self.app, self.notify, f"Saved view {name!r}; find it in the command palette.", markup=False)

    def delete_view(self, name: str) -> None:
        self.remove_view(name)

    @work(thread=True, group="views")
    def remove_view(self, name: str) -> None:
        try:
            self.app.library.delete_view(name)
        except (PaperdeskError, OSError) as exc:
            to_ui(self.app, self.notify, f"View not deleted: {exc}", severity="error", markup=False)
            return
        to_ui(self.app, self.notify, f"Deleted view {name!r}.", markup=False)

