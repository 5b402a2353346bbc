"""Command-palette entries for export and clipboard, acting on the library screen below the palette."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

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
        matcher = self.matcher(query)
        for text, help_text, action in COMMANDS:
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), partial(screen.run_action, action), text=text, help=help_text)
