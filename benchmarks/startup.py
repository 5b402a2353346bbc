"""Cold start: time to the first list frame and to a usable filter, at 33 / 5,000 / 50,000 papers.

Every run is the real `python -m tui --db LIBRARY` in a 120x36 pseudo-terminal,
its output read by a terminal emulator (see ptyrun.py). `list_s` stops when
the screen shows "N papers ·" (the list is drawn); the benchmark then types
"/graph" at once, and `ready_s` stops when the screen shows the filtered count
("k / N ·"), i.e. when a filter is usable (the index is built). A minimal
Textual app started the same way gives the floor. Sizes are interleaved round
by round so machine load hits them alike; figures are medians.

Modules run from compiled bytecode (kept in a temporary folder), as from an
installed package; `--source` compiles every module on each start instead
(what a checkout run with PYTHONDONTWRITEBYTECODE=1 does). One unmeasured
start per size and tree first warms the bytecode and builds the saved search
index. `--against DIR` runs another checkout of paperdesk (e.g. /work/main)
in the same rounds, interleaved, for an A/B comparison.

    python benchmarks/startup.py [--runs 3] [--sizes 33,5000,50000] [--source] [--against DIR]

Last line: {"floor_s": .., "33": {"list_s": .., "ready_s": .., "list_ratio": ..}, "5000": {..}, "50000": {..}}
(also each figure's CPU seconds, "floor_cpu_s" and "list_cpu_s"/"ready_cpu_s": on a shared machine they
move less than wall time; with --against, "against": {"repo": .., "33": {..}, ..} for the other tree).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ptyrun import MINIMAL, REPO, Screen, config_home, count_shown, list_shown, whole_count_shown, write_library  # noqa: E402

QUERY = "graph"


def start_minimal(pycache: Path | None) -> tuple[float, float]:
    """Seconds to the minimal app's first frame, and the CPU seconds it took."""
    screen = Screen([sys.executable, "-c", MINIMAL], pycache=pycache)
    try:
        return screen.wait("minimal-ready", timeout=60) - screen.started, screen.cpu_seconds()
    finally:
        screen.close()


def start_paperdesk(library: Path, n: int, home: Path, repo: Path, pycache: Path | None, *, whole: bool = False) -> tuple[float, float, float, float]:
    """Seconds to the list and to a usable filter, and the CPU seconds the app had used at each. `whole`: wait
    for the whole index, not a large library's titles-first one (the warm-up: the index is saved only once it
    is whole, and a start that quits before would leave every measured start building it again)."""
    screen = Screen.paperdesk(library, home, repo=repo, pycache=pycache)
    try:
        listed = screen.wait(list_shown(n), timeout=300) - screen.started
        listed_cpu = screen.cpu_seconds()
        screen.send("/" + QUERY)
        ready = screen.wait(whole_count_shown(n) if whole else count_shown(n), timeout=300) - screen.started
        return listed, ready, listed_cpu, screen.cpu_seconds()
    finally:
        screen.close()


def figures(runs: list[tuple[float, float, float, float]], floor_s: float) -> dict[str, float]:
    """Medians; the CPU seconds (user + system, in clock ticks) are what other processes' load moves least."""
    lst, rdy, lst_cpu, rdy_cpu = (statistics.median(run[i] for run in runs) for i in range(4))
    return {"list_s": round(lst, 3), "ready_s": round(rdy, 3), "list_ratio": round(lst / floor_s, 2), "ready_ratio": round(rdy / floor_s, 2),
            "list_cpu_s": round(lst_cpu, 3), "ready_cpu_s": round(rdy_cpu, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="33,5000,50000")
    parser.add_argument("--source", action="store_true", help="compile every module from source on each start (no bytecode cache)")
    parser.add_argument("--against", type=Path, help="another paperdesk checkout to run in the same rounds (A/B)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    trees = {"this": REPO, **({"against": args.against.resolve()} if args.against else {})}
    with tempfile.TemporaryDirectory(prefix="paperdesk-start-") as tmp:
        root = Path(tmp)
        home = config_home(root)
        pycache = None if args.source else root / "pycache"
        libraries: dict[tuple[str, int], Path] = {}
        for tree, repo in trees.items():  # each tree its own libraries: saved indexes and formats stay apart
            for n in sizes:
                folder = root / f"{tree}-library-{n}"
                if n == 33:  # the bundled lists, seeded the way a first start seeds them
                    env = {**os.environ, "PYTHONPATH": str(repo)}
                    subprocess.run([sys.executable, "-m", "tui", "list", "--db", str(folder)], check=True, capture_output=True, cwd=repo, env=env)
                else:
                    write_library(folder, n)
                libraries[tree, n] = folder
                start_paperdesk(folder, n, home, repo, pycache, whole=True)  # warm-up: bytecode, the saved index
        start_minimal(pycache)
        floor: list[tuple[float, float]] = []
        runs: dict[tuple[str, int], list[tuple[float, float, float, float]]] = {key: [] for key in libraries}
        for run in range(args.runs):
            floor.append(start_minimal(pycache))
            for n in sizes:
                for tree, repo in trees.items():
                    runs[tree, n].append(start_paperdesk(libraries[tree, n], n, home, repo, pycache))
            print(f"round {run + 1}: floor {floor[-1][0]:.3f} s, " + ", ".join(
                f"{tree} {n}: list {runs[tree, n][-1][0]:.3f} s ready {runs[tree, n][-1][1]:.3f} s" for tree, n in libraries), flush=True)
    floor_s, floor_cpu = statistics.median(f[0] for f in floor), statistics.median(f[1] for f in floor)
    result: dict[str, object] = {"floor_s": round(floor_s, 3), "floor_cpu_s": round(floor_cpu, 3), "bytecode": "source" if args.source else "cached"}
    print(f"minimal Textual app {floor_s * 1000:7.0f} ms (CPU {floor_cpu * 1000:.0f} ms)")
    for tree, repo in trees.items():
        into = result if tree == "this" else result.setdefault(tree, {"repo": str(repo)})
        for n in sizes:
            shown = into[str(n)] = figures(runs[tree, n], floor_s)  # type: ignore[index]
            listed = f"list {shown['list_s'] * 1000:7.0f} ms ({shown['list_ratio']:.2f}x floor, CPU {shown['list_cpu_s'] * 1000:.0f} ms)"
            ready = f"usable filter {shown['ready_s'] * 1000:7.0f} ms ({shown['ready_ratio']:.2f}x, CPU {shown['ready_cpu_s'] * 1000:.0f} ms)"
            print(f"{tree:>7} {n:>6} papers: {listed}, {ready}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
