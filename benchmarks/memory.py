"""Peak memory of a real start plus one filter, at 5,000 / 50,000 / 100,000 papers.

Each size runs the real app (`python -m tui --db LIBRARY`) in its own process
in a pseudo-terminal (ptyprocess + pyte, see ptyrun.py): it waits for the list,
types "/graph", waits until the filtered count is on screen, then reads the
process's peak resident memory (VmHWM in /proc). Also prints the peak while
only loading (before the filter), which is what the 100k goal is about, and
the peak once `m` has listed related papers (`related_peak_mib`: the first
`m` builds the related-papers index, which a start no longer does).
The first start of a library builds its search index and saves it beside
the library; the figure is of the next start (a library in use), and the
first start's peak is printed too (`first_start_peak_mib`), with the seconds
(and CPU seconds) that start took to a usable filter (`first_ready_s`,
`first_ready_cpu_s`: the build's time) and its peak once `m` answered
(`first_related_peak_mib`). `--against DIR` runs another checkout of
paperdesk (e.g. /work/main) size by size in the same run, each on its own
copy of the library, for an A/B comparison.

    python benchmarks/memory.py [--sizes 5000,50000,100000] [--against DIR]

Last line: {"5000": {"peak_mib": ..}, "50000": {..}, "100000": {..}}
(with --against, "against": {"repo": .., "5000": {..}, ..} for the other tree)
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ptyrun import REPO, Screen, config_home, list_shown, whole_count_shown, write_library  # noqa: E402


def measure(library: Path, n: int, home: Path, repo: Path) -> dict[str, float]:
    screen = Screen.paperdesk(library, home, repo=repo)
    try:
        screen.wait(list_shown(n), timeout=600)
        listed = screen.peak_rss_mib()
        screen.send("/graph")
        ready = screen.wait(whole_count_shown(n), timeout=600) - screen.started
        ready_cpu = screen.cpu_seconds()
        screen.pump(0.2)
        filtered = screen.peak_rss_mib()
        screen.send("\r")  # Enter: from the filter to the list
        screen.pump(0.3)
        screen.send("m")
        screen.wait("most like it", timeout=600)
        return {"peak_mib": round(filtered, 1), "list_peak_mib": round(listed, 1), "related_peak_mib": round(screen.peak_rss_mib(), 1),
                "ready_s": round(ready, 2), "ready_cpu_s": round(ready_cpu, 2)}
    finally:
        screen.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5000,50000,100000")
    parser.add_argument("--against", type=Path, help="another paperdesk checkout to run size by size in the same run (A/B)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    trees = {"this": REPO, **({"against": args.against.resolve()} if args.against else {})}
    result: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="paperdesk-mem-") as tmp:
        home = config_home(Path(tmp))
        for n in sizes:
            for tree, repo in trees.items():  # each tree its own library: saved indexes and formats stay apart
                folder = write_library(Path(tmp) / f"{tree}-library-{n}", n)
                first = measure(folder, n, home, repo)
                into = result if tree == "this" else result.setdefault(tree, {"repo": str(repo)})
                shown = into[str(n)] = {
                    **measure(folder, n, home, repo), "first_start_peak_mib": first["peak_mib"],
                    "first_related_peak_mib": first["related_peak_mib"], "first_ready_s": first["ready_s"], "first_ready_cpu_s": first["ready_cpu_s"],
                }
                print(f"{tree:>7} {n:>7} papers: peak {shown['peak_mib']} MiB after one filter "
                      f"({shown['list_peak_mib']} MiB when the list was shown, "
                      f"{shown['related_peak_mib']} MiB once m listed related papers); "
                      f"first start, index built: {first['peak_mib']} MiB, usable filter at {first['ready_s']} s "
                      f"(CPU {first['ready_cpu_s']} s), {first['related_peak_mib']} MiB once m answered", flush=True)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
