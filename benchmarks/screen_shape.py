"""The library screen's shape (issue 42): lines, methods, actions and one-line forwarding actions of screen.py.

Run: python benchmarks/screen_shape.py [path/to/screen.py]. Methods are `LibraryScreen`'s. A forwarder is an
`action_*` method whose body (its docstring aside) is one call, or one `if` guarding one call: the screen
only passing a key on to a part (the issue's count: 29 of 39 actions).
Last line: JSON.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

SCREEN = Path(__file__).resolve().parents[1] / "tui" / "ui" / "library" / "screen.py"


def body_without_docstring(node: ast.FunctionDef) -> list[ast.stmt]:
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def is_call(statement: ast.stmt) -> bool:
    return isinstance(statement, (ast.Expr, ast.Return)) and isinstance(statement.value, ast.Call)


def is_forwarder(node: ast.FunctionDef) -> bool:
    """An action method that is one call (`self.part.method(...)`), or one `if` guarding one call."""
    body = body_without_docstring(node)
    if not node.name.startswith("action_") or len(body) != 1:
        return False
    statement = body[0]
    if isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1:
        statement = statement.body[0]
    return is_call(statement)


def shape(path: Path) -> dict[str, int]:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    methods = [n for c in tree.body if isinstance(c, ast.ClassDef) and c.name == "LibraryScreen" for n in c.body if isinstance(n, ast.FunctionDef)]
    return {
        "lines": len(source.splitlines()),
        "methods": len(methods),
        "actions": sum(m.name.startswith("action_") for m in methods),
        "forwarders": sum(is_forwarder(m) for m in methods),
    }


if __name__ == "__main__":
    figures = shape(Path(sys.argv[1]) if len(sys.argv) > 1 else SCREEN)
    for name, value in figures.items():
        print(f"{name:>10}: {value}")
    print(json.dumps(figures))
