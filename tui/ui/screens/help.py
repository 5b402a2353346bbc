"""The help screen (`?`): every key by area, generated from the bindings so it never drifts.

The rows come from the actions registry (tui/ui/actions.py), grouped by each
action's area, with the user's key overrides applied. A short "first steps" section opens the page, and the same
text is what a new library shows once on its first launch (`FirstSteps`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.ui.actions import ACTIONS, AREAS, bindings_for, in_area
from tui.ui.keymap import GROUPS, KeysInForce, group_help, group_keys, keys_in_force
from tui.ui.screens.dialog import Dialog
from tui.ui.styles import stylesheet

#: The first-steps rows: the actions whose keys (in force) open each row, and what they do.
FIRST_STEPS = (
    (("cursor_up", "cursor_down"), "move through the papers; the reading pane shows the abstract"),
    (("focus_filter",), "filter: words \"a phrase\" -word status:read rating:>=4"),
    (("rate_1", "rate_2", "rate_3", "rate_4", "rate_5", "status_1", "tags"), "rate, set the reading status, tag the highlighted paper"),
    (("notes",), "write Markdown notes (saved as you type; Esc when done)"),
    (("toggle_layout", "focus_mode", "stats"), "switch the layout; focus mode (reader only); statistics"),
    (("command_palette",), "the command palette: every action, Go to paper…, themes"),
    (("help",), "every key, any time"),
)


def first_steps_keys(ids: tuple[str, ...], app: KeysInForce) -> str:
    """The keys in force for `ids`: a run of ratings as one range ("1-5"), the others each with all their keys."""
    by_id = {a.id: a for a in ACTIONS if a.id}
    display = app.get_key_display
    rates = [i for i in ids if i.startswith("rate_")]
    parts = [group_keys(rates, app.key_overrides, display)] if rates else []
    for ident in ids:
        if ident not in rates:
            parts.append(" ".join(display(Binding(k, "")) for k in keys_in_force(by_id[ident], app.key_overrides)))
    return "  ".join(dict.fromkeys(parts))

@dataclass
class KeyRow:
    """One line of help: the key(s), what they do, and the id that remaps them."""

    keys: list[str]
    text: str
    ident: str


def _base(action: str) -> str:
    return action.split("(", 1)[0]


def key_rows(bindings: Iterable[Binding], overrides: dict[str, str], display: Callable[[Binding], str]) -> list[KeyRow]:
    """Rows for `bindings`; consecutive bindings of one action ("status(1)", "status(-1)") share a row,
    and a group ("rate_1" … "rate_5", "rate_0") is one row with the keys in force ("0-5", "0-4 F5")."""
    rows: list[KeyRow] = []
    last_base = None
    grouped: set[str] = set()
    for binding in bindings:
        ident = binding.id or ""
        if ident in grouped:
            continue
        if ident in GROUPS:
            ids = GROUPS[ident][0]
            grouped.update(ids)
            rows.append(KeyRow([group_keys(ids, overrides, display)], group_help(ident, overrides, display), re.sub(r"_\d+$", "_N", ident)))
            last_base = None
            continue
        keys = overrides.get(ident, None)
        if keys is not None:
            shown = [display(Binding(k, binding.action)) for k in keys.split(",") if k]
        else:
            shown = [display(binding)]
        base = _base(binding.action)
        if rows and base == last_base:
            if binding.id and binding.id not in rows[-1].ident.split():
                rows[-1].ident += " " + binding.id
            rows[-1].keys.extend(k for k in shown if k not in rows[-1].keys)
            continue
        rows.append(KeyRow(shown, binding.tooltip or binding.description, ident))
        last_base = base
    return rows


def _single(binding: Binding) -> list[Binding]:
    """A binding on "a,b" keys as one binding per key (how Textual treats it)."""
    display = binding.key_display if "," not in binding.key else None
    return [Binding(key, binding.action, binding.description, show=binding.show, key_display=display, tooltip=binding.tooltip, id=binding.id)
            for key in binding.key.split(",")]


def help_areas(app: KeysInForce) -> dict[str, list[KeyRow]]:
    """Every key of the app, by area (from the actions registry), with the user's overrides applied."""
    overrides = app.key_overrides
    display = app.get_key_display
    return {
        area: key_rows([s for action in in_area(area) for b in action.bindings() for s in _single(b)], overrides, display)
        for area in AREAS
    }


