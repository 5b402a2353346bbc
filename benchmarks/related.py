"""Related papers ("more like this", `m`): index build time and time per question at 10,000 and 100,000 papers.

    python benchmarks/related.py            # about a minute
    python benchmarks/related.py --sizes 10000

Generates corpora from the bundled abstracts' sentences (corpus.py; 5% of the
papers carry an annotation, some with notes), builds the search index and
then `RelatedIndex` from it once per size (what the app does in a thread once
the search index is ready; a start with a saved search index loads that in
well under a second, so the related build is what `m` adds), then asks
`similar(pid, 10)` for 60 papers spread over the library, each asked three
times keeping its fastest (the machine is shared). A question is the whole
answer the dialog shows: the query terms, the scores, the top 10 and their
shared words. The related build is reported as wall time and as the CPU time of the
process (`build_cpu_s`, steadier under load), with the search index's build
beside it for scale. The last line printed is one JSON object:
{"10000": {"median_ms", "p95_ms"}, "100000": {...}, "build_s_100000": .., "build_cpu_s_100000": ..,
 "index_mib_100000": .., "search_build_s_100000": ..}
Goals (issue 16): <= 30 ms at 10k, <= 150 ms at 100k, build at 100k <= 10 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import corpus  # noqa: E402

from tui.core.related.index import RelatedIndex  # noqa: E402
from tui.core.search.index import SearchIndex  # noqa: E402

QUESTIONS = 60


def measure(n: int) -> dict[str, float]:
    papers = corpus.papers(n)
    annotations = corpus.annotations(papers)
    started = time.perf_counter()
    search = SearchIndex(papers, annotations)
    search_s = time.perf_counter() - started
    started, cpu = time.perf_counter(), time.process_time()
    index = RelatedIndex(search, annotations)
    build_s, build_cpu_s = time.perf_counter() - started, time.process_time() - cpu
    times = []
    for paper in papers[:: max(1, n // QUESTIONS)][:QUESTIONS]:
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            found = index.similar(paper.id, 10)
            best = min(best, time.perf_counter() - t)
        assert len(found) == 10 and all(s.terms for s in found)
        times.append(best * 1000)
    times.sort()
    result = {
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(times[int(len(times) * 0.95) - 1], 2),
        "build_s": round(build_s, 2),
        "build_cpu_s": round(build_cpu_s, 2),
        # What the index keeps (its arrays); the build's peak hides under the search index's in maxrss.
        "index_mib": round(sum(a.nbytes for a in (index.weights.data, index.weights.indices, index.weights.indptr)) / 2**20),
        "search_build_s": round(search_s, 2),
    }
    print(f"{n:>7} papers: {result}", file=sys.stderr)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    args = parser.parse_args()
    summary: dict[str, object] = {}
    for n in (int(s) for s in args.sizes.split(",")):
        result = measure(n)
        summary[str(n)] = {"median_ms": result["median_ms"], "p95_ms": result["p95_ms"]}
        summary[f"build_s_{n}"] = result["build_s"]
        summary[f"build_cpu_s_{n}"] = result["build_cpu_s"]
        summary[f"index_mib_{n}"] = result["index_mib"]
        summary[f"search_build_s_{n}"] = result["search_build_s"]
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
