"""The command line is one package with one convention (issue 42): no `tui/cli_*.py` at the root, and every
command module adds its own parsers and runs its command (`tui/cli/commands/__init__.py` says how)."""

from __future__ import annotations

import argparse
import ast
import inspect
from pathlib import Path
from types import ModuleType, SimpleNamespace

import tui
from tui.cli.commands import COMMANDS, MODULES, Command

TUI = Path(tui.__file__).parent
CLI = TUI / "cli"
COMMANDS_DIR = CLI / "commands"

#: The convention's functions and their parameters; `check` is the one a module may leave out.
REQUIRED = {"add_parsers": ["make", "common"], "run": ["args"]}
OPTIONAL = {"check": ["args", "parser"]}


def convention_breaks(module: ModuleType | SimpleNamespace, name: str) -> list[str]:
    """What `module` lacks of the convention, or has in another shape (empty when it follows it)."""
    wrong = []
    for function, params in {**REQUIRED, **OPTIONAL}.items():
        found = getattr(module, function, None)
        if found is None:
            if function in REQUIRED:
                wrong.append(f"{name} has no {function}")
        elif not callable(found) or list(inspect.signature(found).parameters) != params:
            wrong.append(f"{name}.{function} does not take ({', '.join(params)})")
    return wrong


def command_modules_on_disk() -> list[str]:
    return sorted(p.stem for p in COMMANDS_DIR.glob("*.py") if p.stem != "__init__")


def test_no_cli_module_is_left_at_the_root_of_tui() -> None:
    assert sorted(p.name for p in TUI.glob("cli*.py")) == []
    assert (CLI / "__init__.py").is_file()


def test_every_command_module_adds_its_parsers_and_runs() -> None:
    assert command_modules_on_disk() == sorted(m.__name__.rpartition(".")[2] for m in MODULES)  # none on disk left out
    assert [wrong for m in MODULES for wrong in convention_breaks(m, m.__name__)] == []


def test_the_convention_check_sees_a_module_that_breaks_it() -> None:
    def run(args: argparse.Namespace, folder: Path) -> int:
        return 0

    def check(args: argparse.Namespace) -> None:
        return None

    assert convention_breaks(SimpleNamespace(run=run, check=check), "sample") == [
        "sample has no add_parsers", "sample.run does not take (args)", "sample.check does not take (args, parser)",
    ]


def _names_added_by(module: Command) -> list[str]:
    """The commands `module.add_parsers` adds, made on a parser of their own."""
    sub = argparse.ArgumentParser(add_help=False).add_subparsers(dest="command")
    module.add_parsers(lambda name, subparsers=sub, **kwargs: subparsers.add_parser(name, **kwargs), argparse.ArgumentParser(add_help=False))
    return list(sub.choices)


def test_each_command_is_run_by_the_module_that_adds_its_parser_in_the_order_help_lists_them() -> None:
    from tui.cli import _parser

    owners = {name: module for module in MODULES for name in _names_added_by(module)}
    assert owners == COMMANDS
    listed = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert list(listed) == list(COMMANDS)


def _tui_imports(path: Path) -> set[str]:
    """The tui modules `path` imports, at the top, inside functions or for types only."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tui."):
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("tui.")}
    return found


def test_commands_never_import_each_other_and_helpers_are_no_commands() -> None:
    """What two commands share lives beside the package (tui/cli/*.py), which holds no command itself."""
    prefix = "tui.cli.commands."
    crossing = sorted(
        f"{path.stem} imports {name}"
        for path in COMMANDS_DIR.glob("*.py")
        if path.stem != "__init__"
        for name in _tui_imports(path)
        if name.startswith(prefix) and name != prefix + path.stem
    )
    assert crossing == []
    helpers = [p for p in CLI.glob("*.py") if p.stem != "__init__"]
    assert helpers  # the check looks at real files
    defining = sorted(
        f"{path.name} defines {node.name}"
        for path in helpers
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name in {*REQUIRED, *OPTIONAL}
    )
    assert defining == []
