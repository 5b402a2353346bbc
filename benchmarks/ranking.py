"""Ranking quality and cost (issue 43): "for me" from ratings, `about:` by meaning, and the 50,000-paper budgets.

    python benchmarks/ranking.py --year1 A.bib [B.bib] --year2 C.bib [D.bib] ... (pairs: --pair y1.bib y2.bib, repeatable)
    python benchmarks/ranking.py                    # the PMLR fixtures of ../shared/fixtures (SOURCES.md there)
    python benchmarks/ranking.py --speed 50000      # also the speed/memory figures at 50,000 papers

Papers are read with paperdesk's own importer (`tui.core.ingest`). Per pair of consecutive years:

- "for me": every author with >= 2 papers in year 1 and >= 1 in year 2 rates their year-1 papers 5 stars (both
  years in one library); year 2 is ranked and scored against that author's year-2 papers (nDCG@20, recall@20,
  averaged over authors). Beside it, today's BM25 related (`RelatedIndex.similar`) fused over the rated papers,
  by reciprocal rank (RRF, k=60) and by summed score; and the variants of "for me" that were measured.
- by meaning: all the papers imported title-less (text = abstract only); each real title is an `about:` query;
  R@1, R@10, MRR@10 of its own abstract. Beside it, today's filter (the title as free words, `SearchIndex`).

Prints a table and, last, one JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tui.core.ingest.readers import read_import  # noqa: E402
from tui.core.models import Annotation, Paper  # noqa: E402
from tui.core.ranking.engine import Ranker  # noqa: E402
from tui.core.ranking.labels import Labels, labels_of  # noqa: E402
from tui.core.usecases.follow import followed_papers  # noqa: E402

FIXTURES = Path("/work/shared/fixtures")  # --fixtures to change
PAIRS = (("pmlr_colt2024.bib", "pmlr_colt2025.bib"), ("pmlr_l4dc2025.bib", "pmlr_l4dc2026.bib"))
K = 20


def read(path: Path) -> list[Paper]:
    """The papers of a file that have an abstract (a proceedings' preface has none)."""
    return [p for p in read_import(path).papers if p.abstract.strip()]


# -- "for me" ------------------------------------------------------------------------------


def ndcg_recall(order: list[int], relevant: set[int], k: int = K) -> tuple[float, float]:
    top = order[:k]
    dcg = sum(1 / math.log2(r + 2) for r, j in enumerate(top) if j in relevant)
    ideal = sum(1 / math.log2(r + 2) for r in range(min(k, len(relevant))))
    return dcg / ideal, sum(j in relevant for j in top) / len(relevant)


def authors_of(papers: list[Paper], idx: list[int]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for i in idx:
        for name in papers[i].authors:
            out[name].append(i)
    return out


def bm25_fused(related, papers: list[Paper], rated: list[int], candidates: np.ndarray, how: str) -> np.ndarray:
    position = {p.id: i for i, p in enumerate(papers)}
    scores = np.zeros(len(papers))
    for i in rated:
        for rank, s in enumerate(related.similar(papers[i].id, limit=len(papers))):
            j = position[s.paper.id]
            scores[j] += 1 / (60 + rank + 1) if how == "rrf" else s.score
    return scores


def for_me_quality(year1: list[Paper], year2: list[Paper], variants: dict) -> dict:
    from tui.core.related.index import RelatedIndex

    papers = year1 + year2
    ranker = Ranker.load_or_build(None, "bench", papers)
    related = RelatedIndex.of_papers(papers)
    first = list(range(len(year1)))
    second = np.arange(len(year1), len(papers))
    a1, a2 = authors_of(papers, first), authors_of(papers, second.tolist())
    people = sorted(name for name, rated in a1.items() if len(rated) >= 2 and a2.get(name))
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])

    def score(name: str, scores: np.ndarray, relevant: set[int]) -> None:
        sub = scores[second]
        order = second[np.lexsort((second, -sub))].tolist()
        nd, rc = ndcg_recall(order, relevant)
        sums[name][0] += nd
        sums[name][1] += rc

    whys: dict[str, int] = defaultdict(int)
    for person in people:
        rated, relevant = sorted(set(a1[person])), set(a2[person])
        labels = Labels(frozenset(rated), frozenset())
        learned = ranker.for_me(labels)
        score("for-me", learned.scores, relevant)
        sub = learned.scores[second]
        for j in second[np.lexsort((second, -sub))][:K].tolist():
            whys[learned.why(j).split(":")[0]] += 1
        # Issue 44: the reader follows the author's year-1 co-authors instead (never the author: their names would find
        # the answer), as `paperdesk follow` does (every spelling, both years); nothing rated, then rated as well.
        coauthors = sorted({n for i in rated for n in papers[i].authors} - {person})
        found = followed_papers(papers, coauthors)
        score("follows only", ranker.for_me(labels_of(papers, {}, None, found)).scores, relevant)
        notes = {papers[i].id: Annotation(papers[i].id, rating=5) for i in rated}
        score("rated + follows", ranker.for_me(labels_of(papers, notes, None, found)).scores, relevant)
        # What the follows teach beyond marking the co-authors' new papers (often the author's too): their year-1 papers only.
        early = {name: [i for i in found_at if i < len(year1)] for name, found_at in found.items()}
        score("follows only, year 1", ranker.for_me(labels_of(papers, {}, None, early)).scores, relevant)
        for name, variant in variants.items():
            score(name, variant(ranker, labels), relevant)
        score("bm25-rrf", bm25_fused(related, papers, rated, second, "rrf"), relevant)
        score("bm25-sum", bm25_fused(related, papers, rated, second, "sum"), relevant)
    n = max(len(people), 1)
    return {"authors": len(people), "papers": len(papers), "why@20": dict(sorted(whys.items())),
            **{name: {"ndcg@20": round(nd / n, 3), "recall@20": round(rc / n, 3)} for name, (nd, rc) in sums.items()}}


