"""Command palette entries for saved views: apply one, or delete it."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content
from textual.markup import escape

from tui.core.render.text import one_line
from tui.core.search.command_match import command_score


class ViewCommands(Provider):
    """Lists the library's saved views: "View: name" applies its query, "Delete view: name" forgets it."""

    def _entries(self) -> list[tuple[str, str, object, str]]:
        screen = self.screen
        library = getattr(self.app, "library", None)
        if library is None or not hasattr(screen, "apply_query"):
            return []
        entries = []
        for name, query in library.views().items():
            shown = one_line(name)
            entries.append((f"View: {shown}", one_line(query), partial(screen.apply_query, query), "apply"))
            entries.append(
                (f"Delete view: {shown}", f"forget the saved query {one_line(query)}", partial(screen.delete_view, name), "delete")
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
                yield Hit(score, _highlight(matcher, label), callback, text=label, help=escape(help_text))  # type: ignore[arg-type]


def _highlight(matcher: Matcher, label: str) -> Content:
    """Like `Matcher.highlight`, but the label is data, never parsed as markup."""
    content = Content(label)
    score, offsets = matcher.fuzzy_search.match(matcher.query, label)
    if score:
        for offset in offsets:
            if not label[offset].isspace():
                content = content.stylize(matcher.match_style, offset, offset + 1)
    return content
