"""`paperdesk import` and the app's import: notes exports restored, paper files read, then matched and written.

`import_paths` opens the library only once something is to be written, and
refuses a held or read-only one; its steps get it open and put what happened
into one `ImportOutcome`, telling the import's `Watch` each step (so the
caller sees progress, and a cancel stops the import before papers.json is
written). Zotero databases are synced in by `usecases.zotero`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tui.core.ingest.parsed import ImportOutcome, ParsedFile
from tui.core.ingest.watch import READING, WRITING, Watch
from tui.core.library import Library, LibraryFolder, opened
from tui.core.words import plural

if TYPE_CHECKING:
    from tui.core.ingest.incoming import Incoming
    from tui.core.ingest.merge import MergePlan
    from tui.core.ingest.watch import ImportProgress


def import_paths(
    library: Library | LibraryFolder,
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
    opened (when given as a `LibraryFolder`) only when there is something to add.
    `progress(stage, done, total)` hears how far it is (`ingest.watch`: entries
    read, papers matched, the write). `cancelled()` is asked at each step
    until papers.json is written: once it says yes (or a step raises
    `Cancelled`) the import stops, having written no paper, and the outcome
    says so (`cancelled`); a write once begun finishes. `-` reads `stdin()`;
    `kind` forces every file's format. A library another process holds
    raises `LibraryHeld` (nothing is imported). A Zotero database (a
    zotero.sqlite, or its data folder) is read from a private copy and
    synced in (`usecases.zotero`), after the other files; `automatic_tags` and
    `groups` (None: the settings' `zotero_automatic_tags`, `zotero_groups`)
    say whether Zotero's automatic tags and group libraries come too.
    `list_name` puts every paper the files bring in that list (Zotero's collections aside).
    `in_app`: the lines are for the app (which refuses `paperdesk remove`
    while it holds the library): hints name its keys, not the command line.
    """
    from tui.core.errors import Cancelled

    outcome = ImportOutcome()
    watch = Watch(progress, cancelled)
    notes = [name for name in paths if is_notes_export(name)]
    zotero = {name: found for name in paths if name not in notes and (found := zotero_database(name)) is not None}
    rest = [name for name in paths if name not in notes and name not in zotero]
    try:
        if notes:
            with opened(library) as lib:
                if (refused := _refused(lib)) is not None:
                    outcome.add("error", refused)
                else:
                    restore_notes(lib, notes, force, outcome, watch)
        parsed, errors, incoming = read_papers(rest, kind, stdin, watch, list_name) if rest else ([], [], None)
        if parsed and incoming is not None:
            with opened(library) as lib:
                if (refused := _refused(lib)) is not None:
                    errors.append(refused)
                else:
                    examples = example_lists_note(lib, in_app=in_app)
                    from tui.core.usecases.follow import followed_ids

                    follows = lib.follows()
                    before = followed_ids(lib.papers, follows) if follows else set()
                    add_read(lib, parsed, incoming, outcome, watch)
                    if follows and (new := len(followed_ids(lib.papers, follows) - before)):
                        outcome.add("note", f"{plural(new, 'new paper')} by authors you follow (followed: shows them)")
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
    library: Library | LibraryFolder, databases: list[Path], outcome: ImportOutcome, watch: Watch,
    automatic_tags: bool | None, groups: bool | None,
) -> None:
    """Each Zotero database read (a private copy), then synced into the library, one write each (`usecases.zotero`).

    Every database is read before the library is opened: one that cannot be read is one line, and changes nothing.
    """
    from tui.core.usecases.zotero import read_database, sync_database

    if automatic_tags is None or groups is None:
        from tui.core.config import config_path, load_settings

        settings = load_settings(config_path())[0]
        automatic_tags = settings.zotero_automatic_tags if automatic_tags is None else automatic_tags
        groups = settings.zotero_groups if groups is None else groups
    read = [found for path in databases if (found := read_database(path, outcome, watch, automatic_tags=automatic_tags, groups=groups))]
    if not read:
        return
    with opened(library) as lib:
        if (refused := _refused(lib)) is not None:
            outcome.add("error", refused)
            return
        for parsed in read:
            sync_database(lib, parsed, outcome, watch)


def _refused(library: Library) -> str | None:
    """None when the import can write `library`; else the line saying why not (it is open read-only). A library
    another paperdesk holds raises `LibraryHeld` (exit status 3 on the command line): nothing is imported."""
    from tui.core.errors import LibraryHeld, ReadOnlyLibrary
    from tui.core.store.guard import writable

    try:
        writable(library, "nothing imported")
    except LibraryHeld:
        raise
    except ReadOnlyLibrary as exc:
        return str(exc)
    return None


