"""CPU time per paper of `paperdesk import`, stage by stage, for JSON, JSON Lines, BibTeX and a Zotero database.

Each import is the real command line (`tui.cli.main(["import", FILE, "--db", LIBRARY])`) in a
process of its own, whose functions are wrapped by a clock that charges CPU time (process time,
exclusive: a stage's time excludes the stages called inside it) to the stage running:

- `start`: the interpreter and the modules, up to the import's first step;
- `parse`: bytes to records (orjson, bibtexparser, the Zotero database's rows);
- `build`: records to papers (fields cleaned, ids, BibTeX fields kept);
- `keys`: the incoming papers' match keys (`match_keys.abstract_part` as they are read, `key_rows` when matched);
- `spool`: their abstracts moved to the import's temporary file;
- `open`: opening the library (papers.json read, its catalog);
- `merge`: matching against the library and planning (the stored papers' keys are `stored_keys`);
- `citekeys`: the citation keys of the papers entering;
- `write`: papers.json written and memory updated;
- `other`: what is left (report lines, closing, the process's exit).

`index` is the first start's search index: a process that opens the library and builds (and
saves) the index, as the app does in a thread on its first start after a large import.

The rows look like conference exports: a title, 1-8 authors, a 4-8 sentence abstract of about
1 KB (Zipf-distributed words from the bundled abstracts, some inline LaTeX), a URL, venue and
year; one in four has its authors as one string and an embedded BibTeX entry (paperlists JSON).
JSON Lines and BibTeX files hold the same papers; the Zotero database holds as many items
(`tests.zotero_db`). `reimport` imports the JSON file again into its library: everything merges.

    python benchmarks/import_stages.py [--n 50000] [--rounds 3] [--repo PATH] [--only json,reimport,...]

Each figure is a median over the rounds, printed with its goal. `--repo` runs another checkout's
code on the same files (before/after figures in the same runs: `--repo` a copy of main).
Last line: {"json": {"cpu_s": .., "peak_mib": .., "us_per_paper": {"parse": .., ...}}, ...}
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
HERE = Path(__file__).resolve().parent

STAGES = ("start", "parse", "build", "keys", "spool", "open", "merge", "stored_keys", "titles", "citekeys", "write", "other")
RUNS = ("json", "reimport", "jsonl", "bibtex", "zotero", "index")
#: Goals from the issue: CPU seconds at 50,000 papers (scaled to --n), peak MiB.
GOAL_CPU = {"json": 3.5, "jsonl": 3.5, "bibtex": 3.5 * 1.5, "zotero": 3.5 * 1.5, "reimport": 2.0, "index": 3.0}
GOAL_PEAK = {"json": 150, "jsonl": 150}


# -- the files -------------------------------------------------------------------------------------


def write_files(folder: Path, n: int) -> None:
    """papers.json, papers.jsonl, papers.bib and zotero.sqlite: the same `n` papers (Zotero: as many items)."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(HERE))
    from import_50k import MATH, Rows

    class ExportRows(Rows):
        def abstract(self) -> str:
            rng = self.rng
            sentences = []
            for _ in range(rng.randint(4, 8)):
                words = rng.choices(self.words, self.weights, k=rng.randint(14, 26))
                if rng.random() < 0.25:
                    words.insert(rng.randrange(len(words)), rng.choice(MATH) % rng.randint(2, 999))
                sentences.append(" ".join(words).capitalize() + ".")
            return " ".join(sentences)

    gen = ExportRows(1)
    rows = [gen.row(i, 1) for i in range(n)]
    (folder / "papers.json").write_bytes(json.dumps(rows).encode())
    with open(folder / "papers.jsonl", "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")
    with open(folder / "papers.bib", "w", encoding="utf-8") as out:
        for i, row in enumerate(rows):
            authors = row.get("authors") or row["author"].split("; ")
            venue = row.get("venue") or "ICML"
            out.write(
                f"@inproceedings{{paper{i},\n  title = {{{row['title']}}},\n  author = {{{' and '.join(authors)}}},\n"
                f"  booktitle = {{Proceedings of {venue}}},\n  year = {{{row.get('year', 2024)}}},\n"
                f"  url = {{{row.get('url') or row.get('site')}}},\n  abstract = {{{row['abstract']}}}\n}}\n\n"
            )
    from tests.zotero_db import ZoteroDB

    (folder / "zotero").mkdir(exist_ok=True)
    z = ZoteroDB(folder / "zotero" / "zotero.sqlite", seed=3)
    collection = z.add_collection("Venue")
    for row in rows:
        authors = row.get("authors") or row["author"].split("; ")
        fields = {"title": row["title"], "abstractNote": row["abstract"], "date": str(row.get("year", 2024)),
                  "proceedingsTitle": row.get("venue") or "ICML", "url": row.get("url") or row.get("site")}
        creators = [(" ".join(a.split()[:-1]), a.split()[-1], "author") for a in authors]
        z.add_item("conferencePaper", fields, creators=creators, collections=[collection], commit=False)
    z.db.commit()
    z.close()


