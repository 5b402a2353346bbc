"""Cold start: time to the first list frame and to a usable filter, at 33 / 5,000 / 50,000 papers.

Every run is the real `python -m tui --db LIBRARY` in a 120x36 pseudo-terminal,
its output read by a terminal emulator (see ptyrun.py). `list_s` stops when
the screen shows "N papers ·" (the list is drawn); the benchmark then types
"/graph" at once, and `ready_s` stops when the screen shows the filtered count
("k / N ·"), i.e. when a filter is usable (the index is built). A minimal
Textual app started the same way gives the floor. Sizes are interleaved round
by round so machine load hits them alike; figures are medians.

    python benchmarks/startup.py [--runs 3] [--sizes 33,5000,50000]

Last line: {"floor_s": .., "33": {"list_s": .., "ready_s": .., "list_ratio": ..}, "5000": {..}, "50000": {..}}
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ptyrun import MINIMAL, Screen, config_home, count_shown, list_shown, write_library  # noqa: E402

QUERY = "graph"


def start_minimal() -> float:
    screen = Screen([sys.executable, "-c", MINIMAL])
    try:
        return screen.wait("minimal-ready", timeout=60) - screen.started
    finally:
        screen.close()


def start_paperdesk(library: Path, n: int, home: Path) -> tuple[float, float]:
    screen = Screen.paperdesk(library, home)
    try:
        listed = screen.wait(list_shown(n), timeout=300) - screen.started
        screen.send("/" + QUERY)
        ready = screen.wait(count_shown(n), timeout=300) - screen.started
        return listed, ready
    finally:
        screen.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="33,5000,50000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="paperdesk-start-") as tmp:
        root = Path(tmp)
        home = config_home(root)
        libraries = {}
        for n in sizes:
            folder = root / f"library-{n}"
            if n == 33:  # the bundled lists, seeded the way a first start seeds them
                subprocess.run([sys.executable, "-m", "tui", "list", "--db", str(folder)], check=True, capture_output=True)
            else:
                write_library(folder, n)
            libraries[n] = folder
        floor: list[float] = []
        listed: dict[int, list[float]] = {n: [] for n in sizes}
        ready: dict[int, list[float]] = {n: [] for n in sizes}
        for run in range(args.runs):
            floor.append(start_minimal())
            for n in sizes:
                lst, rdy = start_paperdesk(libraries[n], n, home)
                listed[n].append(lst)
                ready[n].append(rdy)
            print(f"round {run + 1}: floor {floor[-1]:.3f} s, " + ", ".join(
                f"{n}: list {listed[n][-1]:.3f} s ready {ready[n][-1]:.3f} s" for n in sizes), flush=True)
    floor_s = statistics.median(floor)
    result: dict[str, object] = {"floor_s": round(floor_s, 3)}
    print(f"minimal Textual app {floor_s * 1000:7.0f} ms")
    for n in sizes:
        lst, rdy = statistics.median(listed[n]), statistics.median(ready[n])
        result[str(n)] = {"list_s": round(lst, 3), "ready_s": round(rdy, 3), "list_ratio": round(lst / floor_s, 2), "ready_ratio": round(rdy / floor_s, 2)}
        print(f"{n:>6} papers: list {lst * 1000:7.0f} ms ({lst / floor_s:.2f}x floor), usable filter {rdy * 1000:7.0f} ms ({rdy / floor_s:.2f}x)")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
