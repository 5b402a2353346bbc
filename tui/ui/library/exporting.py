"""What `x`, `c` and `C` do on the library screen: the export dialog, writing in a worker, the clipboard.

`Exporting` is owned by the screen. Disk work happens in a thread worker; the
DOM is touched only via `to_ui`. Every message built from data goes out with
`markup=False`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.export.markdown import Entry, annotated_entries, entries, library_id, paper_section, plain_summary
from tui.core.export.writing import WouldOverwrite, write_document, write_per_paper
from tui.core.models import Paper
from tui.ui.error_line import error_line
from tui.ui.library.clipboard import copy_text
from tui.ui.screens.confirm import ConfirmOverwrite
from tui.ui.screens.copy_dialog import CopyDialog, copy_file
from tui.ui.screens.export_dialog import ExportDialog, ExportRequest
from tui.ui.threads import to_ui
from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.export.sync import SyncReport
    from tui.core.library import Library
    from tui.ui.app import PaperdeskApp


@dataclass
class AnnotationsChanged(Message):
    """Annotations changed outside the editor (a vault sync took edits in): redraw these papers."""

    pids: list[str]


def export_folder() -> Path:
    """The dialog's default folder: the user's documents folder (platformdirs)."""
    from tui.core.paths import documents_dir

    return documents_dir()


class Exporting:
    """Export to Markdown and copy to the clipboard, for the papers of one screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def open_dialog(self, library: Library, vault: Path | None = None) -> None:
        """Show the dialog; on a choice, export (or sync with the vault) in a worker."""
        paper_list = self.screen.query_one(PaperList)
        view = paper_list.papers  # the filtered view as it is now
        current = paper_list.current
        annotated = sum(1 for a in library.annotations().values() if a.is_annotated and library.get(a.id) is not None)
        dialog = ExportDialog(
            current_title=Entry(current, library.annotation(current.id)).title if current else None,
            view_count=len(view),
            annotated_count=annotated,
            folder=export_folder(),
            vault=vault,
        )

        def chosen(request: ExportRequest | None) -> None:
            if request is not None and request.sync:
                self.sync(library, request.path)
            elif request is not None:
                self.run(library, request, view, current)

        self.screen.app.push_screen(dialog, chosen)

    def run(self, library: Library, request: ExportRequest, view: Sequence[Paper], current: Paper | None, force: bool = False) -> None:
        """Write the export in a thread; ask before overwriting; notify with the path."""
        app = self.screen.app

        def job() -> None:
            try:
                export()
            except Exception as exc:  # a bug must not take the reader's session down
                to_ui(app, app.notify, f"Export failed: {error_line(exc, 'export')}", severity="error", markup=False)

        def export() -> None:
            from tui.core.library import library_key

            if request.scope == "current":
                items = entries([current] if current else [], library.annotation)
            elif request.scope == "view":
                items = entries(view, library.annotation)
            else:
                items = annotated_entries(library.papers, library.annotations())
            try:
                if request.per_paper:
                    written = write_per_paper(request.path, items, force=force, library=library_id(library_key(library)))
                    done = f"Exported {len(written)} file(s) to {request.path}"
                else:
                    path = write_document(request.path, items, force=force)
                    done = f"Exported {len(items)} paper(s) to {path}"
            except WouldOverwrite as exc:
                to_ui(app, self._confirm, library, request, view, current, exc)
                return
            except (PaperdeskError, OSError) as exc:
                to_ui(app, app.notify, error_line(exc, "export"), title="Export failed", severity="error", timeout=10, markup=False)
                return
            to_ui(app, app.notify, done, title="Export", timeout=8, markup=False)

        self.screen.run_worker(job, thread=True, group="export", name="export", exit_on_error=False)

    def sync(self, library: Library, vault: Path) -> None:
        """`paperdesk sync` with `vault` in a thread, the reader's unsaved notes saved first; notify what it did."""
        from tui.core.library import sync_vault

        app = cast("PaperdeskApp", self.screen.app)
        app.flush_notes()

        def job() -> None:
            try:
                report = sync_vault(library, vault)
            except (PaperdeskError, OSError) as exc:
                to_ui(app, app.notify, error_line(exc, "export"), title="Sync failed", severity="error", timeout=10, markup=False)
                return
            except Exception as exc:  # a bug must not take the reader's session down
                to_ui(app, app.notify, f"Sync failed: {error_line(exc, 'export')}", severity="error", markup=False)
                return
            to_ui(app, self._synced, report)

        self.screen.run_worker(job, thread=True, group="export", name="sync", exit_on_error=False)

    def _synced(self, report: SyncReport) -> None:
        """On the UI thread: redraw the papers the vault changed, then say what the sync did."""
        if report.updated_ids:
            self.screen.post_message(AnnotationsChanged(report.updated_ids))
        conflicts = [line for line in report.lines if line.startswith("conflict ")]
        text = "\n".join([report.summary(), *conflicts[:3]])
        self.screen.app.notify(text, title="Sync", severity="warning" if report.conflicts else "information", timeout=10, markup=False)

    def _confirm(self, library: Library, request: ExportRequest, view: Sequence[Paper], current: Paper | None, exc: WouldOverwrite) -> None:
        count = len(exc.paths)
        first = exc.paths[0]
        if request.per_paper:  # only files edited outside paperdesk stop a per-paper export
            message = (f"{first} was edited outside paperdesk." if count == 1
                       else f"{count} files were edited outside paperdesk, e.g. {first.name}, in {first.parent}.")
        else:
            message = f"{first} already exists." if count == 1 else f"{count} files already exist, e.g. {first.name}, in {first.parent}."

        def answered(yes: bool | None) -> None:
            if yes:
                self.run(library, request, view, current, force=True)
            else:
                self.screen.notify("Export cancelled; nothing was overwritten.", markup=False)

        self.screen.app.push_screen(ConfirmOverwrite(message), answered)

    def copy(self, library: Library, with_notes: bool) -> None:
        """`c`: title, list and abstract; `C`: the paper's Markdown section with notes."""
        paper = self.screen.query_one(PaperList).current
        if paper is None:
            self.screen.notify("No paper to copy.", severity="warning")
            return
        entry = Entry(paper, library.annotation(paper.id))
        if with_notes:
            text, what = paper_section(entry), "the paper and its notes as Markdown"
        else:
            text, what = plain_summary(entry), "the title, list and abstract"
        app = self.screen.app

        async def job() -> None:
            result = await copy_text(app, text)
            if result.via == "system":
                app.notify(result.message(what), title="Clipboard", markup=False)
            else:  # OSC 52 may be ignored: show the text and offer a file; the dialog says why (no toast repeating it)
                app.push_screen(CopyDialog(text, what, copy_file(paper.id), result.message(what)))

        self.screen.run_worker(job(), group="clipboard", name="clipboard", exit_on_error=False)