# -- the clock (in the measured process) ----------------------------------------------------------


class Clock:
    """CPU seconds per stage, exclusive: entering a stage pauses the one it was called from."""

    def __init__(self) -> None:
        self.spent = dict.fromkeys(STAGES, 0.0)
        self.stack: list[str] = []
        self.since = 0.0
        self.started = False

    def enter(self, stage: str) -> None:
        now = time.process_time()
        if not self.started:
            self.started, self.spent["start"] = True, now
        elif self.stack:
            self.spent[self.stack[-1]] += now - self.since
        self.stack.append(stage)
        self.since = now

    def leave(self) -> None:
        now = time.process_time()
        self.spent[self.stack.pop()] += now - self.since
        self.since = now

    def wrap(self, owner: object, name: str, stage: str) -> None:
        """Charge calls of `owner.name` to `stage` (nothing when this checkout has no such name)."""
        inner = getattr(owner, name, None)
        if inner is None:
            return

        def timed(*args, **kwargs):
            self.enter(stage)
            try:
                return inner(*args, **kwargs)
            finally:
                self.leave()

        setattr(owner, name, timed)


def _wrap_all(clock: Clock) -> None:
    import importlib

    def module(name: str):
        try:
            return importlib.import_module(name)
        except ImportError:
            return None

    where = {
        "tui.core.ingest.readers": [("read_imports", "parse")],
        "tui.core.ingest.jsonlist": [("_collect", "build")],
        "tui.core.ingest.bibtex": [("parse_bibtex", "build")],
        "bibtexparser": [("parse_string", "parse")],
        "tui.core.ingest.incoming": [("key_rows", "keys"), ("abstract_part", "keys")],
        "tui.core.ingest.matching": [("key_rows", "stored_keys")],
        "tui.core.ingest.merge": [("plan_import", "merge")],
        "tui.core.usecases.zotero": [("read_database", "parse"), ("plan_zotero", "merge"), ("derived_title", "titles")],
        "tui.core.ingest.zotero.reader": [("paper_of", "build")],
        "tui.core.library": [("_derive_title", "titles"), ("derived_title", "titles")],  # (before and after issue 42)
    }
    for name, pairs in where.items():
        if (mod := module(name)) is not None:
            for attr, stage in pairs:
                clock.wrap(mod, attr, stage)
    from tui.core.ingest.spool import Spool
    from tui.core.library import Library
    from tui.core.store.storage import LibraryStore

    clock.wrap(Spool, "put", "spool")
    clock.wrap(Library, "give_keys", "citekeys")  # before issue 42; after it, the key-giver the store is opened with:
    if (keys := getattr(module("tui.core.library"), "CitationKeys", None)) is not None:
        clock.wrap(keys, "__call__", "citekeys")
    clock.wrap(Library, "open", "open")
    clock.wrap(LibraryStore, "_write_papers", "write")
    clock.wrap(LibraryStore, "_apply_in_memory", "write")
    for name in ("tui.core.library", "tui.core.usecases.imports"):  # (before and after issue 42)
        if (mod := module(name)) is not None:
            clock.wrap(mod, "import_paths", "other")


def child_import(path: Path, db: Path, out: Path) -> None:
    """One `paperdesk import PATH --db DB`, timed by stage; the figures go to `out`."""
    clock = Clock()
    _wrap_all(clock)
    from tui.cli import main

    with open(os.devnull, "w") as null:
        sys.stdout = null
        try:
            main(["import", str(path), "--db", str(db)])
        except SystemExit as exc:
            if exc.code not in (0, None):
                raise
        finally:
            sys.stdout = sys.__stdout__
    spent = clock.spent
    spent["other"] += max(0.0, time.process_time() - clock.since) if not clock.stack else 0.0
    out.write_text(json.dumps(spent))


def child_index(db: Path, out: Path) -> None:
    """The first start's index: open the library and build (and save) its search index."""
    from tui.core.usecases.open import index_for_session, open_for_session, settle

    before = time.process_time()
    library = open_for_session(db)
    opened = time.process_time()
    index = index_for_session(library)
    settle()
    done = time.process_time()
    assert len(index.papers) == len(library.papers) if hasattr(index, "papers") else True
    library.close()
    out.write_text(json.dumps({"start": before, "open": opened - before, "index": done - opened}))


# -- the runs --------------------------------------------------------------------------------------


