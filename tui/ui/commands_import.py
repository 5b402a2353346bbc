"""Command palette entries for importing papers."""

from __future__ import annotations

from textual.command import DiscoveryHit, Hit, Hits, Provider

#: (command name, help) pairs this provider offers.
COMMANDS = (
    ("Import papers from a file or folder", "BibTeX, JSON, JSON Lines or plain-text lists; merges duplicates"),
)


class ImportCommands(Provider):
    """Offers "Import papers…" in the command palette."""

    async def discover(self) -> Hits:
        for name, help_text in COMMANDS:
            yield DiscoveryHit(name, self.app.action_import_papers, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text in COMMANDS:
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), self.app.action_import_papers, help=help_text)
