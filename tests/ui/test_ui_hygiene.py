"""The UI's house rules, checked: one door into the core, composed parts, public Textual API only."""

from __future__ import annotations

import ast
import io
import re
import tokenize
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
                # One base each: a screen is not assembled from classes sharing its `self` (its parts are objects it makes).
                assert len(node.bases) <= 1, f"{path.relative_to(UI)}: {node.name}{tuple(ast.unparse(b) for b in node.bases)}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr"):
                target = ast.unparse(node.args[0])
                where = f"{path.relative_to(UI)}:{node.lineno}"
                assert target.split(".")[-1] not in ("app", "screen"), f"{where} asks {node.func.id}({target}, …): use the typed part"
        assert 'getattr(self.app, "library"' not in text, path


#: What the UI never imports: the store's internals and the process's memory tuning. The UI asks the use
#: cases beside `tui.core.library` (annotating, resuming, opening, exporting, recovery, removing) instead.
NOT_FOR_THE_UI = ("tui.core.store", "tui.core.memory", "tui.core.collector", "tui.core.heap")


def imported_modules(tree: ast.AST) -> list[tuple[str, int]]:
    """Every module an import statement names, with its line: top-level, inside functions and under TYPE_CHECKING
    alike (`ast.walk` sees them all); `from tui.core import collector` names tui.core.collector."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
            found += [(f"{node.module}.{alias.name}", node.lineno) for alias in node.names]
    return found


def _forbidden(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in NOT_FOR_THE_UI)


def test_the_ui_enters_the_core_through_its_use_cases_only() -> None:
    wrong = [
        f"{path.relative_to(UI)}:{line}: {module}"
        for path in FILES
        for module, line in imported_modules(ast.parse(_source(path)))
        if _forbidden(module)
    ]
    assert wrong == []


def test_the_door_check_sees_lazy_and_type_only_imports() -> None:
    """The parse must catch an import inside a function or under TYPE_CHECKING, or the rule above tests nothing."""
    sample = """
from typing import TYPE_CHECKING
from tui.core import collector
if TYPE_CHECKING:
    from tui.core.store.history import Change
def later():
    import tui.core.memory
    from tui.core.store import session
"""
    named = [module for module, _ in imported_modules(ast.parse(sample)) if _forbidden(module)]
    assert named == [
        "tui.core.collector", "tui.core.store.history", "tui.core.store.history.Change", "tui.core.memory", "tui.core.store", "tui.core.store.session",
    ]


TUI = UI.parent


def _module(path: Path) -> str:
    parts = path.relative_to(TUI.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Every module of tui/ and the modules of tui/ it imports, type-only (TYPE_CHECKING) and lazy imports counted:
    a controller that names its screen only for its type still depends on it."""
    paths = {_module(p): p for p in sorted(TUI.rglob("*.py"))}

    def resolved(name: str) -> str | None:
        while name and name not in paths:  # `from tui.ui.library.screen import LibraryScreen` names the module
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets = {resolved(module) for module, _ in imported_modules(ast.parse(_source(path))) if module.startswith("tui.")}
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`, each as a path that comes back to its start."""
    state: dict[str, int] = {}
    found: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    return found


def test_the_import_graph_of_tui_has_no_circle() -> None:
    """The app imports the screen, the screen its parts, the parts their widgets: nothing imports back up,
    not even for a type (what a part asks of another is a Protocol it declares, or a callable it is given)."""
    assert circles(import_graph()) == []


def test_the_circle_check_sees_a_type_only_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c", "a"]]
    sample = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tui.ui.app import PaperdeskApp\n"
    assert ("tui.ui.app", 3) in imported_modules(ast.parse(sample))


#: The app and the library screen, each with the only module allowed to import it.
ABOVE = {"tui.ui.app": {"tui.cli"}, "tui.ui.library.screen": {"tui.ui.app"}}


def names_from_below(graph: dict[str, set[str]]) -> list[str]:
    """Each import of the app or the library screen by a module below it (a type-only import counts)."""
    return sorted(
        f"{source} imports {target}"
        for source, targets in graph.items()
        for target in targets & set(ABOVE)
        if source not in ABOVE[target]
    )


def test_nothing_below_the_app_names_the_app_or_the_library_screen() -> None:
    """Parts, widgets, dialogs and the palette get what they need when made (or a Protocol of it): the app
    and the screen are imported by what is above them only (the command line, the app)."""
    assert names_from_below(import_graph()) == []


def test_the_below_check_sees_a_type_only_import_of_the_screen() -> None:
    """A controller naming its screen under TYPE_CHECKING, or a package re-exporting it, is caught."""
    sample = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tui.ui.library.screen import LibraryScreen\n"
    assert ("tui.ui.library.screen", 3) in imported_modules(ast.parse(sample))
    graph = {"tui.ui.library.filtering": {"tui.ui.library.screen"}, "tui.ui.library": {"tui.ui.app"}, "tui.ui.app": {"tui.ui.library.screen"}}
    assert names_from_below(graph) == ["tui.ui.library imports tui.ui.app", "tui.ui.library.filtering imports tui.ui.library.screen"]


#: What a performance diary looks like in a docstring or comment: timings, instruction counts, profiler runs,
#: history. The figures belong in benchmarks/ output, the history in git; the code says why.
DIARY = re.compile(r"\b\d[\d.,]*\s?(?:ms|µs|M instructions)\b|\binstructions\b|callgrind|\bused to\b", re.IGNORECASE)


def prose(source: str) -> list[tuple[int, str]]:
    """The comments and docstrings of a module, each with its first line."""
    found = [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline) if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                found.append((body[0].lineno, body[0].value.value))
    return found


def test_docstrings_and_comments_say_why_not_how_fast() -> None:
    diary = [
        f"{path.relative_to(TUI.parent)}:{line}: {match.group()}"
        for path in sorted(TUI.rglob("*.py"))
        for line, text in prose(_source(path))
        if (match := DIARY.search(text))
    ]
    assert diary == []


def test_the_diary_check_reads_comments_and_docstrings_only() -> None:
    sample = '"""Fast: 3 ms."""\nABBREVIATIONS = "mr ms dr"\ndef f():\n    """It used to block."""\n    return 1  # 8 M instructions\n'
    assert [m.group() for _, text in prose(sample) if (m := DIARY.search(text))] == ["8 M instructions", "3 ms", "used to"]