@dataclass(frozen=True)
class Columns:
    """The widths every section's grid shares, so keys, descriptions and ids line up from one section to the next
    (each table sized its own id column, and the descriptions of each section ended somewhere else)."""

    keys: int = 13
    ids: int = 0


#: The widest key and id columns the page gives (a longer one wraps, or is cut with "…" for keys).
MAX_KEYS, MAX_IDS = 17, 20


def columns_for(areas: Iterable[list[KeyRow]]) -> Columns:
    """The key column as wide as the widest keys, the id column as the widest single id, each within its cap."""
    rows = [row for rows in areas for row in rows]
    keys = max((len(" ".join(row.keys)) for row in rows), default=13)
    ids = max((len(ident) for row in rows for ident in row.ident.split()), default=0)
    return Columns(min(max(keys, 13), MAX_KEYS), min(ids, MAX_IDS))


def _grid(columns: Columns, with_ids: bool) -> Table:
    """Keys | what they do | (id): the description wraps in its own column at any width."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=columns.keys, no_wrap=True, style="bold")
    grid.add_column(ratio=1)
    if with_ids:
        grid.add_column(width=columns.ids or None, style="dim")
    return grid


def first_steps_text(app: KeysInForce, columns: Columns | None = None) -> Table:
    """The first-steps rows with the keys in force (a remapped `n` shows its new key)."""
    grid = _grid(columns or Columns(), with_ids=False)
    for ids, what in FIRST_STEPS:
        grid.add_row(Text(first_steps_keys(ids, app)), Text(what))
    return grid


def area_text(rows: list[KeyRow], columns: Columns | None = None) -> Table:
    """Rows as a grid: keys, description, and the id (for the config's [keys] table)."""
    grid = _grid(columns or columns_for([rows]), with_ids=True)
    for row in rows:
        grid.add_row(Text(" ".join(row.keys)), Text(row.text), Text(row.ident))
    return grid


class HelpScreen(Screen):
    """Every key by area. Esc, q or ? closes it."""

    CSS_PATH = stylesheet("help.tcss")
    BINDINGS = bindings_for("help")

    def __init__(self, keys: KeysInForce, config_file: Path | None) -> None:
        """`keys`: the keys bound now; `config_file`: where the reader remaps them (None: no settings file)."""
        super().__init__()
        self.keys, self.config_file = keys, config_file

    def compose(self) -> ComposeResult:
        areas = help_areas(self.keys)
        columns = columns_for(areas.values())
        with VerticalScroll(id="help-body"):
            yield Static("paperdesk keys", id="help-title")
            yield Static("First steps", classes="help-area")
            yield Static(first_steps_text(self.keys, columns), classes="help-keys")
            for area, rows in areas.items():
                yield Static(area, classes="help-area")
                yield Static(area_text(rows, columns), classes="help-keys")
            yield Static(Text(_settings_hint(self.config_file)), id="help-settings")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()


def _settings_hint(path: Path | None) -> str:
    where = str(path) if path else "config.toml in your config folder"
    return ("Mouse: click a paper to show it, click the stars in the reading pane to rate.\n"
            f"Remap a key by its id in {where} under [keys], e.g. rate_5 = \"f5\".")


class FirstSteps(Dialog[bool]):
    """Shown once on the first launch of a new library; Enter, Esc or Space dismisses it for good, and so does any
    other key, which then does what it does on the library (`/bandit` typed as the note shows filters)."""

    CSS_PATH = stylesheet("help.tcss")
    BINDINGS = bindings_for("first_steps")

    def __init__(self, keys: KeysInForce, pass_on: Callable[[events.Key], object] | None = None) -> None:
        """`pass_on(key)` hands a key the note closed on to the screen beneath, ahead of keys typed after it."""
        super().__init__()
        self.keys, self.pass_on = keys, pass_on

    def compose(self) -> ComposeResult:
        with Vertical(id="first-steps"):
            yield Static("Welcome to paperdesk", id="help-title")
            yield Static(first_steps_text(self.keys), classes="help-keys")
            yield Static("Enter, or just start typing (this note will not show again)", id="first-steps-hint")

    def on_key(self, event: events.Key) -> None:
        """A key the note does not bind (its own: Got it, Quit) closes it and goes on to the library."""
        bound = self.active_bindings.get(event.key)
        if bound is not None and bound.node is self:
            return
        event.stop()
        event.prevent_default()
        if self.pass_on is not None:
            self.pass_on(events.Key(event.key, event.character))
        self.dismiss(True)

    def action_done(self) -> None:
        self.dismiss(True)