# -- variants measured before choosing (the engine's own is "for-me") ---------------------


def knn_max(ranker: Ranker, labels: Labels) -> np.ndarray:
    docs = ranker.matrices.docs
    return (docs @ docs[sorted(labels.positives)].T).max(axis=1)


def centroid(ranker: Ranker, labels: Labels) -> np.ndarray:
    docs = ranker.matrices.docs
    return docs @ docs[sorted(labels.positives)].mean(axis=0)


def _tfidf_rows(ranker: Ranker):
    from scipy.sparse import csc_matrix

    m = ranker.matrices
    return csc_matrix((m.data, m.indices, m.indptr), shape=(ranker.size, len(m.terms))).tocsr()


def svm_sparse(ranker: Ranker, labels: Labels) -> np.ndarray:
    """arxiv-sanity-lite: a LinearSVC on the TF-IDF, the rest of the library as negatives."""
    from sklearn.svm import LinearSVC

    x = _tfidf_rows(ranker)
    y = np.zeros(ranker.size)
    y[sorted(labels.positives)] = 1
    clf = LinearSVC(class_weight="balanced", C=0.1, max_iter=10000, tol=1e-6)
    clf.fit(x, y)
    return clf.decision_function(x)


def logreg_lsa(ranker: Ranker, labels: Labels) -> np.ndarray:
    from sklearn.linear_model import LogisticRegression

    x = ranker.matrices.docs
    y = np.zeros(ranker.size)
    y[sorted(labels.positives)] = 1
    clf = LogisticRegression(class_weight="balanced", C=1.0, max_iter=1000)
    clf.fit(x, y)
    return clf.decision_function(x)


VARIANTS = {"knn-max": knn_max, "centroid": centroid, "svm-tfidf": svm_sparse, "logreg-lsa": logreg_lsa}


# -- by meaning ------------------------------------------------------------------------------

