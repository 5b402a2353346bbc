"""The library: a folder opened with the rules its store is built with, and the one door the edges open it through.

`Library.open` seeds a fresh library with the bundled lists, brings an older
one up to date (`migrations`) and finishes a list rename a kill interrupted
(`list_rename`); the store it opens gives citation keys (`CitationKeys`) and
puts trashed papers back where an import would (`plan_restore`): rules passed
in when it is made, so the store never calls up. `add_papers` is the one way
papers come in (imports, fetches, the seed): the merge and its one write.
The use cases (`core.usecases`) take an open `Library`; the command line and
the tests open a folder for them with `opened`. Heavy parts (the merger, the
title deriver) are imported when first needed, so opening the app stays quick.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from tui.core.errors import LibraryError
from tui.core.models import Paper
from tui.core.store.formats import outdated
from tui.core.store.storage import KeyGiver, LibraryStore, PaperChanges, RestorePlanner

if TYPE_CHECKING:  # the readers' report types: imported where an import runs, not when the app opens a library
    from tui.core.cite.keys import KeyPattern
    from tui.core.ingest.incoming import Incoming
    from tui.core.ingest.lists import ParsedList
    from tui.core.ingest.match_keys import AbstractPart
    from tui.core.ingest.merge import MergePlan
    from tui.core.ingest.parsed import FileReport, ImportReport, ParsedFile, Progress
    from tui.core.store.trash import RestorePlan


#: A list rename under way: written before papers.json changes, removed once the saved views follow. A kill in
#: between leaves it, and the next writable open finishes the rename (`list_rename.finish_list_rename`).
RENAME_MARKER = ".list-rename.json"


class Library(LibraryStore):
    """A library folder with what the reader does to it: the store, plus seeding and adding papers."""

    @classmethod
    def open(
        cls,
        folder: str | os.PathLike[str],
        *,
        read_only: bool = False,
        give_keys: KeyGiver | None = None,
        restore_plan: RestorePlanner | None = None,
        seed: bool = True,
    ) -> Library:
        """Open (or create) the library in `folder`; a fresh one is seeded with the bundled lists.

        When the library is locked by another process it opens read-only with
        a notice (and a fresh one is seeded in memory only); a damaged papers
        file raises `DamagedFile`; a damaged annotations file opens read-only
        so it is never overwritten. Papers get their citation keys by
        `give_keys` (None: `CitationKeys`, the settings' pattern) and come back
        from the trash by `restore_plan` (None: `plan_restore`).
        """
        lib = super().open(folder, read_only=read_only, give_keys=give_keys or CitationKeys(Path(folder)), restore_plan=restore_plan or plan_restore)
        assert isinstance(lib, Library)
        try:
            if lib.fresh:
                from tui.core.migrations import mark_current  # lazy, as `migrate`: a fresh library is seeded anyway

                mark_current(lib)
                if seed:
                    lib.seed()
            elif outdated(lib.formats) or any(not p.citekey for p in lib.papers):  # (papers an older version wrote again)
                from tui.core.migrations import migrate  # an older library only: not on a current one's way to the first frame

                migrate(lib)
            if not lib.read_only and (lib.folder / RENAME_MARKER).exists():
                from tui.core.list_rename import finish_list_rename

                try:
                    finish_list_rename(lib, lib.folder / RENAME_MARKER)
                except LibraryError:
                    pass  # the disk refuses: the marker stays, and a later open finishes it
        except BaseException:
            lib.close()
            raise
        return lib

    def trashed_keys(self) -> dict[str, str]:
        """The keys papers in the trash hold (case-folded key -> id): they stay theirs, for a restore."""
        return trashed_keys(self.folder)

    def trashed_ids(self) -> dict[str, str]:
        """The ids of the papers in the trash, each with when its newest removal was ("2026-12-03 18:15"): so
        a command naming one can say it is already there rather than that no paper has the id."""
        from tui.core.store.trash_file import readable_trash

        found: dict[str, str] = {}
        for batch in readable_trash(self.folder):  # oldest removal first: a later one of the same id wins
            when = str(batch.get("removed", ""))[:16].replace("T", " ")
            found.update((doc["id"], when) for doc in batch.get("papers", []) if isinstance(doc.get("id"), str))
        return found

    def seed(self) -> list[ImportReport]:
        """Add the lists that ship with paperdesk (in memory only when the library is read-only)."""
        from tui.core.ingest.lists import read_list_file
        from tui.core.paths import bundled_lists

        return self.add_lists([read_list_file(p) for p in bundled_lists()], write=not self.read_only)

    def add_lists(self, lists: Iterable[ParsedList], *, write: bool = True) -> list[ImportReport]:
        """Add the papers of several lists in one atomic write; duplicates are skipped.

        Papers already stored (same id) are left exactly as they are, and
        annotations are never touched, so importing a list twice is harmless.
        """
        from tui.core.ingest.parsed import ImportReport
        from tui.core.ingest.readers import parsed_from_list

        files = (parsed_from_list(p) for p in lists)
        return [ImportReport.of(r) for r in self.add_papers(files, write=write)]

    def add_papers(
        self,
        files: Iterable[ParsedFile],
        progress: Progress | None = None,
        *,
        write: bool = True,
        prepared: Incoming | None = None,
        before_write: Callable[[MergePlan], None] | None = None,
    ) -> list[FileReport]:
        """Add and merge the papers of parsed files in ONE atomic write of the papers file.

        New papers are appended; papers already stored (same id, DOI, title,
        or a near-identical abstract) get their empty fields filled in. On any
        failure neither the file nor memory changes; annotations never do.
        `prepared`: what the readers handed the files' papers to (`ingest.incoming`).
        `before_write(plan)` hears the plan before the write; raising there (an
        import cancelled) leaves the file and memory as they were.
        """
        from tui.core.ingest.merge import plan_import

        after = self.trash_highest_seq()  # a trashed paper's place stays its own, for its restore
        stored: list[Paper] = []

        def plan(papers: list[Paper]) -> MergePlan:
            stored[:] = papers
            planned = plan_import(papers, files, next_seq(papers, after), derived_title, progress, prepared, self._known_keys(len(papers)))
            if before_write is not None:
                before_write(planned)
            return planned

        digest = self.papers_digest
        changes = self.change_papers(plan, write=write)
        if write and prepared is not None and self.papers_digest != digest:
            self._keep_keys(changes, stored, prepared)
        return changes.reports

    def _known_keys(self, count: int) -> AbstractPart | None:
        """What the stored papers' abstracts gave their keys, as the last import kept it (`ingest.key_cache`),
        when it was kept for papers.json as it is now."""
        from tui.core.ingest.key_cache import KEYS_FILE, loads

        try:
            data = (self.folder / KEYS_FILE).read_bytes()
        except OSError:
            return None
        return loads(data, self.papers_digest, count)

    def _keep_keys(self, plan: MergePlan, stored: list[Paper], prepared: Incoming) -> None:
        """After an import's write: keep what the abstracts of the papers now stored gave their keys, for the next
        import (`ingest.key_cache`). Only derived data: when it cannot be written, the next import computes it."""
        from itertools import chain

        from tui.core.ingest.key_cache import KEYS_FILE, write
        from tui.core.ingest.match_keys import abstract_part
        from tui.core.store.atomic import atomic_replace

        papers, digest = self.papers, self.papers_digest
        n, stored_part, added = len(stored), plan.stored_part, len(plan.added)
        if digest is None or stored_part is None or len(stored_part) != n or len(papers) != n + added or len(plan.added_from) != added:
            return  # (no `added_from`: the readers' keys were not the ones matched)
        if any(a is not b for a, b in zip(papers[n:], plan.added, strict=True)) or not prepared.whole():
            return  # papers restored from the trash went back to their places: the order is not the plan's
        import numpy as np

        # Where each paper's part is among the stored part, the incoming ones, then the ones made again here.
        order = np.arange(n + added, dtype=np.int64)
        order[[slot for slot, paper in enumerate(papers[:n]) if paper.id in plan.replaced]] = -1
        came = np.frombuffer(plan.added_from, dtype=np.int32) if added else np.zeros(0, np.int32)
        order[n:] = np.where(came >= 0, came + n, -1)
        redo = np.flatnonzero(order < 0)
        order[redo] = n + prepared.count() + np.arange(len(redo))  # merged or renumbered papers: their abstracts are read again
        try:  # the papers are written: nothing here may fail the import
            again = [papers[slot] for slot in redo.tolist()]
            fresh = abstract_part(again)
            with atomic_replace(self.folder / KEYS_FILE, durable=False) as out:
                write(out, digest, order, chain([stored_part], prepared.parts(), [fresh]))
        except (OSError, ValueError):
            pass



class CitationKeys:
    """The store's `KeyGiver`: every paper entering the library (imported, restored, migrated) gets its citation
    key here (`cite.keys`), by `pattern`, else the settings file's `citekey_pattern` (read once, when a key must
    be made), never taking a key a paper in the trash holds."""

    def __init__(self, folder: Path, pattern: KeyPattern | None = None) -> None:
        self.folder, self.pattern = folder, pattern

    def __call__(self, stored: list[Paper], changes: PaperChanges) -> None:
        if not changes.added and not changes.replaced:
            return  # a removal: nothing enters, and the settings need not be read
        from tui.core.cite.keys import give_keys

        give_keys(stored, changes, self._pattern(), lambda: trashed_keys(self.folder))

    def _pattern(self) -> KeyPattern:
        if self.pattern is None:
            from tui.core.cite.keys import KeyPattern
            from tui.core.config import config_path, load_settings

            self.pattern = KeyPattern(load_settings(config_path())[0].citekey_pattern)
        return self.pattern


def trashed_keys(folder: Path) -> dict[str, str]:
    """The keys papers in the trash of the library in `folder` hold (case-folded key -> id)."""
    from tui.core.cite.keys import trashed_keys as held
    from tui.core.store.trash_file import readable_trash

    return held(readable_trash(folder))  # a damaged trash reserves nothing, and stops no import


def plan_restore(stored: list[Paper], trashed: list[Paper]) -> RestorePlan:
    """Where trashed papers (the newest removal first) go back: a paper the library holds again (by the import's
    evidence: id, DOI, arXiv id, URL, title, abstract) keeps its id and gets its gaps filled from the trashed copy;
    the others come back with their ids, at their old places unless a paper holds that place now."""
    from tui.core.ingest.merge import MatchIndex, merge_into
    from tui.core.store.trash import RestorePlan

    index = MatchIndex(stored, trashed, versions=False)  # (a version stays its own paper) found in this order, each added before the next (as an import does)
    by_id = {p.id: p for p in stored}
    seqs = {p.seq for p in stored}
    free = max([*seqs, *(p.seq for p in trashed)], default=-1) + 1
    plan = RestorePlan()
    added_at: dict[str, int] = {}
    for paper in trashed:
        hit = index.find(paper)
        if hit is None:
            if paper.seq in seqs:  # a library written before imports kept trashed places free
                paper, free = paper.with_changes(seq=free), free + 1
            seqs.add(paper.seq)
            added_at[paper.id] = len(plan.added)
            plan.added.append(paper)
            plan.into[paper.id] = paper.id
            index.add(paper)
            continue
        pid = hit[0]
        plan.into[paper.id] = pid
        if pid in added_at:
            merged = merge_into(plan.added[added_at[pid]], paper)
            plan.added[added_at[pid]] = merged
        else:
            old = plan.replaced.get(pid) or by_id[pid]
            merged = merge_into(old, paper)
            if merged is not old:
                plan.replaced[pid] = merged
        index.add(merged, as_id=pid)
    return plan


def next_seq(papers: list[Paper], after: int) -> int:
    """The place of the next paper added: after the last stored one and every one in the trash."""
    return max(papers[-1].seq if papers else -1, after) + 1


def derived_title(abstract: str) -> str:
    """A title from the abstract; the title rules load only for a paper without a title."""
    from tui.core.ingest.titles import derive_title

    return derive_title(abstract)


# -- the door the edges open a library through ------------------------------------------------------


class LibraryFolder:
    """A library not opened yet, for the use cases that read or fetch for long before they write (`import`, `add`):
    they open it (`opened`) only once there is something to write, so another paperdesk can use it meanwhile, and
    an import that brings nothing creates no library."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)


def opened(library: Library | LibraryFolder | str | os.PathLike[str], *, read_only: bool = False, seed: bool = True) -> AbstractContextManager[Library]:
    """The library itself (left open), or the one in a folder, opened as `Library.open` does and closed after use:
    where the command line and the tests turn a folder into the open library every use case takes."""
    if isinstance(library, Library):
        return nullcontext(library)
    path = library.path if isinstance(library, LibraryFolder) else library
    return Library.open(path, read_only=read_only, seed=seed)


@contextmanager
def writable(library: Library | str | os.PathLike[str], outcome: str = "nothing changed") -> Iterator[Library]:
    """`opened`, refused (`store.guard.writable`) when another process holds it or it is read-only."""
    from tui.core.store.guard import writable as check

    with opened(library) as lib:
        check(lib, outcome)
        yield lib
