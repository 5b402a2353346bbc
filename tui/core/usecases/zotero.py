"""`paperdesk import --zotero`: a Zotero library imported again and again, a sync from Zotero (`usecases.imports` runs it).

A paper that came from Zotero keeps its link back (`extra["zotero"]`: the
item key and its library). Met again, it takes Zotero's metadata, lists and
notes as they are now, keeping its id, place and citation key; the reader's
annotations (notes, ratings, status, tags, highlights) live apart, keyed by
the id, and are never touched. A Zotero paper not linked yet meets the
library as any import's papers do (`ingest.merge`): a paper already there is
merged (its empty fields filled) and linked from then on. A linked paper
whose item is gone from Zotero, or in its trash, is reported and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tui.core.ingest.merge import MergePlan, plan_import
from tui.core.ingest.parsed import FileReport, ImportOutcome, ParsedFile
from tui.core.ingest.watch import READING, Watch
from tui.core.ingest.zotero.papers import ALSO_IN, OWNED, ZOTERO, link_of
from tui.core.library import Library, derived_title
from tui.core.library import next_seq as next_place
from tui.core.models import Paper
from tui.core.render.text import one_line
from tui.core.words import plural

if TYPE_CHECKING:
    from pathlib import Path

    from tui.core.ingest.parsed import Progress
    from tui.core.ingest.zotero.reader import ZoteroFile

#: Lines naming papers whose item left Zotero, at most; a count says how many more.
GONE_SHOWN = 20


@dataclass
class ZoteroReport(FileReport):
    """A Zotero import's report: `merged` counts the papers met again (`updated` of them changed), `linked`
    those met in the library for the first time, and `gone` names stored papers whose item left Zotero."""

    linked: int = 0
    gone: list[str] = field(default_factory=list)

    def line(self) -> str:
        """ "zotero.sqlite (Zotero): 2 papers added, 1 updated, 5 unchanged, 3 skipped" (and how many were linked)."""
        unchanged = self.merged - self.updated
        linked = f", {self.linked} linked to papers already here" if self.linked else ""
        return f"{self.source} (Zotero): {plural(self.added)} added, {self.updated} updated, {unchanged} unchanged{linked}, {len(self.skipped)} skipped"


def _zotero(paper: Paper) -> dict[str, Any]:
    found = paper.extra.get(ZOTERO) if paper.extra else None
    return found if isinstance(found, dict) else {}


def zotero_lists(paper: Paper) -> list[str]:
    """The lists Zotero gave a paper: its collections, else its library's list."""
    given = _zotero(paper).get("lists")
    return [str(n) for n in given] if isinstance(given, list) else []


def synced(old: Paper, new: Paper, derive: Callable[[str], str]) -> Paper:
    """`old` (a stored paper linked to a Zotero item) with the item's metadata as Zotero has it now (`new`).

    Id, place and citation key stay; so do `extra` keys Zotero never gives (a BibTeX entry merged in
    earlier). Its list follows Zotero's collections, unless the reader's list was there first: that
    one stays, and Zotero's collections are its other lists.
    """
    extra = {k: v for k, v in old.extra.items() if k not in OWNED and k != ZOTERO}
    extra.update(new.extra)
    lists = zotero_lists(new)
    keep_list = old.list not in zotero_lists(old) and old.list not in lists
    listed = old.list if keep_list else new.list
    also = [name for name in lists if name != listed]
    extra.pop(ALSO_IN, None)
    if also:
        extra[ALSO_IN] = also
    changes: dict[str, Any] = {
        name: getattr(new, name) for name in ("title", "authors", "year", "venue", "url", "doi", "tags") if getattr(old, name) != getattr(new, name)
    }
    if listed != old.list:
        changes["list"] = listed
    if extra != old.extra:
        changes["extra"] = extra
    if new.abstract != old.abstract:  # reads a shelved abstract: one small read per paper met again
        changes["abstract"] = new.abstract
    derived = "" if new.title.strip() else (old.derived_title if "abstract" not in changes and old.derived_title else derive(new.abstract))
    if derived != old.derived_title:
        changes["derived_title"] = derived
    return old.with_changes(**changes) if changes else old


def _linked_lists(paper: Paper) -> Paper:
    """A paper merged into one already in the library: Zotero's collections become its other lists (its own list stays)."""
    also = [name for name in zotero_lists(paper) if name != paper.list]
    extra = {k: v for k, v in paper.extra.items() if k != ALSO_IN}
    if also:
        extra[ALSO_IN] = also
    return paper.with_changes(extra=extra) if extra != paper.extra else paper


