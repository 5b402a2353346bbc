"""Binding ids: every key binding gets a stable id so the config's `[keys]` table can remap it.

Ids come from the action name ("rate(5)" -> "rate_5", "app.import_papers" ->
"import_papers"); a binding that sets its own `id` keeps it. Textual's
`App.set_keymap` matches these ids.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterable

from textual.binding import Binding


def binding_id(action: str) -> str:
    """The id derived from an action string, e.g. "app.focus_next" -> "focus_next"."""
    for namespace in ("app.", "screen.", "focused."):
        if action.startswith(namespace):
            action = action[len(namespace) :]
    return re.sub(r"[^a-z0-9]+", "_", action.lower()).strip("_")


def with_ids(bindings: Iterable[Binding]) -> list[Binding]:
    """`bindings` with an id on each (a binding's own id wins)."""
    return [b if b.id else dataclasses.replace(b, id=binding_id(b.action)) for b in bindings]
