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
(`identity.abstract_blocks`): the same keys whatever the size of the import,
so whether a duplicate is caught never depends on how many files came at once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

from rapidfuzz import fuzz

from tui.core.ingest.identity import (
    abstract_blocks,
    arxiv_id,
    different_papers,
    norm_abstract,
    normalize_doi,
    normalize_title,
    normalize_url,
    surnames,
)
from tui.core.ingest.parsed import FileReport, ParsedFile, Progress
from tui.core.models import Paper, is_specific_abstract, paper_id, variant_id

__all__ = ["MatchIndex", "MergePlan", "merge_into", "normalize_doi", "normalize_title", "plan_import"]

#: Abstracts at least this similar (rapidfuzz ratio, 0-100) are the same paper.
SIMILARITY = 95.0
#: A blocking key shared by more papers than this is too common to compare by.
MAX_BLOCK_PAPERS = 64
#: At most this many candidates (those sharing the most keys) get the full comparison.
MAX_CANDIDATES = 12

#: Evidence that names one paper so surely that author lists are not checked.
_SURE = ("doi", "arxiv")


def _keys(paper: Paper) -> list[tuple[str, str]]:
    """(kind, key) for each piece of evidence the paper carries, strongest first."""
    keys = [("id", paper.id)]
    if paper.doi and (doi := normalize_doi(paper.doi)):
        keys.append(("doi", doi))
    if arxiv := arxiv_id(paper):
        keys.append(("arxiv", arxiv))
    if paper.url and (url := normalize_url(paper.url)):
        keys.append(("url", url))
    if title := normalize_title(paper.title):
        keys.append(("title", title))
    return keys


_REASONS = {"id": "same id", "doi": "same DOI", "arxiv": "same arXiv id", "url": "same URL", "title": "same title"}


class MatchIndex:
    """Finds the stored paper an incoming one duplicates; grows as papers are added."""

    def __init__(self, papers: Iterable[Paper]) -> None:
        self.papers: dict[str, Paper] = {}
        self.by_key: dict[tuple[str, str], list[str]] = {}
        self.by_block: dict[str, list[str]] = {}
        self.abstracts: dict[str, str] = {}
        for paper in papers:
            self.add(paper)

    def taken(self, pid: str) -> bool:
        """True when a stored or planned paper already has, or answers to, this id."""
        return pid in self.papers or ("id", pid) in self.by_key

    def add(self, paper: Paper, as_id: str | None = None) -> None:
        """Index `paper` under `as_id` (the stored id it is, or merged into)."""
        pid = as_id or paper.id
        self.papers[pid] = paper if as_id is None or as_id == paper.id else replace(paper, id=pid)
        keys = _keys(paper)
        if is_specific_abstract(paper.abstract):
            keys.append(("id", paper_id(paper.abstract)))
        for key in keys:
            bucket = self.by_key.setdefault(key, [])
            if pid not in bucket:
                bucket.append(pid)
        if is_specific_abstract(paper.abstract) and pid not in self.abstracts:
            norm = norm_abstract(paper.abstract)
            self.abstracts[pid] = norm
            for block in abstract_blocks(norm):
                self.by_block.setdefault(block, []).append(pid)

    def find(self, paper: Paper) -> tuple[str, str] | None:
        """(stored id, why) when `paper` is already in the library, else None."""
        for kind, key in _keys(paper):
            for pid in self.by_key.get((kind, key), ()):
                if kind in _SURE or not different_papers(paper, self.papers[pid]) and not (kind == "url" and _titles_differ(paper, self.papers[pid])):
                    return pid, _REASONS[kind]
        if not is_specific_abstract(paper.abstract):
            return None
        norm = norm_abstract(paper.abstract)
        # A ratio of at least SIMILARITY needs lengths within that ratio too: a cheap first cut.
        low, high = len(norm) * SIMILARITY / (200 - SIMILARITY), len(norm) * (200 - SIMILARITY) / SIMILARITY
        # A key shared by very many papers ("in this paper we propose a novel ...") says
        # little and would make every import quadratic: only telling keys are counted.
        shared: Counter[str] = Counter()
        for block in abstract_blocks(norm):
            bucket = self.by_block.get(block, ())
            if len(bucket) <= MAX_BLOCK_PAPERS:
                shared.update(bucket)
        for cand, _ in shared.most_common(MAX_CANDIDATES):
            if not low <= len(self.abstracts[cand]) <= high or different_papers(paper, self.papers[cand]):
                continue
            if fuzz.ratio(norm, self.abstracts[cand], score_cutoff=SIMILARITY):
                return cand, "similar abstract"
        return None

    def free_id(self, paper: Paper) -> str:
        """The paper's own id, or a stable variant when a different paper already holds it."""
        pid = paper.id
        salt = normalize_title(paper.title) + "|" + " ".join(sorted(surnames(paper))) + "|" + paper.url
        n = 0
        while self.taken(pid):
            n += 1
            pid = variant_id(paper.id, salt if n == 1 else f"{salt}|{n}")
        return pid