def _is_dir(path: Path) -> bool:
    """`Path.is_dir`, False for a name the system refuses (too long, say): the reader then names the file and why."""
    try:
        return path.is_dir()
    except OSError:
        return False


def is_notes_export(name: str | os.PathLike[str]) -> bool:
    """A per-paper notes export (`export.notes_import`). Only a `.md` file or a folder can be one: anything
    else is known not to be without loading the notes importer (which `import` of a paper list never needs)."""
    path = Path(name)
    if str(name) == "-" or not (path.suffix.lower() == ".md" or _is_dir(path)):
        return False
    from tui.core.export.notes_import import is_notes_export as is_export

    return is_export(name)


def restore_notes(library: Library, sources: Sequence[str | os.PathLike[str]], force: bool, outcome: ImportOutcome, watch: Watch) -> None:
    """Restore the annotations of each notes export (one write each) into the open, writable `library`."""
    from tui.core.export.notes_import import import_notes

    for source in sources:
        watch.step(WRITING, 0)  # quick, and written as it goes: no stopping half-way through
        report = import_notes(library, source, force=force)
        for line in report.lines():
            outcome.add("line", line)
        for error in report.errors:
            outcome.add("error", error)
        outcome.failed = outcome.failed or bool(report.conflicts)
        outcome.notes_matched += len(report.changed) + report.unchanged + len(report.conflicts)
        outcome.notes_unmatched += len(report.unmatched)
        outcome.notes_restored += len(report.changed)


def read_papers(
    paths: Sequence[str | os.PathLike[str]], kind: str | None, stdin: Callable[[], bytes] | None, watch: Watch, list_name: str | None = None
) -> tuple[list[ParsedFile], list[str], Incoming]:
    """Parse the paper files (`ingest.readers.read_imports`), counting entries as they come: parsed files, errors, their sink.
    `list_name`: the list every paper goes to, whatever its file calls it."""
    from tui.core.ingest.incoming import Incoming
    from tui.core.ingest.readers import read_imports

    watch.step(READING, 0)
    incoming = Incoming(watch.reading)  # each slice of papers is keyed, and its abstracts put on disk, as it is read
    parsed, errors = read_imports([p if isinstance(p, str) else Path(p) for p in paths], kind, stdin, incoming, list_name)
    return parsed, errors, incoming


def add_read(library: Library, parsed: list[ParsedFile], incoming: Incoming, outcome: ImportOutcome, watch: Watch) -> None:
    """Match the parsed papers against the open, writable `library` and write them once (`Library.add_papers`)."""

    def before_write(plan: MergePlan) -> None:
        watch.writing(len(plan.added) + len(plan.replaced))  # the last step: the write begins

    for report in library.add_papers(parsed, progress=watch.matching, prepared=incoming, before_write=before_write):
        outcome.add_report(report)


def refused_input(paths: Sequence[str | os.PathLike[str]], exc: OSError) -> str | None:
    """The one line for a system error on one of the import's own inputs (a name too long to open, say), or None
    when the error is elsewhere (the library's write, which the caller words)."""
    from tui.core.errors import os_reason

    if exc.filename is None:
        return None
    named = os.path.abspath(os.path.expanduser(str(exc.filename)))
    for path in paths:
        given = os.path.abspath(os.path.expanduser(str(path)))
        if named == given or named.startswith(given + os.sep):
            return f"{exc.filename}: cannot be read ({os_reason(exc)}); nothing imported"
    return None


def unexpected_error(paths: Sequence[str | os.PathLike[str]], exc: Exception, writing: bool) -> str:
    """The one line for an import stopped by an error no reader foresaw (a bug, or a file of a shape never met):
    the files, the error's type and words, and what it left: nothing, unless the library was being written."""
    names = ", ".join(str(p) for p in paths) or "the import"
    words = " ".join(str(exc).split())
    what = f"{type(exc).__name__}: {words}" if words else type(exc).__name__
    left = "it came while the library was being written, which lands whole or not at all" if writing else "nothing imported"
    return f"{names}: could not be imported (unexpected {what[:200]}); {left}"


#: In the library folder once an import has said that the bundled examples can be removed: it says so once.
EXAMPLES_NOTED = ".examples-noted"


def example_lists_note(library: Library, *, in_app: bool = False) -> str:
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


def examples_noted(library: Library) -> None:
    """Remember that the note about the bundled examples was given (`example_lists_note` gives it once);
    a folder that refuses the mark only means the note comes again."""
    from tui.core.store.atomic import atomic_write_text

    try:
        atomic_write_text(library.folder / EXAMPLES_NOTED, "", durable=False)
    except OSError:
        pass
