"""The use cases: open a library (seeded on first use), import files, choose papers by query, pick what to export.

The command line and the app call these; each is a few calls into the
layers below (`ingest`, `store`, `search`, `export`), which never call back
up here. Heavy parts (the merger, the title deriver, the search index) are
imported when first needed, so opening the app stays quick.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tui.core.errors import LibraryError, LibraryHeld
from tui.core.models import Paper
from tui.core.store.formats import outdated
from tui.core.store.storage import LibraryStore
from tui.core.words import plural

if TYPE_CHECKING:  # the readers' report types: imported where an import runs, not when the app opens a library
    from tui.core.cite.keys import KeyPattern
    from tui.core.export.git_vault import GitSyncOutcome
    from tui.core.export.markdown import Entry
    from tui.core.export.sync import SyncReport
    from tui.core.fetch.services import FetchOptions
    from tui.core.ingest.incoming import Incoming
    from tui.core.ingest.lists import ParsedList
    from tui.core.ingest.match_keys import AbstractPart
    from tui.core.ingest.merge import MergePlan
    from tui.core.ingest.parsed import FileReport, ImportOutcome, ImportReport, ParsedFile, Progress
    from tui.core.ingest.watch import ImportProgress
    from tui.core.ingest.watch import Watch as ImportWatch
    from tui.core.ingest.zotero.reader import ZoteroFile
    from tui.core.removing import RemoveOutcome
    from tui.core.search.index import SearchIndex
    from tui.core.search.query import Query
    from tui.core.store.storage import PaperChanges
    from tui.core.store.trash import RestorePlan
    from tui.core.zotero_sync import ZoteroReport


class Library(LibraryStore):
    """A library folder with what the reader does to it: the store, plus seeding and imports."""

    @classmethod
    def open(cls, folder: str | os.PathLike[str], *, read_only: bool = False, seed: bool = True) -> Library:
        """Open (or create) the library in `folder`; a fresh one is seeded with the bundled lists.

        When the library is locked by another process it opens read-only with
        a notice (and a fresh one is seeded in memory only); a damaged papers
        file raises `DamagedFile`; a damaged annotations file opens read-only
        so it is never overwritten.
        """
        lib = super().open(folder, read_only=read_only)
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
                try:
                    finish_list_rename(lib)
                except LibraryError:
                    pass  # the disk refuses: the marker stays, and a later open finishes it
        except BaseException:
            lib.close()
            raise
        return lib

    #: The citation-key pattern for papers whose source gave none (`cite.keys.KeyPattern`); None: the settings'.
    key_pattern: KeyPattern | None = None

    def give_keys(self, changes: PaperChanges) -> None:
        """Every paper entering the library (imported, restored, migrated) gets its citation key here (`cite.keys`)."""
        if not changes.added and not changes.replaced:
            return  # a removal: nothing enters, and the settings need not be read
        from tui.core.cite.keys import give_keys

        give_keys(self.papers, changes, self._pattern(), self.trashed_keys)

    def _pattern(self) -> KeyPattern:
        """`key_pattern`, else the settings file's `citekey_pattern` (read once, when a key must be made)."""
        if self.key_pattern is None:
            from tui.core.cite.keys import KeyPattern
            from tui.core.config import config_path, load_settings

            self.key_pattern = KeyPattern(load_settings(config_path())[0].citekey_pattern)
        return self.key_pattern

    def trashed_keys(self) -> dict[str, str]:
        """The keys papers in the trash hold (case-folded key -> id): they stay theirs, for a restore."""
        from tui.core.cite.keys import trashed_keys
        from tui.core.store.trash_file import readable_trash

        return trashed_keys(readable_trash(self.folder))  # a damaged trash reserves nothing, and stops no import

    def restore_plan(self, stored: list[Paper], trashed: list[Paper]) -> RestorePlan:
        """A restore that meets papers imported again since their removal (`removing.plan_restore`)."""
        from tui.core.removing import plan_restore

        return plan_restore(stored, trashed)

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
            planned = plan_import(papers, files, _next_seq(papers, after), _derive_title, progress, prepared, self._known_keys(len(papers)))
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

    def add_zotero(
        self, parsed: ZoteroFile, *, progress: Progress | None = None, before_write: Callable[[MergePlan], None] | None = None
    ) -> ZoteroReport:
        """Sync the library with what a Zotero database gave (`zotero_sync.plan_zotero`), in ONE atomic write.

        New items are added, linked papers take Zotero's metadata and notes,
        annotations are never touched; `before_write` as in `add_papers`.
        """
        from tui.core.zotero_sync import plan_zotero

        after = self.trash_highest_seq()
        reports: list[ZoteroReport] = []

        def plan(papers: list[Paper]) -> MergePlan:
            planned, report = plan_zotero(papers, parsed, _next_seq(papers, after), _derive_title, progress)
            if before_write is not None:
                before_write(planned)
            reports[:] = [report]
            return planned

        self.change_papers(plan)
        return reports[0]


