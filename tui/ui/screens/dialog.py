"""The base of every modal dialog: it brings its own footer.

A dialog covers the library with a dimmed backdrop, but the library's footer
stayed visible beneath it and kept listing the library's keys (`d Remove`,
`1-5 Rate`...), none of which work while the dialog is open. Each dialog now
docks its own `KeyHints` over it, listing the keys that do work there.
"""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

from tui.ui.widgets.key_hints import KeyHints

Result = TypeVar("Result")


class Dialog(ModalScreen[Result]):
    """A modal screen whose footer shows its own keys, not the screen's beneath it."""

    def on_mount(self) -> None:
        # Textual calls every class's on_mount along the MRO, so a dialog's own on_mount does not replace this.
        if not self.query(KeyHints):
            self.mount(KeyHints(id="dialog-keys"))
