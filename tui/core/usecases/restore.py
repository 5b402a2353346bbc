"""`paperdesk restore` and the app's u: the last removal (or every one) brought back from the library's trash.

A paper imported again since its removal is filled in rather than stored
twice (`library.plan_restore`, the rule the store is opened with).
"""

from __future__ import annotations

from tui.core.library import Library
from tui.core.words import plural


def restore_papers(library: Library, *, everything: bool = False) -> list[str]:
    """Bring back the last removal (every one with `everything`); one line per batch restored, and one for
    papers the library held again (imported since), which were filled in rather than stored twice."""
    restored = library.restore_papers(everything=everything)
    lines = [
        f"restored {plural(len(batch.get('papers', [])))} ({batch.get('what', '')}, removed {batch.get('removed', '')[:16].replace('T', ' ')})"
        for batch in restored.batches
    ]
    if restored.updated:
        again = f"{plural(len(restored.updated))} were in the library again (imported since)"
        lines.append(f"{again}: kept there, their empty fields and annotations filled in from the trash")
    return lines
