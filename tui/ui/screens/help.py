"""The help screen (`?`): every key by area, generated from the bindings so it never drifts.

The rows come from the `BINDINGS` of the app, the library screen and its
widgets, with the user's key overrides applied; only the grouping into areas
is written here. A short "first steps" section opens the page, and the same
text is what a new library shows once on its first launch (`FirstSteps`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from tui.ui.styles import stylesheet

FIRST_STEPS = (
    ("j k ↑ ↓", "move through the papers; the right pane shows the abstract"),
    ("/", "filter: words \"a phrase\" -word status:read rating:>=4"),
    ("1-5  s  t", "rate, set the reading status, tag the highlighted paper"),
    ("n", "write Markdown notes (saved as you type; Esc when done)"),
    ("l  z  %", "switch the layout; focus mode (reader only); statistics"),
    ("ctrl+p", "the command palette: every action, Go to paper…, themes"),
    ("?", "every key, any time"),
)

#: Which area a binding of the library screen belongs to; the rest act on the highlighted paper.
AREA_OF = {
    "focus_next": "Global",
    "focus_previous": "Global",
    "help": "Global",
    "command_palette": "Global",
    "toggle_layout": "Global",
    "focus_mode": "Global",
    "stats": "Global",
    "import_papers": "Global",
    "quit": "Global",
    "quit_now": "Global",
    "focus_filter": "Filter",
    "cycle_sort": "Filter",
    "save_view": "Filter",
    "notes": "Notes",
}
AREAS = ("Global", "List", "Reader", "Notes", "Filter")


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


def help_areas(app) -> dict[str, list[KeyRow]]:  # type: ignore[no-untyped-def]
    """Every key of the app, by area, with the user's overrides applied."""
    from tui.ui.screens.library import LibraryScreen
    from tui.ui.widgets.filter_bar import FilterInput
    from tui.ui.widgets.notes import Notes
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.reader import Reader

    overrides = getattr(app, "key_overrides", {}) or {}
    by_area: dict[str, list[Binding]] = {area: [] for area in AREAS}
    palette = Binding("ctrl+p", "command_palette", "Command palette: every action, Go to paper…, themes", id="command_palette")
    seen: set[str] = set()
    for binding in [*type(app).BINDINGS, palette, *LibraryScreen.BINDINGS]:
        if binding.id in seen and binding.key in {b.key for b in by_area["Global"]}:
            continue  # the same key bound on the app and the screen (?, for the footer)
        seen.add(binding.id or "")
        by_area[AREA_OF.get(binding.id or "", "List")].append(binding)
    by_area["List"] = [*PaperList.BINDINGS, *by_area["List"]]
    by_area["Reader"] = [*Reader.BINDINGS] + [
        Binding(key, action, description)
        for key, action, description in (
            ("up,down", "scroll_up", "Scroll (when the pane has focus: tab)"),
            ("pageup,pagedown", "page_up", "Scroll a page"),
            ("home,end", "scroll_home", "Top / bottom"),
        )
    ]
    by_area["Notes"] = [*by_area["Notes"], *Notes.BINDINGS]
    by_area["Filter"] = [*by_area["Filter"], *FilterInput.BINDINGS]
    display = app.get_key_display
    return {area: key_rows([s for b in bindings for s in _single(b)], overrides, display) for area, bindings in by_area.items()}


def known_binding_ids() -> set[str]:
    """Every binding id the `[keys]` table may remap."""
    from tui.ui.app import PaperdeskApp
    from tui.ui.screens.library import LibraryScreen
    from tui.ui.screens.stats import StatsScreen
    from tui.ui.widgets.filter_bar import FilterInput
    from tui.ui.widgets.notes import Notes
    from tui.ui.widgets.paper_list import PaperList
    from tui.ui.widgets.reader import Reader

    classes = (PaperdeskApp, LibraryScreen, PaperList, Reader, Notes, FilterInput, HelpScreen, FirstSteps, StatsScreen)
    return {b.id for cls in classes for b in cls.BINDINGS if isinstance(b, Binding) and b.id}


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
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="help_close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static("paperdesk keys", id="help-title")
            yield Static("First steps", classes="help-area")
            yield Static(first_steps_text(), classes="help-keys")
            for area, rows in help_areas(self.app).items():
                yield Static(area, classes="help-area")
                yield Static(area_text(rows), classes="help-keys")
            yield Static(Text(_settings_hint(self.app)), id="help-settings")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()


def _settings_hint(app) -> str:  # type: ignore[no-untyped-def]
    path = getattr(app, "config_file", None)
    where = str(path) if path else "config.toml in your config folder"
    return f"Mouse: click a paper to show it, click the stars in the reading pane to rate.\nRemap a key by its id in {where} under [keys], e.g. rate_5 = \"f5\"."


class FirstSteps(ModalScreen[bool]):
    """Shown once on the first launch of a new library; Enter or Esc dismisses it for good."""

    CSS_PATH = stylesheet("help.tcss")
    BINDINGS = [
        Binding("enter,escape,space", "done", "Got it", id="first_steps_done"),
        Binding("q", "app.quit", "Quit", id="first_steps_quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="first-steps"):
            yield Static("Welcome to paperdesk", id="help-title")
            yield Static(first_steps_text(), classes="help-keys")
            yield Static("Enter: start reading (this note will not show again)", id="first-steps-hint")

    def action_done(self) -> None:
        self.dismiss(True)
