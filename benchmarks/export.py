"""Export and notes import at scale: render/write N annotated papers, then import the folder back.

Usage: python benchmarks/export.py [--papers N]
Prints seconds for: the one-document render, the one-document write, the per-paper
write (N files), a re-export into the same folder (id scan + overwrite), and
importing the folder back into a library whose annotations were wiped.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.corpus import write_list  # noqa: E402
from tui.core.export.markdown import entries, render_document  # noqa: E402
from tui.core.export.notes_import import import_notes  # noqa: E402
from tui.core.export.writing import write_document, write_per_paper
from tui.core.ingest.lists import read_list_file  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.core.models import Annotation, Status  # noqa: E402


def timed(label: str, fn):
    start = time.perf_counter()
    result = fn()
    print(f"{label:<44} {time.perf_counter() - start:7.3f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--papers", type=int, default=1000)
    n = parser.parse_args().papers
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        lib = Library.open(root / "lib", seed=False)
        lib.add_lists([read_list_file(write_list(root / "list.txt", n))])
        notes = {
            p.id: Annotation(p.id, notes=f"## Notes on {i}\n\n- point: `x_{i}`\n" * 5, rating=i % 6,
                             status=list(Status)[i % 5], tags=("bench", f"t{i % 7}"))
            for i, p in enumerate(lib.papers)
        }
        items = entries(lib.papers, notes.__getitem__)
        print(f"{n} annotated papers")
        text = timed("render one document", lambda: render_document(items))
        print(f"{'  size':<44} {len(text.encode()) / 1e6:7.2f} MB")
        timed("write one document", lambda: write_document(root / "all.md", items))
        timed(f"write per-paper ({n} files)", lambda: write_per_paper(root / "vault", items))
        timed("re-export per-paper (--force)", lambda: write_per_paper(root / "vault", items, force=True))
        report = timed("import the folder into an empty library", lambda: import_notes(lib, root / "vault"))
        print(f"{'  ' + report.lines()[-1]:<44}")
        lib.close()


if __name__ == "__main__":
    main()
