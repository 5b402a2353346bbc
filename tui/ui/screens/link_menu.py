"""`o` on a paper with a page and a PDF: a small menu of the two, one key each (or arrows and Enter).

The links are the core's (`usecases.open.link_targets`, both http(s) only); the menu only picks one and
hands it back, and `library.open_link` opens it off the UI thread. Each row shows the host it goes to.
"""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.core.render.text import link_host
from tui.ui.actions import bindings_for
from tui.ui.keymap import KeysInForce, menu_entry_key
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet

HINT = "Press an entry's key, or ↑↓ and Enter · Esc closes"
#: The entries: name -> label.
ENTRIES = {"page": "the paper's page", "pdf": "its PDF"}



class LinkMenu(Dialog[str | None]):
    """Returns the chosen link (the page's or the PDF's), or None on Esc."""

    CSS_PATH = stylesheet("link_menu.tcss")
    BINDINGS = bindings_for("link_menu")

    def __init__(self, page: str, pdf: str) -> None:
        """`page` and `pdf`: http(s) links (`usecases.open.link_targets`)."""
        super().__init__()
        self.links = {"page": page, "pdf": pdf}

    def compose(self) -> ComposeResult:
        overrides = cast(KeysInForce, self.app).key_overrides
        options = []
        for name, label in ENTRIES.items():
            row = Text.assemble((f"{menu_entry_key('link_menu', name, overrides):>3}  ", "bold"), f"{label} ({link_host(self.links[name])})")
            options.append(Option(row, id=name))
        with Vertical(id="link-menu"):
            yield Label("Open in the browser", id="link-menu-title")
            yield OptionList(*options, id="link-menu-options")
            yield Static(Text(HINT), id="link-menu-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id or "")

    def action_choose(self, name: str) -> None:
        if name in self.links:
            self.dismiss(self.links[name])

    def action_close(self) -> None:
        self.dismiss(None)
