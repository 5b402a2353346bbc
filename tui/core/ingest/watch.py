"""How an import tells its caller how far it has got, and asks whether to stop.

An import reads its files (entries counted as the readers hand them on),
matches the papers against the library (so many of so many), then writes
papers.json once. The caller (the app's import dialog, `paperdesk import`)
passes a progress callback and a cancel check; the core knows nothing of
terminals or threads. The check is asked at every step up to the write and
never after: a cancelled import has written nothing, and a write once
begun finishes.
"""

from __future__ import annotations

from collections.abc import Callable

from tui.core.errors import Cancelled

#: The stages of an import, in order: entries read (of an estimate, from the share of the file read; 0 while
#: unknown), papers matched (of all read), the write.
READING, MATCHING, WRITING = "reading", "matching", "writing"

#: Called as progress(stage, done, total) while an import runs; `total` is 0 while unknown.
ImportProgress = Callable[[str, int, int], None]


class Watch:
    """An import's progress callback and cancel check, as its caller gave them (either may be None)."""

    def __init__(self, progress: ImportProgress | None = None, cancelled: Callable[[], bool] | None = None) -> None:
        self.progress = progress
        self.cancelled = cancelled

    def check(self) -> None:
        """Raise `Cancelled` when the caller has asked the import to stop."""
        if self.cancelled is not None and self.cancelled():
            raise Cancelled

    def step(self, stage: str, done: int, total: int = 0) -> None:
        """Tell the caller how far the import is, after checking it should go on (`check`).

        The WRITING step is the last one: once it is told, the write begins and nothing asks again.
        """
        self.check()
        if self.progress is not None:
            self.progress(stage, done, total)

    def reading(self, done: int, about: int = 0) -> None:
        """`done` entries read so far, of `about` once the file being read is done (0: unknown): what
        `ingest.incoming.Incoming` calls after each slice."""
        self.step(READING, done, about)

    def matching(self, done: int, total: int) -> None:
        """`done` of `total` papers matched against the library (the merger's `Progress`)."""
        self.step(MATCHING, done, total)

    def writing(self, changed: int) -> None:
        """The plan is made: `changed` papers are about to be written (the last step), or, with none, a last check."""
        if changed:
            self.step(WRITING, changed, changed)
        else:
            self.check()
