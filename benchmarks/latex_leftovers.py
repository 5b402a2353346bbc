"""Counts abstracts and titles that still show LaTeX when rendered, on every real file the repository can reach.

A leftover is what the reader would see as source rather than text: a
backslash, or a brace that is LaTeX grouping (`{cal O}`) rather than a brace
the source asked to print (`\\{0,1\\}`). Run on the bundled lists (data/*.txt),
the test fixtures (tests/fixtures: BibTeX, paper-list JSON, RIS, CSL-JSON)
and the shared conference files (/work/shared/fixtures/*.bib) when present.
Prints one line per file (`python benchmarks/latex_leftovers.py 3` also shows
three leftovers of each), and last a JSON line with the counts.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tui.core.errors import PaperdeskError  # noqa: E402
from tui.core.ingest.readers import read_import  # noqa: E402
from tui.core.render.latex import render  # noqa: E402
from tui.core.render.titles import title_text  # noqa: E402

SHARED = Path("/work/shared/fixtures")
#: A brace the source means to print: escaped, spelled out, or in a verbatim URL.
_PRINTED_BRACE = re.compile(r"\\[{}]|\\textbrace(?:left|right)|\\[lr]brace")


def corpus() -> list[Path]:
    """Every file of real data the repository can reach, each read by paperdesk's own importer."""
    fixtures = ROOT / "tests/fixtures"
    files = sorted((ROOT / "data").glob("*.txt"))
    files += sorted(fixtures.glob("*.bib")) + sorted(fixtures.glob("*.json")) + sorted(fixtures.glob("*.jsonl"))
    files += sorted((fixtures / "conference").glob("*.json")) + sorted((fixtures / "refs").glob("*"))
    files += sorted(SHARED.glob("*.bib")) if SHARED.is_dir() else []
    return files


def leftover(source: str, shown: str) -> str:
    """The first piece of LaTeX `shown` (the rendered `source`) still holds, with some context; "" when none."""
    at = shown.find("\\")
    if at < 0 and not _PRINTED_BRACE.search(source):
        at = min((i for i in (shown.find("{"), shown.find("}")) if i >= 0), default=-1)
    return "" if at < 0 else shown[max(0, at - 50) : at + 50]


def main() -> None:
    show = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    counts = {}
    for path in corpus():
        try:
            papers = read_import(path).papers
        except PaperdeskError:
            continue  # a fixture that is broken on purpose (truncated.json)
        bad = []
        for p in papers:
            found = leftover(p.abstract, render(p.abstract).plain) or leftover(p.title, title_text(p.title))
            if found:
                bad.append(found)
        with_latex = sum("\\" in p.abstract or "\\" in p.title for p in papers)
        name = str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        counts[name] = {"papers": len(papers), "with_latex": with_latex, "leftovers": len(bad)}
        print(f"{name}: {len(papers)} papers, {with_latex} with LaTeX, {len(bad)} still show LaTeX")
        for found in bad[:show]:
            print("   ", repr(found))
    total = sum(c["leftovers"] for c in counts.values())
    print(json.dumps({"total_leftovers": total, "files": counts}))


if __name__ == "__main__":
    main()
