"""docs/architecture.md names code that exists: every path, module, class, method and function it writes.

The page walks the code function by function; when a name moves or goes, the walk is wrong
without anyone noticing (issue 42 found it naming a removed function). Checked here, from the
page's text and the source (nothing is imported but the dotted `tui.x.y` names):

- every `tui/...` path is a file or folder of the checkout, and every shorter one (`store/lock.py`,
  `library/screen.py`) is one under `tui/` or a part of it;
- every `tui.x.y` name imports (its module) and has its attribute;
- every `Class.name` written in backticks, where a class of that name is defined in `tui/`, has
  `name` on it or on a base class defined in `tui/` (a method, a nested class, a class attribute,
  or `self.name` set in a method);
- every lower-case `module.name` in backticks whose first part is a module or package of `tui/`,
  `tui/core`, `tui/ui`, `tui/ui/library` or `tui/cli` names something defined in that module
  (a function, class, assignment or attribute set anywhere in it) or a module inside that package.
"""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"
#: Where a short dotted name (`library.opened`, `search.query.parse_query`) is looked up, in order.
#: Endings that make a name a data file rather than code.
FILE_ENDINGS = {"json", "md", "tcss", "npy", "pid", "journal", "keys", "toml", "sqlite", "txt", "bib", "ris"}
PACKAGES = ("tui/core", "tui/ui/library", "tui/ui", "tui/cli", "tui/cli/commands", "tui")


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def backticked(text: str) -> list[str]:
    """The leading dotted name of every backtick span (`Annotator.change(highlights=…)` → Annotator.change)."""
    names = []
    for span in re.findall(r"`([^`\n]+)`", text):
        match = re.match(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", span)
        if match:
            names.append(match.group(0))
    return names


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def classes() -> dict[str, list[ast.ClassDef]]:
    """Every class defined in tui/, by name (nested classes too)."""
    found: dict[str, list[ast.ClassDef]] = {}
    for path in sorted((ROOT / "tui").rglob("*.py")):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(node)
    return found


def assigned_names(node: ast.AST) -> set[str]:
    """Names a node's body defines: defs, classes, assignments, and attributes set on `self` or any object."""
    names: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(child.name)
        elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            names.add(child.id)
        elif isinstance(child, ast.Attribute) and isinstance(child.ctx, ast.Store):
            names.add(child.attr)
        elif isinstance(child, ast.alias):
            names.add((child.asname or child.name).split(".")[0])
        elif isinstance(child, ast.arg):
            names.add(child.arg)
    return names


def class_has(name: str, attr: str, seen: frozenset[str] = frozenset()) -> bool:
    """`attr` is defined on a tui class called `name`, or on one of its bases defined in tui/."""
    for node in classes().get(name, []):
        if attr in assigned_names(node):
            return True
        for base in node.bases:
            base_name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None
            if base_name and base_name not in seen and class_has(base_name, attr, seen | {name}):
                return True
    return False


def module_path(parts: list[str], package: str) -> Path | None:
    """The file of the module `parts` names under `package` (a package's __init__.py), if any."""
    base = ROOT / package / Path(*parts)
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    return None


def short_name_problem(name: str) -> str | None:
    """None when a lower-case `module.name` resolves (or is no module of tui), else what is wrong."""
    parts = name.split(".")
    if parts[-1] == "py":  # a file name: `annotating.py`, `store/lock.py` is a path (checked above)
        if any(module_path(parts[:-1], package) for package in PACKAGES):
            return None
        return f"`{name}`: no such module"
    if parts[-1] in FILE_ENDINGS:  # a data file (`group.json`, `.lock.pid`), not code
        return None
    for package in PACKAGES:
        # The longest prefix that is a module under this package; the rest must be defined in it.
        for cut in range(len(parts), 0, -1):
            path = module_path(parts[:cut], package)
            if path is None:
                continue
            rest = parts[cut:]
            if not rest or rest[0] in assigned_names(parsed(path)):
                return None
            if path.name == "__init__.py" and module_path([*parts[:cut], rest[0]], package):
                return None
            break  # a module of this package, without the name: try the next package
    # Only names whose first part is a module of tui/ are checked.
    if any(module_path(parts[:1], package) for package in PACKAGES):
        return f"`{name}`: no such name in the module it starts with"
    return None


def test_every_tui_path_exists() -> None:
    paths = set(re.findall(r"(?<![\w.])tui/[\w/.\-*]*\w/?", page()))
    assert paths, "the page names no path: is the pattern right?"
    missing = sorted(p for p in paths if "*" not in p and not (ROOT / p.rstrip("/")).exists() and not (ROOT / f"{p}.py").exists())
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_every_short_path_exists() -> None:
    """`store/lock.py`, `library/annotating.py`, `tests/ui/...`: under the checkout, `tui/` or one of its parts."""
    paths = set(re.findall(r"(?<![\w./])(?!tui/)[a-z_]+/[\w/]*\w\.(?:py|tcss|md)\b", page()))
    bases = [ROOT / p for p in ("", "tui", *PACKAGES)]
    missing = sorted(p for p in paths if not any((base / p).exists() for base in bases))
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"


def test_every_dotted_tui_name_exists() -> None:
    names = set(re.findall(r"(?<![\w/])tui(?:\.[A-Za-z_]\w*)+", page()))
    missing = []
    for name in sorted(names):
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                obj: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            try:
                for attr in parts[cut:]:
                    obj = getattr(obj, attr)
            except AttributeError:
                if not class_has(parts[cut], parts[cut + 1]) if len(parts) == cut + 2 else True:
                    missing.append(name)
            break
        else:
            missing.append(name)
    assert not missing, f"docs/architecture.md names modules or attributes that do not exist: {missing}"


def test_every_class_attribute_exists() -> None:
    missing = []
    for name in sorted(set(backticked(page()))):
        first, *rest = name.split(".")
        if first[0].isupper() and first in classes() and not class_has(first, rest[0]):
            missing.append(name)
    assert not missing, f"docs/architecture.md names methods or attributes a tui class does not have: {missing}"


def test_every_short_module_name_exists() -> None:
    problems = [p for name in sorted(set(backticked(page()))) if name[0].islower() and (p := short_name_problem(name))]
    assert not problems, "docs/architecture.md names what its module does not hold:\n" + "\n".join(problems)
    # a list shown whole when it fails: pytest cuts long assertion messages


def test_a_stale_name_is_caught() -> None:
    """The checks fail on names that moved in issue 42 (what the page once said)."""
    assert short_name_problem("library.import_paths") is not None
    assert short_name_problem("usecases.imports.import_paths") is None
    assert short_name_problem("search.query.parse_query") is None
    assert not class_has("LibraryScreen", "action_rate")  # routed to the Annotator since issue 42
    assert class_has("Library", "save_annotation")  # on its base, LibraryStore
    assert not (ROOT / "tui/cli_import.py").exists()
    assert not any((ROOT / base / "core/annotating.py").exists() for base in ("", "tui", *PACKAGES))
