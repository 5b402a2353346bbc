"""Importing 10,000 JSON entries, and rendering a 2,000-word abstract with math.

Run from the repository root: `python benchmarks/import_render.py`. Prints figures; asserts nothing.
Targets: import of 10,000 JSON entries < 5 s; rendering a 2,000-word abstract with math < 50 ms.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tui.core.ingest.readers import read_import  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.core.render import latex  # noqa: E402

WORDS = (
    "we propose a novel method for learning robust controllers from data with provable guarantees on "
    "stability safety and sample complexity under distribution shift using neural networks and kernels"
).split()
MATH = [r"$\mathcal{O}(1/\sqrt{T^{%d}})$", r"$\alpha_{%d} \in [0,1]$", r"$x_t^{%d} \leq \epsilon$", r"$\frac{1}{n}\sum_{i=1}^{%d} x_i$",
        r"$\tilde{O}(d\sqrt{%d T})$", r"$\|\theta\|_{%d}$", r"Erd\H{o}s--R\'enyi-%d", r"\textbf{key %d}", r"\emph{note %d}", r"$x_{%d}$"]


def abstract(rng: random.Random, words: int, math_every: int = 25) -> str:
    out = []
    for i in range(words):
        if math_every and i % math_every == math_every - 1:
            out.append(rng.choice(MATH) % i)  # unique expressions: no cache helps
        else:
            out.append(rng.choice(WORDS))
    return " ".join(out) + " Code: https://github.com/example/repo."


def entries(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    return [
        {
            "title": f"Paper {seed}-{i}: " + " ".join(rng.choice(WORDS) for _ in range(8)),
            "abstract": abstract(rng, rng.randint(120, 250), math_every=40),
            "authors": [f"Author {rng.randint(1, 5000)}" for _ in range(rng.randint(1, 6))],
            "venue": rng.choice(["ICML", "NeurIPS", "L4DC", "ICLR"]),
            "year": rng.randint(2015, 2026),
            "doi": f"10.1234/bench.{seed}.{i}",
            "tags": rng.sample(WORDS, 2),
            "citations": rng.randint(0, 1000),
        }
        for i in range(n)
    ]


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench_import(folder: Path) -> None:
    first = folder / "first.json"
    second = folder / "second.json"
    first.write_text(json.dumps(entries(10_000, 1)))
    second.write_text(json.dumps(entries(10_000, 2)))
    lib_dir = folder / "library"

    def run(path: Path):
        parse_s, parsed = timed(lambda: read_import(path))
        with Library.open(lib_dir) as lib:
            add_s, (report,) = timed(lambda: lib.add_papers([parsed]))
        return parse_s, add_s, report

    for label, path in (
        ("10,000 new JSON entries into the 33-paper library", first),
        ("the same 10,000 again (all merged)", first),
        ("10,000 more new entries into a 10,033-paper library", second),
    ):
        parse_s, add_s, report = run(path)
        print(f"import {label}: {parse_s + add_s:.2f} s total (parse {parse_s:.2f} s, match+write {add_s:.2f} s) -> {report.line().split(': ', 1)[1]}")
    cli_lib = folder / "cli-library"
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "tui", "import", str(first), "--db", str(cli_lib)],
        capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1],
    )
    elapsed = time.perf_counter() - start
    print(f"`python -m tui import` of 10,000 JSON entries into a new library, whole process: {elapsed:.2f} s -> {result.stdout.strip().split(': ', 1)[-1]}")


def clear_caches() -> None:
    """Forget every memo so each timing converts from scratch."""
    from tui.core.render import latex_math, math_subset

    for module in (latex, latex_math, math_subset):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == module.__name__:
                value.cache_clear()


def bench_render() -> None:
    from tui.ui.rich_runs import rendered_text
    from tui.ui.widgets.highlight import highlight_words

    text = abstract(random.Random(7), 2000, math_every=20)
    print(f"render abstract: {len(text.split())} words, {text.count('$') // 2} math expressions, {len(text)} chars")
    plain = abstract(random.Random(7), 2000, math_every=0)
    times = []
    for _ in range(20):
        clear_caches()
        start = time.perf_counter()
        styled = highlight_words(rendered_text(latex.render(text)), ["robust", "safety"], "bold")
        times.append(time.perf_counter() - start)
    assert styled.plain
    print(f"render (convert + rich Text + highlights, uncached): median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms")
    start = time.perf_counter()
    latex.render(text)
    print(f"render (cached, pane revisits the paper): {(time.perf_counter() - start) * 1e6:.0f} µs")
    asyncio.run(bench_pane({
        "tiny abstract (floor)": "A tiny abstract.",
        "2,000 plain words": plain,
        "2,000 words with math": text,
    }))


async def bench_pane(texts: dict[str, str]) -> None:
    """Time the pane in a headless app: Reader.show, the abstract's line wrapping, and a full frame.

    "show+frame" includes pilot.pause(), which has a fixed cost of its own;
    the tiny abstract's row shows that floor.
    """
    from textual.widgets import Static

    from tui.core.ingest.parsed import ParsedFile
    from tui.core.models import Paper, paper_id
    from tui.ui.app import PaperdeskApp
    from tui.ui.widgets.reader import Reader

    with tempfile.TemporaryDirectory() as tmp:
        with Library.open(Path(tmp) / "lib", seed=False) as lib:
            papers = [Paper(paper_id(t), t, "B", title=k) for k, t in texts.items()]
            lib.add_papers([ParsedFile(Path("b.json"), "json", "B", papers)])
            app = PaperdeskApp(library=lib)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                reader = app.screen.query_one(Reader)
                part = reader.query_one("#reader-abstract", Static)
                for paper in lib.papers:
                    shows, wraps, frames = [], [], []
                    for _ in range(10):
                        clear_caches()
                        start = time.perf_counter()
                        reader.show(paper, lib.annotation(paper.id), highlights=["robust"])
                        shown = time.perf_counter()
                        part.get_content_height(reader.size, reader.size, reader.size.width - 4)
                        wrapped = time.perf_counter()
                        await pilot.pause()
                        frames.append(time.perf_counter() - start)
                        shows.append(shown - start)
                        wraps.append(wrapped - shown)
                    ms = lambda xs: f"{statistics.median(xs) * 1000:.1f} ms"  # noqa: E731
                    print(
                        f"pane, {paper.title}: show {ms(shows)} + wrap {ms(wraps)} = "
                        f"{(statistics.median(shows) + statistics.median(wraps)) * 1000:.1f} ms; show+frame {ms(frames)}"
                    )


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        bench_import(Path(tmp))
    bench_render()
