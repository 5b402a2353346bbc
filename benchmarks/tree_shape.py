"""The shape of `tui/` and its parts: files, lines, functions over 50 lines, largest files, `type: ignore`s.

Issue 42's closing figures: run on a checkout before the issue and on one after, and compare.
A part is a folder (its subfolders included) or, for the command line, whatever holds it in that
checkout: `tui/cli/` when it is a package, else `tui/cli.py` and `tui/cli_*.py` at the root.
A function's length is counted as in core_shape.py (`def` line to last line, nested functions
on their own too). `type: ignore` counts every such comment in the part's files.

    python benchmarks/tree_shape.py [CHECKOUT]   (default: this checkout)

Last line: JSON, {part: {"files", "lines", "functions", "functions_over_50_lines", "largest",
"type_ignores"}} plus "tests_type_ignores" (the same count over tests/).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.core_shape import long_functions  # noqa: E402

PARTS = ("tui", "tui/core", "tui/core/usecases", "tui/cli", "tui/ui", "tui/ui/library")


def part_files(root: Path, part: str) -> list[Path]:
    """The Python files of `part` in the checkout at `root` (the CLI's root modules before it was a package)."""
    folder = root / part
    if folder.is_dir():
        return sorted(folder.rglob("*.py"))
    if part == "tui/cli":
        return sorted([*root.glob("tui/cli.py"), *root.glob("tui/cli_*.py")])
    return []


def count_functions(path: Path) -> int:
    """Every `def` in `path`, methods and nested functions included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) for node in ast.walk(tree))


def type_ignores(files: list[Path]) -> int:
    """How many `type: ignore` comments the files hold."""
    return sum(f.read_text(encoding="utf-8").count("type: ignore") for f in files)


def part_shape(root: Path, part: str) -> dict[str, object]:
    """The figures of one part; an empty dict when the checkout has no such part."""
    files = part_files(root, part)
    if not files:
        return {}
    lines = {f: len(f.read_text(encoding="utf-8").splitlines()) for f in files}
    long = [(f"{f.relative_to(root)}:{name}", n) for f in files for name, n in long_functions(f)]
    largest = sorted(((str(f.relative_to(root)), n) for f, n in lines.items()), key=lambda x: -x[1])[:3]
    return {
        "files": len(files),
        "lines": sum(lines.values()),
        "functions": sum(count_functions(f) for f in files),
        "functions_over_50_lines": len(long),
        "longest": sorted(long, key=lambda x: -x[1])[:3],
        "largest": largest,
        "type_ignores": type_ignores(files),
    }


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1])
    figures: dict[str, object] = {part: part_shape(root, part) for part in PARTS}
    figures["tests_type_ignores"] = type_ignores(sorted((root / "tests").rglob("*.py")))
    for part in PARTS:
        shape = figures[part]
        assert isinstance(shape, dict)
        if shape:
            print(f"{part:20} {shape['files']:4} files {shape['lines']:6} lines "
                  f"{shape['functions_over_50_lines']:3} over 50  largest {shape['largest'][0]}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
