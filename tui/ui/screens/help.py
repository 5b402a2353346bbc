"""The help screen (`?`): every key by area, generated from the bindings so it never drifts.

The rows come from the actions registry (tui/ui/actions.py), grouped by each
action's area, with the user's key overrides applied. A short "first steps" section opens the page, and the same
text is what a new library shows once on its first launch (`FirstSteps`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from tui.ui.actions import AREAS, bindings_for, in_area
from tui.ui.styles import stylesheet

if TYPE_CHECKING:
    from tui.ui.app import PaperdeskApp

FIRST_STEPS = (
    ("j k ↑ ↓", "move through the papers; the reading pane shows the abstract"),
    ("/", "filter: words \"a phrase\" -word status:read rating:>=4"),
    ("1-5  s  t", "rate, set the reading status, tag the highlighted paper"),
    ("n", "write Markdown notes (saved as you type; Esc when done)"),
    ("l  z  %", "switch the layout; focus mode (reader only); statistics"),
    ("ctrl+p", "the command palette: every action, Go to paper…, themes"),
    ("?", "every key, any time"),
)

@dataclass
class KeyRow:
    """One line of help: the key(s), what they do, and the id that remaps them."""

    keys: list[str]
    text: str
    ident: str


def _base(action: str) -> str:
    return action.split("(", 1)[0]


def key_rows(bindings: Iterable[Binding], overrides: dict[str, str], display) -> list[KeyRow]:  # type: ignore[no-untyped-def]
    """Rows for `bindings`; consecutive bindings of one action ("rate(1)", "rate(2)") share a row."""
    rows: list[KeyRow] = []
    last_base = None
    for binding in bindings:
        keys = overrides.get(binding.id or "", None)
        if keys is not None:
            shown = [display(Binding(k, binding.action)) for k in keys.split(",") if k]
        else:
            shown = [display(binding)]
        base = _base(binding.action)
        if rows and base == last_base:
            if any("-" in k for k in rows[-1].keys):  # a range ("0-5") covers this key
                rows[-1].ident = re.sub(r"_\d+$", "_N", rows[-1].ident)
                continue
            if binding.id and binding.id not in rows[-1].ident.split():
                rows[-1].ident += " " + binding.id
            rows[-1].keys.extend(k for k in shown if k not in rows[-1].keys)
            continue
        rows.append(KeyRow(shown, binding.tooltip or binding.description, binding.id or ""))
        last_base = base
    return rows


def _single(binding: Binding) -> list[Binding]:
    """A binding on "a,b" keys as one binding per key (how Textual treats it)."""
    return [Binding(key, binding.action, binding.description, show=binding.show, key_display=binding.key_display if "," not in binding.key else None, tooltip=binding.tooltip, id=binding.id) for key in binding.key.split(",")]


def help_areas(app: PaperdeskApp) -> dict[str, list[KeyRow]]:
    """Every key of the app, by area (from the actions registry), with the user's overrides applied."""
    overrides = app.key_overrides
    display = app.get_key_display
    return {
        area: key_rows([s for action in in_area(area) for b in action.bindings() for s in _single(b)], overrides, display)
        for area in AREAS
    }


def _grid(with_ids: bool) -> Table:
    """Keys | what they do | (id): the description wraps in its own column at any width."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=13, no_wrap=True, style="bold")
    grid.add_column(ratio=1)
    if with_ids:
        grid.add_column(no_wrap=True, style="dim")
    return grid


def first_steps_text() -> Table:
    grid = _grid(with_ids=False)
    for keys, what in FIRST_STEPS:
        grid.add_row(Text(keys), Text(what))
    return grid


def area_text(rows: list[KeyRow]) -> Table:
    """Rows as a grid: keys, description, and the id (for the config's [keys] table)."""
    grid = _grid(with_ids=True)
    for row in rows:
        grid.add_row(Text(" ".join(row.keys)), Text(row.text), Text(row.ident))
    return grid


class HelpScreen(Screen):
    """Every key by area. Esc, q or ? closes it."""

    CSS_PATH = stylesheet("help.tcss")
    BINDINGS = bindings_for("help")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static("paperdesk keys", id="help-title")
            yield Static("First steps", classes="help-area")
            yield Static(first_steps_text(), classes="help-keys")
            for area, rows in help_areas(cast("PaperdeskApp", self.app)).items():
                yield Static(area, classes="help-area")
                yield Static(area_text(rows), classes="help-keys")
            yield Static(Text(_settings_hint(cast("PaperdeskApp", self.app))), id="help-settings")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()


def _settings_hint(app: PaperdeskApp) -> str:
    path = app.config_file
    where = str(path) if path else "config.toml in your config folder"
    return f"Mouse: click a paper to show it, click the stars in the reading pane to rate.\nRemap a key by its id in {where} under [keys], e.g. rate_5 = \"f5\"."


class FirstSteps(ModalScreen[bool]):
    """Shown once on the first launch of a new library; Enter or Esc dismisses it for good."""

    CSS_PATH = stylesheet("help.tcss")
    BINDINGS = bindings_for("first_steps")

    def compose(self) -> ComposeResult:
        with Vertical(id="first-steps"):
            yield Static("Welcome to paperdesk", id="help-title")
            yield Static(first_steps_text(), classes="help-keys")
            yield Static("Enter: start reading (this note will not show again)", id="first-steps-hint")

    def action_done(self) -> None:
        self.dismiss(True)
