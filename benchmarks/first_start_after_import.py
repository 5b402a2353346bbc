"""The first start after `paperdesk import` of a large JSON file: the list at once, the filter once the index is built.

`paperdesk import` does not build the search index (it would double a large
import's time); the first start builds it in a thread while the list is
already usable, and saves it. This times what a researcher sees after
importing a 50,000-paper export (the rows of `import_50k.py`: LaTeX in every
abstract, authors, embedded BibTeX): the real `python -m tui --db LIBRARY`
in a pseudo-terminal (`ptyrun`), "/graph" typed as soon as the list shows,
and the moment its count is drawn, on that first start and on the next
(the saved index loaded).

Each round imports the file into a new library first (not timed here:
`import_50k.py` times it). Modules run from compiled bytecode, as from an
installed package; one unmeasured start on a small library warms it.

    python benchmarks/first_start_after_import.py [--n 50000] [--rounds 1] [--repo PATH]

Last line: {"50000": {"first_list_s": .., "first_ready_s": .., "second_list_s": .., "second_ready_s": ..}}
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

from import_50k import run_import  # noqa: E402
from ptyrun import REPO, Screen, config_home, count_shown, list_shown  # noqa: E402

QUERY = "graph"


def start(library: Path, n: int, home: Path, repo: Path, pycache: Path) -> tuple[float, float]:
    """Seconds to the list of `n` papers, and to the count of the filter typed once it showed."""
    screen = Screen.paperdesk(library, home, repo=repo, pycache=pycache)
    try:
        listed = screen.wait(list_shown(n), timeout=600) - screen.started
        screen.send("/" + QUERY)
        return listed, screen.wait(count_shown(n), timeout=600) - screen.started
    finally:
        screen.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose code imports and starts")
    args = parser.parse_args()
    repo = args.repo.resolve()
    rows: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="paperdesk-first-start-") as tmp:
        folder = Path(tmp)
        script = Path(__file__).resolve().parent / "import_50k.py"
        subprocess.run([sys.executable, str(script), "--n", str(args.n), "--write-files", str(folder)], check=True)
        home, pycache = config_home(folder), folder / "pycache"
        warm = folder / "warm"
        subprocess.run([sys.executable, "-m", "tui", "list", "--db", str(warm)], check=True, capture_output=True, cwd=repo,
                       env={**os.environ, "PYTHONPATH": str(repo)})
        start(warm, 33, home, repo, pycache)  # bytecode, unmeasured
        total = args.n + 33  # the bundled papers a new library is seeded with
        for r in range(args.rounds):
            library = folder / f"library-{r}"
            imported = run_import(repo, library, folder / "papers-a.json", pycache)
            first = start(library, total, home, repo, pycache)
            second = start(library, total, home, repo, pycache)
            rows.append({"first_list_s": first[0], "first_ready_s": first[1], "second_list_s": second[0], "second_ready_s": second[1]})
            print(f"round {r + 1}: import {imported['seconds']:.2f} s ({imported['line']}); first start: list {first[0]:.2f} s, "
                  f"usable filter {first[1]:.2f} s; second start: list {second[0]:.2f} s, usable filter {second[1]:.2f} s", flush=True)
    print(json.dumps({str(args.n): {key: round(statistics.median(row[key] for row in rows), 2) for key in rows[0]}}))


if __name__ == "__main__":
    main()
