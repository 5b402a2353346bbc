"""Imports a 10,000-item Zotero database (built from Zotero's tables, `tests.zotero_db`) into a fresh library, then again.

Each item has two or three creators, tags, one of 40 collections (some nested),
and one in four a child note and an attachment; a few hundred notes, attachments and
trashed items are left out. Prints the time of the first import and of the
re-import (a sync that changes nothing), the peak of memory Python allocated
(tracemalloc) and the process's peak resident size, and last a JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.zotero_db import ZoteroDB  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.core.usecases.imports import import_paths

VOCABULARY = [f"w{n}" for n in range(5000)]
WEIGHTS = [1 / (n + 1) for n in range(5000)]


def build(path: Path, n: int) -> None:
    rng = random.Random(3)
    z = ZoteroDB(path, seed=3)
    tops = [z.add_collection(f"Topic {i}") for i in range(10)]
    collections = tops + [z.add_collection(f"Sub {i}", parent=tops[i % 10]) for i in range(30)]
    for i in range(n):
        kind = ("journalArticle", "conferencePaper", "preprint")[i % 3]
        fields = {
            "title": f"Paper {i} " + " ".join(rng.choices(VOCABULARY, WEIGHTS, k=6)),
            "abstractNote": " ".join(rng.choices(VOCABULARY, WEIGHTS, k=150)),
            "date": f"{2000 + i % 26}-0{1 + i % 9}-00",
            ("proceedingsTitle" if kind == "conferencePaper" else "publicationTitle"): f"Venue {i % 50}",
            "DOI": f"10.5555/bench.{i}",
            "url": f"https://example.org/paper/{i}",
        }
        creators = [(f"First{j}", f"Last{(i * 7 + j) % 3000}", "author") for j in range(2 + i % 2)]
        tags = [(f"tag{(i + j) % 200}", j % 2) for j in range(3)]
        key = z.add_item(kind, fields, creators=creators, tags=tags, collections=[collections[i % 40]], commit=False)
        if i % 4 == 0:
            note = f"<h2>Note {i}</h2><p>Some <b>bold</b> text &amp; a <a href='https://x.org/{i}'>link</a>.</p><ul><li>a</li><li>b</li></ul>"
            z.add_note(note, parent=key, commit=False)
            z.add_attachment(key, commit=False)
        if i % 50 == 0:
            z.trash(key)
    z.db.commit()
    z.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--trace", action="store_true", help="also the peak Python allocated (tracemalloc: the imports run slower)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    database = folder / "zotero.sqlite"
    start = time.perf_counter()
    build(database, args.items)
    print(f"built {args.items:,} items in {time.perf_counter() - start:.1f}s ({database.stat().st_size / 2**20:.1f} MiB)")
    with Library.open(folder / "lib", seed=False) as lib:
        if args.trace:
            tracemalloc.start()
        before_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        start = time.perf_counter()
        outcome = import_paths(lib, [database], automatic_tags=False, groups=False)
        first = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory() if args.trace else (0, 0)
        tracemalloc.stop()
        line = next(text for kind, text in outcome.messages if kind == "line")
        print(f"first import {first:.2f}s (resident before it: {before_rss:.0f} MiB), Python peak {peak / 2**20:.1f} MiB (0 without --trace): {line}")
        start = time.perf_counter()
        outcome = import_paths(lib, [database], automatic_tags=False, groups=False)
        again = time.perf_counter() - start
        print(f"re-import {again:.2f}s: {next(text for kind, text in outcome.messages if kind == 'line')}")
        papers = len(lib.papers)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident {rss:.0f} MiB")
    print(json.dumps({"items": args.items, "papers": papers, "first_s": round(first, 2), "again_s": round(again, 2),
                      "python_peak_mib": round(peak / 2**20, 1), "rss_before_mib": round(before_rss), "max_rss_mib": round(rss)}))


if __name__ == "__main__":
    main()
