"""Benchmark for issue 17: fetching a 3,000-paper venue from a local OpenReview (and a 3,000-paper arXiv listing).

Run from the repository root: `python benchmarks/fetch.py`. A local server replays API v2
notes (and arXiv Atom pages) with realistic abstracts; `paperdesk fetch` runs in a child
process on a pseudo-terminal, so the progress bar is drawn as a user would see it. Prints
the wall time and peak memory (max RSS) of: the first fetch (empty cache, empty library),
the same fetch again (cache and library hold everything), and a fetch resumed after losing
its last page. Asserts nothing; the last line is one JSON object.
"""

from __future__ import annotations

import json
import os
import pty
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fetch_server import ArxivData, FakeServices, OpenReviewData, abstract_text, openreview_note  # noqa: E402

N = int(os.environ.get("BENCH_PAPERS", "3000"))
VENUE = "BENCH.cc/2026/Conference"
RUN = """
import resource, sys, time
t = time.perf_counter()
from tui.cli import main
rc = main(sys.argv[1:])
print("BENCH", rc, time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.__stdout__)
"""


def notes(n: int) -> list[dict]:
    rng = random.Random(17)
    return [
        openreview_note(
            f"B{i:07d}xyz",
            f"Benchmark paper {i}: " + abstract_text(i, 8)[9:60],
            abstract_text(i, rng.randint(150, 250)),
            authors=tuple(f"Author {rng.randint(1, 20000)}" for _ in range(rng.randint(2, 8))),
            venueid=VENUE,
            venue="BENCH 2026 poster",
            number=i,
        )
        for i in range(n)
    ]


def arxiv_papers(n: int) -> list[dict]:
    return [
        {"arxiv_id": f"2611.{n - i:05d}", "title": f"Listing paper {n - i}", "summary": abstract_text(500000 + i, 180), "published": "2026-11-29T10:00:00Z"}
        for i in range(n)
    ]


def run(args: list[str], env: dict[str, str]) -> dict:
    """Run paperdesk in a child with stderr on a pty; its time, peak RSS, exit code and last bar line."""
    master, slave = pty.openpty()
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", RUN, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    out, _ = proc.communicate()
    wall = time.perf_counter() - start
    os.close(master)
    bench = next(line for line in out.splitlines() if line.startswith("BENCH")).split()
    bar = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n").split("\r")[-1].strip()
    report = next((line for line in out.splitlines() if line.startswith("list ")), "")
    return {
        "rc": int(bench[1]), "wall_s": round(wall, 2), "in_process_s": round(float(bench[2]), 2), "max_rss_mb": round(int(bench[3]) / 1024, 1),
        "bar": bar, "report": report,
    }


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="paperdesk-fetch-bench-"))
    fake = FakeServices()
    fake.handlers["openreview"] = OpenReviewData(notes(N))
    fake.handlers["arxiv"] = ArxivData(arxiv_papers(N))
    env = {
        **os.environ,
        "PAPERDESK_HOME": str(tmp / "library"),
        "PAPERDESK_CACHE": str(tmp / "cache"),
        "PAPERDESK_OPENREVIEW_API": fake.base("openreview"),
        "PAPERDESK_ARXIV_API": fake.base("arxiv"),
        "PAPERDESK_ARXIV_DELAY": "0",
        "XDG_CONFIG_HOME": str(tmp / "config"),
    }
    results = {}
    try:
        fetch = ["fetch", "openreview", VENUE]
        results["openreview_first"] = run(fetch, env)
        results["openreview_requests"] = len(fake.requests("openreview"))
        results["openreview_again"] = run(fetch, env)
        # lose the last page (as if interrupted) and an empty library: only that page is asked again
        pages = sorted((tmp / "cache" / "http").glob("*/*"), key=lambda p: p.stat().st_mtime)
        pages[-1].unlink()
        shutil.rmtree(tmp / "library")
        asked = len(fake.requests("openreview"))
        results["openreview_resumed"] = run(fetch, env)
        results["openreview_resumed_requests"] = len(fake.requests("openreview")) - asked
        results["arxiv_listing_first"] = run(["fetch", "arxiv", "cs.LG", "--since", "2026-11-01"], env)
        results["arxiv_requests"] = len(fake.requests("arxiv"))
    finally:
        fake.close()
        shutil.rmtree(tmp, ignore_errors=True)
    for name, value in results.items():
        if isinstance(value, dict):
            figures = f"{value['wall_s']:6.2f} s wall  {value['in_process_s']:6.2f} s in paperdesk  {value['max_rss_mb']:6.1f} MB peak"
            print(f"{name:24} {figures}  | {value['report']}")
            print(f"{'':24} bar: {value['bar']}")
        else:
            print(f"{name:24} {value}")
    summary = {
        "papers": N,
        "first_fetch_s": results["openreview_first"]["in_process_s"],
        "first_fetch_peak_mb": results["openreview_first"]["max_rss_mb"],
        "cached_refetch_s": results["openreview_again"]["in_process_s"],
        "resumed_fetch_s": results["openreview_resumed"]["in_process_s"],
        "resumed_requests": results["openreview_resumed_requests"],
        "arxiv_listing_s": results["arxiv_listing_first"]["in_process_s"],
        "arxiv_listing_peak_mb": results["arxiv_listing_first"]["max_rss_mb"],
        "arxiv_requests": results["arxiv_requests"],
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
