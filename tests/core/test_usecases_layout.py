"""Where the core's verbs live (issue 42): one package of use cases, each taking an open `Library`, one guard.

A newcomer looks for `paperdesk remove` in `tui/core/usecases/remove.py`; the
root of `tui/core` keeps only utilities and the library itself; `library.py`
opens a library and adds papers, and holds no verb; the refusal of a held or
read-only library is written once; nothing takes `library: Any`, and the store
calls no hook a subclass overrides. Read from the source with `ast`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tui.core
import tui.core.usecases
from tui.core.library import Library
from tui.core.store.storage import LibraryStore

CORE = Path(tui.core.__file__).parent
TUI = CORE.parent
USECASES = CORE / "usecases"

#: What stays at the root of `tui/core`: the library, and utilities no verb owns.
ROOT = {
    "__init__",
    "collector",  # the cyclic collector paused while long-lived objects are made
    "config",  # the settings file
    "errors",  # one-line errors
    "heap",  # malloc's settings for a large import
    "highlights",  # passages anchored in the abstract
    "library",  # the store opened with its rules, seeded; `add_papers`; the door `opened`
    "list_rename",  # a rename's name rules and redoable steps (the open finishes an interrupted one)
    "migrations",  # an older library brought up to date as it opens
    "paths",  # every filesystem location
    "reading_cursor",  # sentences and words of the abstract
    "records",  # `FieldRecord`
    "stats",  # reading statistics
    "words",  # counts in words
}

#: The verbs `library.py` held before issue 42, each now in its use case.
VERBS = {
    "import_paths", "add_zotero", "add_ids", "store_fetched", "papers_matching", "search_index", "export_entries", "remove_papers",
    "restore_papers", "rename_list", "sync_vault", "sync_vault_git", "example_lists_note", "library_key", "held_error",
}

#: The use cases that open a folder themselves, only once they have something to write (`library.LibraryFolder`).
LAZY = {"import_paths", "add_ids"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_the_root_of_the_core_holds_only_the_library_and_utilities() -> None:
    assert {p.stem for p in CORE.glob("*.py")} == ROOT


def test_every_use_case_module_is_named_in_the_packages_table() -> None:
    """The package's docstring maps each command to its module: no module is missing from it, none named is gone."""
    doc = tui.core.usecases.__doc__ or ""
    named = set(re.findall(r"\b([a-z_]+)\.py\b", doc))
    assert named == {p.stem for p in USECASES.glob("*.py")} - {"__init__"}


def test_library_py_holds_no_verb_and_imports_no_use_case() -> None:
    tree = _tree(CORE / "library.py")
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert defined & VERBS == set()
    assert not any(m.startswith("tui.core.usecases") for m in imported)


def test_each_verb_lives_in_one_use_case_module() -> None:
    homes: dict[str, list[str]] = {}
    for path in USECASES.glob("*.py"):
        for node in _tree(path).body:
            if isinstance(node, ast.FunctionDef) and node.name in VERBS:
                homes.setdefault(node.name, []).append(path.stem)
    assert set(homes) == VERBS - {"held_error"}  # (the guard is `store.guard.writable`)
    assert all(len(where) == 1 for where in homes.values()), homes


def test_use_cases_take_an_open_library() -> None:
    """A public use case's `library` parameter is a `Library`: the folder-or-library union lives at the edge only
    (`library.opened`), except for the two that open a `LibraryFolder` late on purpose."""
    wrong = []
    for path in USECASES.glob("*.py"):
        for node in ast.walk(_tree(path)):
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                continue
            for arg in node.args.args[:1]:
                if arg.arg != "library":
                    continue
                shown = ast.unparse(arg.annotation) if arg.annotation else ""
                expected = "Library | LibraryFolder" if node.name in LAZY else "Library"
                if shown != expected:
                    wrong.append(f"{path.stem}.{node.name}(library: {shown})")
    assert wrong == []


def test_no_library_parameter_is_typed_any_in_tui() -> None:
    wrong = [
        f"{path.relative_to(TUI)}:{node.lineno}: {arg.arg}"
        for path in TUI.rglob("*.py")
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for arg in [*node.args.args, *node.args.kwonlyargs]
        if arg.arg in ("library", "lib") and arg.annotation is not None and ast.unparse(arg.annotation) in ("Any", "typing.Any")
    ]
    assert wrong == []


def test_the_held_or_read_only_guard_is_written_once() -> None:
    """`LibraryHeld` is made in one place (`store.guard.held_by`); no use case checks `library.held` itself."""
    made = [
        f"{path.relative_to(TUI)}:{node.lineno}"
        for path in TUI.rglob("*.py")
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "LibraryHeld"
    ]
    assert made == ["core/store/guard.py:" + str(_line_of(CORE / "store" / "guard.py", "return LibraryHeld("))]
    checks = [
        f"{path.relative_to(TUI)}:{n}"
        for path in [*USECASES.glob("*.py"), CORE / "library.py", *TUI.glob("cli*.py"), *(TUI / "cli").rglob("*.py")]
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\b(lib|library)\.held\b", line)
    ]
    assert checks == []


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_the_store_calls_no_hook_a_subclass_overrides() -> None:
    """Keys and restores are rules the store is opened with (`KeyGiver`, `RestorePlanner`), not methods `Library`
    overrides: the store's calls are ones mypy and the import graph see."""
    assert not hasattr(LibraryStore, "give_keys")
    overridden = {name for name in vars(Library) if name in vars(LibraryStore) and not name.startswith("__")}
    assert overridden == {"open"}
