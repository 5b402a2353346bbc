"""Per-folder times of the test suite, from the logs of `pytest --durations=0 -vv` runs (benchmarks/suite-times.md).

Run each folder with its own log, then summarise them:

    nice -n 10 python -m pytest -n 2 --durations=0 -vv tests/ui > ui.log   # and tests/core, tests/cli, ...
    python -m benchmarks.suite_times ui.log core.log ... [--top 20]

Prints each folder's summed test time (setup + call + teardown of every test, whichever worker ran
it: the time a single worker would need) and the run's wall time from pytest's last line, then the
slowest tests; the last line is the figures as JSON. Summed times, unlike wall times, do not depend
on how many workers ran the folder; both grow on a loaded machine, so compare runs made side by side.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

_DURATION = re.compile(r"\s*([\d.]+)s (?:call|setup|teardown)\s+(\S+)")
_WALL = re.compile(r" in ([\d.]+)s")


def read_log(path: Path) -> tuple[dict[str, float], float | None]:
    """Each test's summed duration, and the wall time pytest reported, from one log."""
    tests: dict[str, float] = defaultdict(float)
    wall = None
    listing = False
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if "slowest durations" in line:
            listing = True
        elif listing and (found := _DURATION.match(line)):
            tests[found.group(2)] += float(found.group(1))
        if line.startswith("=") and (" passed" in line or " failed" in line) and (took := _WALL.search(line)):
            wall = float(took.group(1))
    return tests, wall


def folder_of(node: str) -> str:
    return "/".join(node.split("::")[0].split("/")[:2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    tests: dict[str, float] = {}
    walls: dict[str, float] = {}
    for log in args.logs:
        found, wall = read_log(log)
        tests.update(found)
        folders = {folder_of(node) for node in found}
        if wall is not None and len(folders) == 1:
            walls[folders.pop()] = wall
    summed: dict[str, float] = defaultdict(float)
    for node, seconds in tests.items():
        summed[folder_of(node)] += seconds
    print(f"{'folder':20} {'summed s':>9} {'wall s':>8}")
    for folder in sorted(summed):
        shown = f"{walls[folder]:8.1f}" if folder in walls else ""
        print(f"{folder:20} {summed[folder]:9.1f} {shown}")
    print(f"{'total':20} {sum(summed.values()):9.1f}")
    print()
    top = sorted(tests.items(), key=lambda item: -item[1])[: args.top]
    for node, seconds in top:
        print(f"{seconds:7.2f}  {node}")
    print(json.dumps({"summed": {k: round(v, 1) for k, v in sorted(summed.items())}, "wall": walls,
                      "top": [[node, round(seconds, 2)] for node, seconds in top]}))


if __name__ == "__main__":
    main()
