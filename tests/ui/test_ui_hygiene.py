"""The UI's house rules, checked: small files, composed parts, public Textual API only."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "tui" / "ui"
FILES = sorted(UI.rglob("*.py"))


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


#: The exceptions, each checked by tests/ui/test_textual_api.py: the work-around for Textual's
#: CJK-in-toasts bug (textual#6357) replaces a screen's compositor; the terminal parser that reads
#: Esc then a letter in one read (tui/ui/terminal_input.py) subclasses Textual's.
PRIVATE_ALLOWED = {
    "wide_chars.py": ({"textual._compositor", "textual.widgets._toast"}, {"_compositor"}),
    "terminal_input.py": ({"textual._xterm_parser"}, {"_sequence_to_key_events"}),
}


def test_no_private_textual_module_is_imported() -> None:
    for path in FILES:
        allowed = PRIVATE_ALLOWED.get(str(path.relative_to(UI)), (set(), set()))[0]
        for node in ast.walk(ast.parse(_source(path))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            private = [n for n in names if n.startswith("textual") and any(part.startswith("_") for part in n.split(".")) and n not in allowed]
            assert not private, f"{path.relative_to(UI)} imports {private}"


def test_no_private_attribute_of_another_object_is_read() -> None:
    """`obj._name` only on `self`/`cls` (our own state); Textual's private attributes change without notice."""
    for path in FILES:
        allowed = PRIVATE_ALLOWED.get(str(path.relative_to(UI)), (set(), set()))[1]
        for node in ast.walk(ast.parse(_source(path))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") and node.attr not in allowed:
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id == "os" and node.attr == "_exit":
                    continue  # the standard library's documented way to end at once (hangup.py)
                assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), f"{path.relative_to(UI)}:{node.lineno} reads .{node.attr}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ("_suggestion", "_binding_chain", "_notifications"):
                raise AssertionError(f"{path.relative_to(UI)}:{node.lineno} names {node.value!r}")


def test_parts_are_composed_not_mixed_in() -> None:
    for path in FILES:
        text = _source(path)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                assert not node.name.endswith("Mixin"), f"{path.relative_to(UI)}: {node.name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr"):
                target = ast.unparse(node.args[0])
                where = f"{path.relative_to(UI)}:{node.lineno}"
                assert target.split(".")[-1] not in ("app", "screen"), f"{where} asks {node.func.id}({target}, …): use the typed part"
        assert 'getattr(self.app, "library"' not in text, path
