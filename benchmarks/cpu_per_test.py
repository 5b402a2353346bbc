"""Each test's CPU time, summed per file: what the suite costs, whatever the machine's load (benchmarks/suite-times.md).

Wall times (`--durations`) grow with the load on a shared machine; CPU time (user + sys of the test's
process and of the children it waited for: the CLI's `python -m tui`, git, spawned workers) mostly
does not. As a pytest plugin, each xdist worker appends one line per test to the file named by
`PAPERDESK_CPU_LOG`:

    PAPERDESK_CPU_LOG=cpu.tsv nice -n 5 python -m pytest -p benchmarks.cpu_per_test
    python -m benchmarks.cpu_per_test cpu.tsv [--top 30]

The summary prints the total, the per-folder and per-file sums and the costliest tests; the last line
is the per-file sums as JSON. The total leaves out collection and worker start-up (the `time` of the
whole command has them).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

LOG = "PAPERDESK_CPU_LOG"


def _cpu() -> float:
    own, waited = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Setup, call and teardown of one test: CPU seconds, wall seconds and the node id, one tab-separated line."""
    cpu, wall = _cpu(), time.perf_counter()
    yield
    if out := os.environ.get(LOG):
        with open(out, "a", encoding="utf-8") as log:
            log.write(f"{_cpu() - cpu:.3f}\t{time.perf_counter() - wall:.3f}\t{item.nodeid}\n")


def read(paths: list[Path]) -> dict[str, float]:
    """CPU seconds per test node id, over every log given."""
    tests: dict[str, float] = defaultdict(float)
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            cpu, _wall, node = line.split("\t", 2)
            tests[node] += float(cpu)
    return tests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    tests = read(args.logs)
    files: dict[str, float] = defaultdict(float)
    folders: dict[str, float] = defaultdict(float)
    for node, cpu in tests.items():
        files[node.split("::")[0]] += cpu
        folders["/".join(node.split("::")[0].split("/")[:2])] += cpu
    print(f"{sum(tests.values()):.1f} s of CPU in {len(tests)} tests")
    for name, cpu in sorted(folders.items(), key=lambda kv: -kv[1]):
        print(f"{cpu:8.1f}  {name}")
    for name, cpu in sorted(files.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"{cpu:8.1f}  {name}")
    for node, cpu in sorted(tests.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"{cpu:8.2f}  {node}")
    print(json.dumps({name: round(cpu, 2) for name, cpu in sorted(files.items())}))


if __name__ == "__main__":
    main()
