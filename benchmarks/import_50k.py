"""Time and peak memory of `paperdesk import` of a 50,000-paper JSON file, run as a user runs it.

Three imports, each the real command line (`python -m tui import FILE --db LIBRARY`) in its own
process, whose wall time, CPU time and peak resident memory (ru_maxrss from `os.wait4`, that
process only) are read:

- `50000`: the file into a new library (which seeds the 33 bundled papers first);
- `50000_reimport`: the same file again: everything must merge, nothing be added;
- `50000_into_50000`: a second file into that library: 49,500 new papers and 500 near-duplicates
  of the first file's (title reworded, URL and DOI gone, a word of the abstract changed), which
  must merge by their abstracts alone.

Rows look like paper-list exports: a title (some LaTeX), authors (a list, or one string with an
embedded BibTeX entry, as paperlists JSON has them), a 120-250 word abstract drawn from the
bundled abstracts' vocabulary with inline math, a URL, venue and year. Each line printed shows the
import's report line, so a wrong count is seen beside its time.

Modules run from compiled bytecode (kept in a temporary folder), as from an installed package:
one unmeasured import of a small file first warms it. `--source` compiles every module in each
import instead (what a checkout run with PYTHONDONTWRITEBYTECODE=1 does; +0.2-0.3 s CPU).

    python benchmarks/import_50k.py [--n 50000] [--rounds 1] [--repo PATH] [--source]

`--repo` runs another checkout's code (e.g. /work/main) on the same files, for A/B figures.
Last line: {"50000": {"seconds": .., "cpu_s": .., "peak_mib": .., "added": .., "merged": ..},
"50000_reimport": {..}, "50000_into_50000": {..}}
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Inline LaTeX as abstracts carry it; `%d` makes most expressions unique (no cache helps).
MATH = [
    r"$\mathcal{O}(n^{%d} \log n)$", r"$\epsilon = 10^{-%d}$", r"$\ell_{%d}$-norm", r"$\tilde{O}(\sqrt{%d T})$",
    r"$\alpha \in (0, %d]$", r"\emph{%d-shot}", r"$k=%d$", r"$\mathbb{R}^{%d}$", r"\textbf{%d\%%}",
    r"Erd\H{o}s--R\'enyi graphs with $p = 1/%d$",
]
TITLE_MATH = [r"$k$-Means", r"$\varepsilon$-Greedy", r"$\ell_1$", r"$\mathcal{H}_\infty$", r"$Q$-Learning"]
VENUES = [("ICML", "icml"), ("NeurIPS", "nips"), ("ICLR", "iclr"), ("AAAI", "aaai"), ("ACL", "acl")]
FIRST = "Ana Wei Jonas Priya Chen Fatima Lars Yuki Omar Elena Tariq Mei Pablo Ines Arjun Sofia Kenji Lea".split()


def vocabulary() -> tuple[list[str], list[int]]:
    """Words of the bundled abstracts with their counts: Zipf-like, as real abstracts' words are."""
    from tui.core.ingest.lists import read_list_file
    from tui.core.paths import bundled_lists

    counts: Counter[str] = Counter()
    for path in bundled_lists():
        for abstract in read_list_file(path).abstracts:
            counts.update(w for w in re.findall(r"[A-Za-z][A-Za-z\-]+", abstract))
    words = sorted(counts)
    return words, [counts[w] for w in words]


