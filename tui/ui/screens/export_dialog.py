"""The export dialog (`x`): what to export, as one Markdown, BibTeX, CSL-JSON or RIS file, a folder, or a two-way sync
with a vault, and where; the overwrite question is in confirm.py."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, RadioSet, Static

from tui.core.export.filenames import safe_stem
from tui.core.render.text import one_line
from tui.core.usecases.cite import CITATION_FORMATS
from tui.core.words import plural
from tui.ui.actions import bindings_for
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet
from tui.ui.widgets.choice import Choice

#: Scopes the dialog offers, in order: (id, label).
SCOPES = ("current", "view", "annotated")
#: The formats of one file, each with its suffix: Markdown, and the citation formats (`core.usecases.cite`).
SUFFIXES = {"markdown": ".md", **CITATION_FORMATS}
#: The "As" choices of one citation file: format -> label.
CITATION_CHOICES = {"bibtex": "One BibTeX file (.bib)", "csl-json": "One CSL-JSON file (.json: Zotero, pandoc)", "ris": "One RIS file (.ris: EndNote, Zotero)"}


@dataclass(frozen=True)
class ExportRequest:
    """What the reader asked for: a scope (one of SCOPES), a path, and file or folder (or a vault sync), and the format."""

    scope: str
    path: Path
    per_paper: bool
    sync: bool = False  # `paperdesk sync` with the folder: every annotated paper, both ways
    fmt: str = "markdown"  # of one file: markdown or a citation format (SUFFIXES)


def cursor_on_choice(radio: RadioSet) -> None:
    """Put the set's cursor (the button with the `-selected` class) on its pressed button.

    Textual starts it on the first button whatever is pressed, so with "Every
    annotated paper" chosen, Up then Enter picked the option above the first.
    """
    pressed = radio.pressed_button
    for _ in range(len(radio.children)):
        if pressed is None or pressed.has_class("-selected"):
            return
        radio.action_next_button()


class ExportDialog(Dialog[ExportRequest | None]):
    """Asks what and where; dismisses with an `ExportRequest`, or None on Escape/Cancel.

    The path field follows the choices (a dated file, a file named after the
    paper, both under `folder`, or a notes folder: `notes_folder`, else one
    under `folder`) until the reader edits it; after that, another format
    still changes the suffix of a file named with one (.md, .bib, .json, .ris).
    `fmt` is the format chosen at first. The button names what it will do
    ("Export 12 papers", "Sync").
    """

    CSS_PATH = stylesheet("export_dialog.tcss")
    BINDINGS = bindings_for("export")

    def __init__(
        self, *, current_title: str | None, view_count: int, annotated_count: int, folder: Path, vault: Path | None = None,
        fmt: str = "markdown", notes_folder: Path | None = None,
    ) -> None:
        super().__init__()
        self.initial_format = fmt if fmt in SUFFIXES else "markdown"
        self.vault = vault  # where a sync goes by default: the vault last synced with, or the `vault` setting
        self.notes_folder = notes_folder  # the folder of per-paper files last exported to
        self.current_title = current_title
        self.counts = {"current": 1 if current_title is not None else 0, "view": view_count, "annotated": annotated_count}
        self.folder = folder
        self._default = ""

    def compose(self) -> ComposeResult:
        title = one_line(self.current_title or "")
        if len(title) > 50:
            title = title[:49] + "…"
        scope = self._initial_scope()
        with Vertical(id="export-box") as box:
            box.border_title = "Export"  # in the border: with the citation formats, the box fits 80x24 without scrolling
            yield Label("What", classes="export-label")
            with RadioSet(id="export-what"):
                yield Choice(
                    Text(f"Current paper: {title}" if self.current_title is not None else "Current paper (none)"),
                    id="scope-current",
                    value=scope == "current",
                    disabled=self.current_title is None,
                )
                yield Choice(Text(f"Papers shown in the list ({self.counts['view']})"), id="scope-view", value=scope == "view")
                yield Choice(
                    Text(f"Every annotated paper ({self.counts['annotated']})"),
                    id="scope-annotated",
                    value=scope == "annotated",
                )
            yield Label("As", classes="export-label")
            with RadioSet(id="export-format"):
                yield Choice("One Markdown file", id="format-file", value=self.initial_format == "markdown")
                yield Choice("A folder, one file per paper (Obsidian vault)", id="format-folder")
                yield Choice("Sync with a vault folder, both ways (every annotated paper)", id="format-sync")
                for fmt, label in CITATION_CHOICES.items():
                    yield Choice(label, id=f"format-{fmt}", value=self.initial_format == fmt)
            yield Label("Where", classes="export-label")
            yield Input(id="export-path", placeholder="file or folder path")
            yield Static(id="export-error")
            with Horizontal(id="export-buttons"):
                yield Button("Export", variant="primary", id="export-go", compact=True)
                yield Button("Cancel", id="export-cancel", compact=True)

    def _initial_scope(self) -> str:
        if self.counts["annotated"]:
            return "annotated"
        return "current" if self.current_title is not None else "view"

    def on_mount(self) -> None:
        self._follow_choices()
        for radio in self.query(RadioSet):
            cursor_on_choice(radio)
        self.query_one("#export-what", RadioSet).focus()

    # -- state ----------------------------------------------------------------------

    @property
    def scope(self) -> str:
        pressed = self.query_one("#export-what", RadioSet).pressed_button
        return (pressed.id or "scope-annotated").removeprefix("scope-") if pressed else self._initial_scope()

    @property
    def per_paper(self) -> bool:
        pressed = self.query_one("#export-format", RadioSet).pressed_button
        return pressed is not None and pressed.id in ("format-folder", "format-sync")

    @property
    def sync(self) -> bool:
        pressed = self.query_one("#export-format", RadioSet).pressed_button
        return pressed is not None and pressed.id == "format-sync"

    @property
    def fmt(self) -> str:
        """The format of one file: markdown (also for a folder or a sync), or a citation format."""
        pressed = self.query_one("#export-format", RadioSet).pressed_button
        chosen = (pressed.id or "").removeprefix("format-") if pressed is not None else ""
        return chosen if chosen in CITATION_CHOICES else "markdown"

    def default_path(self) -> Path:
        """Where the export goes unless the reader types another path."""
        if self.sync:
            return self.vault or self.notes_folder or self.folder / "paperdesk-notes"
        if self.per_paper:
            return self.notes_folder or self.folder / "paperdesk-notes"
        suffix = SUFFIXES[self.fmt]
        if self.scope == "current" and self.current_title is not None:
            return self.folder / f"{safe_stem(self.current_title)}{suffix}"
        stem = "paperdesk-notes" if self.fmt == "markdown" else "paperdesk-references"
        return self.folder / f"{stem}-{_dt.date.today().isoformat()}{suffix}"

    def _follow_choices(self) -> None:
        path_input = self.query_one("#export-path", Input)
        new = str(self.default_path())
        if path_input.value in ("", self._default):
            self._show_path(new)
        elif not self.per_paper:  # the reader's own file name: only its suffix follows the format
            typed = Path(path_input.value)
            if typed.suffix.casefold() in SUFFIXES.values() and typed.suffix != SUFFIXES[self.fmt]:
                self._show_path(str(typed.with_suffix(SUFFIXES[self.fmt])))
        self._default = new
        button = self.query_one("#export-go", Button)
        button.label = self.button_label()
        button.refresh(layout=True)  # a label is not a layout change to Textual: the button kept its first width ("Export 33")

    def button_label(self) -> str:
        """What pressing the button does: "Sync", or "Export" with the number of papers of the choice."""
        if self.sync:
            return "Sync"
        count = self.counts[self.scope]
        return f"Export {plural(count)}" if count else "Export"

    def _show_path(self, path: str) -> None:
        path_input = self.query_one("#export-path", Input)
        path_input.value = path
        path_input.cursor_position = len(path)

    @on(RadioSet.Changed)
    def _choice_changed(self) -> None:
        self._error("")
        self._follow_choices()

    # -- finishing ------------------------------------------------------------------

    def _error(self, message: str) -> None:
        error = self.query_one("#export-error", Static)
        error.update(Text(message))
        error.set_class(bool(message), "shown")

    @on(Button.Pressed, "#export-go")
    @on(Input.Submitted, "#export-path")
    def action_export(self) -> None:
        raw = self.query_one("#export-path", Input).value.strip()
        if not raw:
            self._error("Give a file or folder to write to.")
            return
        if self.sync:
            self.dismiss(ExportRequest("annotated", Path(raw).expanduser(), True, sync=True))
            return
        if not self.counts[self.scope]:
            self._error("Nothing to export: no papers in that choice.")
            return
        self.dismiss(ExportRequest(self.scope, Path(raw).expanduser(), self.per_paper, fmt=self.fmt))

    @on(Button.Pressed, "#export-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
