"""Meeting imported papers with the library: which ones are already there, and how to merge them.

A paper is already stored when it has the same id, the same DOI, the same
normalized title, or an abstract at least 95% similar (rapidfuzz ratio).
Merging fills the stored paper's empty fields from the new one and adds new
tags and extra keys; it never removes anything, and annotations (keyed by
the stored id) are untouched.

Comparing every abstract with every other is quadratic, so near-identical
abstracts are looked for among papers sharing their first or last eight
words; small imports (under FULL_SCAN_BUDGET comparisons) compare with all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable

from rapidfuzz import fuzz

from tui.core.ingest.parsed import FileReport, ParsedFile, Progress
from tui.core.models import Paper, normalize_space, paper_id

#: Abstracts at least this similar (rapidfuzz ratio, 0-100) are the same paper.
SIMILARITY = 95.0
#: A first/last-words block shared by more papers than this is too common to compare by.
MAX_BLOCK_PAPERS = 64
#: Words at each end of an abstract used to find candidates for the similarity check.
BLOCK_WORDS = 8
#: Below this many comparisons the similarity check compares against every paper.
FULL_SCAN_BUDGET = 2_000_000


def normalize_title(title: str) -> str:
    """Case, accents-as-written, punctuation and spacing do not make a title different."""
    return " ".join(re.sub(r"[\W_]+", " ", title.casefold()).split())


def normalize_doi(doi: str) -> str:
    """`https://doi.org/10.1/X`, `doi:10.1/x` and `10.1/x` are one DOI."""
    d = doi.strip().casefold()
    d = re.sub(r"^(https?://)?(dx\.)?doi\.org/", "", d)
    return d.removeprefix("doi:").strip()


def _norm_abstract(abstract: str) -> str:
    return normalize_space(abstract).casefold()


def _blocks(norm: str) -> tuple[str, str]:
    words = norm.split()
    return " ".join(words[:BLOCK_WORDS]), " ".join(words[-BLOCK_WORDS:])


class MatchIndex:
    """Finds the stored paper an incoming one duplicates; grows as papers are added."""

    def __init__(self, papers: Iterable[Paper]) -> None:
        self.by_key: dict[str, str] = {}
        self.by_doi: dict[str, str] = {}
        self.by_title: dict[str, str] = {}
        self.by_block: dict[str, list[str]] = {}
        self.abstracts: dict[str, str] = {}
        for paper in papers:
            self.add(paper)

    def add(self, paper: Paper, as_id: str | None = None) -> None:
        """Index `paper` under `as_id` (the stored id it is, or merged into)."""
        pid = as_id or paper.id
        self.by_key.setdefault(paper.id, pid)
        if paper.abstract.strip():
            self.by_key.setdefault(paper_id(paper.abstract), pid)
        if paper.doi:
            self.by_doi.setdefault(normalize_doi(paper.doi), pid)
        if paper.title.strip():
            self.by_title.setdefault(normalize_title(paper.title), pid)
        norm = _norm_abstract(paper.abstract)
        if len(norm) >= 40 and pid not in self.abstracts:
            self.abstracts[pid] = norm
            for block in _blocks(norm):
                self.by_block.setdefault(block, []).append(pid)

    def find(self, paper: Paper, full_scan: bool = False) -> tuple[str, str] | None:
        """(stored id, why) when `paper` is already in the library, else None."""
        pid = self.by_key.get(paper.id)
        if pid:
            return pid, "same id"
        if paper.doi:
            pid = self.by_doi.get(normalize_doi(paper.doi))
            if pid:
                return pid, "same DOI"
        if paper.title.strip():
            pid = self.by_title.get(normalize_title(paper.title))
            if pid:
                return pid, "same title"
        norm = _norm_abstract(paper.abstract)
        if len(norm) < 40:
            return None
        # A ratio of at least SIMILARITY needs lengths within that ratio too: a cheap first cut.
        low, high = len(norm) * SIMILARITY / (200 - SIMILARITY), len(norm) * (200 - SIMILARITY) / SIMILARITY
        # A block shared by very many papers ("in this paper we propose a novel ...") says
        # little and would make every import quadratic: only telling blocks are compared.
        candidates = {
            c
            for block in _blocks(norm)
            if len(bucket := self.by_block.get(block, ())) <= MAX_BLOCK_PAPERS
            for c in bucket
            if low <= len(self.abstracts[c]) <= high
        }
        for cand in candidates:
            if fuzz.ratio(norm, self.abstracts[cand], score_cutoff=SIMILARITY):
                return cand, "similar abstract"
        if full_scan:
            from rapidfuzz import process

            best = process.extractOne(norm, self.abstracts, scorer=fuzz.ratio, score_cutoff=SIMILARITY)
            if best is not None:
                return best[2], "similar abstract"
        return None


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
    full_scan = (len(existing) + total) * total <= FULL_SCAN_BUDGET
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
            hit = index.find(paper, full_scan=full_scan)
            if hit is None:
                # A title from the data wins over a derived one, so derive only when there is none.
                derived = paper.derived_title or ("" if paper.title.strip() else derive(paper.abstract))
                paper = replace(paper, seq=next_seq, derived_title=derived)
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
