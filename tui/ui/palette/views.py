"""Command palette entries for saved views: apply one, or delete it."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.markup import escape

from tui.core.render.text import capped
from tui.core.search.command_match import command_score
from tui.ui.palette import highlight_data
from tui.ui.screens.save_view import VIEW_NAME_SHOWN


class ViewCommands(Provider):
    """Lists the library's saved views: "View: name" applies its query, "Delete view: name" forgets it."""

    def _entries(self) -> list[tuple[str, str, object, str]]:
        from tui.ui.library.screen import LibraryScreen

        screen = self.screen
        library = screen.library if isinstance(screen, LibraryScreen) else None
        if library is None:
            return []
        filtering = screen.filtering
        entries = []
        for name, query in library.views().items():
            shown = capped(name, VIEW_NAME_SHOWN)
            entries.append((f"View: {shown}", capped(query, 200), partial(filtering.apply_query, query), "apply"))
            entries.append(
                (f"Delete view: {shown}", f"forget the saved query {capped(query, 200)}", partial(filtering.delete_view, library, name), "delete")
            )
        return entries

    async def discover(self) -> Hits:
        for label, help_text, callback, _ in self._entries():
            yield DiscoveryHit(Content(label), callback, text=label, help=escape(help_text))  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, help_text, callback, kind in self._entries():
            # Deleting a view changes data: only a query that names it ("del graph") finds it.
            score = command_score(query, label, changes_data=kind == "delete", letters=matcher.match)
            if score > 0:
                yield Hit(score, highlight_data(matcher, label), callback, text=label, help=escape(help_text))  # type: ignore[arg-type]

