"""The command palette: every action of the registry, saved views, and "Go to paper…".

`ActionCommands` lists the actions that have palette text in tui/ui/actions.py,
each with its key (the user's override, if any) in the help line, so the
palette also teaches the keys. Saved views (`views.py`) and paper titles
(`papers.py`) have providers of their own; themes come from Textual's own
"Theme" command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content

from tui.core.models import shown_title
from tui.core.render.text import one_line
from tui.core.search.command_match import command_score
from tui.core.search.sorts import SORTS, offered
from tui.core.words import plural
from tui.ui.actions import Action, palette_actions
from tui.ui.keymap import KeysInForce, shown
from tui.ui.widgets.paper_list import PaperList

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.core.config import Settings


class SettingsInForce(Protocol):
    """The settings the app runs with (`PaperdeskApp` is one): a command they turned off is not offered."""

    settings: Settings


class Sorting(Protocol):
    """The library screen's filtering part (`Filtering`): whether the library is in a reading group."""

    in_group: bool


class SortingScreen(Protocol):
    """The library screen (the one showing the paper list), holding its filtering part."""

    @property
    def filtering(self) -> Sorting: ...


#: The palette's "Sort by …" commands by action: each is left out when the sort key's cycle skips its order
#: (`sorts.offered`: the group score outside a reading group, "for me" while `for_me = false`).
SORT_ACTIONS = {f"sort_by({sort!r})": sort for sort in SORTS}


@dataclass(frozen=True)
class Entry:
    """One palette command: its text, help line, what it runs, and whether it changes a paper."""

    text: str
    help: str
    run: Callable[[], object]
    changes_data: bool = False
    keywords: tuple[str, ...] = ()


def ranked_hits(provider: Provider, query: str, entries: Iterable[Entry]) -> Iterator[Hit]:
    """Hits for `entries`: named commands first; a data-changing one only when the query names it."""
    matcher = provider.matcher(query)
    for entry in entries:
        score = command_score(query, entry.text, keywords=entry.keywords, changes_data=entry.changes_data, letters=matcher.match)
        if score > 0:
            yield Hit(score, matcher.highlight(entry.text), entry.run, text=entry.text, help=entry.help)


def highlight_data(matcher: Matcher, label: str) -> Content:
    """Like `Matcher.highlight`, but the label is data, never parsed as markup."""
    content = Content(label)
    score, offsets = matcher.fuzzy_search.match(matcher.query, label)
    if score:
        for offset in offsets:
            if not label[offset].isspace():
                content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


def _key(action: Action, overrides: dict[str, str]) -> str:
    """The key that runs `action` now: the user's override, else the default."""
    override = overrides.get(action.id)
    return shown(override.split(",")[0]) if override else action.key_hint


def action_entries(screen: Screen) -> list[Entry]:
    """The palette's commands on `screen`: the app's everywhere, the library screen's (the one showing the
    paper list) on it, naming the paper they would change."""
    lists = screen.query(PaperList)
    on_library = bool(lists)
    overrides = cast(KeysInForce, screen.app).key_overrides  # paperdesk's app: the keys it binds now
    target, shown = "", 0
    if on_library:
        paper_list = lists.first()
        shown = len(paper_list.papers)
        paper = paper_list.current
        annotation = paper_list.annotation_of(paper.id) if paper is not None else None
        if paper is not None and annotation is not None:
            target = f" · on: {one_line(shown_title(paper, annotation))}"
    entries = []
    for_me = cast(SettingsInForce, screen.app).settings.for_me
    in_group = on_library and cast(SortingScreen, screen).filtering.in_group
    for action in palette_actions():
        if not (on_library or action.action.startswith("app.")):
            continue
        sort = SORT_ACTIONS.get(action.action)
        if sort is not None and not offered(sort, in_group, for_me):
            continue
        help_line = action.palette_help + (f" ({_key(action, overrides)})" if action.keys else "")
        if action.changes_data and "{n papers}" not in action.palette:  # a command on the whole view names no paper
            help_line += target
        text = action.palette.replace("{n papers}", plural(shown))
        entries.append(Entry(text, help_line, partial(screen.run_action, action.action), action.changes_data, action.keywords))
    return entries


class ActionCommands(Provider):
    """Every action with palette text, each with its key in the help line."""

    async def discover(self) -> Hits:
        for entry in action_entries(self.screen):
            yield DiscoveryHit(entry.text, entry.run, help=entry.help)

    async def search(self, query: str) -> Hits:
        for hit in ranked_hits(self, query, action_entries(self.screen)):
            yield hit
