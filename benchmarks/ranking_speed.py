"""Ranking at scale (issue 43 "Speed and memory"): build, `about:` query, "for me" re-rank and resident memory at N papers.

    python benchmarks/ranking_speed.py [--size 50000]       # or through benchmarks/ranking.py --speed 50000

The corpus: `corpus.py`'s synthetic abstracts recombine the ~200 sentences of the bundled lists, so their vocabulary
stops growing after a few hundred papers (a 50,000-paper TF-IDF of them is far smaller than a real one, and the SVD
far quicker): too unlike real text for these figures. Here each paper is 5–9 sentences drawn from the real PMLR
abstracts of ../shared/fixtures (about 4,000 sentences), a real title, and a few rare made-up words drawn from a
Zipf-like pool of 300,000 (real proceedings keep adding names, acronyms and symbols): the vocabulary then
grows past the 100,000-term cap as a real 50,000-abstract library does.

Each step runs in a fresh process so resident memory is the step's own:
- build: `Ranker.load_or_build` into a library folder (the SVD in its worker process): wall time, the worker's
  CPU time, the app process's RSS growth and peak growth;
- use: a later start loading the saved matrices (memory-mapped), then 20 `about:` queries, a "for me" re-rank with
  5 positives and 3 negatives (each timed, CPU), `related`: RSS growth over the loaded papers.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tui.core.models import Paper  # noqa: E402

FIXTURES = Path("/work/shared/fixtures")
FILES = ("pmlr_colt2024.bib", "pmlr_colt2025.bib", "pmlr_l4dc2025.bib", "pmlr_l4dc2026.bib")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
QUERIES = ("privacy of gradient updates", "regret bounds for linear bandits", "model predictive control with safety constraints",
           "sample complexity of reinforcement learning", "in-context learning in transformers")


def rss_mib() -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def real_papers(fixtures: Path) -> list[Paper]:
    from tui.core.ingest.readers import read_import

    return [p for name in FILES for p in read_import(fixtures / name).papers if p.abstract.strip()]


def papers(n: int, fixtures: Path = FIXTURES, seed: int = 43) -> list[Paper]:
    """`n` papers made of real sentences and titles plus rare made-up words (see the module's docstring)."""
    rng = random.Random(seed)
    real = real_papers(fixtures)
    sentences = [s for p in real for s in _SENTENCE.split(p.abstract) if len(s) > 20]
    titles = [p.title for p in real]
    letters = "abcdefghijklmnopqrstuvwxyz"
    pool = ["".join(rng.choice(letters) for _ in range(rng.randint(5, 9))) for _ in range(300_000)]
    weights = [1 / (k + 1) for k in range(len(pool))]
    rare = rng.choices(pool, weights=weights, k=n * 4)
    out = []
    for i in range(n):
        text = " ".join(rng.sample(sentences, rng.randint(5, 9)) + rare[4 * i : 4 * i + 4])
        out.append(Paper(id=f"s{i}", abstract=text, list="Synthetic", seq=i, title=rng.choice(titles)))
    return out


def _app_modules() -> None:
    """What the app has imported before it asks for a ranking (numpy, search, related): not the ranker's cost."""
    import numpy  # noqa: F401

    import tui.core.related.index  # noqa: F401
    import tui.core.search.index  # noqa: F401


def child_build(n: int, folder: Path) -> dict:
    from tui.core.ranking.engine import Ranker

    _app_modules()
    corpus = papers(n)
    base, _ = rss_mib()
    t0 = time.perf_counter()
    ranker = Ranker.load_or_build(folder, f"bench{n}", corpus)
    wall = time.perf_counter() - t0
    now, peak = rss_mib()
    worker_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    disk = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    return {"build_s": round(wall, 1), "worker_cpu_s": round(worker_cpu.ru_utime + worker_cpu.ru_stime, 1),
            "build_rss_growth_mib": round(now - base, 1), "build_peak_growth_mib": round(peak - base, 1),
            "terms": len(ranker.matrices.terms), "dims": int(ranker.matrices.docs.shape[1]), "disk_mib": round(disk / 2**20, 1)}


def child_use(n: int, folder: Path) -> dict:
    import numpy as np

    from tui.core.ranking.engine import Ranker
    from tui.core.ranking.labels import Labels

    _app_modules()
    corpus = papers(n)
    base, _ = rss_mib()
    t0 = time.perf_counter()
    ranker = Ranker.load_or_build(folder, f"bench{n}", corpus)
    load = time.perf_counter() - t0
    times = []
    for _ in range(4):
        for q in QUERIES:
            t0 = time.perf_counter()
            scores = ranker.about(q)
            ranker.about_cutoff(scores)
            times.append(time.perf_counter() - t0)
    rng = random.Random(1)
    picked = rng.sample(range(n), 8)
    labels = Labels(frozenset(picked[:5]), frozenset(picked[5:]))
    c0, t0 = time.process_time(), time.perf_counter()
    found = ranker.for_me(labels)
    order = np.argsort(-found.scores, kind="stable")
    why = [found.why(int(j)) for j in order[:50]]
    rerank_cpu, rerank_wall = time.process_time() - c0, time.perf_counter() - t0
    t0 = time.perf_counter()
    ranker.related(picked[0], None, labels)
    related = time.perf_counter() - t0
    now, peak = rss_mib()
    return {"load_s": round(load, 2), "about_ms_median": round(1000 * float(np.median(times)), 1), "about_ms_max": round(1000 * max(times), 1),
            "rerank_cpu_s": round(rerank_cpu, 3), "rerank_wall_s": round(rerank_wall, 3), "related_ms": round(1000 * related, 1),
            "use_rss_growth_mib": round(now - base, 1), "use_peak_growth_mib": round(peak - base, 1), "why_example": why[5]}


def speed(n: int, _papers: object = None) -> dict:
    """Both steps, each in its own process, on one library folder."""
    with tempfile.TemporaryDirectory() as tmp:
        out: dict = {"papers": n}
        for step in ("build", "use"):
            done = subprocess.run([sys.executable, __file__, "--child", step, "--size", str(n), "--folder", tmp],
                                  capture_output=True, text=True, check=True)
            out.update(json.loads(done.stdout.strip().splitlines()[-1]))
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=50_000)
    parser.add_argument("--child", choices=("build", "use"))
    parser.add_argument("--folder", type=Path)
    args = parser.parse_args()
    if args.child:
        step = child_build if args.child == "build" else child_use
        print(json.dumps(step(args.size, args.folder)))
    else:
        print(json.dumps(speed(args.size)))


if __name__ == "__main__":
    main()