def _next_seq(papers: list[Paper], after: int) -> int:
    """The place of the next paper added: after the last stored one and every one in the trash."""
    return max(papers[-1].seq if papers else -1, after) + 1


def _derive_title(abstract: str) -> str:
    """A title from the abstract; the title rules load only for a paper without a title."""
    from tui.core.ingest.titles import derive_title

    return derive_title(abstract)


# -- importing -----------------------------------------------------------------------------


def import_paths(
    library: Library | str | os.PathLike[str],
    paths: Sequence[str | os.PathLike[str]],
    *,
    force: bool = False,
    progress: ImportProgress | None = None,
    cancelled: Callable[[], bool] | None = None,
    kind: str | None = None,
    stdin: Callable[[], bytes] | None = None,
    automatic_tags: bool | None = None,
    groups: bool | None = None,
    list_name: str | None = None,
    in_app: bool = False,
) -> ImportOutcome:
    """Import files and folders of any kind: paper lists, BibTeX, JSON, Zotero databases, and per-paper notes exports.

    A notes export (Markdown with a paperdesk id, or a folder of them) restores
    annotations; `force` takes the file's version where the library changed
    since the export. Everything else is parsed first, and the library is
    opened (when given as a folder) only when there is something to add.
    `progress(stage, done, total)` hears how far it is (`ingest.watch`: entries
    read, papers matched, the write). `cancelled()` is asked at each step
    until papers.json is written: once it says yes (or a step raises
    `Cancelled`) the import stops, having written no paper, and the outcome
    says so (`cancelled`); a write once begun finishes. `-` reads `stdin()`;
    `kind` forces every file's format. A library another process holds
    raises `LibraryHeld` (nothing is imported). A Zotero database (a
    zotero.sqlite, or its data folder) is read from a private copy and
    synced in (`zotero_sync`), after the other files; `automatic_tags` and
    `groups` (None: the settings' `zotero_automatic_tags`, `zotero_groups`)
    say whether Zotero's automatic tags and group libraries come too.
    `list_name` puts every paper the files bring in that list (Zotero's collections aside).
    `in_app`: the lines are for the app (which refuses `paperdesk remove`
    while it holds the library): hints name its keys, not the command line.
    """
    from tui.core.errors import Cancelled
    from tui.core.importing import add_read, is_notes_export, read_papers, restore_notes
    from tui.core.ingest.parsed import ImportOutcome
    from tui.core.ingest.watch import Watch

    outcome = ImportOutcome()
    watch = Watch(progress, cancelled)
    notes = [name for name in paths if is_notes_export(name)]
    zotero = {name: found for name in paths if name not in notes and (found := zotero_database(name)) is not None}
    rest = [name for name in paths if name not in notes and name not in zotero]
    try:
        if notes:
            with _opened(library) as lib:
                if lib.held:
                    raise held_error(lib, "nothing imported")
                if lib.read_only:
                    outcome.add("error", f"{lib.notice}; nothing imported")
                else:
                    restore_notes(lib, notes, force, outcome, watch)
        parsed, errors, incoming = read_papers(rest, kind, stdin, watch, list_name) if rest else ([], [], None)
        if parsed and incoming is not None:
            with _opened(library) as lib:
                if lib.held:
                    raise held_error(lib, "nothing imported")
                if lib.read_only:
                    errors.append(f"{lib.notice}; nothing imported")
                else:
                    examples = example_lists_note(lib, in_app=in_app)
                    add_read(lib, parsed, incoming, outcome, watch)
                    if examples and any(report.added for report in outcome.reports):  # the user's papers now sit beside them
                        outcome.add("note", examples)
                        examples_noted(lib)
        for error in errors:
            outcome.add("error", error)
        if zotero:
            _import_zotero(library, list(zotero.values()), outcome, watch, automatic_tags, groups)
    except Cancelled:
        outcome.cancel()
    return outcome


def zotero_database(name: str | os.PathLike[str]) -> Path | None:
    """The Zotero database an import path names (the file itself, or a data folder holding one), else None."""
    if str(name) == "-":
        return None
    from tui.core.ingest.zotero.snapshot import database_in

    return database_in(Path(name).expanduser())


