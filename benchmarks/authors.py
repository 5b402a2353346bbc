"""How long the people features take on a large library: an author page, the follows' papers, and an import's count.

50,000 synthetic papers (`benchmarks.corpus`), each given 2-8 authors drawn from the author names of the
test fixtures' BibTeX (real spellings, with their LaTeX and "Family, Given" forms) and as many made-up
people (real given and family names recombined), a tenth of them re-spelled with initials. Measured: `find_person` for a frequent and a rare name (the app's `A`
runs it on the UI thread), `followed_positions` for 3 and 20 follows (what `followed:`, the list's
mark and an import's count cost after each change), and the name cache cold vs warm.

    python -m benchmarks.authors [--papers N]      # last line: JSON
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from pathlib import Path

from benchmarks.corpus import papers as synthetic
from tui.core.people.names import parse_name
from tui.core.people.person import find_person, followed_positions

LOCAL = Path(__file__).resolve().parents[1] / "tests" / "fixtures"


def names() -> list[str]:
    found: list[str] = []
    for path in sorted(LOCAL.glob("**/*.bib")):
        for m in re.finditer(r"^\s*author\s*=\s*\{(.*)\},?\s*$", path.read_text(encoding="utf-8"), re.M):
            found.extend(n.strip() for n in re.split(r"\s+and\s+", m.group(1)) if n.strip())
    return sorted(set(found))


def initialled(name: str) -> str:
    parsed = parse_name(name)
    return " ".join([*(g[0].upper() + "." for g in parsed.given), parsed.family.capitalize()]) if parsed.given else name


def timed(fn, repeat: int = 5) -> float:
    runs = []
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - began)
    return statistics.median(runs) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--papers", type=int, default=50_000)
    args = parser.parse_args()
    real = names()
    rng = random.Random(44)
    givens = sorted({" ".join(parse_name(n).given) for n in real if parse_name(n).given})
    families = sorted({parse_name(n).family.capitalize() for n in real})
    # the real spellings, then made-up people of real given and family names: a large library's ~60,000 spellings
    pool = real + sorted({f"{rng.choice(givens).title()} {rng.choice(families)}" for _ in range(args.papers)})
    library = []
    for paper in synthetic(args.papers):
        authors = tuple(initialled(a) if rng.random() < 0.1 else a for a in rng.sample(pool, rng.randint(2, 8)))
        library.append(paper.with_changes(authors=authors))
    counts: dict[str, int] = {}
    for paper in library:
        for author in paper.authors:
            counts[author] = counts.get(author, 0) + 1
    frequent = max(counts, key=counts.__getitem__)
    rare = min((a for a in counts if "," in a), key=counts.__getitem__)
    parse_name.cache_clear()
    began = time.perf_counter()
    find_person(library, frequent)
    cold = (time.perf_counter() - began) * 1000
    summary = {
        "papers": len(library),
        "author_names": len(pool), "spellings": len(counts),
        "find_person_cold_ms": round(cold, 1),
        "find_person_frequent_ms": round(timed(lambda: find_person(library, frequent)), 1),
        "find_person_rare_ms": round(timed(lambda: find_person(library, rare)), 1),
        "frequent_papers": len(find_person(library, frequent).positions),
        "followed_3_ms": round(timed(lambda: followed_positions(library, pool[:3])), 1),
        "followed_20_ms": round(timed(lambda: followed_positions(library, pool[::97][:20])), 1),
    }
    print(f"{summary}", file=sys.stderr)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
