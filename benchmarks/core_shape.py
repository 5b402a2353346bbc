"""The shape of `tui/core`: files, lines, and functions over 50 lines (issue 42's before/after figures).

A function's length is its `def` line to its last line (`ast` end_lineno), decorators and
docstring included; nested functions count on their own as well. The last line is JSON.
Usage: python benchmarks/core_shape.py [FOLDER]  (default: tui/core)
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path


def long_functions(path: Path, over: int = 50) -> list[tuple[str, int]]:
    """`(qualified name, lines)` of each function in `path` longer than `over` lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (child.end_lineno or child.lineno) - child.lineno + 1
                if length > over:
                    found.append((f"{prefix}{child.name}", length))
                walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}{child.name}.")

    walk(tree, "")
    return found


def shape(folder: Path) -> tuple[dict[str, object], list[tuple[str, int]]]:
    """Files and lines under `folder` (and at its root alone), and its long functions, longest first."""
    files = sorted(folder.rglob("*.py"))
    root = [f for f in files if f.parent == folder]
    lines = {f: len(f.read_text(encoding="utf-8").splitlines()) for f in files}
    long = [(f"{f.relative_to(folder)}:{name}", n) for f in files for name, n in long_functions(f)]
    figures: dict[str, object] = {
        "files": len(files),
        "lines": sum(lines.values()),
        "root_files": len(root),
        "root_lines": sum(lines[f] for f in root),
        "largest": sorted(((str(f.relative_to(folder)), n) for f, n in lines.items()), key=lambda x: -x[1])[:5],
        "functions_over_50_lines": len(long),
    }
    return figures, sorted(long, key=lambda x: -x[1])


if __name__ == "__main__":
    figures, long = shape(Path(sys.argv[1] if len(sys.argv) > 1 else "tui/core"))
    for name, n in long:
        print(f"{n:5d}  {name}")
    print(json.dumps(figures))
