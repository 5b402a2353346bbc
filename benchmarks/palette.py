"""Go to paper… speed: ranking every title for each keystroke of a typed query, at 1k, 10k and 100k papers.

    python benchmarks/palette.py

The palette runs `rank_titles` in a thread per keystroke (the UI thread never
waits on it); this prints how long one keystroke's ranking takes, typing
three queries one character at a time, best of three per keystroke. (Collecting
the titles when the palette opens, also in a thread, takes ~0.1 s at 100k.)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import abstracts  # noqa: E402
from tui.core.ingest.titles import derive_title  # noqa: E402
from tui.ui.palette.papers import rank_titles  # noqa: E402

QUERIES = ("sparse attention", "frugal", "graph neural network pruning")


def main() -> None:
    for n in (1_000, 10_000, 100_000):
        titles = [derive_title(a) for a in abstracts(n)]
        times = []
        for query in QUERIES:
            for end in range(1, len(query) + 1):
                best = min(_timed(query[:end], titles) for _ in range(3))
                times.append(best)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{n:>7} titles: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms per keystroke")


def _timed(query: str, titles: list[str]) -> float:
    start = time.perf_counter()
    rank_titles(query, titles)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
