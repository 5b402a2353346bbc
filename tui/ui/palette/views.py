"""Command palette entries for saved views: apply one, or delete it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.markup import escape

from tui.core.render.text import capped
from tui.core.search.command_match import command_score
from tui.ui.palette import highlight_data
from tui.ui.screens.save_view import VIEW_NAME_SHOWN


class ViewsHost(Protocol):
    """What the views' commands ask of the saved views (`SavedViews`)."""

    def saved_views(self) -> dict[str, str]: ...

    def apply_view(self, query: str) -> None: ...

    def delete_view(self, name: str) -> None: ...


class ViewsScreen(Protocol):
    """The screen they are offered on (`LibraryScreen.COMMANDS`: the library screen), holding its saved views."""

    @property
    def views(self) -> ViewsHost: ...


class ViewCommands(Provider):
    """Lists the library's saved views: "View: name" applies its query, "Delete view: name" forgets it."""

    def _entries(self) -> list[tuple[str, str, Callable[[], object], str]]:
        host = cast(ViewsScreen, self.screen).views  # only the library screen offers these commands
        entries: list[tuple[str, str, Callable[[], object], str]] = []
        for name, query in host.saved_views().items():
            shown = capped(name, VIEW_NAME_SHOWN)
            entries.append((f"View: {shown}", capped(query, 200), partial(host.apply_view, query), "apply"))
            entries.append((f"Delete view: {shown}", f"forget the saved query {capped(query, 200)}", partial(host.delete_view, name), "delete"))
        return entries

    async def discover(self) -> Hits:
        for label, help_text, callback, _ in self._entries():
            yield DiscoveryHit(Content(label), callback, text=label, help=escape(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, help_text, callback, kind in self._entries():
            # Deleting a view changes data: only a query that names it ("del graph") finds it.
            score = command_score(query, label, changes_data=kind == "delete", letters=matcher.match)
            if score > 0:
                yield Hit(score, highlight_data(matcher, label), callback, text=label, help=escape(help_text))
