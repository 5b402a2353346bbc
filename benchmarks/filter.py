"""Filter speed: the core's compute per keystroke at 1k, 10k and 100k papers, and the app end to end.

    python benchmarks/filter.py            # about a minute and a half
    python benchmarks/filter.py --no-app   # core figures only

Generates corpora from the bundled abstracts' sentences (corpus.py), builds
the search index once per size (as the app does at load), then types each
query one character at a time. A keystroke's core compute is: parse the box's
text, rank (`SearchIndex.search`), and work out the title match spans of the
first 40 rows (what the list draws). Caches are cleared before each query, so
only what the typing itself builds is reused; each query is typed three
times and each keystroke keeps its fastest time (the machine is shared). Then it runs
benchmarks/filter_ui.py in a subprocess at 10,000 papers (keystroke to
repainted list, in a pilot) and at 100,000 (the same, plus the whole app's
memory). The last line printed is one JSON object:
{"1000": {"median_ms", "p95_ms"}, "10000": {...}, "100000": {...}, "rss_mib_100000": ...}
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import corpus  # noqa: E402

from tui.core.search.index import SearchIndex  # noqa: E402
from tui.core.search.query import QueryError, parse_query  # noqa: E402

SIZES = (1_000, 10_000, 100_000)
#: Typed one key at a time: plain words, a typo query, a partial-word query, a field-filter query.
QUERIES = (
    "fedrated lerning",
    "graph spars",
    "lora",
    "neural network training dynamics",
    "status:read rating:>=3 neural",
    'list:"NeurIPS 2024" -graph optimizer',
)
#: Reported apart: an exact phrase checks candidate texts, the one part that scans.
PHRASE_QUERIES = ('"neural networks"', '"graph neural network"')
TARGET_MS = {1_000: 3, 10_000: 16, 100_000: 50}
ROWS = 40


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def type_queries(index: SearchIndex, queries: tuple[str, ...], runs: int = 3) -> list[float]:
    """Milliseconds of core compute for every prefix of every query.

    Each query is typed `runs` times from scratch (caches cleared) and each
    keystroke keeps its fastest run, as timeit does: the machine is shared,
    and a stall from another process is not the filter's cost.
    """
    samples = []
    for query in queries:
        best = [float("inf")] * len(query)
        for _ in range(runs):
            index._cache.clear()
            for end in range(1, len(query) + 1):
                started = time.perf_counter()
                try:
                    result = index.search(parse_query(query[:end]))
                except QueryError:
                    pass  # a half-typed filter: the list stays as it was
                else:
                    for paper in result[:ROWS]:
                        result.spans[paper.id]
                best[end - 1] = min(best[end - 1], (time.perf_counter() - started) * 1000)
        samples.extend(best)
    return samples


def run_app(papers: int) -> dict:
    out = subprocess.run(
        [sys.executable, str(HERE / "filter_ui.py"), "--papers", str(papers)],
        capture_output=True,
        text=True,
        timeout=170,
        check=True,
    )
    sys.stderr.write(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-app", action="store_true", help="skip the end-to-end app runs")
    args = parser.parse_args()
    began = time.perf_counter()
    started = time.perf_counter()
    all_papers = corpus.papers(max(SIZES))
    print(f"generated {len(all_papers)} papers in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    summary: dict[str, object] = {}
    for size in SIZES:
        papers = all_papers[:size]
        annotations = corpus.annotations(papers)
        started = time.perf_counter()
        index = SearchIndex(papers, annotations)
        built = time.perf_counter() - started
        gc.collect()
        gc.freeze()  # as the app does once the index is built: the loaded heap leaves the GC's scans
        type_queries(index, QUERIES, runs=1)  # warm up lazy imports and code paths
        samples = type_queries(index, QUERIES)
        median, high = statistics.median(samples), p95(samples)
        phrase = type_queries(index, PHRASE_QUERIES)
        summary[str(size)] = {"median_ms": round(median, 3), "p95_ms": round(high, 3)}
        verdict = "ok" if high <= TARGET_MS[size] and high <= 3 * median else "MISSED"
        print(
            f"{size:>7} papers: index {built:.2f} s, {len(index.vocab)} words; per keystroke median {median:.2f} ms, "
            f"p95 {high:.2f} ms, max {max(samples):.2f} ms over {len(samples)} keys "
            f"(target <= {TARGET_MS[size]} ms, p95 <= 3x median: {verdict}); "
            f"exact phrases: median {statistics.median(phrase):.2f} ms, p95 {p95(phrase):.2f} ms",
            file=sys.stderr,
        )
        del index
        gc.unfreeze()
    del all_papers
    if not args.no_app:
        ui10 = run_app(10_000)
        ui100 = run_app(100_000)
        summary["ui_10000"] = {"median_ms": ui10["median_ms"], "p95_ms": ui10["p95_ms"]}
        summary["ui_100000"] = {"median_ms": ui100["median_ms"], "p95_ms": ui100["p95_ms"]}
        summary["rss_mib_100000"] = ui100["rss_mib"]
        summary["peak_rss_mib_100000"] = ui100["peak_rss_mib"]
    print(f"total {time.perf_counter() - began:.0f} s", file=sys.stderr)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
