"""What `x`, `c` and `C` do on the library screen: export dialog, writing in a worker, clipboard.

Kept out of `screens/library.py` so that screen only binds keys and delegates.
Disk work happens in a thread worker; the DOM is touched only via
`to_ui`. Every message built from data goes out with `markup=False`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.export.markdown import Entry, annotated_entries, entries, library_id, paper_section, plain_summary
from tui.core.export.writing import WouldOverwrite, write_document, write_per_paper
from tui.core.models import Paper
from tui.ui.clipboard import copy_text
from tui.ui.screens.export_dialog import ConfirmOverwrite, ExportDialog, ExportRequest
from tui.ui.widgets.paper_list import PaperList
from tui.ui.threads import to_ui

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.export.sync import SyncReport


@dataclass
class AnnotationsChanged(Message):
    """Annotations changed outside the editor (a vault sync took edits in): redraw these papers."""

    pids: list[str]


def export_folder() -> Path:
    """The dialog's default folder: the user's documents folder (platformdirs)."""
    from tui.core.paths import documents_dir

    return documents_dir()


def open_export_dialog(screen: Screen) -> None:
    """Show the dialog; on a choice, export in a worker."""
    library = screen.app.library
    if library is None:
        screen.notify("The library is still opening.", severity="warning")
        return
    paper_list = screen.query_one(PaperList)
    view = paper_list.papers  # the filtered view as it is now
    current = paper_list.current
    annotated = sum(1 for a in library.annotations().values() if a.is_annotated and library.get(a.id) is not None)
    dialog = ExportDialog(
        current_title=Entry(current, library.annotation(current.id)).title if current else None,
        view_count=len(view),
        annotated_count=annotated,
        folder=export_folder(),
        vault=screen.app.settings.vault,
    )

    def chosen(request: ExportRequest | None) -> None:
        if request is not None and request.sync:
            run_sync(screen, request.path)
        elif request is not None:
            run_export(screen, request, view, current)

    screen.app.push_screen(dialog, chosen)


def run_export(screen: Screen, request: ExportRequest, view: Sequence[Paper], current: Paper | None, force: bool = False) -> None:
    """Write the export in a thread; ask before overwriting; notify with the path."""
    app = screen.app
    library = app.library

    def job() -> None:
        try:
            export()
        except Exception as exc:  # a bug must not take the reader's session down
            to_ui(app, app.notify, f"Export failed: {_one_line(exc)}", severity="error", markup=False)

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
            to_ui(app, _confirm, screen, request, view, current, exc)
            return
        except (PaperdeskError, OSError) as exc:
            to_ui(app, app.notify, _one_line(exc), title="Export failed", severity="error", timeout=10, markup=False)
            return
        to_ui(app, app.notify, done, title="Export", timeout=8, markup=False)

    screen.run_worker(job, thread=True, group="export", name="export", exit_on_error=False)


def run_sync(screen: Screen, vault: Path) -> None:
    """`paperdesk sync` with `vault` in a thread, the reader's unsaved notes saved first; notify what it did."""
    from tui.core.library import sync_vault

    app = screen.app
    library = app.library
    app.flush_notes()

    def job() -> None:
        try:
            report = sync_vault(library, vault)
        except (PaperdeskError, OSError) as exc:
            to_ui(app, app.notify, _one_line(exc), title="Sync failed", severity="error", timeout=10, markup=False)
            return
        except Exception as exc:  # a bug must not take the reader's session down
            to_ui(app, app.notify, f"Sync failed: {_one_line(exc)}", severity="error", markup=False)
            return
        to_ui(app, _synced, screen, report)

    screen.run_worker(job, thread=True, group="export", name="sync", exit_on_error=False)


def _synced(screen: Screen, report: "SyncReport") -> None:
    """On the UI thread: redraw the papers the vault changed, then say what the sync did."""
    library = screen.app.library
    if library is not None and report.updated_ids:
        screen.post_message(AnnotationsChanged(report.updated_ids))
    conflicts = [line for line in report.lines if line.startswith("conflict ")]
    text = "\n".join([report.summary(), *conflicts[:3]])
    screen.app.notify(text, title="Sync", severity="warning" if report.conflicts else "information", timeout=10, markup=False)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and not isinstance(exc, PaperdeskError):
        return f"{exc.filename or 'export'}: {exc.strerror or exc}"
    return " ".join(str(exc).split())


def _confirm(screen: Screen, request: ExportRequest, view: Sequence[Paper], current: Paper | None, exc: WouldOverwrite) -> None:
    count = len(exc.paths)
    first = exc.paths[0]
    if request.per_paper:  # only files edited outside paperdesk stop a per-paper export
        message = f"{first} was edited outside paperdesk." if count == 1 else f"{count} files were edited outside paperdesk, e.g. {first.name}, in {first.parent}."
    else:
        message = f"{first} already exists." if count == 1 else f"{count} files already exist, e.g. {first.name}, in {first.parent}."

    def answered(yes: bool | None) -> None:
        if yes:
            run_export(screen, request, view, current, force=True)
        else:
            screen.notify("Export cancelled; nothing was overwritten.", markup=False)

    screen.app.push_screen(ConfirmOverwrite(message), answered)


def copy_current(screen: Screen, with_notes: bool) -> None:
    """`c`: title, list and abstract; `C`: the paper's Markdown section with notes."""
    library = screen.app.library
    paper = screen.query_one(PaperList).current if library is not None else None
    if paper is None:
        screen.notify("No paper to copy.", severity="warning")
        return
    entry = Entry(paper, library.annotation(paper.id))
    if with_notes:
        text, what = paper_section(entry), "the paper and its notes as Markdown"
    else:
        text, what = plain_summary(entry), "the title, list and abstract"

    async def job() -> None:
        result = await copy_text(screen.app, text)
        severity = "information" if result.via == "system" else "warning"
        screen.app.notify(result.message(what), title="Clipboard", severity=severity, markup=False)

    screen.run_worker(job(), group="clipboard", name="clipboard", exit_on_error=False)
