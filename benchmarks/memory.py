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
first start's peak is printed too (`first_start_peak_mib`).

    python benchmarks/memory.py [--sizes 5000,50000,100000]

Last line: {"5000": {"peak_mib": ..}, "50000": {..}, "100000": {..}}
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ptyrun import Screen, config_home, count_shown, list_shown, write_library  # noqa: E402


def measure(library: Path, n: int, home: Path) -> dict[str, float]:
    screen = Screen.paperdesk(library, home)
    try:
        screen.wait(list_shown(n), timeout=600)
        listed = screen.peak_rss_mib()
        screen.send("/graph")
        screen.wait(count_shown(n), timeout=600)
        screen.pump(0.2)
        filtered = screen.peak_rss_mib()
        screen.send("\r")  # Enter: from the filter to the list
        screen.pump(0.3)
        screen.send("m")
        screen.wait("most like it", timeout=600)
        return {"peak_mib": round(filtered, 1), "list_peak_mib": round(listed, 1), "related_peak_mib": round(screen.peak_rss_mib(), 1)}
    finally:
        screen.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5000,50000,100000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    result = {}
    with tempfile.TemporaryDirectory(prefix="paperdesk-mem-") as tmp:
        home = config_home(Path(tmp))
        for n in sizes:
            folder = write_library(Path(tmp) / f"library-{n}", n)
            first = measure(folder, n, home)
            result[str(n)] = {**measure(folder, n, home), "first_start_peak_mib": first["peak_mib"]}
            print(f"{n:>7} papers: peak {result[str(n)]['peak_mib']} MiB after one filter "
                  f"({result[str(n)]['list_peak_mib']} MiB when the list was shown, "
                  f"{result[str(n)]['related_peak_mib']} MiB once m listed related papers; "
                  f"first start, index built: {first['peak_mib']} MiB)", flush=True)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
