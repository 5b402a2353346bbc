"""Saved views: the filter's query kept under a name (ctrl+b), offered in the command palette, deleted from it.

`SavedViews` is made by the screen with what it needs: the screen (workers,
dialogs, toasts) and the filter box's text. Views are written atomically by the
store, off the UI thread; the palette lists them (`palette/views.py`) and
applies one by putting its query in the box, which ranks as if typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tui.core.errors import PaperdeskError
from tui.core.render.text import capped
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.library import Library


class SavedViews:
    """Saving and deleting the named queries of one library screen."""

    def __init__(self, host: Screen, query: Callable[[], str]) -> None:
        """`query()`: what the filter box holds now."""
        self.host, self.query = host, query

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
