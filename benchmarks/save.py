"""Benchmark: how long one annotation save takes at 1,000 and at 100,000 papers.

Builds a temporary library of N synthetic papers with 500 annotated ones for
each size, then times `Library.save_annotation` (lock, atomic write, fsync)
for notes edits on annotated papers, alternating between the two libraries
save by save. A save rewrites only annotations.json, so its cost should not
depend on the number of papers. Prints one line per size, and as its last
line one JSON object: {"1000": {"median_ms": ..}, "100000": {"median_ms": ..}, ...}.

It then times note saves on libraries of 10,000 papers of which 100, 2,000
and 10,000 carry a 2 KB note (the whole annotations file is what grows), and
adds "annotated_100", "annotated_2000", "annotated_10000" to that object.

    python benchmarks/save.py [--saves 200]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tui.core.ingest.lists import ParsedList  # noqa: E402
from tui.core.library import Library  # noqa: E402

SIZES = (1_000, 100_000)
ANNOTATED_SIZES = (100, 2_000, 10_000)
NOTE_2KB = ("a reader's note on this paper, with a few thoughts on its method and proofs. " * 26)[:2048]
ANNOTATED = 500
WORDS = "learning model data neural graph sparse attention robust optimal policy kernel bound".split()


def synthetic_list(n: int, rng: random.Random) -> ParsedList:
    """N distinct abstracts of about 150 words, like the bundled ones."""
    abstracts = [f"Paper {i}. " + " ".join(rng.choices(WORDS, k=150)) for i in range(n)]
    return ParsedList(f"synthetic {n}", abstracts, Path("synthetic.txt"))


def build(folder: Path, n: int, rng: random.Random) -> tuple[Library, list[str]]:
    """A library of `n` papers, 500 of them annotated through the store; returns it open."""
    lib = Library.open(folder, seed=False)
    lib.add_lists([synthetic_list(n, rng)])
    annotated = [p.id for p in rng.sample(lib.papers, ANNOTATED)]
    for i, pid in enumerate(annotated):
        lib.save_annotation(pid, notes=f"first thoughts on paper {i}\n" * 5, rating=i % 6, tags=["bench"])
    return lib, annotated


def build_annotated(folder: Path, papers: int, annotated: int, rng: random.Random) -> tuple[Library, list[str]]:
    """A library of `papers` papers of which `annotated` carry a 2 KB note, written in one batch."""
    lib = Library.open(folder, seed=False)
    lib.add_lists([synthetic_list(papers, rng)])
    ids = [p.id for p in lib.papers[:annotated]]
    lib.save_annotations({pid: {"notes": f"{i} " + NOTE_2KB, "rating": i % 6, "tags": ["bench"]} for i, pid in enumerate(ids)})
    lib.close()
    return Library.open(folder, seed=False), ids


def figures(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {
        "median_ms": round(statistics.median(times), 3),
        "p90_ms": round(times[int(len(times) * 0.9)], 3),
        "max_ms": round(times[-1], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=200, help="timed saves per library size")
    args = parser.parse_args()
    rng = random.Random(4)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="paperdesk-bench-") as tmp:
        libraries = {n: build(Path(tmp) / f"library-{n}", n, rng) for n in SIZES}
        times: dict[int, list[float]] = {n: [] for n in SIZES}
        # Alternate the sizes save by save, so disk noise (fsync) hits both alike.
        for i in range(args.saves):
            for n, (lib, annotated) in libraries.items():
                pid = annotated[i % ANNOTATED]
                start = time.perf_counter()
                lib.save_annotation(pid, notes=f"edited note {i}: " + "words " * 80)
                times[n].append((time.perf_counter() - start) * 1000)
        for lib, _ in libraries.values():
            lib.close()
        annotated_libs = {
            n: build_annotated(Path(tmp) / f"annotated-{n}", max(ANNOTATED_SIZES), n, rng) for n in ANNOTATED_SIZES
        }
        notes_times: dict[int, list[float]] = {n: [] for n in ANNOTATED_SIZES}
        for i in range(args.saves):
            for n, (lib, ids) in annotated_libs.items():
                pid = ids[(i * 7919) % n]
                start = time.perf_counter()
                lib.save_annotation(pid, notes=f"edited {i} " + NOTE_2KB)
                notes_times[n].append((time.perf_counter() - start) * 1000)
        for lib, _ in annotated_libs.values():
            lib.close()
    results = {str(n): figures(times[n]) for n in SIZES}
    annotated_results = {n: figures(notes_times[n]) for n in ANNOTATED_SIZES}
    for n in SIZES:
        f = results[str(n)]
        print(
            f"{n:>7} papers, {ANNOTATED} annotated: median {f['median_ms']} ms, "
            f"p90 {f['p90_ms']} ms, max {f['max_ms']} ms over {args.saves} saves",
            flush=True,
        )
    ratio = results["100000"]["median_ms"] / max(results["1000"]["median_ms"], 1e-9)
    print(f"100k/1k median ratio {ratio:.2f} (limit 1.5); total {time.perf_counter() - started:.1f} s")
    for n, f in annotated_results.items():
        print(
            f"{max(ANNOTATED_SIZES):>7} papers, {n:>6} with 2 KB notes: median {f['median_ms']} ms, "
            f"p90 {f['p90_ms']} ms, max {f['max_ms']} ms over {args.saves} saves",
            flush=True,
        )
    summary = {n: {"median_ms": r["median_ms"]} for n, r in results.items()}
    summary.update({f"annotated_{n}": {"median_ms": r["median_ms"]} for n, r in annotated_results.items()})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
