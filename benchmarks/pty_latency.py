"""Last key to result on screen: the real app in a pseudo-terminal, typed at like a person and in a burst.

The app (`python -m tui --db LIBRARY`) runs under ptyprocess; pyte emulates
the terminal (see ptyrun.py). Queries are typed one key at a time 60 ms
apart, and again as a 10 ms burst. For each key the clock runs from writing
the key to the pty until the emulated screen shows that prefix's result: the
filtered count in the header and the top row's title, both computed in this
process with the same core search. A key whose result the app skipped
because a newer key arrived stops when a newer result is shown. Keys whose
result looks exactly like the previous key's cannot be seen and are left out.
This replaces the headless pilot figure, whose ~30 ms floor is not the app's.

    python benchmarks/pty_latency.py [--sizes 5000,50000]

The app's CPU time per typed key is printed too: on a loaded machine the
latencies move with the load, the CPU time much less.

Last line: {"5000": {"median_ms": .., "p95_ms": .., "burst_median_ms": .., "burst_p95_ms": .., "cpu_ms_per_key": ..}, "50000": {..}}
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ptyrun import Screen, config_home, list_shown, quantile, whole_count_shown, write_library  # noqa: E402

from tui.core.library import Library  # noqa: E402
from tui.core.models import shown_title  # noqa: E402
from tui.core.search.index import SearchIndex  # noqa: E402
from tui.core.search.query import parse_query  # noqa: E402

QUERIES = ("fedrated lerning", "graph spars", "kernel method", "robust policy optimization")
TITLE_CHARS = 12
HEADER = re.compile(r"^ ?(\d+) / (\d+) ·", re.MULTILINE)


def expected_states(folder: Path, queries: tuple[str, ...]) -> dict[str, list[tuple[int, str]]]:
    """For every prefix of every query: the count and the start of the top row's title."""
    lib = Library.open(folder, read_only=True, seed=False)
    try:
        annotations = lib.annotations()
        index = SearchIndex(lib.papers, annotations)
        states = {}
        for query in queries:
            states[query] = []
            for end in range(1, len(query) + 1):
                result = index.search(parse_query(query[:end]))
                top = shown_title(result[0], annotations.get(result[0].id))[:TITLE_CHARS] if len(result) else ""
                states[query].append((len(result), top))
        return states
    finally:
        lib.close()


def shown_state(screen: Screen) -> tuple[int, str] | None:
    lines = screen.screen.display
    text = "\n".join(lines[:3])
    match = HEADER.search(text)
    if match is None:
        return None
    header_row = next(i for i, line in enumerate(lines) if match.group(0).strip() in line)
    top = lines[header_row + 1] if header_row + 1 < len(lines) else ""
    return int(match.group(1)), top


def type_query(screen: Screen, query: str, states: list[tuple[int, str]], interval: float) -> list[float]:
    """Type `query` with `interval` between keys; the latency in ms of each key whose result is visible."""
    sent: list[float] = []
    shown: list[float | None] = [None] * len(query)
    start = time.perf_counter()
    deadline = start + 120
    while shown[-1] is None and time.perf_counter() < deadline:
        now = time.perf_counter()
        if len(sent) < len(query) and now >= start + interval * len(sent):
            sent.append(screen.send(query[len(sent)]))
            continue
        wait = (start + interval * len(sent) - now) if len(sent) < len(query) else 0.05
        if not screen.pump(max(0.0, min(wait, 0.002))):
            continue
        state = shown_state(screen)
        if state is None:
            continue
        count, top = state
        seen_at = time.perf_counter()
        for j in range(len(sent) - 1, -1, -1):
            want_count, want_top = states[j]
            if count == want_count and want_top in top:
                for i in range(j + 1):
                    if shown[i] is None:
                        shown[i] = seen_at
                break
    if shown[-1] is None:
        raise TimeoutError(f"{query!r}: the last result never showed:\n{screen.text()}")
    latencies = []
    for i, (sent_at, shown_at) in enumerate(zip(sent, shown, strict=True)):
        if i > 0 and states[i] == states[i - 1]:
            continue  # looks the same as the previous key's result: not measurable
        if shown_at is not None:
            latencies.append((shown_at - sent_at) * 1000)
    return latencies


def clear(screen: Screen, n: int) -> None:
    screen.send("\x15")  # ctrl+u: delete everything left of the cursor
    screen.wait(list_shown(n), timeout=60)
    screen.pump(0.2)


def run_size(folder: Path, n: int, home: Path) -> dict[str, float]:
    states = expected_states(folder, QUERIES)
    screen = Screen.paperdesk(folder, home)
    try:
        screen.wait(list_shown(n), timeout=300)
        screen.send("/zzq")  # focus the filter and wait for the index: typing starts on a ready app
        screen.wait(whole_count_shown(n), timeout=300)
        clear(screen, n)
        typed: list[float] = []
        burst: list[float] = []
        burst_last: list[float] = []
        cpu = 0.0
        for query in QUERIES:
            before = screen.cpu_seconds()
            typed += type_query(screen, query, states[query], 0.060)
            screen.pump(0.3)  # the pane that follows the list is part of each key's work
            cpu += screen.cpu_seconds() - before
            clear(screen, n)
            keys = type_query(screen, query, states[query], 0.010)
            burst += keys
            burst_last.append(keys[-1])
            clear(screen, n)
    finally:
        screen.close()
    return {
        "median_ms": round(statistics.median(typed), 1),
        "p95_ms": round(quantile(typed, 0.95), 1),
        "burst_median_ms": round(statistics.median(burst), 1),
        "burst_p95_ms": round(quantile(burst, 0.95), 1),
        "burst_last_key_median_ms": round(statistics.median(burst_last), 1),
        "keys": len(typed),
        "cpu_ms_per_key": round(cpu * 1000 / sum(len(q) for q in QUERIES), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5000,50000")
    args = parser.parse_args()
    result = {}
    with tempfile.TemporaryDirectory(prefix="paperdesk-pty-") as tmp:
        home = config_home(Path(tmp))
        for n in [int(s) for s in args.sizes.split(",")]:
            folder = write_library(Path(tmp) / f"library-{n}", n)
            r = result[str(n)] = run_size(folder, n, home)
            print(f"{n:>6} papers: typed 60 ms apart median {r['median_ms']} ms, p95 {r['p95_ms']} ms ({r['keys']} keys); "
                  f"10 ms burst median {r['burst_median_ms']} ms, p95 {r['burst_p95_ms']} ms, "
                  f"last key {r['burst_last_key_median_ms']} ms; app CPU {r['cpu_ms_per_key']} ms per typed key", flush=True)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