def plan_zotero(
    stored: list[Paper], parsed: ZoteroFile, next_seq: int, derive: Callable[[str], str], progress: Callable[[int, int], None] | None = None
) -> tuple[MergePlan, ZoteroReport]:
    """What a Zotero import changes in the library (nothing is stored here): the plan, and its report."""
    report = ZoteroReport(str(parsed.source), "zotero", "Zotero", skipped=list(parsed.skipped))
    linked = {link: p for p in stored if (link := link_of(p)) is not None}
    replaced: dict[str, Paper] = {}
    fresh: list[Paper] = []
    met: set[tuple[str, str]] = set()
    for paper in parsed.papers:
        link = link_of(paper)
        old = linked.get(link) if link is not None else None
        if link is not None:
            met.add(link)
        if old is None or old.id in replaced:
            fresh.append(paper)
            continue
        report.merged += 1
        new = synced(old, paper, derive)
        if new is not old:
            replaced[old.id] = new
            report.updated += 1
    existing = [replaced.get(p.id, p) for p in stored]
    plan = plan_import(existing, [ParsedFile(parsed.source, "zotero", "Zotero", fresh)], next_seq, derive, progress)
    fresh_report = plan.reports[0]
    report.added, report.linked, report.merges = fresh_report.added, fresh_report.merged, fresh_report.merges
    report.merged += fresh_report.merged
    report.updated += fresh_report.updated
    for pid, paper in plan.replaced.items():
        replaced[pid] = _linked_lists(paper) if pid not in replaced else paper
    report.gone = _gone(stored, parsed, met, parsed.seen)
    return MergePlan(plan.added, replaced, [report]), report


def _gone(stored: Sequence[Paper], parsed: ZoteroFile, met: set[tuple[str, str]], seen: set[tuple[str, str]]) -> list[str]:
    """One line per stored paper linked to a library read here whose item is not among its regular items any more."""
    read = {library.ident for library in parsed.libraries}
    lines = []
    for paper in stored:
        link = link_of(paper)
        if link is None or link[0] not in read or link in met or link in seen:
            continue
        where = "is in Zotero's trash" if link in parsed.trashed else "was deleted in Zotero"
        lines.append(f"{one_line(paper.shown_title)} ({paper.id}, Zotero item {link[1]}) {where}; kept here (paperdesk remove {paper.id} removes it)")
    if len(lines) > GONE_SHOWN:
        lines[GONE_SHOWN:] = [f"… and {plural(len(lines) - GONE_SHOWN, 'more paper')} whose item left Zotero; kept here"]
    return lines


def read_database(path: Path, outcome: ImportOutcome, watch: Watch, *, automatic_tags: bool, groups: bool) -> ZoteroFile | None:
    """The Zotero database at `path` read from a private copy, or None (its one-line error added to `outcome`)."""
    from tui.core.errors import InputFileError
    from tui.core.ingest.zotero.reader import read_zotero

    watch.step(READING, 0)
    try:
        parsed = read_zotero(path, automatic_tags=automatic_tags, groups=groups)
    except InputFileError as exc:
        outcome.add("error", str(exc))
        return None
    watch.reading(len(parsed.papers))
    return parsed


def sync_database(library: Library, parsed: ZoteroFile, outcome: ImportOutcome, watch: Watch) -> None:
    """Sync the open, writable `library` with what one Zotero database gave, in one write; its report into `outcome`."""

    def before_write(plan: MergePlan) -> None:
        watch.writing(len(plan.added) + len(plan.replaced))  # the last step: the write begins

    report = add_zotero(library, parsed, progress=watch.matching, before_write=before_write)
    outcome.add_report(report)
    for line in report.gone:
        outcome.add("note", line)


def add_zotero(
    library: Library, parsed: ZoteroFile, *, progress: Progress | None = None, before_write: Callable[[MergePlan], None] | None = None
) -> ZoteroReport:
    """Sync the library with what a Zotero database gave (`plan_zotero`), in ONE atomic write.

    New items are added, linked papers take Zotero's metadata and notes,
    annotations are never touched; `before_write` as in `Library.add_papers`.
    """
    after = library.trash_highest_seq()
    reports: list[ZoteroReport] = []

    def plan(papers: list[Paper]) -> MergePlan:
        planned, report = plan_zotero(papers, parsed, next_place(papers, after), derived_title, progress)
        if before_write is not None:
            before_write(planned)
        reports[:] = [report]
        return planned

    library.change_papers(plan)
    return reports[0]