_NOT_WORD = re.compile(r"[^\w\s]")


def meaning_quality(papers: list[Paper]) -> dict:
    from tui.core.search.index import SearchIndex
    from tui.core.search.query import QueryError, parse_query

    bare = [Paper(id=p.id, abstract=p.abstract, list="bench") for p in papers]
    ranker = Ranker.load_or_build(None, "bench", bare)
    search = SearchIndex(bare)
    hits = {"about": [0, 0, 0.0, 0], "filter": [0, 0, 0.0, 0]}
    kept, times = [], []
    for i, paper in enumerate(papers):
        t0 = time.perf_counter()
        scores = ranker.about(paper.title)
        times.append(time.perf_counter() - t0)
        order = np.lexsort((np.arange(len(scores)), -scores))
        rank = int(np.flatnonzero(order == i)[0])
        kept.append(int(ranker.about_cutoff(scores).sum()))
        _tally(hits["about"], rank, bool(ranker.about_cutoff(scores)[i]))
        try:
            found = [p.id for p in search.search(parse_query(_NOT_WORD.sub(" ", paper.title)))]
        except QueryError:
            found = []
        _tally(hits["filter"], found.index(paper.id) if paper.id in found else 10**9, paper.id in found)
    n = len(papers)
    out = {name: {"R@1": round(h[0] / n, 3), "R@10": round(h[1] / n, 3), "MRR@10": round(h[2] / n, 3)} for name, h in hits.items()}
    out["about"]["own_inside_cutoff"] = round(hits["about"][3] / n, 3)
    out["about"]["cutoff_median_kept"] = int(np.median(kept))
    out["about"]["query_ms_median"] = round(1000 * float(np.median(times)), 2)
    out["papers"] = n
    return out


def _tally(h: list, rank: int, inside: bool) -> None:
    h[0] += rank == 0
    h[1] += rank < 10
    h[2] += 1 / (rank + 1) if rank < 10 else 0.0
    h[3] += inside


def pooled(pairs: dict) -> dict:
    """Each measure averaged over every author of every pair (a pair counts by its authors)."""
    total = sum(found["authors"] for found in pairs.values())
    first = next(iter(pairs.values()))
    names = [name for name, value in first.items() if isinstance(value, dict) and "ndcg@20" in value]
    return {"authors": total, **{name: {m: round(sum(found[name][m] * found["authors"] for found in pairs.values()) / max(total, 1), 3)
                                        for m in ("ndcg@20", "recall@20")} for name in names}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", nargs=2, action="append", metavar=("YEAR1", "YEAR2"))
    parser.add_argument("--fixtures", type=Path, default=FIXTURES, help="where the default pairs are (PMLR BibTeX)")
    parser.add_argument("--speed", type=int, default=0, help="also measure speed and memory at this many papers")
    parser.add_argument("--variants", action="store_true", help="also the variants measured before choosing")
    args = parser.parse_args()
    pairs = [tuple(map(Path, p)) for p in args.pair] if args.pair else [(args.fixtures / a, args.fixtures / b) for a, b in PAIRS]
    report: dict = {"for_me": {}, "meaning": {}}
    everything: list[Paper] = []
    for y1, y2 in pairs:
        year1, year2 = read(y1), read(y2)
        everything += year1 + year2
        name = f"{y1.stem}->{y2.stem}"
        report["for_me"][name] = for_me_quality(year1, year2, VARIANTS if args.variants else {})
        print(name, json.dumps(report["for_me"][name]), flush=True)
    report["for_me"]["pooled"] = pooled(report["for_me"])
    print("pooled", json.dumps(report["for_me"]["pooled"]), flush=True)
    report["meaning"] = meaning_quality(everything)
    print("meaning", json.dumps(report["meaning"]), flush=True)
    if args.speed:
        from ranking_speed import speed

        report["speed"] = speed(args.speed, everything)
        print("speed", json.dumps(report["speed"]), flush=True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
