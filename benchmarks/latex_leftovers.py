"""Counts abstracts and titles that still show LaTeX when rendered: a backslash, or a `$` pair, in the displayed text.

Run on the real corpora the repository has: the PMLR L4DC 2026 BibTeX
(tests/fixtures/pmlr_l4dc2026.bib) and the bundled lists (data/*.txt).
Prints one line per corpus and, last, a JSON line with the counts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tui.core.ingest.readers import read_import  # noqa: E402
from tui.core.render.latex import render  # noqa: E402


def shows_latex(text: str) -> bool:
    return "\\" in render(text).plain


def main() -> None:
    files = [ROOT / "tests/fixtures/pmlr_l4dc2026.bib", *sorted((ROOT / "data").glob("*.txt"))]
    counts = {}
    for path in files:
        papers = read_import(path).papers
        bad = [p for p in papers if shows_latex(p.abstract)]
        with_latex = sum("\\" in p.abstract for p in papers)
        counts[path.name] = {"abstracts": len(papers), "with_latex": with_latex, "backslash_shown": len(bad)}
        print(f"{path.name}: {len(papers)} abstracts, {with_latex} with LaTeX, {len(bad)} still show a backslash")
        for p in bad[: int(sys.argv[1]) if len(sys.argv) > 1 else 0]:
            plain = render(p.abstract).plain
            i = plain.index("\\")
            print("   ", repr(plain[max(0, i - 60) : i + 60]))
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
