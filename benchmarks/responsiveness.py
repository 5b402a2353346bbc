"""Key-to-frame latency with hostile sizes: a 5 MB abstract, and a 100,000-paper library.

    python benchmarks/responsiveness.py                 # both scenarios
    python benchmarks/responsiveness.py --papers 20000  # a smaller big library

Opens the real app in a headless pilot the way `paperdesk` does (library and
index load in threads), then presses keys one at a time. For each key it
takes the time from sending the key until the app has handled it and
rendered the full frame a terminal would receive (compositor update turned
into terminal bytes). Prints per-scenario median, p95 and max in ms, then
one JSON line. The issue's target: keys answered within 100 ms.
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

from tui.core.ingest.lists import ParsedList  # noqa: E402
from tui.core.ingest.parsed import ParsedFile  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.ui.app import PaperdeskApp  # noqa: E402

BIG = 5 * 1024 * 1024


def big_abstract() -> str:
    """5 MB of prose with some math and links sprinkled in, one paragraph."""
    sentence = "We bound the regret by $O(\\sqrt{T \\log n})$ and release code at https://github.com/x/y. "
    return (sentence * (BIG // len(sentence) + 1))[:BIG]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def frame(app: PaperdeskApp) -> int:
    """Render the whole screen as a terminal would receive it; return its size in characters."""
    update = app.screen._compositor.render_update(full=True)
    return len(update.render_segments(app.console)) if update is not None else 0


async def wait_ready(app: PaperdeskApp, timeout: float = 300) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        await asyncio.sleep(0.05)
        index = getattr(getattr(app.screen, "filtering", None), "index", None)
        if app.library is not None and index is not None and not index.provisional:  # the whole index, not titles first
            return time.perf_counter() - started
    raise SystemExit("the library did not load in time")


async def press(app: PaperdeskApp, pilot, key: str, samples: dict[str, list[float]], settled: dict[str, list[float]], shown: list[float]) -> None:
    """Two latencies per key, each plus the cost of rendering the frame as terminal bytes.

    answered: from sending the key to the app's first screen update after it
    (the UI thread handled the key before composing that frame). settled: to
    the last update before the app went idle (messages the key caused, the
    reading pane, saves in worker threads). Headless apps skip turning frames
    into terminal bytes, so that cost is measured separately (`frame`) and added.
    """
    shown.clear()
    sent = time.perf_counter()
    await pilot.press(key)
    after = [t for t in shown if t > sent] or [time.perf_counter()]
    began = time.perf_counter()
    frame(app)
    render = time.perf_counter() - began
    samples.setdefault(key, []).append((after[0] - sent + render) * 1000)
    settled.setdefault(key, []).append((after[-1] - sent + render) * 1000)


async def scenario(folder: Path, keys: list[str]) -> dict:
    app = PaperdeskApp(library_dir=folder)
    samples: dict[str, list[float]] = {}
    settled: dict[str, list[float]] = {}
    shown: list[float] = []
    display = app._display

    def timed_display(screen, renderable):  # type: ignore[no-untyped-def]
        display(screen, renderable)
        shown.append(time.perf_counter())

    app._display = timed_display  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        ready = await wait_ready(app)
        frame(app)
        for key in keys:
            await press(app, pilot, key, samples, settled, shown)
        await app.workers.wait_for_complete()
    every = [v for values in samples.values() for v in values]
    calm = [v for values in settled.values() for v in values]
    return {
        "settled_median_ms": round(statistics.median(calm), 1),
        "settled_p95_ms": round(p95(calm), 1),
        "settled_max_ms": round(max(calm), 1),
        "settled_slowest_key": max(settled, key=lambda k: max(settled[k])),
        "load_and_index_s": round(ready, 2),
        "keys": len(every),
        "median_ms": round(statistics.median(every), 1),
        "p95_ms": round(p95(every), 1),
        "max_ms": round(max(every), 1),
        "slowest_key": max(samples, key=lambda k: max(samples[k])),
        "by_key_max_ms": {k: round(max(v), 1) for k, v in samples.items()},
    }


# The huge paper is the last one: `end` lands on it, `k`/`j` leave and return.
BIG_KEYS = ["j", "k", "end", "k", "j", "k", "j", "3", "s", "tab", "pagedown", "pagedown", "end", "home", "shift+tab",
            "k", "j", "n", "a", "b", "escape", "k", "j"]
BASE_KEYS = BIG_KEYS
MANY_KEYS = ["j"] * 15 + ["pagedown"] * 5 + ["end", "home"] + ["k", "j"] * 5 + ["3", "s", "0", "tab", "pagedown",
            "shift+tab"] + ["slash", "g", "r", "a", "p", "h", "escape"] + ["j", "k"] * 3


def make(kind: str, folder: Path, papers: int) -> None:
    with Library.open(folder, seed=kind in ("big", "base")) as lib:
        if kind == "base":
            return
        if kind == "big":
            lib.add_lists([ParsedList("Huge", [big_abstract()], Path("<huge>"))])
            lib.save_annotation(lib.papers[-1].id, notes="notes on a huge paper")
        else:
            lib.add_papers([ParsedFile(Path("<synthetic>"), "json", "Synthetic", corpus.papers(papers))])
            lib.save_annotation(lib.papers[0].id, status="read", rating=4, notes="seen")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=100_000)
    parser.add_argument("--only", choices=("base", "big", "many"))
    parser.add_argument("--make", nargs=2, metavar=("KIND", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        make(args.make[0], Path(args.make[1]), args.papers)
        return
    results = {}
    for kind, keys in (("base", BASE_KEYS), ("big", BIG_KEYS), ("many", MANY_KEYS)):
        if args.only and args.only != kind:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "library"
            started = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--papers", str(args.papers), "--make", kind, str(folder)], check=True)
            made = round(time.perf_counter() - started, 1)
            figures = asyncio.run(scenario(folder, keys))
        label = {"base": "baseline (33 bundled papers)", "big": "5 MB abstract"}.get(kind, f"{args.papers:,} papers")
        results[kind] = {"library_made_s": made, **figures}
        print(
            f"{label}: key-to-frame median {figures['median_ms']} ms, p95 {figures['p95_ms']} ms, "
            f"max {figures['max_ms']} ms ({figures['slowest_key']}), {figures['keys']} keys; settled median "
            f"{figures['settled_median_ms']} ms, p95 {figures['settled_p95_ms']} ms, max {figures['settled_max_ms']} ms "
            f"({figures['settled_slowest_key']}); "
            f"load+index {figures['load_and_index_s']} s",
            file=sys.stderr,
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