def run(repo: Path, args: list[str], folder: Path) -> dict:
    """This script as a child running `repo`'s code: its CPU seconds, peak MiB and stage figures."""
    env = {**os.environ, "PYTHONPATH": str(repo), "PAPERDESK_HOME": str(folder / "home"), "XDG_CONFIG_HOME": str(folder / "config")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    out = folder / "stages.json"
    out.unlink(missing_ok=True)
    proc = subprocess.Popen([sys.executable, __file__, *args, "--out", str(out)], cwd=repo, env=env, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the measured process failed: {args}")
    stages = json.loads(out.read_text())
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024, "stages": stages}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repo", type=Path, action="append", help="checkouts whose code runs (repeat for A/B); default: this one")
    parser.add_argument("--only", default=",".join(RUNS), help=f"runs, comma-separated, of {', '.join(RUNS)}")
    parser.add_argument("--files", type=Path, help="a folder the files are in (or written to, when missing); default: a temporary one")
    parser.add_argument("--child-import", nargs=2, type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--child-index", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--write-files", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_import:
        return child_import(*args.child_import, args.out)
    if args.child_index:
        return child_index(args.child_index, args.out)
    if args.write_files:
        return write_files(args.write_files, args.n)
    repos = [r.resolve() for r in (args.repo or [ROOT])]
    wanted = [r for r in args.only.split(",") if r]
    n, scale = args.n, args.n / 50_000
    with tempfile.TemporaryDirectory(prefix="paperdesk-stages-") as tmp:
        folder = Path(tmp)
        files = args.files or folder / "files"
        if not (files / "papers.json").exists():
            files.mkdir(parents=True, exist_ok=True)
            subprocess.run([sys.executable, __file__, "--n", str(n), "--write-files", str(files)], check=True)
        print(f"load {os.getloadavg()[0]:.2f}; {n:,} papers; papers.json {(files / 'papers.json').stat().st_size / 2**20:.1f} MiB", flush=True)
        sources = {"json": files / "papers.json", "jsonl": files / "papers.jsonl", "bibtex": files / "papers.bib", "zotero": files / "zotero" / "zotero.sqlite"}
        results: dict[str, dict[str, list[dict]]] = {str(r): {} for r in repos}
        for repo in repos:  # warm-up: bytecode compiled, unmeasured
            run(repo, ["--child-import", str(files / "papers.json"), str(folder / "warm")], folder)
            subprocess.run(["rm", "-rf", str(folder / "warm")], check=True)
        for r in range(args.rounds):
            for repo in repos:
                got = results[str(repo)]
                lib = folder / f"lib-{r}"
                for kind in wanted:
                    if kind == "index":
                        continue
                    if kind == "reimport":
                        if "json" not in wanted:
                            continue
                        target, source = folder / f"lib-{r}-json", sources["json"]
                    else:
                        target, source = folder / f"lib-{r}-{kind}", sources[kind]
                    got.setdefault(kind, []).append(run(repo, ["--child-import", str(source), str(target)], folder))
                    print(f"round {r + 1} {repo.name} {kind}: cpu {got[kind][-1]['cpu_s']:.2f} s, peak {got[kind][-1]['peak_mib']:.0f} MiB", flush=True)
                    if kind == "json" and "index" in wanted:
                        got.setdefault("index", []).append(run(repo, ["--child-index", str(target)], folder))
                        print(f"round {r + 1} {repo.name} index: {got['index'][-1]['stages']['index']:.2f} s", flush=True)
                del lib
                subprocess.run(f"rm -rf {folder}/lib-{r}-*", shell=True, check=True)
        summary: dict[str, dict] = {}
        for repo in repos:
            print(f"\n{repo}  (median of {args.rounds}; µs per paper by stage; goals at {n:,} papers)")
            for kind, rows in results[str(repo)].items():
                med = {stage: statistics.median(row["stages"].get(stage, 0.0) for row in rows) for stage in rows[0]["stages"]}
                cpu = statistics.median(row["cpu_s"] for row in rows)
                peak = statistics.median(row["peak_mib"] for row in rows)
                if kind == "index":
                    cpu = med["index"]
                goal = GOAL_CPU[kind] * scale
                per = {stage: round(seconds / n * 1e6, 1) for stage, seconds in med.items() if seconds >= 0.0005}
                peak_goal = f" (goal ≤ {GOAL_PEAK[kind]})" if kind in GOAL_PEAK else ""
                print(f"  {kind:>9}: cpu {cpu:.2f} s (goal ≤ {goal:.2f} s), peak {peak:.0f} MiB{peak_goal}, {cpu / n * 1e6:.0f} µs/paper")
                print("             " + ", ".join(f"{stage} {us}" for stage, us in per.items()))
                summary.setdefault(str(repo), {})[kind] = {"cpu_s": round(cpu, 2), "goal_cpu_s": round(goal, 2), "peak_mib": round(peak, 1),
                                                          "us_per_paper": per}
        print(json.dumps(summary if len(repos) > 1 else summary[str(repos[0])]))


if __name__ == "__main__":
    main()
