"""Command-palette entries for every library-screen action: rate, status, tags, notes, sort, layout, help, stats.

Export/copy and import have their own providers (commands_export.py,
commands_import.py), saved views theirs (commands.py), themes come from
Textual's own "Theme" command. Each entry names its key in the help text, so
the palette also teaches the keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterable, Iterator

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.core.models import Status, shown_title
from tui.core.render.text import one_line
from tui.core.search.command_match import command_score
from tui.core.search.sorts import SORT_NAMES



@dataclass(frozen=True)
class Entry:
    """One palette command: its text, help line, what it runs, and whether it changes a paper."""

    text: str
    help: str
    run: Callable[[], object]
    changes_data: bool = False
    keywords: tuple[str, ...] = ()


def _library_screen(provider: Provider):  # type: ignore[no-untyped-def]
    from tui.ui.screens.library import LibraryScreen

    screen = provider.screen
    return screen if isinstance(screen, LibraryScreen) else None


def set_status(screen, status: Status) -> None:  # type: ignore[no-untyped-def]
    """Give the highlighted paper `status` (undoable, like the `s` key)."""
    paper = screen.query_one("PaperList").current
    if paper is not None:
        screen.annotator.set_status(paper.id, status)


def set_sort(screen, sort: str) -> None:  # type: ignore[no-untyped-def]
    """Sort the list by `sort`, keeping the highlighted paper."""
    screen.sort = sort
    current = screen.query_one("PaperList").current
    screen.update_header()
    screen.run_filter(keep=current.id if current else None)


def action_entries(screen) -> list[Entry]:  # type: ignore[no-untyped-def]
    """Every action of the library screen as palette entries."""
    run = screen.run_action
    app = screen.app
    paper = screen.query_one("PaperList").current
    target = f" · on: {one_line(shown_title(paper, screen.annotator.view(paper.id)))}" if paper is not None and screen.annotator.saver else ""
    entries: list[Entry] = [
        Entry("Go to paper…", "Find a paper by its title (fuzzy) and show it", app.action_go_to_paper, keywords=("find", "jump")),
        Entry("Help: all keys", "Every key by area (?)", app.action_help, keywords=("keys",)),
        Entry("Statistics", "Reading progress per list, ratings, notes per week (%)", app.action_stats, keywords=("stats", "progress")),
        Entry("Toggle layout: side by side / stacked", "List beside or above the reading pane (l)", partial(run, "toggle_layout")),
        Entry("Focus mode", "Hide the list and read; ] and [ step through papers (z)", partial(run, "focus_mode")),
        Entry("Write notes", "Markdown notes on the highlighted paper; Esc when done (n)", partial(run, "notes")),
        Entry("Edit tags…", "Tags of the highlighted paper (t)", partial(run, "tags")),
        Entry("Rename paper…", "Give the highlighted paper your own title (e)", partial(run, "rename"), keywords=("title",)),
        Entry("Undo", "Undo the last rating/status/tag/title change (u)", partial(run, "undo"), changes_data=True),
        Entry("Redo", "Redo the change undone last (U)", partial(run, "redo"), changes_data=True),
        Entry("Open link", "Open the paper's URL, DOI or code link in the browser (o)", partial(run, "open_link"), keywords=("browser", "url")),
        Entry("Filter…", "Type a query: words, \"phrase\", -word, status:read rating:>=4 (/)", partial(run, "focus_filter"), keywords=("search",)),
        Entry("Save view…", "Save the filter's query under a name (ctrl+b)", partial(run, "save_view")),
        Entry("Clear rating", f"Remove the stars (0){target}", partial(run, "rate(0)"), changes_data=True),
    ]
    for stars in range(1, 6):
        entries.append(
            Entry(f"Rate {stars} star{'s' if stars > 1 else ''} {'★' * stars}", f"Rate the highlighted paper ({stars}){target}", partial(run, f"rate({stars})"), changes_data=True)
        )
    for status in Status:
        entries.append(
            Entry(f"Set status: {status.value}", f"Reading status of the highlighted paper (s cycles){target}", partial(set_status, screen, status), changes_data=True)
        )
    for sort, name in SORT_NAMES.items():
        entries.append(Entry(f"Sort by {name}", "Order of the list (ctrl+s cycles)", partial(set_sort, screen, sort)))
    return entries


def ranked_hits(provider: Provider, query: str, entries: Iterable[Entry]) -> Iterator[Hit]:
    """Hits for `entries`: named commands first; a data-changing one only when the query names it."""
    matcher = provider.matcher(query)
    for entry in entries:
        score = command_score(query, entry.text, keywords=entry.keywords, changes_data=entry.changes_data, letters=matcher.match)
        if score > 0:
            yield Hit(score, matcher.highlight(entry.text), entry.run, text=entry.text, help=entry.help)


class ActionCommands(Provider):
    """The library screen's actions, each with its key in the help line."""

    async def discover(self) -> Hits:
        screen = _library_screen(self)
        if screen is None:
            return
        for entry in action_entries(screen):
            yield DiscoveryHit(entry.text, entry.run, help=entry.help)

    async def search(self, query: str) -> Hits:
        screen = _library_screen(self)
        if screen is not None:
            for hit in ranked_hits(self, query, action_entries(screen)):
                yield hit
