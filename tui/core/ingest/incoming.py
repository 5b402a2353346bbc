"""The papers an import brings, taken from the readers slice by slice as they are read.

Each slice's papers get what their abstracts give their match keys at once
(`match_keys.abstract_part`), while the abstracts are in memory, and then the
abstracts go to disk (`spool`). So a large file never has all its abstracts in
memory at once, and the abstracts are normalized and hashed once, not once to
read and again to match. The rest of the keys come from the papers' fields when
the merger asks for them (`rows_for`): a file imported again, whose records are
all stored papers again, never needs them. The readers know only the `parsed.Sink` they are handed; the merger
asks `rows_for` for the keys of exactly the papers it plans. `read(count,
about)`, when given, hears how many papers have come after each slice, and
about how many there will be once the file being read is done (0 when its
reader cannot say how much of it is read): an import's progress, and its
chance to stop (`ingest.watch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tui.core.ingest.match_keys import AbstractPart, KeyRows, abstract_part, key_rows
from tui.core.ingest.sketch import CHUNK
from tui.core.ingest.spool import Spool
from tui.core.models import Paper


class Incoming:
    """The `parsed.Sink` of one import: its papers in order, what their abstracts give their keys, and the spool the
    abstracts wait in."""

    def __init__(self, read: Callable[[int, int], None] | None = None) -> None:
        self.spool = Spool()
        self._papers: list[Paper] = []
        self._parts: list[tuple[int, AbstractPart]] = []  # (the first paper's place, its slice's part)
        self._read = read
        self._file_start = 0  # where the papers of the file being read start

    def take(self, papers: Sequence[Paper], bases: Sequence[tuple[str, bool]] | None = None, share: float | None = None) -> None:
        """Key (`abstract_part`) and spool the next papers a reader made (in the order the import will plan them);
        `bases`: what each one's id was made from (`models.abstract_basis`), when the reader says;
        `share`: how much of its file is read once these are."""
        after = len(self._papers) + len(papers)
        about = self._file_start + round((after - self._file_start) / share) if share else 0
        for first in range(0, len(papers), CHUNK):
            part = papers[first : first + CHUNK]
            self._parts.append((len(self._papers), abstract_part(part, bases[first : first + CHUNK] if bases is not None else None)))
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
        self._parts = [(at, part) for at, part in self._parts if at < mark]

    def count(self) -> int:
        """The papers taken."""
        return len(self._papers)

    def whole(self) -> bool:
        """Every paper taken has its keys (no rollback split a slice)."""
        return sum(len(part) for _, part in self._parts) == len(self._papers)

    def parts(self) -> Iterator[AbstractPart]:
        """What the taken papers' abstracts gave their keys, a slice at a time in the order taken (slots from 0
        in each): let go as they are read, so the import is done with its keys after this."""
        while self._parts:
            yield self._parts.pop(0)[1]

    def rows_for(self, incoming: Sequence[Paper]) -> list[KeyRows] | None:
        """The keys of `incoming` (slots from 0), when they are exactly the papers taken, in order; else None.
        The evidence keys are made here, from the papers' fields; the abstracts' part was made as they were read."""
        if len(incoming) != len(self._papers) or any(a is not b for a, b in zip(incoming, self._papers, strict=True)):
            return None
        papers = self._papers
        return [key_rows(papers[at : at + len(part)], at, known=part) for at, part in self._parts]
