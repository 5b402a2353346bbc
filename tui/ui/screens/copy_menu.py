"""`c`: a small menu of what to copy of the highlighted paper, one key per entry (or arrows and Enter).

The entries are the core's (`usecases.cite.COPY_FORMATS`: the paper as text, its
Markdown with notes, its BibTeX entry, a formatted reference, its citation
key); the menu only picks one and hands its name back, and
`library.exporting.Exporting.copy` makes the text and puts it on the
clipboard. Each entry's key comes from the actions registry (`copy_menu_*`),
the reader's `[keys]` override included.
"""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.render.text import one_line
from tui.core.usecases.cite import COPY_FORMATS
from tui.ui.actions import bindings_for
from tui.ui.keymap import KeysInForce, menu_entry_key
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet

HINT = "Press an entry's key, or ↑↓ and Enter · Esc closes"



class CopyMenu(Dialog[str | None]):
    """Returns the chosen entry's name (a `COPY_FORMATS` key), or None on Esc."""

    CSS_PATH = stylesheet("copy_menu.tcss")
    BINDINGS = bindings_for("copy_menu")

    def __init__(self, citekey: str, style: str) -> None:
        """`citekey` is shown beside its entry, `style` (the settings' cite_style) beside the reference's."""
        super().__init__()
        self.citekey, self.style = citekey, style

    def compose(self) -> ComposeResult:
        overrides = cast(KeysInForce, self.app).key_overrides
        details = {"reference": f" ({one_line(self.style)})", "key": f": {one_line(self.citekey)}" if self.citekey else " (none)"}
        options = []
        for name, label in COPY_FORMATS.items():
            row = Text.assemble((f"{menu_entry_key('copy_menu', name, overrides):>3}  ", "bold"), label + details.get(name, ""))
            options.append(Option(row, id=name))
        with Vertical(id="copy-menu"):
            yield Label("Copy to the clipboard", id="copy-menu-title")
            yield OptionList(*options, id="copy-menu-options")
            yield Static(Text(HINT), id="copy-menu-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id or "")

    def action_choose(self, name: str) -> None:
        if name in COPY_FORMATS:
            self.dismiss(name)

    def action_close(self) -> None:
        self.dismiss(None)
