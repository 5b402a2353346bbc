"""One `paperdesk sync` of N annotated papers: first sync, nothing changed, and 10 changed.

Usage: python benchmarks/sync.py [--papers N] [--changed K]
Prints seconds and files written for: the first sync (every file new), a sync when
nothing changed (the idempotent case), a sync after K papers changed in the library,
and one after K files were edited in the vault. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.corpus import write_list  # noqa: E402
from tui.core.export.notes_import import read_note_file  # noqa: E402
from tui.core.ingest.lists import read_list_file  # noqa: E402
from tui.core.library import Library  # noqa: E402
from tui.core.models import Status  # noqa: E402
from tui.core.usecases.sync import sync_vault


def timed(label: str, fn) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - start
    print(f"{label:<46} {seconds:7.3f} s   {result.written:5d} files written, {result.imported} papers updated")
    return seconds, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--papers", type=int, default=1000)
    parser.add_argument("--changed", type=int, default=10)
    args = parser.parse_args()
    n, k = args.papers, args.changed
    figures: dict[str, object] = {"papers": n, "changed": k}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        vault = root / "vault"
        lib = Library.open(root / "lib", seed=False)
        lib.add_lists([read_list_file(write_list(root / "list.txt", n))])
        lib.save_annotations({
            p.id: {"notes": f"# Notes on {i}\n\n- point: `x_{i}`, see $\\alpha_{i}$\n" * 5, "rating": i % 6,
                   "status": list(Status)[i % 5].value, "tags": ["bench", f"topic {i % 7}"]}
            for i, p in enumerate(lib.papers)
        })
        print(f"{n} annotated papers")
        for key, label, prepare in (
            ("first", "first sync (every file new)", None),
            ("unchanged", "sync, nothing changed", None),
            ("library_changed", f"sync, {k} papers changed in the library", "library"),
            ("vault_changed", f"sync, {k} files edited in the vault", "vault"),
        ):
            if prepare == "library":
                lib.save_annotations({p.id: {"notes": f"changed {p.id}"} for p in lib.papers[:k]})
            elif prepare == "vault":
                files = sorted(vault.glob("*.md"))[:k]
                for path in files:
                    path.write_text(path.read_text(encoding="utf-8").replace("- point:", "- edited in the vault:", 1), encoding="utf-8")
            seconds, report = timed(label, lambda: sync_vault(lib, vault))
            figures[key] = {"seconds": round(seconds, 3), "files_written": report.written, "papers_updated": report.imported}
        assert all(read_note_file(p).id for p in sorted(vault.glob("*.md"))[:5])
        lib.close()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
