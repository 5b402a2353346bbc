"""Command-palette entries for export and clipboard, acting on the library screen below the palette."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hits, Provider

from tui.ui.commands_actions import Entry, ranked_hits

#: (palette text, help, LibraryScreen action name)
COMMANDS = (
    ("Export to Markdown…", "Write papers and notes to a Markdown file or an Obsidian folder (x)", "export"),
    ("Copy paper", "Copy the title, list and abstract to the clipboard (c)", "copy_paper"),
    ("Copy paper with notes (Markdown)", "Copy the paper's exported Markdown section (C)", "copy_section"),
)


class ExportCommands(Provider):
    """Export and copy, listed in the palette like the `x`/`c`/`C` keys."""

    def _target(self):
        from tui.ui.screens.library import LibraryScreen

        screen = self.screen
        return screen if isinstance(screen, LibraryScreen) else None

    async def discover(self) -> Hits:
        screen = self._target()
        if screen is None:
            return
        for text, help_text, action in COMMANDS:
            yield DiscoveryHit(text, partial(screen.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        screen = self._target()
        if screen is None:
            return
        entries = [Entry(text, help_text, partial(screen.run_action, action), keywords=("clipboard",) if action != "export" else ("markdown", "obsidian")) for text, help_text, action in COMMANDS]
        for hit in ranked_hits(self, query, entries):
            yield hit
