"""The papers an import brings, taken from the readers slice by slice as they are read.

Each slice's papers get their match keys at once (`match_keys`), while their
abstracts are in memory, and then their abstracts go to disk (`spool`). So a
large file never has all its abstracts in memory at once, and
the abstracts are normalized and hashed once, not once to read and again to
match. The readers know only the `parsed.Sink` they are handed; the merger
asks `rows_for` for the keys of exactly the papers it plans. `read(count,
about)`, when given, hears how many papers have come after each slice, and
about how many there will be once the file being read is done (0 when its
reader cannot say how much of it is read): an import's progress, and its
chance to stop (`ingest.watch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tui.core.ingest.match_keys import AbstractPart, KeyRows, key_rows
from tui.core.ingest.sketch import CHUNK
from tui.core.ingest.spool import Spool
from tui.core.models import Paper


class Incoming:
    """The `parsed.Sink` of one import: its papers in order, their keys, and the spool their abstracts wait in."""

    def __init__(self, read: Callable[[int, int], None] | None = None) -> None:
        self.spool = Spool()
        self._papers: list[Paper] = []
        self._rows: list[KeyRows] = []
        self._read = read
        self._file_start = 0  # where the papers of the file being read start

    def take(self, papers: Sequence[Paper], bases: Sequence[tuple[str, bool]] | None = None, share: float | None = None) -> None:
        """Key and spool the next papers a reader made (in the order the import will plan them);
        `bases`: what each one's id was made from (`models.abstract_basis`), when the reader says;
        `share`: how much of its file is read once these are."""
        after = len(self._papers) + len(papers)
        about = self._file_start + round((after - self._file_start) / share) if share else 0
        for first in range(0, len(papers), CHUNK):
            part = papers[first : first + CHUNK]
            self._rows.append(key_rows(part, len(self._papers), bases[first : first + CHUNK] if bases is not None else None))
            self._papers.extend(part)
            if self._read is not None:
                self._read(len(self._papers), max(about, len(self._papers)) if about else 0)  # may raise (the import was cancelled)
        self.spool.put(papers)

    def mark(self) -> int:
        """Where the papers of the file about to be read will start (for `rollback`)."""
        self._file_start = len(self._papers)
        return self._file_start

    def rollback(self, mark: int) -> None:
        """Forget the papers taken since `mark`: their file failed, or is being read again whole."""
        del self._papers[mark:]
        self._rows = [rows for rows in self._rows if rows.first < mark]

    def count(self) -> int:
        """The papers taken."""
        return len(self._papers)

    def whole(self) -> bool:
        """Every paper taken has its keys (no rollback split a slice)."""
        return sum(len(rows.lengths) for rows in self._rows) == len(self._papers)

    def parts(self) -> Iterator[AbstractPart]:
        """What the taken papers' abstracts gave their keys, a slice at a time in the order taken (slots from 0
        in each): the rows are let go as they are read, so the import is done with its keys after this."""
        papers = self._papers
        while self._rows:
            rows = self._rows.pop(0)
            yield AbstractPart.of(rows, [p.id for p in papers[rows.first : rows.first + len(rows.lengths)]])

    def rows_for(self, incoming: Sequence[Paper]) -> list[KeyRows] | None:
        """The keys of `incoming` (slots from 0), when they are exactly the papers taken, in order; else None."""
        if len(incoming) != len(self._papers) or any(a is not b for a, b in zip(incoming, self._papers, strict=True)):
            return None
        return self._rows
