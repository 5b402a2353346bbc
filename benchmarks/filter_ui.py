"""End-to-end filter timing: keystroke to repainted list, in a headless pilot of the real app.

    python benchmarks/filter_ui.py --papers 10000

Builds a library folder of N synthetic papers (see corpus.py), opens the app
on it the way `paperdesk` does (library and index load in threads), waits
for the index, then types queries one key at a time. For each key it takes
the time from sending the key to the first repaint of the paper list that
shows the ranking for the new text. Prints figures, then one JSON line with
the medians, p95s, the index build time and the process's memory (RSS now
and peak), which covers the whole app with N papers loaded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import corpus  # noqa: E402

from tui.core.ingest.parsed import ParsedFile  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.ui.app import PaperdeskApp  # noqa: E402
from tui.ui.widgets.filter_bar import FilterInput  # noqa: E402
from tui.ui.widgets.paper_list import PaperList  # noqa: E402

QUERIES = ("fedrated lerning", "graph spars", "status:read rating:>=3 neural")


def rss_mib() -> tuple[float, float]:
    """(current, peak) resident memory of this process, in MiB."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


async def measure(folder: Path) -> dict:
    renders: list[float] = []
    original = PaperList.render_line

    def timed_render_line(self, y):  # type: ignore[no-untyped-def]
        renders.append(time.perf_counter())
        return original(self, y)

    PaperList.render_line = timed_render_line  # type: ignore[method-assign]
    app = PaperdeskApp(library_dir=folder)
    samples: list[float] = []
    started = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = None
        while True:  # the library and then the index load in worker threads
            await asyncio.sleep(0.05)
            screen = app.screen
            index = getattr(getattr(screen, "filtering", None), "index", None)
            if index is not None and not index.provisional:  # the whole index, not a large library's titles first
                break
            if time.perf_counter() - started > 150:
                raise SystemExit("the index did not finish within 150 s")
        ready = time.perf_counter() - started
        box = screen.query_one(FilterInput)
        await pilot.press("slash")
        for text in QUERIES:
            for ch in text:
                renders.clear()
                sent = time.perf_counter()
                await pilot.press("space" if ch == " " else ch)
                deadline = sent + 10
                while time.perf_counter() < deadline:
                    result = screen.filtering.result
                    if result is not None and result.query.text == box.value and renders and renders[-1] > sent:
                        # the ranking for this text is on screen: wait for its repaint to be done
                        seen = len(renders)
                        await asyncio.sleep(0)
                        if len(renders) == seen:
                            break
                    await asyncio.sleep(0.0005)
                samples.append((renders[-1] - sent) * 1000 if renders else float("nan"))
            await pilot.press("ctrl+u")
            await app.workers.wait_for_complete()
            await pilot.pause()
        shown = len(screen.query_one(PaperList).papers)
    current, peak = rss_mib()
    PaperList.render_line = original  # type: ignore[method-assign]
    return {
        "keys": len(samples),
        "median_ms": round(statistics.median(samples), 2),
        "p95_ms": round(p95(samples), 2),
        "max_ms": round(max(samples), 2),
        "load_and_index_s": round(ready, 2),
        "rss_mib": round(current, 1),
        "peak_rss_mib": round(peak, 1),
        "shown_after_clear": shown,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=10_000)
    parser.add_argument("--make", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        with Library.open(Path(args.make), seed=False) as lib:
            # Papers with their titles already made (corpus.quick_title), through the real
            # import path (matching, one atomic write).
            lib.add_papers([ParsedFile(Path("<synthetic>"), "json", "Synthetic", corpus.papers(args.papers))])
            lib.save_annotation(lib.papers[0].id, status="read", rating=4, notes="seen")
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "library"
        started = time.perf_counter()
        # Made in another process, so this one's memory is the app's alone.
        subprocess.run([sys.executable, __file__, "--papers", str(args.papers), "--make", str(folder)], check=True)
        made = time.perf_counter() - started
        figures = asyncio.run(measure(folder))
    figures = {"papers": args.papers, "library_made_s": round(made, 2), **figures}
    print(
        f"app at {args.papers}: keystroke-to-repaint median {figures['median_ms']} ms, p95 {figures['p95_ms']} ms "
        f"(max {figures['max_ms']} ms, {figures['keys']} keys); load+index {figures['load_and_index_s']} s; "
        f"RSS {figures['rss_mib']} MiB (peak {figures['peak_rss_mib']} MiB)",
        file=sys.stderr,
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
