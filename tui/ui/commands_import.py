"""Command palette entries for importing papers."""

from __future__ import annotations

from textual.command import DiscoveryHit, Hits, Provider

from tui.ui.commands_actions import Entry, ranked_hits

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
        entries = [Entry(name, help_text, self.app.action_import_papers, keywords=("bibtex", "json", "add")) for name, help_text in COMMANDS]
        for hit in ranked_hits(self, query, entries):
            yield hit
