"""Command-palette entries for every library-screen action: rate, status, tags, notes, sort, layout, help, stats.

Export/copy and import have their own providers (commands_export.py,
commands_import.py), saved views theirs (commands.py), themes come from
Textual's own "Theme" command. Each entry names its key in the help text, so
the palette also teaches the keys.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.core.models import Status
from tui.core.search.sorts import SORT_NAMES

Entry = tuple[str, str, Callable[[], object]]


def _library_screen(provider: Provider):  # type: ignore[no-untyped-def]
    from tui.ui.screens.library import LibraryScreen

    screen = provider.screen
    return screen if isinstance(screen, LibraryScreen) else None


def set_status(screen, status: Status) -> None:  # type: ignore[no-untyped-def]
    """Give the highlighted paper `status` (undoable, like the `s` key)."""
    paper = screen.query_one("PaperList").current
    if paper is not None:
        screen.annotator.change(paper.id, status=status.value)


def set_sort(screen, sort: str) -> None:  # type: ignore[no-untyped-def]
    """Sort the list by `sort`, keeping the highlighted paper."""
    screen.sort = sort
    current = screen.query_one("PaperList").current
    screen.update_header()
    screen.run_filter(keep=current.id if current else None)


def action_entries(screen) -> list[Entry]:  # type: ignore[no-untyped-def]
    """Every action of the library screen as (palette text, help, callback)."""
    run = screen.run_action
    app = screen.app
    entries: list[Entry] = [
        ("Go to paper…", "Find a paper by its title (fuzzy) and show it", app.action_go_to_paper),
        ("Help: all keys", "Every key by area (?)", app.action_help),
        ("Statistics", "Reading progress per list, ratings, notes per week (%)", app.action_stats),
        ("Toggle layout: side by side / stacked", "List beside or above the reading pane (l)", partial(run, "toggle_layout")),
        ("Focus mode", "Hide the list and read; ] and [ step through papers (z)", partial(run, "focus_mode")),
        ("Write notes", "Markdown notes on the highlighted paper; Esc when done (n)", partial(run, "notes")),
        ("Edit tags…", "Tags of the highlighted paper (t)", partial(run, "tags")),
        ("Rename paper…", "Give the highlighted paper your own title (e)", partial(run, "rename")),
        ("Undo", "Undo the last rating/status/tag/title change (u)", partial(run, "undo")),
        ("Open link", "Open the paper's URL, DOI or code link in the browser (o)", partial(run, "open_link")),
        ("Filter…", "Type a query: words, \"phrase\", -word, status:read rating:>=4 (/)", partial(run, "focus_filter")),
        ("Save view…", "Save the filter's query under a name (ctrl+b)", partial(run, "save_view")),
        ("Clear rating", "Remove the stars (0)", partial(run, "rate(0)")),
    ]
    for stars in range(1, 6):
        entries.append((f"Rate {stars} star{'s' if stars > 1 else ''} {'★' * stars}", f"Rate the highlighted paper ({stars})", partial(run, f"rate({stars})")))
    for status in Status:
        entries.append((f"Set status: {status.value}", "Reading status of the highlighted paper (s cycles)", partial(set_status, screen, status)))
    for sort, name in SORT_NAMES.items():
        entries.append((f"Sort by {name}", "Order of the list (ctrl+s cycles)", partial(set_sort, screen, sort)))
    return entries


class ActionCommands(Provider):
    """The library screen's actions, each with its key in the help line."""

    async def discover(self) -> Hits:
        screen = _library_screen(self)
        if screen is None:
            return
        for text, help_text, callback in action_entries(screen):
            yield DiscoveryHit(text, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        screen = _library_screen(self)
        if screen is None:
            return
        matcher = self.matcher(query)
        for text, help_text, callback in action_entries(screen):
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), callback, text=text, help=help_text)