def _import_zotero(
    library: Library | str | os.PathLike[str], databases: list[Path], outcome: ImportOutcome, watch: ImportWatch,
    automatic_tags: bool | None, groups: bool | None,
) -> None:
    """Each Zotero database read (a private copy), then synced into the library, one write each (`zotero_sync`).

    Every database is read before the library is opened: one that cannot be read is one line, and changes nothing.
    """
    from tui.core.zotero_sync import read_database, sync_database

    if automatic_tags is None or groups is None:
        from tui.core.config import config_path, load_settings

        settings = load_settings(config_path())[0]
        automatic_tags = settings.zotero_automatic_tags if automatic_tags is None else automatic_tags
        groups = settings.zotero_groups if groups is None else groups
    read = [found for path in databases if (found := read_database(path, outcome, watch, automatic_tags=automatic_tags, groups=groups))]
    if not read:
        return
    with _opened(library) as lib:
        if lib.held:
            raise held_error(lib, "nothing imported")
        if lib.read_only:
            outcome.add("error", f"{lib.notice}; nothing imported")
            return
        for parsed in read:
            sync_database(lib, parsed, outcome, watch)


def held_error(library: LibraryStore, outcome: str = "nothing changed") -> LibraryHeld:
    """"DIR: another paperdesk (PID 1234) is using this library; nothing changed", as the error to raise."""
    return held_by(library.folder, library.holder_pid, outcome)


def held_by(folder: Path, pid: int | None, outcome: str) -> LibraryHeld:
    """`held_error` for a folder whose lock was refused (`core.recovery` takes the lock without opening the store)."""
    who = f"another paperdesk (PID {pid})" if pid else "another paperdesk"
    return LibraryHeld(f"{folder}: {who} is using this library; {outcome}", pid)


def _opened(library: Library | str | os.PathLike[str]) -> AbstractContextManager[Library]:
    """The library itself (left open), or the one in a folder (closed after use)."""
    if isinstance(library, Library):
        return nullcontext(library)
    return Library.open(library)


# -- papers from the web ------------------------------------------------------------------------


class AddOutcome:
    """What `add_ids` did: each fetched paper with its import report, and one line per id that failed.

    A plain class, not a dataclass (why: `tui.core.records`).
    """

    def __init__(self, added: list[tuple[Paper, FileReport]] | None = None, failed: list[str] | None = None) -> None:
        self.added: list[tuple[Paper, FileReport]] = [] if added is None else added
        self.failed: list[str] = [] if failed is None else failed

    def lines(self) -> list[str]:
        """One line per paper: added, merged (new fields) or already in the library, with its source."""
        out = []
        for paper, report in self.added:
            verb = "added" if report.added else "merged (new fields)" if report.updated else "already in the library"
            out.append(f"{verb}: {report.source} · {paper.title} ({paper.year or 'no year'}, {paper.venue or 'no venue'})")
        return out


def add_ids(
    library: Library | str | os.PathLike[str],
    texts: Iterable[str],
    options: FetchOptions | None = None,
    *,
    list_name: str = "Added",
    progress: Progress | None = None,
) -> AddOutcome:
    """Fetch papers by arXiv id/URL, DOI or OpenReview URL and merge them in: `paperdesk add` and the app's `a`.

    Everything is fetched before the library is touched (then one atomic
    write); an id that cannot be fetched becomes a line in `failed`, and
    the others are still added. Raises ReadOnlyLibrary when the library
    cannot be written (the fetched answers stay cached for a re-run).
    """
    from tui.core.fetch.papers import fetch_refs

    fetched = fetch_refs(texts, options, list_name=list_name, progress=progress)
    outcome = AddOutcome(failed=fetched.failed)
    if fetched.parsed:
        reports = store_fetched(library, fetched.parsed)
        outcome.added = [(parsed.papers[0], report) for parsed, report in zip(fetched.parsed, reports, strict=True)]
    return outcome


def store_fetched(library: Library | str | os.PathLike[str], parsed: list[ParsedFile]) -> list[FileReport]:
    """Merge fetched papers into the library in one write.

    LibraryHeld when another process has the library (exit status 3 on the
    command line), ReadOnlyLibrary when it cannot be written otherwise; the
    fetched answers stay cached either way, so the re-run is instant.
    """
    from tui.core.errors import ReadOnlyLibrary

    with _opened(library) as lib:
        if lib.held:
            raise held_error(lib, "nothing added (the papers are cached: run the command again when the library is free)")
        if lib.read_only:
            raise ReadOnlyLibrary(f"{lib.notice}; nothing added (the papers are cached: run the command again when the library is free)")
        return lib.add_papers(parsed)


