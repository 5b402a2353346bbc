"""`paperdesk versions` and `paperdesk split`: papers stored twice as two versions, merged on request, and split again.

A library written before version matching (or filled by `add`s one at a time
from two sources) can hold a preprint and its proceedings as two papers:
`pairs` finds them by the import's own rules (`ingest.matching`), `merge`
joins each pair into the paper stored first (its id kept), and `split` brings
any merged paper's versions back, annotations where they were.

Each change is two atomic writes, ordered so that a kill between them loses
nothing: a merge writes the papers first (the absorbed paper keeps its
annotation in the record), then the annotations; a split writes the
annotations first (each version's own), then the papers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tui.core.errors import NotFound
from tui.core.ingest.versions import absorb, absorbed, join_annotations
from tui.core.ingest.versions import split as split_paper
from tui.core.library import Library, next_seq
from tui.core.models import Annotation, Paper
from tui.core.render.text import one_line
from tui.core.words import plural


@dataclass
class Pair:
    """Two stored papers that are one: `kept` (stored first) and `other`, and why (`matching`'s reason)."""

    kept: Paper
    other: Paper
    reason: str

    def line(self) -> str:
        """"ID1 ID2  same arXiv id  "title" / "title"": one line per pair, data made harmless."""
        return f'{self.kept.id} {self.other.id}  {self.reason}  "{one_line(self.kept.shown_title)}" / "{one_line(self.other.shown_title)}"'


@dataclass
class VersionChange:
    """Papers a merge or a split changes, in the shape `LibraryStore.change_papers` takes."""

    added: list[Paper] = field(default_factory=list)
    replaced: dict[str, Paper] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)


def pairs(library: Library) -> list[Pair]:
    """The stored papers that match one stored before them (each with the first it matches), in library order."""
    from tui.core.ingest.matching import MatchIndex

    papers = list(library.papers)
    index = MatchIndex([], papers)
    found: list[Pair] = []
    by_id = {p.id: p for p in papers}
    for paper in papers:
        hit = index.find(paper)
        if hit is None:
            index.add(paper)
            continue
        found.append(Pair(by_id[hit[0]], paper, hit[1]))
        index.add(by_id[hit[0]], as_id=hit[0])
    return found


def undo_import(library: Library, joined: list[tuple[str, str]]) -> list[str]:
    """Split what an import joined (`FileReport.joined`: the stored paper, the version it absorbed): each paper
    gives back the versions this import brought while they are still its newest; the lines saying so."""
    lines = []
    for pid in dict.fromkeys(kept for kept, _ in joined):
        paper = library.get(pid)
        if paper is None:
            continue
        mine = {other for kept, other in joined if kept == pid}
        records = absorbed(paper)
        newest = 0  # how many of its newest versions this import brought
        while newest < len(records) and str(records[len(records) - 1 - newest]["paper"].get("id", "")) in mine:
            newest += 1
        if newest:
            lines.append(split(library, paper, newest))
    return lines


def redo_import(library: Library, joined: list[tuple[str, str]]) -> list[str]:
    """Join again what `undo_import` split: each absorbed paper, still stored apart, merged into its paper again."""
    from tui.core.ingest.versions import ANOTHER_VERSION

    chosen = [Pair(kept, other, ANOTHER_VERSION) for k, o in joined if (kept := library.get(k)) is not None and (other := library.get(o)) is not None]
    return merge(library, chosen)


def merge(library: Library, chosen: list[Pair]) -> list[str]:
    """Merge each pair into its kept paper (`ingest.versions`): one line each. The papers are written first, then
    the annotations (a paper that absorbed another holds its annotation meanwhile)."""
    from tui.core.ingest.merge import citing_merge

    notes = library.annotations()
    current: dict[str, Paper] = {}
    joined: dict[str, Annotation | None] = {}
    gone: set[str] = set()
    lines = []
    for pair in chosen:
        if pair.kept.id in gone or pair.other.id in gone:
            continue
        old = current.get(pair.kept.id, pair.kept)
        mine = joined[old.id] if old.id in joined else notes.get(old.id)
        other = current.pop(pair.other.id, pair.other)  # it may have absorbed a paper earlier in this batch
        theirs = joined.pop(pair.other.id) if pair.other.id in joined else notes.get(pair.other.id)
        together = join_annotations(old.id, mine, theirs)
        current[old.id] = absorb(old, other, citing_merge(old, other), theirs, mine, together)
        joined[old.id] = together
        gone.add(pair.other.id)
        lines.append(f"merged {pair.other.id} into {old.id} ({pair.reason})")
    if not current:
        return lines
    library.change_papers(lambda _: VersionChange(replaced=current, removed=gone))
    put = {pid: a for pid, a in joined.items() if a is not None}
    drop = {pid for pid in gone if pid in notes}
    if put or drop:
        library.replace_annotations(drop, put)
    return lines


def split(library: Library, paper: Paper, last: int | None = None) -> str:
    """Bring back the versions `paper` absorbed (`last`: only the newest so many), each with its id, fields and
    annotation; the line saying so. `NotFound` when it holds none."""
    records = absorbed(paper)
    if not records:
        raise NotFound(f"{paper.id}: this paper holds no other version; nothing to split")
    restored, others, notes = split_paper(paper, library.annotations().get(paper.id), last)
    held = {p.id for p in library.papers}
    others = [p for p in others if p.id not in held]  # (an id a paper holds again: that paper is it, and stays)
    put = {pid: a for pid, a in notes.items() if a is not None and (pid == paper.id or pid in {p.id for p in others})}
    drop = {paper.id} if notes.get(paper.id) is None and paper.id in library.annotations() else set()
    if put or drop:
        library.replace_annotations(drop, put)
    seq = next_seq(library.papers, library.trash_highest_seq())
    added = [p.with_changes(seq=seq + n) for n, p in enumerate(others)]
    library.change_papers(lambda _: VersionChange(added=added, replaced={paper.id: restored}))
    back = ", ".join(p.id for p in added)
    return f"split {paper.id}: {plural(len(added), 'version')} back as {back}" if added else f"split {paper.id}"
