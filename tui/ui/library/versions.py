"""The versions an import merged, on the library screen's undo history: `u` splits them again, `U` joins them.

The split and the join are the core's (`usecases.versions.undo_import`, `redo_import`), run in a thread
worker after the saves asked before them; the list is then reloaded (the papers back, or gone again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.core.errors import PaperdeskError
from tui.ui.library.context import PartContext

if TYPE_CHECKING:
    from tui.core.usecases.annotate import Joined


class Versions:
    """Undo and redo of the versions an import joined (made at the first such step)."""

    def __init__(self, context: PartContext) -> None:
        self.host = context.host
        self.library = context.library
        self.reload = context.reload

    def step(self, joined: Joined, undo: bool) -> None:
        """Split (undo) or join again (redo) the pairs of `joined`, off the UI thread."""
        library = self.library()
        if library is None:
            return
        from tui.core.usecases import versions

        pairs = list(joined.pairs)
        work = versions.undo_import if undo else versions.redo_import
        app = self.host.app

        def run() -> None:
            try:
                lines = work(library, pairs)
            except (PaperdeskError, OSError) as exc:
                app.call_from_thread(app.notify, f"Not {'split' if undo else 'joined'}: {exc}", severity="error", markup=False)
                return
            done = f"Split {len(lines)} merged {'paper' if len(lines) == 1 else 'papers'} into their versions." if undo else (
                f"Joined {len(lines)} {'version' if len(lines) == 1 else 'versions'} again.")
            app.call_from_thread(self.reload)
            app.call_from_thread(app.notify, done, timeout=4, markup=False)

        self.host.run_worker(run, thread=True, group="versions", exit_on_error=False)