def merge_into(old: Paper, new: Paper) -> Paper:
    """`old` with its empty fields filled from `new`, tags and extra keys added; id and list kept."""
    changes: dict = {}
    for name in ("abstract", "title", "year", "venue", "url", "doi"):
        if not getattr(old, name) and getattr(new, name):
            changes[name] = getattr(new, name)
    if not old.authors and new.authors:
        changes["authors"] = new.authors
    tags = old.tags + tuple(t for t in new.tags if t not in old.tags)
    if tags != old.tags:
        changes["tags"] = tags
    extra = {**new.extra, **old.extra}
    if extra != old.extra:
        changes["extra"] = extra
    return replace(old, **changes) if changes else old


@dataclass
class MergePlan:
    """The outcome of matching: papers to append, stored papers to replace, one report per file."""

    added: list[Paper]
    replaced: dict[str, Paper]
    reports: list[FileReport]
    removed: set[str] = field(default_factory=set)  # an import never removes; the store's changes may


def plan_import(
    existing: list[Paper],
    files: Iterable[ParsedFile],
    next_seq: int,
    derive: Callable[[str], str],
    progress: Progress | None = None,
) -> MergePlan:
    """Decide what each incoming paper becomes; pure: nothing is stored here."""
    files = list(files)
    by_id = {p.id: p for p in existing}
    index = MatchIndex(existing)
    total = sum(len(f.papers) for f in files)
    added: list[Paper] = []
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
            hit = index.find(paper)
            if hit is None:
                # A title from the data wins over a derived one, so derive only when there is none.
                derived = paper.derived_title or ("" if paper.title.strip() else derive(paper.abstract))
                paper = replace(paper, id=index.free_id(paper), seq=next_seq, derived_title=derived)
                next_seq += 1
                added_at[paper.id] = len(added)
                added.append(paper)
                index.add(paper)
                report.added += 1
                continue
            pid = hit[0]
            report.merged += 1
            if pid in added_at:
                old = added[added_at[pid]]
            else:
                old = replaced.get(pid) or by_id[pid]
            if named := _renamed(old, paper):
                report.merges.append(named)
            merged = merge_into(old, paper)
            if merged is not old:
                report.updated += 1
                if pid in added_at:
                    added[added_at[pid]] = merged
                else:
                    replaced[pid] = merged
                index.add(merged, as_id=pid)
        reports.append(report)
    if progress is not None:
        progress(total, total)
    return MergePlan(added, replaced, reports)


def _titles_differ(a: Paper, b: Paper) -> bool:
    """Both records have titles and they differ: a shared URL (a code repository, a lab page) is then not one paper."""
    ta, tb = normalize_title(a.title), normalize_title(b.title)
    return bool(ta and tb and ta != tb)


def _renamed(old: Paper, new: Paper) -> str:
    """The report line for a merge of records whose titles differ, else ""."""
    old_title = old.title or old.derived_title
    if not new.title.strip() or not old_title.strip() or normalize_title(new.title) == normalize_title(old_title):
        return ""
    return f'merged "{_one_line(new.title)}" into "{_one_line(old_title)}"'


def _one_line(text: str) -> str:
    return " ".join(text.split())
