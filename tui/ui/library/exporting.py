"""What `x`, `c` and `C` do on the library screen: the export dialog, writing in a worker, the copy menu, the clipboard.

`Exporting` is made by the screen, at the first use, with a way to save the
notes being typed (a sync reads them from the library) and the places the
session remembers; the list it exports from, the settings and the library come
from the screen's `PartContext`. The export itself is the core's (`tui.core.usecases.export`, as for
`paperdesk export`), and so is what each copy-menu entry copies
(`tui.core.usecases.cite.copy_text`). Disk work, and a reference (citeproc), happen
in a thread; the DOM is touched only via `to_ui`. Every message built from
data goes out with `markup=False`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from tui.core.errors import PaperdeskError
from tui.core.export.markdown import Entry
from tui.core.models import Paper
from tui.core.usecases.export import WouldOverwrite, view_entries, write_export
from tui.core.words import plural
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
    from tui.core.usecases.resume import ExportPlaces
    from tui.ui.library.context import PartContext


@dataclass
class AnnotationsChanged(Message):
    """Annotations changed outside the editor (a vault sync took edits in): redraw these papers."""

    pids: list[str]


def export_folder() -> Path:
    """The dialog's default folder: the user's documents folder (platformdirs)."""
    from tui.core.paths import documents_dir

    return documents_dir()


def files_folder(places: ExportPlaces) -> Path:
    """Where one-file exports (and screenshots) go: the folder of the last one, else the documents folder."""
    return Path(places.file) if places.file else export_folder()


class Exporting:
    """Export to Markdown and copy to the clipboard, for the papers of one screen."""

    def __init__(self, context: PartContext, flush_notes: Callable[[], object], places: Callable[[], ExportPlaces]) -> None:
        """The screen (`host`) runs the workers and shows the dialogs; `flush_notes()` saves the notes being typed now;
        `places()` is where the last exports went (the session's), offered again and updated by each export that lands."""
        self.host: Screen = context.host
        self._list: PaperList = context.papers
        self.settings = context.settings
        self.library, self.library_ready = context.library, context.library_ready
        self.flush_notes, self.places = flush_notes, places

    def action_export(self) -> None:
        self.action_export_as("markdown")

    def action_export_as(self, fmt: str) -> None:
        """The export dialog with `fmt` (markdown, bibtex, csl-json, ris) chosen."""
        library = self.library_ready()
        if library is not None:
            self.open_dialog(library, vault=self.settings.vault, fmt=fmt)

    def action_copy_paper(self) -> None:
        """`c`: the copy menu (text, Markdown, BibTeX, a reference in the settings' cite_style, the key)."""
        library = self.library()
        if library is not None:
            self.open_copy_menu(library, self.settings.cite_style)

    def action_copy_section(self) -> None:
        self.action_copy_as("markdown")

    def action_copy_as(self, name: str) -> None:
        """Copy one entry of the copy menu at once (`C`: the Markdown with notes; the palette: each)."""
        library = self.library()
        if library is not None:
            self.copy(library, name, self.settings.cite_style)

    def open_dialog(self, library: Library, vault: Path | None = None, fmt: str = "markdown") -> None:
        """Show the dialog (`fmt` chosen in it at first); on a choice, export (or sync with a vault) in a worker.

        `vault` is the `vault` setting; the dialog offers the folders the last exports and sync went to."""
        paper_list = self._list
        view = paper_list.papers  # the filtered view as it is now
        current = paper_list.current
        annotated = sum(1 for a in library.annotations().values() if a.is_annotated and library.get(a.id) is not None)
        places = self.places()
        dialog = ExportDialog(
            current_title=Entry(current, library.annotation(current.id)).title if current else None,
            view_count=len(view),
            annotated_count=annotated,
            folder=files_folder(places),
            vault=places.sync_folder(vault),
            fmt=fmt,
            notes_folder=Path(places.folder) if places.folder else None,
        )

        def chosen(request: ExportRequest | None) -> None:
            if request is not None and request.sync:
                self.sync(library, request.path, vault)
            elif request is not None:
                self.run(library, request, view, current)

        self.host.app.push_screen(dialog, chosen)

    def run(self, library: Library, request: ExportRequest, view: Sequence[Paper], current: Paper | None, force: bool = False) -> None:
        """Write the export in a thread; ask before overwriting; notify with the path; remember where it went."""
        app = self.host.app

        def job() -> None:
            try:
                export()
            except Exception as exc:  # a bug must not take the reader's session down
                to_ui(app, app.notify, f"Export failed: {error_line(exc, 'export')}", severity="error", markup=False)

        def export() -> None:
            items = view_entries(library, request.scope, view, current)
            try:
                written = write_export(library, request.path, items, per_paper=request.per_paper, force=force, fmt=request.fmt)
                if written.per_paper:
                    done = f"Exported {plural(written.count, 'file')} to {request.path}"
                else:
                    done = f"Exported {plural(written.count)} to {written.path}"
            except WouldOverwrite as exc:
                to_ui(app, self._confirm, library, request, view, current, exc)
                return
            except (PaperdeskError, OSError) as exc:
                to_ui(app, app.notify, error_line(exc, "export"), title="Export failed", severity="error", timeout=10, markup=False)
                return
            to_ui(app, self.places().used, request.path, request.per_paper, False, None)
            to_ui(app, app.notify, done, title="Export", timeout=8, markup=False)

        self.host.run_worker(job, thread=True, group="export", name="export", exit_on_error=False)

    def sync(self, library: Library, vault: Path, setting: Path | None = None) -> None:
        """`paperdesk sync` with `vault` in a thread, the reader's unsaved notes saved first; notify what it did.

        `setting` is the `vault` setting now: the vault is offered again until the setting changes."""
        from tui.core.usecases.sync import sync_vault

        app = self.host.app
        self.flush_notes()

        def job() -> None:
            try:
                report = sync_vault(library, vault)
            except (PaperdeskError, OSError) as exc:
                to_ui(app, app.notify, error_line(exc, "export"), title="Sync failed", severity="error", timeout=10, markup=False)
                return
            except Exception as exc:  # a bug must not take the reader's session down
                to_ui(app, app.notify, f"Sync failed: {error_line(exc, 'export')}", severity="error", markup=False)
                return
            to_ui(app, self.places().used, vault, True, True, setting)
            to_ui(app, self._synced, report)

        self.host.run_worker(job, thread=True, group="export", name="sync", exit_on_error=False)

    def _synced(self, report: SyncReport) -> None:
        """On the UI thread: redraw the papers the vault changed, then say what the sync did."""
        if report.updated_ids:
            self.host.post_message(AnnotationsChanged(report.updated_ids))
        conflicts = [line for line in report.lines if line.startswith("conflict ")]
        text = "\n".join([report.summary(), *conflicts[:3]])
        self.host.app.notify(text, title="Sync", severity="warning" if report.conflicts else "information", timeout=10, markup=False)

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
                self.host.notify("Export cancelled; nothing was overwritten.", markup=False)

        self.host.app.push_screen(ConfirmOverwrite(message), answered)

    def open_copy_menu(self, library: Library, style: str) -> None:
        """`c`: the copy menu; the entry chosen is copied (`copy`)."""
        from tui.ui.screens.copy_menu import CopyMenu

        paper = self._list.current
        if paper is None:
            self.host.notify("No paper to copy.", severity="warning")
            return

        def chosen(name: str | None) -> None:
            if name is not None:
                self.copy(library, name, style)

        self.host.app.push_screen(CopyMenu(paper.citekey, style), chosen)

    def copy(self, library: Library, name: str, style: str = "apa") -> None:
        """Copy the highlighted paper as the copy menu's entry `name` (`usecases.cite.COPY_FORMATS`; `C` is "markdown")."""
        paper = self._list.current
        if paper is None:
            self.host.notify("No paper to copy.", severity="warning")
            return
        annotation = library.annotation(paper.id)
        what = copied_what(name, paper.citekey, style)
        app = self.host.app

        async def job() -> None:
            from tui.core.usecases.cite import copy_text as text_of

            try:  # a reference loads citeproc and formats: off the UI thread, like the clipboard itself
                text = await asyncio.to_thread(text_of, paper, annotation, name, style)
            except PaperdeskError as exc:  # a style that cannot be read (the settings' cite_style): one line
                app.notify(error_line(exc, "copy"), title="Not copied", severity="error", timeout=10, markup=False)
                return
            result = await copy_text(app, text)
            if result.via == "system":
                app.notify(result.message(what), title="Clipboard", markup=False)
            else:  # OSC 52 may be ignored: show the text and offer a file; the dialog says why (no toast repeating it)
                app.push_screen(CopyDialog(text, what, copy_file(paper.id, COPY_SUFFIXES.get(name, ".txt")), result.message(what)))

        self.host.run_worker(job(), group="clipboard", name="clipboard", exit_on_error=False)


#: The file "Save to file" proposes for each copy-menu entry, by its suffix.
COPY_SUFFIXES = {"text": ".txt", "markdown": ".md", "bibtex": ".bib", "reference": ".txt", "key": ".txt"}


def copied_what(name: str, key: str, style: str) -> str:
    """What the notice says was copied ("Copied the BibTeX entry."); the text and Markdown ones as they always said."""
    from tui.core.render.text import one_line

    return {
        "text": "the title, list and abstract",
        "markdown": "the paper and its notes as Markdown",
        "bibtex": "the BibTeX entry",
        "reference": f"the reference ({one_line(style)})",
        "key": f"the citation key {one_line(key)}",
    }.get(name, name)
