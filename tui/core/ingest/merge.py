"""Meeting imported papers with the library: which ones are already there, and how to merge them.

A paper is already stored when evidence names it: the same DOI or arXiv id,
the same URL, the same id or normalized title, or a long, specific abstract
at least 95% similar (rapidfuzz ratio). Two records whose author lists share
nobody are never merged except on a DOI or arXiv id, whatever their
abstracts; a shared URL joins records only when their titles agree (a
repository or lab page can serve several papers); boilerplate abstracts ("Part of", "No abstract available.") are
never evidence. Merging fills the stored paper's empty fields from the new
one and adds new tags and extra keys; it never removes anything, and
annotations (keyed by the stored id) are untouched.

Near-identical abstracts are looked for among papers sharing a blocking key
(`sketch`, used by `matching.MatchIndex`): the same keys whatever the size of
the import, so whether a duplicate is caught never depends on how many files
came at once.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tui.core.ingest.bibtex_raw import rebased
from tui.core.ingest.identity import arxiv_id, normalize_doi, normalize_title
from tui.core.ingest.match_keys import AbstractPart
from tui.core.ingest.matching import MatchIndex
from tui.core.ingest.parsed import FileReport, ParsedFile, Progress
from tui.core.ingest.versions import absorb, holds_version, is_preprint, is_version_merge
from tui.core.models import Paper

if TYPE_CHECKING:
    from tui.core.ingest.incoming import Incoming

__all__ = ["MatchIndex", "MergePlan", "citing_merge", "merge_into", "normalize_doi", "normalize_title", "plan_import"]


#: The fields a record fills in a stored paper when the paper has none (`merge_into`).
_FILLED = ("title", "year", "venue", "url", "doi", "citekey")


def merge_into(old: Paper, new: Paper) -> Paper:
    """`old` with its empty fields filled from `new`, tags and extra keys added; id, list and citation key kept
    (a key, once given, is the stored paper's for good; `new`'s is taken only when `old` has none)."""
    changes: dict = {}
    if not old.has_abstract and new.has_abstract:  # never read from disk only to be tested
        changes["abstract"] = new.abstract
    for name in _FILLED:
        if not getattr(old, name) and getattr(new, name):
            changes[name] = getattr(new, name)
    if not old.authors and new.authors:
        changes["authors"] = new.authors
    tags = old.tags + tuple(t for t in new.tags if t not in old.tags)
    if tags != old.tags:
        changes["tags"] = tags
    extra = {**new.extra, **old.extra}
    if extra != old.extra:
        extra = rebased(extra, new, old)  # `new`'s BibTeX entry, as written, against the fields `old` keeps
        changes["extra"] = extra
    return old.with_changes(**changes) if changes else old


def citing_merge(old: Paper, new: Paper) -> Paper:
    """The two versions as one paper under `old`'s id, list, place and citation key: the proceedings record's
    venue, year, pages and DOI win (the published one's fields, filled from the other), every id is kept (the
    preprint's arXiv id, in `extra["arxiv"]`, when the winner's fields do not name it)."""
    if is_preprint(old) and not is_preprint(new):
        base = new.with_changes(id=old.id, list=old.list, seq=old.seq, citekey=old.citekey or new.citekey,
                                derived_title=old.derived_title, tags=old.tags + tuple(t for t in new.tags if t not in old.tags))
        merged = merge_into(base, old)
        preprint = old
    elif is_preprint(new) and not is_preprint(old):  # a preprint's venue, year and DOI never fill the proceedings' gaps
        merged = merge_into(old, new.with_changes(venue="", year="", doi=""))
        preprint = new
    else:
        merged = merge_into(old, new)
        preprint = new if is_preprint(new) else old
    arxiv = arxiv_id(preprint)
    if arxiv and arxiv_id(merged) != arxiv:
        merged = merged.with_changes(extra={**merged.extra, "arxiv": arxiv})
    return merged


def adds_nothing(old: Paper, new: Paper) -> bool:
    """`merge_into(old, new)` is `old`, and would stay so for anything `old` becomes by merges (they only fill and
    add), and `new`'s authors are `old`'s or none (so `identity.different_papers` cannot part them): what a
    record imported again is. With `new.id == old.id`, matching `new` finds `old` by its id (`MatchIndex.known_as`).
    Asked of every record of a file imported again: each field spelled out (`merge_into`'s filled ones)."""
    if new.authors and new.authors != old.authors or not old.has_abstract and new.has_abstract:
        return False
    if new.tags and not set(new.tags) <= set(old.tags) or new.extra and not new.extra.keys() <= old.extra.keys():
        return False
    return (
        (not new.title or new.title == old.title)
        and (not new.year or new.year == old.year)
        and (not new.venue or new.venue == old.venue)
        and (not new.url or new.url == old.url)
        and (not new.doi or new.doi == old.doi)
        and (not new.citekey or new.citekey == old.citekey)
    )


@dataclass
class MergePlan:
    """The outcome of matching: papers to append, stored papers to replace, one report per file."""

    added: list[Paper]
    replaced: dict[str, Paper]
    reports: list[FileReport]
    removed: set[str] = field(default_factory=set)  # an import never removes; the store's changes may
    #: What the stored papers' abstracts gave their keys (`matching.MatchIndex.stored_part`), and, for each
    #: added paper, its place among the incoming papers when it is added as it came (else -1): what an
    #: import needs to keep the keys of the papers it wrote (`key_cache`).
    stored_part: AbstractPart | None = None
    added_from: array = field(default_factory=lambda: array("i"))


def plan_import(
    existing: list[Paper],
    files: Iterable[ParsedFile],
    next_seq: int,
    derive: Callable[[str], str],
    progress: Progress | None = None,
    prepared: Incoming | None = None,
    known: AbstractPart | None = None,
) -> MergePlan:
    """Decide what each incoming paper becomes; nothing is stored here.

    A new paper keeping its id is added as the incoming object itself, its
    `seq` and `derived_title` set (planning the same files again sets them
    again); every other change is made on a copy. `prepared` is what the
    readers handed these files' papers to as they read them (their match
    keys are then not computed again); `known`, what the stored papers' abstracts gave
    their keys before (`key_cache`: then no stored abstract is read).
    """
    files = list(files)
    by_id = {p.id: p for p in existing}
    incoming = [paper for parsed in files for paper in parsed.papers]
    total = len(incoming)
    known = known if known is not None and len(known) == len(existing) else None
    same = _imported_again(by_id, incoming, known.aliases(existing) if known is not None else None)
    if same is not None and all(same):  # a file imported again: each record finds its stored paper by its id, and adds nothing
        return _nothing_new(files, progress, total, known)
    rows = prepared.rows_for(incoming) if prepared is not None else None
    index = MatchIndex(existing, incoming, rows, known)
    del incoming
    if same is None:
        aliases = index.stored_part.aliases(existing) if index.stored_part is not None else set()
        same = _imported_again(by_id, (p for parsed in files for p in parsed.papers), aliases) or []
    added: list[Paper] = []
    added_from = array("i")  # each added paper's place among the incoming ones (-1: not as it came)
    added_at: dict[str, int] = {}
    replaced: dict[str, Paper] = {}
    reports = []
    done = 0
    for parsed in files:
        report = FileReport(str(parsed.source), parsed.kind, parsed.name, skipped=list(parsed.skipped), warnings=list(parsed.warnings))
        for paper in parsed.papers:
            done += 1
            if progress is not None and done % 500 == 0:
                progress(done, total)
            if same[done - 1]:  # what `find` and `merge_into` would say: merged into the paper of its id, nothing new
                index.known_as(paper, paper.id)
                report.merged += 1
                continue
            hit = index.find(paper)
            if hit is None:
                # A title from the data wins over a derived one, so derive only when there is none.
                derived = paper.derived_title or ("" if paper.title.strip() else derive(paper.abstract))
                pid = index.free_id(paper)
                if pid == paper.id:  # numbered in place: a copy of each of 50,000 new papers cost 0.1 s
                    paper.seq, paper.derived_title = next_seq, derived
                    added_from.append(done - 1)
                else:  # the copy keeps its id: the index still knows it by the old one
                    paper = paper.with_changes(id=pid, seq=next_seq, derived_title=derived)
                    added_from.append(-1)
                next_seq += 1
                added_at[paper.id] = len(added)
                added.append(paper)
                index.add(paper)
                report.added += 1
                continue
            pid, reason = hit
            report.merged += 1
            if pid in added_at:
                old = added[added_at[pid]]
            else:
                old = replaced.get(pid) or by_id[pid]
            if holds_version(old, paper):  # a version it absorbed, imported again
                index.add(old, as_id=pid)
                continue
            if named := _renamed(old, paper):
                report.merges.append(named)
            if reason != "same id" and paper.id != old.id and is_version_merge(old, paper, reason):
                vid = index.free_id(paper)  # the absorbed version's own id, for a split to bring it back under
                index.reserve(vid)
                merged = absorb(old, paper if vid == paper.id else paper.with_changes(id=vid), citing_merge(old, paper))
                report.versions += 1
                report.joined.append((pid, vid))
            else:
                merged = merge_into(old, paper)
            if merged is not old:
                report.updated += 1
                if pid in added_at:
                    added[added_at[pid]] = merged
                    added_from[added_at[pid]] = -1
                else:
                    replaced[pid] = merged
            index.add(merged, as_id=pid)
        reports.append(report)
    if progress is not None:
        progress(total, total)
    return MergePlan(added, replaced, reports, stored_part=index.stored_part, added_from=added_from if rows is not None else array("i"))


def _imported_again(by_id: dict[str, Paper], incoming: Iterable[Paper], aliases: set[str] | None) -> list[bool] | None:
    """For each incoming record, whether it is a stored paper imported again (its id, and `adds_nothing`); None
    when the stored papers' abstract ids are not known. An id that another stored paper's abstract also gives
    (`aliases`) is left to the walk: matching tries the papers by their place, not by their id."""
    if aliases is None:
        return None
    get = by_id.get
    return [(old := get(p.id)) is not None and p.id not in aliases and adds_nothing(old, p) for p in incoming]


def _nothing_new(files: list[ParsedFile], progress: Progress | None, total: int, known: AbstractPart | None) -> MergePlan:
    """The plan of files whose every record is a stored paper imported again: each one merged, none changed."""
    reports = [
        FileReport(str(f.source), f.kind, f.name, skipped=list(f.skipped), warnings=list(f.warnings), merged=len(f.papers)) for f in files
    ]
    if progress is not None:
        progress(total, total)
    return MergePlan([], {}, reports, stored_part=known)


def _renamed(old: Paper, new: Paper) -> str:
    """The report line for a merge of records whose titles differ, else ""."""
    old_title = old.title or old.derived_title
    if new.title == old_title or not new.title.strip() or not old_title.strip() or normalize_title(new.title) == normalize_title(old_title):
        return ""
    return f'merged "{_one_line(new.title)}" into "{_one_line(old_title)}"'


def _one_line(text: str) -> str:
    return " ".join(text.split())