# -- choosing papers -----------------------------------------------------------------------------


class GroupMarks(Protocol):
    """A reading group's marks, which the index reads for `votes:`, `group:`, `discuss:` (`grouping.Sight`)."""

    def attach(self, index: SearchIndex) -> None: ...


def papers_matching(library: LibraryStore, query: Query | str, sort: str | None = None, *, group: GroupMarks | None = None) -> Sequence[Paper]:
    """The papers the filter query matches, ranked as the app's filter box ranks them. An empty query
    gives every paper in list order; `sort` is one of `search.sorts.SORTS` (relevance when None); a
    malformed query raises the one-line `QueryError`. Used by `paperdesk list/show/export`."""
    from tui.core.search.query import parse_query

    parsed = parse_query(query) if isinstance(query, str) else query
    if parsed.is_empty and sort in (None, "relevance", "list"):
        return library.papers
    index = search_index(library)
    if group is not None:
        group.attach(index)
    return index.search(parsed, sort or "relevance")


def search_index(library: LibraryStore, early: Callable[[SearchIndex], None] | None = None) -> SearchIndex:
    """The library's search index: the saved one when papers.json is unchanged, else built and saved (`search.stored`);
    `early` is given an index of a large library's titles while it builds (`search.stored.load_or_build`)."""
    from tui.core.search.stored import load_or_build  # numpy: loaded when first needed

    return load_or_build(library.folder, library.papers_digest, library.papers, library.annotations(), save=not library.read_only, early=early)


def export_entries(library: LibraryStore, *, query: str | None = None, everything: bool = False) -> list[Entry]:
    """What an export holds: the papers `query` matches, else every paper, else the annotated ones."""
    from tui.core.export.markdown import annotated_entries, entries

    if query is not None:
        return entries(papers_matching(library, query), library.annotation)
    if everything:
        return entries(library.papers, library.annotation)
    return annotated_entries(library.papers, library.annotations())


# -- removing (core.removing), restoring, renaming a list --------------------------------------------


def remove_papers(library: Library, *, lists: Sequence[str] = (), query: str | None = None, ids: Sequence[str] = (), force: bool = False) -> RemoveOutcome:
    """Move the chosen papers (by list, query or id) and their annotations to the trash (`removing.remove_papers`)."""
    from tui.core import removing

    return removing.remove_papers(library, papers_matching, lists=lists, query=query, ids=ids, force=force)


def restore_papers(library: LibraryStore, *, everything: bool = False) -> list[str]:
    """Bring back the last removal, every one with `everything` (`removing.restore_papers`); one line per batch."""
    from tui.core import removing  # lazy: its dataclass is not on a start's way to the first frame

    return removing.restore_papers(library, everything=everything)


#: A list rename under way: written before papers.json changes, removed once the saved views follow. A kill in
#: between leaves it, and the next writable open finishes the rename (`finish_list_rename`).
RENAME_MARKER = ".list-rename.json"


def rename_list(library: Library, old: str, new: str) -> list[str]:
    """Give list `old` (its name, or a part only it holds) the name `new`: `paperdesk rename-list` and the app.

    One atomic write of the papers (ids, so annotations, are unchanged); saved
    views whose `list:` picked the old name are rewritten. Returns the lines
    to show; a name that is unknown, ambiguous or taken raises `LibraryError`.
    Two files change, so a marker says the rename is under way until both have.
    """
    import orjson

    from tui.core.errors import ReadOnlyLibrary
    from tui.core.list_rename import new_list_name, resolve_list
    from tui.core.store.atomic import atomic_write_bytes
    from tui.core.store.jsonfile import WriteFailed

    names = sorted({p.list for p in library.papers})
    name = resolve_list(names, old)
    new = new_list_name(names, name, new)
    if library.held:
        raise held_error(library, "nothing renamed")
    if library.read_only:
        raise ReadOnlyLibrary(f"{library.notice or library.folder}; nothing renamed")
    lines = [f'renamed list "{name}" to "{new}" ({plural(sum(p.list == name for p in library.papers))})']
    marker = Path(library.folder) / RENAME_MARKER
    try:
        atomic_write_bytes(marker, orjson.dumps({"old": name, "new": new, "names": names}))
    except OSError as exc:
        raise WriteFailed(marker, exc) from None
    lines += _renamed(library, name, new, names)
    _forget(marker)
    return lines


