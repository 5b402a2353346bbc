"""The README's two set-up commands are the ones CI runs: `.ci/run` makes the venv, installs the test extras
and runs the test command the README gives (with ruff and mypy in between, as the README says)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def setup_commands() -> list[str]:
    """The shell blocks under the README's "## Set up"."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Set up", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_the_readme_gives_the_install_and_the_test_command() -> None:
    install, test, *checks = setup_commands()
    assert install == "python3 -m venv .venv && . .venv/bin/activate && pip install . && paperdesk"
    assert test == "python3 -m venv .venv && . .venv/bin/activate && pip install '.[test]' && python -m pytest"
    assert checks == ["ruff check . && mypy"]


def test_ci_runs_the_readmes_test_command() -> None:
    _, test, checks = setup_commands()
    steps = test.split(" && ")
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert " && ".join(steps[:3]) in ci  # the venv and the test extras, in one line as in the README
    assert steps[3] in ci  # the test command itself
    assert all(check in ci for check in checks.split(" && "))
    assert ci.index(steps[3]) > max(ci.index(check) for check in checks.split(" && "))  # lint and types first
