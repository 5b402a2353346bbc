"""The key tables of the README and the manual (docs/*.md) name the keys the running app has, and no others.

Two sources, neither a private part of the actions registry: the help screen's rows for the running app
(`tui.ui.screens.help.help_areas`, what `?` shows, overrides applied), and the bindings Textual reports
as active (`Screen.active_bindings`) while a pilot walks the app through the list, the reading pane, the
filter box, the notes editor and a triage pass. Of those, the keys paperdesk binds itself count (declared
in the `BINDINGS` of one of its classes); Textual's own defaults (scrolling sideways, `ctrl+c` copying a
selection) are Textual's to document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from textual.binding import Binding
from textual.dom import DOMNode

from tui.ui.app import PaperdeskApp
from tui.ui.screens.help import help_areas

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"

#: How the docs write a key -> Textual's key name (as the app binds it).
_NAMES = {
    "?": "question_mark", "%": "percent_sign", "/": "slash", "[": "left_square_bracket", "]": "right_square_bracket",
    "↑": "up", "↓": "down", "shift+↓": "shift+down", "shift+↑": "shift+up", "shift+→": "shift+right", "shift+←": "shift+left",
    "pgup": "pageup", "pgdn": "pagedown", "esc": "escape",
}


def _key(written: str) -> str:
    if len(written) == 1 and written.isalpha():
        return written  # `g` and `G` are different keys
    folded = written.casefold()
    return _NAMES.get(folded, folded)


def _first_column_keys(cell: str) -> set[str]:
    """The keys a table's first cell names: each `code` span, and `1`–`5` as 1 to 5."""
    keys: set[str] = set()
    for low, high in re.findall(r"`(\d)`–`(\d)`", cell):
        keys.update(str(n) for n in range(int(low), int(high) + 1))
    keys.update(_key(k) for k in re.findall(r"`([^`]+)`", cell))
    return keys


def key_tables(text: str) -> Iterator[set[str]]:
    """The keys of each table whose first column is headed `key`, one set per table."""
    keys: set[str] | None = None
    for line in text.splitlines() + [""]:
        if re.match(r"\|\s*key\s*\|", line):
            keys = set()
        elif keys is not None and line.startswith("|"):
            if not line.startswith("| ---"):
                keys |= _first_column_keys(line.split("|")[1])
        elif keys is not None:
            yield keys
            keys = None


def readme_keys() -> set[str]:
    """Every key in the first column of the README's key table (under "## Keys")."""
    section = README.read_text(encoding="utf-8").split("\n## Keys", 1)[1].split("\n## ", 1)[0]
    return set().union(*key_tables(section))


def manual_keys() -> dict[str, set[str]]:
    """Every key in the key tables of the manual's pages, by page."""
    pages = {page.name: set().union(*key_tables(page.read_text(encoding="utf-8"))) for page in sorted(DOCS.glob("*.md"))}
    return {name: keys for name, keys in pages.items() if keys}


class _RawKeys:
    """The running app's keys in force, shown as Textual's key names ("question_mark", not "?")."""

    def __init__(self, app: PaperdeskApp) -> None:
        self.key_overrides = app.key_overrides

    def get_key_display(self, binding: Binding) -> str:
        return binding.key


def _shown(cell: str) -> set[str]:
    """A help row's keys: names, and runs of digits written as one range ("0-5")."""
    keys: set[str] = set()
    for word in cell.split():
        run = re.fullmatch(r"(\d)-(\d)", word)
        if run:
            keys.update(str(n) for n in range(int(run[1]), int(run[2]) + 1))
        else:
            keys.add(word)
    return keys


def help_keys(app: PaperdeskApp) -> set[str]:
    """Every key the help screen lists for the running app, in any area."""
    return {key for rows in help_areas(_RawKeys(app)).values() for row in rows for cell in row.keys for key in _shown(cell)}


def _own_keys(node: DOMNode) -> set[str]:
    """The keys the class of `node` declares itself, when it is one of paperdesk's classes."""
    if not type(node).__module__.startswith("tui."):
        return set()
    return {key for b in type(node).BINDINGS if isinstance(b, Binding) for key in b.key.split(",")}


def bound_now(app: PaperdeskApp) -> set[str]:
    """The keys paperdesk binds that are active at this moment (the focused widget, its screen, the app)."""
    return {key for key, active in app.screen.active_bindings.items() if key in _own_keys(active.node)}


async def keys_of_a_walk(app: PaperdeskApp) -> tuple[set[str], set[str]]:
    """The keys paperdesk binds, collected on the list, the reading pane, the filter, the notes and in a triage
    pass; and the keys the help screen lists."""
    bound: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for enter, leave in (("", ""), ("enter", "escape"), ("slash", "escape"), ("n", "escape"), ("T", "escape")):
            if enter:
                await pilot.press(enter)
                await pilot.pause()
            bound |= bound_now(app)
            if leave:
                await pilot.press(leave)
                await pilot.pause()
        shown = help_keys(app)
    return bound, shown


async def test_readme_key_table_matches_the_help_screen(app: PaperdeskApp) -> None:
    bound, shown = await keys_of_a_walk(app)
    readme = readme_keys()
    assert {"question_mark", "ctrl+p", "f7", "ctrl+z", "escape", "1", "5", "G"} <= readme  # the parser reads the table
    assert {"question_mark", "slash", "1", "n", "space"} <= bound  # the walk saw the list's, the screen's and triage's keys
    assert sorted(shown - readme) == [], "keys in help but not in the README's key table"
    assert sorted(readme - shown) == [], "keys in the README's key table but not in help"
    assert sorted(bound - readme) == [], "keys the app binds but the README's key table lacks"
    assert sorted(bound - shown) == [], "keys the app binds but help does not list"
    for page, keys in manual_keys().items():
        assert sorted(keys - shown) == [], f"keys in docs/{page}'s key tables that the app does not have"


def test_the_table_reader_sees_every_key_table_of_the_manual() -> None:
    pages = manual_keys()
    assert {"reading.md", "finding.md"} <= set(pages)
    assert {"n", "K", "h", "r", "x", "space"} <= pages["reading.md"]  # the reading table and the triage table
    assert {"slash", "escape", "enter", "down", "ctrl+s", "ctrl+b", "ctrl+p"} <= pages["finding.md"]
