"""Saved views: the filter's query kept under a name (ctrl+b), offered in the command palette, deleted from it.

`SavedViews` takes what it needs from the screen's `PartContext`: the screen
(workers, dialogs, toasts), the filter box's text and the open library. Views are
written atomically by the store, off the UI thread; the palette lists them
(`palette/views.py`, through `LibraryScreen.views`) and applies one by putting its
query in the box, which ranks as if typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tui.core.errors import PaperdeskError
from tui.core.render.text import capped
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library
    from tui.ui.library.context import PartContext


class Query(Protocol):
    """What a view asks of the filtering: its query put in the box (ranked as if typed)."""

    def apply_query(self, text: str) -> None: ...


class SavedViews:
    """Saving, applying and deleting the named queries of one library screen (the palette's `ViewsHost`)."""

    def __init__(self, context: PartContext, filtering: Query) -> None:
        """`query()` is what the filter box holds now; `filtering` puts a chosen view's query in it."""
        self.host: Screen = context.host
        box = context.box
        self.query: Callable[[], str] = lambda: box.value
        self.library: Callable[[], Library | None] = context.library
        self.filtering = filtering

    def action_save_view(self) -> None:
        """ctrl+b: the filter's query under a name (nothing while the library opens)."""
        library = self.library()
        if library is not None:
            self.save(library)

    def saved_views(self) -> dict[str, str]:
        """The saved views (name: query) the palette offers; none while the library opens."""
        library = self.library()
        return library.views() if library is not None else {}

    def apply_view(self, query: str) -> None:
        """The palette's "View: name": the view's query in the box, ranked as if typed."""
        self.filtering.apply_query(query)

    def delete_view(self, name: str) -> None:
        """The palette's "Delete view: name"."""
        library = self.library()
        if library is not None:
            self.delete(library, name)

    def save(self, library: Library) -> None:
        """Ask for a name, then store the filter's query under it."""
        from tui.ui.screens.save_view import VIEW_NAME_SHOWN, SaveViewScreen  # a dialog: loaded when first used

        text = self.query().strip()
        if not text:
            self.host.notify("Type a filter first; a view saves the filter's query.", markup=False)
            return

        def saved(name: str | None) -> None:
            if name:
                shown = capped(name, VIEW_NAME_SHOWN)
                self._in_thread(lambda: library.save_view(name, text), f"Saved view “{shown}”; find it in the command palette.", "View not saved")

        self.host.app.push_screen(SaveViewScreen(text, library.views()), saved)

    def delete(self, library: Library, name: str) -> None:
        from tui.ui.screens.save_view import VIEW_NAME_SHOWN

        self._in_thread(lambda: library.delete_view(name), f"Deleted view “{capped(name, VIEW_NAME_SHOWN)}”.", "View not deleted")

    def _in_thread(self, write: Callable[[], object], done: str, failed: str) -> None:
        """Write a view (atomic, off the UI thread) and say how it went."""
        app = self.host.app

        def job() -> None:
            try:
                write()
            except (PaperdeskError, ValueError, OSError) as exc:
                to_ui(app, app.notify, f"{failed}: {exc}", severity="error", markup=False)
                return
            to_ui(app, app.notify, done, markup=False)

        self.host.run_worker(job, thread=True, group="views")
