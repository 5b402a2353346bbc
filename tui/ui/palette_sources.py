"""The command palette's providers as Textual's lazy sources: their modules load when the palette first opens.

`App.COMMANDS` and `Screen.COMMANDS` take a callable returning a provider
class; importing the providers with the app put the palette's modules (and
the save-view dialog they use) on every start's path to the first frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.command import Provider


def action_commands() -> type[Provider]:
    """Every action of the registry (tui/ui/palette/__init__.py)."""
    from tui.ui.palette import ActionCommands

    return ActionCommands


def view_commands() -> type[Provider]:
    """The saved views (tui/ui/palette/views.py)."""
    from tui.ui.palette.views import ViewCommands

    return ViewCommands
