"""What `tui.core.heap` (glibc's malloc told to reuse freed memory) buys a `paperdesk import` of 50,000 papers.

The same import runs with malloc as paperdesk sets it (`reuse_freed_memory`, called by
`paperdesk import`) and with glibc's defaults (the call made a no-op in the child, nothing else
changed), interleaved round by round so machine load hits both alike. Each import is the real
command line in its own process; `os.wait4` reads that process's wall time, user and system CPU,
minor page faults (fresh pages faulted in) and peak resident memory. Two imports per round: the
file into a new library, then the same file again (everything merges). Figures are medians.
Only glibc takes these settings: elsewhere both rows are the same.

    python benchmarks/heap.py [--n 50000] [--rounds 3]

Last line: {"tuned": {"new": {"seconds": .., "user_s": .., "system_s": .., "faults": .., "peak_mib": ..}, "again": {..}},
"glibc_defaults": {..}}
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The child: `paperdesk` itself, with malloc's settings left as glibc has them when asked.
CHILD = """
import sys
if sys.argv.pop(1) == "defaults":
    import tui.core.heap
    tui.core.heap.reuse_freed_memory = lambda *args, **kwargs: False
from tui.cli import main
raise SystemExit(main())
"""

VARIANTS = {"tuned": "tuned", "glibc_defaults": "defaults"}


def run_import(variant: str, library: Path, path: Path, pycache: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PAPERDESK_HOME": str(library), "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, variant, "import", str(path), "--db", str(library)],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    problem = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the import failed: {problem.strip()}")
    return {
        "seconds": seconds, "user_s": usage.ru_utime, "system_s": usage.ru_stime, "faults": usage.ru_minflt, "peak_mib": usage.ru_maxrss / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="paperdesk-heap-") as tmp:
        folder = Path(tmp)
        # The rows import_50k.py imports, written by another process (a child's peak starts from its parent's).
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "import_50k.py"), "--n", str(args.n), "--write-files", str(folder)], check=True)
        papers, pycache = folder / "papers-a.json", folder / "pycache"
        warm = folder / "warm.json"
        warm.write_text(json.dumps([{"title": "Warm-up", "abstract": "Compiles the modules."}]))
        run_import("tuned", folder / "library-warm", warm, pycache)
        for r in range(args.rounds):
            for name, variant in VARIANTS.items():
                library = folder / f"library-{name}-{r}"
                for step in ("new", "again"):
                    got = runs.setdefault((name, step), [])
                    got.append(run_import(variant, library, papers, pycache))
                    row = got[-1]
                    print(f"round {r + 1} {name:>14} {step:>5}: {row['seconds']:.2f} s, user {row['user_s']:.2f} s, "
                          f"system {row['system_s']:.2f} s, {row['faults']:.0f} page faults, peak {row['peak_mib']:.1f} MiB", flush=True)
    result: dict[str, dict[str, dict[str, float]]] = {}
    for (name, step), rows in runs.items():
        result.setdefault(name, {})[step] = {
            key: round(statistics.median(row[key] for row in rows), 0 if key == "faults" else 2) for key in rows[0]
        }
    for name, steps in result.items():
        for step, med in steps.items():
            print(f"median {name:>14} {step:>5}: {med['seconds']:.2f} s, user {med['user_s']:.2f} s, system {med['system_s']:.2f} s, "
                  f"{med['faults']:.0f} page faults, peak {med['peak_mib']:.1f} MiB")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