def _renamed(library: Library, name: str, new: str, names: list[str]) -> list[str]:
    """The rename's two steps, each one a no-op when already done: the papers, then the saved views."""
    from tui.core.list_rename import rename_in_query, renamed_papers

    lines = []
    views = {view: rename_in_query(query, names, name, new) for view, query in library.views().items()}
    library.change_papers(lambda papers: renamed_papers(papers, name, new))
    for view, (query, same) in views.items():
        if query != library.views().get(view):
            library.save_view(view, query)
            lines.append(f"saved view {view!r} now filters {query!r}")
        if not same:
            lines.append(f"saved view {view!r}: its list: filter picked \"{name}\" with other lists; check it")
    return lines


def finish_list_rename(library: Library) -> None:
    """Finish a list rename a kill interrupted (its marker is still there); a no-op otherwise."""
    import orjson

    marker = Path(library.folder) / RENAME_MARKER
    try:
        pending = orjson.loads(marker.read_bytes())
        name, new, names = str(pending["old"]), str(pending["new"]), [str(n) for n in pending["names"]]
    except FileNotFoundError:
        return
    except (OSError, ValueError, KeyError, TypeError):
        _forget(marker)  # unreadable: not one this version wrote whole (they are renamed into place)
        return
    _renamed(library, name, new, names)
    _forget(marker)


def _forget(marker: Path) -> None:
    """The rename is done: its marker goes (one left behind only makes the next open redo what is done)."""
    try:
        marker.unlink(missing_ok=True)
    except OSError:
        pass


#: In the library folder once an import has said that the bundled examples can be removed: it says so once.
EXAMPLES_NOTED = ".examples-noted"


def example_lists_note(library: LibraryStore, *, in_app: bool = False) -> str:
    """When the library holds only the untouched bundled example lists, and no import has said so yet: a line
    saying so and how to remove them (`in_app`: with the app's keys, a filter on each list then D; else with
    `paperdesk remove`)."""
    from tui.core.ingest.lists import read_list_file
    from tui.core.paths import bundled_lists

    if not library.papers or library.annotations() or (library.folder / EXAMPLES_NOTED).exists():
        return ""
    bundled = [read_list_file(p) for p in bundled_lists()]
    names = {b.name for b in bundled}
    if {p.list for p in library.papers} != names or len(library.papers) > sum(len(b.abstracts) for b in bundled):
        return ""
    held = f"this library also holds the {plural(len(library.papers), 'bundled example paper')}"
    if in_app:
        views = " and ".join(f'list:"{n}"' for n in sorted(names))
        return f"{held}; to remove them, filter the list by {views} in turn and press D on each (u brings them back)"
    flags = " ".join(f'--list "{n}"' for n in sorted(names))
    return f"{held}; remove them with: paperdesk remove {flags}"


def examples_noted(library: LibraryStore) -> None:
    """Remember that the note about the bundled examples was given (`example_lists_note` gives it once);
    a folder that refuses the mark only means the note comes again."""
    from tui.core.store.atomic import atomic_write_text

    try:
        atomic_write_text(library.folder / EXAMPLES_NOTED, "", durable=False)
    except OSError:
        pass

# -- syncing a vault -----------------------------------------------------------------------------


def sync_vault(library: Library | str | os.PathLike[str], vault: str | os.PathLike[str], *, now: str | None = None) -> SyncReport:
    """Two-way sync of the library with a folder of per-paper Markdown files (`export.sync`).

    The sync state in the vault is keyed by this library's folder, so two
    libraries (two machines sharing the vault through git) never mistake
    each other's agreement for their own.
    """
    from tui.core.export.sync import sync_vault as sync

    with _opened(library) as lib:
        if lib.held:
            raise held_error(lib, "nothing synced")
        return sync(lib, vault, library_key=library_key(lib), now=now)


def library_key(library: LibraryStore) -> str:
    """What names a library in a vault's sync state and (hashed) in its files: its folder."""
    return str(Path(library.folder).resolve())


def sync_vault_git(library: Library | str | os.PathLike[str], vault: str | os.PathLike[str], *, now: str | None = None) -> GitSyncOutcome:
    """`sync_vault` inside a git work tree: commit vault edits, pull (rebase), sync, commit, push."""
    from tui.core.export.git_vault import sync_with_git

    with _opened(library) as lib:
        if lib.held:
            raise held_error(lib, "nothing synced")
        return sync_with_git(Path(vault).expanduser(), lambda: sync_vault(lib, vault, now=now), now=now)
