""""Go to paper…": a palette that fuzzy-finds a paper by its shown title (rapidfuzz, any library size)."""

from __future__ import annotations

from functools import partial

from rapidfuzz import fuzz, process, utils
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from tui.core.records import shown_title
from tui.core.text import one_line
from tui.ui.commands import _highlight

#: Best matches shown per keystroke.
LIMIT = 20


class PaperCommands(Provider):
    """Titles of every paper; choosing one moves the list's cursor onto it."""

    titles: list[str] = []
    ids: list[str] = []

    async def startup(self) -> None:
        """Take the titles once per palette (custom titles included)."""
        library = getattr(self.app, "library", None)
        if library is None:
            return
        annotations = library.annotations()
        self.ids = [p.id for p in library.papers]
        self.titles = [one_line(shown_title(p, annotations.get(p.id))) for p in library.papers]

    def _go(self, pid: str) -> None:
        go_to = getattr(self.app, "go_to_paper", None)
        if go_to is not None:
            go_to(pid)

    async def discover(self) -> Hits:
        for pid, title in list(zip(self.ids, self.titles))[:LIMIT]:
            yield DiscoveryHit(Content(title), partial(self._go, pid), text=title)

    async def search(self, query: str) -> Hits:
        if not query.strip():
            return
        found = process.extract(query, self.titles, scorer=fuzz.WRatio, processor=utils.default_process, limit=LIMIT)
        matcher = self.matcher(query)
        for title, score, index in found:
            if score >= 50:
                yield Hit(score / 100, _highlight(matcher, title), partial(self._go, self.ids[index]), text=title)
