"""When the library opens with a damaged, wiped or wrong-typed annotations file, or a damaged trash: the newest good backup named and offered.

The store opened the library read-only and said why (`LibraryStore.damaged`).
The newest copy that can be restored is found in a thread (a copy is read
whole to check it), then a small dialog names it and what it holds. Restoring
closes the library, puts the copy back (the damaged file kept aside, never
deleted) and opens the library again, writable, in a thread too; the app then
shows the restored annotations everywhere (`LibraryScreen.reload_papers`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from tui.core.errors import PaperdeskError
from tui.core.render.text import one_line
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.app import App

    from tui.core.library import Library
    from tui.core.usecases.backups import Backup, Restored


class RestoreOffer:
    """One offer, for the library as it opened; `reopened` is told the library opened again after a restore."""

    def __init__(self, app: App, library: Library, reopened: Callable[[Library], None]) -> None:
        self.app, self.library, self.reopened = app, library, reopened
        self.backup: Backup | None = None

    def start(self) -> None:
        """Look for the newest good backup (in a thread); a library without one keeps its read-only notice alone."""
        self.app.run_worker(self._find, thread=True, group="restore", exit_on_error=False)

    def _find(self) -> None:
        from tui.core.usecases.backups import newest_good

        backup = newest_good(self.library.folder)
        if backup is not None:
            to_ui(self.app, self._ask, backup)

    def message(self, backup: Backup) -> str:
        """What the dialog says: what is wrong, the backup and what it holds, what happens to the current file."""
        return (
            f"{one_line(self.library.damaged or '')}\n\n"
            f"The newest good backup is {backup.name}, {backup.describe()}.\n\n"
            "Restore it? The current file is kept aside as annotations.json.replaced-…, never deleted."
        )

    def _ask(self, backup: Backup) -> None:
        from tui.ui.screens.confirm import ConfirmRestore

        self.backup = backup
        self.app.clear_notifications()  # the dialog says what the read-only toast said; at 80x24 it covered the answers
        self.app.push_screen(ConfirmRestore(self.message(backup)), self._answered)

    def _answered(self, restore: bool | None) -> None:
        if restore:
            self.app.run_worker(self._restore, thread=True, group="restore", exit_on_error=False)
        elif self.library.notice:
            self.app.notify(one_line(self.library.notice), title="Read-only", severity="warning", timeout=15, markup=False)

    def _restore(self) -> None:
        from tui.core.usecases.backups import reopen_restored

        assert self.backup is not None
        try:
            library, restored, error = reopen_restored(self.library, self.backup.name)
        except PaperdeskError as exc:  # the library could not be opened again: say why, as a start would
            to_ui(self.app, self.app.notify, one_line(str(exc)), severity="error", timeout=30, markup=False)
            return
        to_ui(self.app, self._done, library, restored, error)

    def _done(self, library: Library, restored: Restored | None, error: str | None) -> None:
        self.reopened(library)
        if restored is not None:
            self.app.clear_notifications()  # the read-only notice no longer holds
            kept = f"; the file it replaced is kept as {restored.kept.name}" if restored.kept else ""
            line = f"Restored {restored.backup.name} ({restored.backup.describe()}){kept}."
            self.app.notify(one_line(line), title="Backup restored", timeout=12, markup=False)
        else:
            self.app.notify(one_line(error or "The backup was not restored."), severity="error", timeout=20, markup=False)


class TrashRestoreOffer:
    """A damaged trash.json (removing and restoring refuse, naming it): its newest good copy offered, found in a
    thread; `y` puts it back under the open library's lock, the damaged file kept aside."""

    def __init__(self, app: App, library: Library) -> None:
        self.app, self.library = app, library

    def start(self) -> None:
        self.app.run_worker(self._find, thread=True, group="restore", exit_on_error=False)

    def _find(self) -> None:
        from tui.core.usecases.backups import trash_offer

        found = trash_offer(self.library.folder)
        if found is not None:
            to_ui(self.app, self._ask, *found)

    def _ask(self, problem: str, backup: Backup) -> None:
        from tui.ui.screens.confirm import ConfirmTrashRestore

        message = (
            f"{one_line(problem)}\n\nThe newest good copy is {backup.name}, {backup.describe()}.\n\n"
            "Restore it? The damaged file is kept aside as trash.json.replaced-…, never deleted."
        )
        self.app.push_screen(ConfirmTrashRestore(message), partial(self._answered, backup))

    def _answered(self, backup: Backup, restore: bool | None) -> None:
        if restore:
            self.app.run_worker(partial(self._restore, backup), thread=True, group="restore", exit_on_error=False)

    def _restore(self, backup: Backup) -> None:
        from tui.core.usecases.backups import restore_trash

        try:
            restored = restore_trash(self.library, backup.name)
        except PaperdeskError as exc:
            to_ui(self.app, self.app.notify, one_line(str(exc)), severity="error", timeout=20, markup=False)
            return
        kept = f"; the damaged file is kept as {restored.kept.name}" if restored.kept else ""
        line = f"Restored {backup.name} ({backup.describe()}){kept}."
        to_ui(self.app, self.app.notify, one_line(line), title="Trash restored", timeout=12, markup=False)