class Rows:
    """Generates rows; the same seed gives the same rows."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.words, self.weights = vocabulary()
        self.surnames = sorted({w.capitalize() for w in self.words if len(w) > 5})[:3000]

    def abstract(self) -> str:
        rng = self.rng
        n = rng.randint(120, 250)
        words = rng.choices(self.words, self.weights, k=n)
        out, sentence = [], 0
        for word in words:
            if sentence == 0:
                word = word.capitalize()
            out.append(word)
            sentence += 1
            if rng.random() < 0.03:
                out.append(rng.choice(MATH) % rng.randint(2, 999))
            if sentence > 12 and rng.random() < 0.1:
                out[-1] += "."
                sentence = 0
        return " ".join(out) + "."

    def title(self, i: int) -> str:
        rng = self.rng
        name = "".join(rng.choice("ABCDEFGHKLMNPRSTVXZ") for _ in range(rng.randint(3, 7)))
        words = " ".join(w.capitalize() for w in rng.choices(self.words, self.weights, k=rng.randint(4, 10)))
        math = f" for {rng.choice(TITLE_MATH)}" if rng.random() < 0.1 else ""
        return f"{name}: {words}{math}"

    def authors(self) -> list[str]:
        rng = self.rng
        return [f"{rng.choice(FIRST)} {rng.choice(self.surnames)}" for _ in range(rng.randint(1, 8))]

    def row(self, i: int, seed: int) -> dict:
        rng = self.rng
        venue, short = rng.choice(VENUES)
        year = rng.randint(2015, 2025)
        title, abstract, authors = self.title(i), self.abstract(), self.authors()
        forum = f"{seed:x}{i:07x}"
        if i % 4:  # a plain record
            return {
                "title": title, "authors": authors, "abstract": abstract,
                "url": f"https://openreview.net/forum?id={forum}", "venue": venue, "year": year,
            }
        # a paperlists-style record: authors as one string, the BibTeX entry embedded
        bib = (f"@inproceedings{{{short}{year}_{forum},\n  title = {{{title}}},\n  author = {{{' and '.join(authors)}}},\n"
               f"  booktitle = {{Proceedings of {venue} {year}}},\n  year = {{{year}}}\n}}")
        return {"title": title, "author": "; ".join(authors), "abstract": abstract, "site": f"https://{short}.cc/virtual/{year}/poster/{forum}",
                "track": "main", "status": rng.choice(["Poster", "Oral", "Spotlight"]), "bibtex": bib}


def near_duplicate(row: dict, rng: random.Random) -> dict:
    """The same paper as another exporter has it: title reworded, no URL, one abstract word changed."""
    words = row["abstract"].split()
    words[rng.randrange(len(words))] = "changed"
    authors = row.get("authors") or row["author"].split("; ")
    return {"title": row["title"] + " (extended version)", "authors": authors, "abstract": " ".join(words)}


def write_files(folder: Path, n: int) -> tuple[Path, Path]:
    """The first file (n rows) and the second (n - n/100 new rows and n/100 near-duplicates of the first's)."""
    gen = Rows(1)
    first_rows = [gen.row(i, 1) for i in range(n)]
    first = folder / "papers-a.json"
    first.write_bytes(json.dumps(first_rows).encode())
    dups = n // 100
    gen = Rows(2)
    rng = random.Random(3)
    second_rows = [gen.row(i, 2) for i in range(n - dups)]
    second_rows += [near_duplicate(first_rows[i], rng) for i in rng.sample(range(n), dups)]
    rng.shuffle(second_rows)
    second = folder / "papers-b.json"
    second.write_bytes(json.dumps(second_rows).encode())
    return first, second


def run_import(repo: Path, library: Path, path: Path, pycache: Path | None) -> dict:
    """One `python -m tui import` in its own process: wall and CPU seconds, peak RSS, the report line.
    `pycache`: a folder for compiled bytecode (None: compile from source, as PYTHONDONTWRITEBYTECODE says)."""
    env = {**os.environ, "PYTHONPATH": str(repo), "PAPERDESK_HOME": str(library)}
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)  # mirrors absolute paths: trees never collide
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "import", str(path), "--db", str(library)],
            cwd=repo, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
        )
        _, status, usage = os.wait4(proc.pid, 0)  # this process's own usage (reaped here, not by Popen)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text, problem = out.read().decode(), err.read().decode()
    line = next((ln for ln in text.splitlines() if " added, " in ln), text.strip() or problem.strip())
    m = re.search(r"(\d+) papers? added, (\d+) merged", line)
    return {
        "seconds": round(seconds, 2),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "peak_mib": round(usage.ru_maxrss / 1024, 1),
        "added": int(m.group(1)) if m else None,
        "merged": int(m.group(2)) if m else None,
        "line": line.split(": ", 1)[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=1, help="repeat everything; medians are reported")
    parser.add_argument("--repo", type=Path, default=ROOT, help="the checkout whose code runs the imports")
    parser.add_argument("--source", action="store_true", help="compile every module from source in each import (no bytecode cache)")
    parser.add_argument("--write-files", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    n = args.n
    if args.write_files:
        write_files(args.write_files, n)
        return
    print(f"paperdesk from {args.repo}; load {os.getloadavg()[0]:.2f}", flush=True)
    runs: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="paperdesk-import50k-") as tmp:
        folder = Path(tmp)
        # Written by another process: a child's peak RSS (ru_maxrss) starts from its parent's RSS
        # when it is spawned, so this process must stay small.
        subprocess.run([sys.executable, __file__, "--n", str(n), "--write-files", str(folder)], check=True)
        first, second = folder / "papers-a.json", folder / "papers-b.json"
        print(f"files: {first.stat().st_size / 2**20:.1f} MiB and {second.stat().st_size / 2**20:.1f} MiB", flush=True)
        pycache = None if args.source else folder / "pycache"
        if pycache is not None:  # warm-up, unmeasured: compiles the bytecode every measured import then reads
            warm = folder / "warm.json"
            warm.write_text(json.dumps([{"title": "Warm-up", "authors": ["A B"], "abstract": "Compiles the modules."}]))
            run_import(args.repo.resolve(), folder / "library-warm", warm, pycache)
        for r in range(args.rounds):
            library = folder / f"library-{r}"
            for key, path in ((f"{n}", first), (f"{n}_reimport", first), (f"{n}_into_{n}", second)):
                got = run_import(args.repo.resolve(), library, path, pycache)
                runs.setdefault(key, []).append(got)
                print(f"{key:>18}: {got['seconds']:.2f} s (cpu {got['cpu_s']:.2f} s), peak {got['peak_mib']} MiB -> {got['line']}", flush=True)
    result = {}
    for key, rows in runs.items():
        result[key] = {
            "seconds": round(statistics.median(r["seconds"] for r in rows), 2),
            "cpu_s": round(statistics.median(r["cpu_s"] for r in rows), 2),
            "peak_mib": round(statistics.median(r["peak_mib"] for r in rows), 1),
            "added": rows[-1]["added"],
            "merged": rows[-1]["merged"],
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
