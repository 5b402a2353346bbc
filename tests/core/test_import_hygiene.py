"""The core stays free of terminal code, and its parts import downward only.

Layers, lowest first: `models`/`errors`/`paths`/`words` (plain values, places and counts in words);
`render` (text and LaTeX for display); `highlights` (anchoring passages in the abstract as
rendered) and `reading_cursor` (sentences and words of it); `ingest`, `search` and `store` (which uses only render's text helpers), which
know nothing of each other; `export`; `fetch` (web services, which hands
readers' records on); `library`, the store opened with its rules; and `usecases`, one module per verb, which
may use them all. Imports are read from the source with `ast` (including
those inside functions and under TYPE_CHECKING), so a lazy import cannot
hide a wrong arrow.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

import tui.core

CORE = Path(tui.core.__file__).parent

CHECK = """
import sys, pkgutil, importlib, tui.core
for mod in pkgutil.walk_packages(tui.core.__path__, "tui.core."):
    importlib.import_module(mod.name)
leaks = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(",".join(leaks))
"""

#: Where each part of the core may import from (inside `tui.core`), besides itself.
BASE = {"tui.core.models", "tui.core.errors", "tui.core.paths", "tui.core.words", "tui.core.records"}
ALLOWED: dict[str, set[str]] = {
    "tui.core.models": set(),
    "tui.core.errors": set(),
    "tui.core.paths": set(),
    "tui.core.words": set(),
    "tui.core.records": set(),
    "tui.core.collector": set(),
    "tui.core.heap": set(),
    "tui.core.stats": BASE,
    # a citation-key pattern in the file is checked by the rules that use it (cite.keys)
    "tui.core.config": BASE | {"tui.core.store.atomic", "tui.core.cite.keys"},
    "tui.core.render": BASE,
    # people (issue 44): one person in every spelling; a name in LaTeX rendered as shown
    "tui.core.people": BASE | {"tui.core.render", "tui.core.collector"},
    "tui.core.ingest": BASE | {"tui.core.render"},
    "tui.core.search": BASE | {"tui.core.render"},
    # more like this: built from the search index's words (split and LaTeX-folded as search does it)
    "tui.core.related": BASE | {"tui.core.render", "tui.core.search"},
    "tui.core.store": BASE | {"tui.core.render.text"},
    "tui.core.highlights": BASE | {"tui.core.render"},
    "tui.core.reading_cursor": set(),
    "tui.core.export": BASE | {"tui.core.render", "tui.core.highlights", "tui.core.store.atomic"},
    # web services: readers' records and field helpers (Crossref speaks CSL-JSON), the atomic write for the cache
    "tui.core.fetch": BASE | {"tui.core.ingest", "tui.core.store.atomic"},
    # citing: keys, and the citation formats written from a paper's fields and its source's entry (ingest.bibtex_raw)
    "tui.core.cite": BASE | {"tui.core.render", "tui.core.ingest.bibtex_raw", "tui.core.ingest.identity"},
    # The library: the store opened with its rules (citation keys, restores), seeded, brought up to date, and
    # `add_papers`, the merge every way papers come in takes.
    "tui.core.library": {"tui.core"},
    # The use cases, one module per verb of the command line and the app: each takes an open `Library`.
    "tui.core.usecases": {"tui.core"},
    # A list rename's name rules and its redoable steps (the open that finishes an interrupted one uses them).
    "tui.core.list_rename": BASE | {"tui.core.search", "tui.core.store"},
    # Bringing an older library up to date as it opens (store formats, the title rules).
    "tui.core.migrations": {"tui.core"},
    # Ranking by what the reader rated and by meaning (issue 43): texts folded as search folds them, fused with the
    # related index's BM25, matrices written atomically beside the library.
    "tui.core.ranking": BASE | {"tui.core.render", "tui.core.search", "tui.core.related", "tui.core.store.atomic"},
    # A reading group over git: member files, matching papers across libraries (ingest's identity, titles
    # rendered), git through the vault sync's runner, atomic writes, the sync's lock.
    "tui.core.group": BASE | {"tui.core.render", "tui.core.ingest", "tui.core.export.git_vault", "tui.core.store.atomic"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(CORE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def core_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(CORE.rglob("*.py"))}


def imports_of(path: Path) -> list[tuple[str, list[str], int]]:
    """(module, names imported from it, line) for every import statement in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, [alias.name for alias in node.names], node.lineno))
    return found


def resolved(module: str, names: list[str], known: dict[str, Path]) -> set[str]:
    """The core modules an import statement loads: `from tui.core.store import atomic` is tui.core.store.atomic."""
    out = {module} if module in known else set()
    out |= {f"{module}.{name}" for name in names if f"{module}.{name}" in known}
    return out or {module}


def part_of(module: str) -> str:
    """The layer a core module belongs to: its top-level module or subpackage."""
    return ".".join(module.split(".")[:3])


def within(module: str, allowed: set[str]) -> bool:
    return any(module == a or module.startswith(a + ".") for a in allowed)


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each core module's imports inside the core. Read once per test process (parsing every core file costs a second
    of CPU, and two dozen tests read the same sources); callers only read it."""
    known = core_modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        targets: set[str] = set()
        for module, names, _ in imports_of(path):
            if module.startswith("tui.core"):
                targets |= {t for t in resolved(module, names, known) if t != name}
        edges[name] = targets
    return edges


def test_core_imports_neither_textual_nor_rich() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_core_file_names_textual_rich_or_the_ui() -> None:
    bad = [
        f"{path.relative_to(CORE)}:{line}: {module}"
        for path in CORE.rglob("*.py")
        for module, _, line in imports_of(path)
        if module.split(".")[0] in ("textual", "rich") or module.startswith(("tui.ui", "tui.cli"))
    ]
    assert bad == []


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_part_imports_only_downward(layer: str) -> None:
    allowed = ALLOWED[layer] | {layer}
    wrong = [
        f"{source} imports {target}"
        for source, targets in graph().items()
        if part_of(source) == layer
        for target in sorted(targets)
        if not within(target, allowed)
    ]
    assert wrong == []


def test_every_core_module_belongs_to_a_known_part() -> None:
    assert {part_of(name) for name in core_modules()} - {"tui.core"} <= set(ALLOWED)


def test_readers_never_import_the_merger() -> None:
    wrong = [
        source
        for source, targets in graph().items()
        if source.startswith("tui.core.ingest.") and source != "tui.core.ingest.merge" and "tui.core.ingest.merge" in targets
    ]
    assert wrong == []


def test_no_import_circles() -> None:
    edges = graph()
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    assert circles == []


def test_no_private_name_crosses_a_module() -> None:
    crossing = [
        f"{path.relative_to(CORE.parent)}:{line}: {module}.{name}"
        for path in list(CORE.rglob("*.py")) + list((CORE.parent / "cli").rglob("*.py"))
        for module, names, line in imports_of(path)
        if module.startswith("tui.")
        for name in names
        if name.startswith("_")
    ]
    assert crossing == []


def test_the_checks_see_a_wrong_arrow(tmp_path: Path) -> None:
    """The parser must catch lazy imports inside functions, or the rules above test nothing."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from tui.core.ingest.merge import plan_import\n", encoding="utf-8")
    assert imports_of(sample) == [("tui.core.ingest.merge", ["plan_import"], 2)]
