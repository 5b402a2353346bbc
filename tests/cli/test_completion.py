"""`paperdesk completion bash|zsh|fish` (shtab) and the exit statuses in --help."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.cli.clirun import run

COMMANDS = ("import", "list", "show", "rate", "status", "tag", "note", "export", "completion")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_gets_a_script_naming_every_command(shell: str, tmp_path) -> None:
    result = run("completion", shell)
    assert result.returncode == 0 and result.stderr == ""
    script = result.stdout
    for command in COMMANDS:
        assert command in script
    assert "--sort" in script and "--format" in script
    exe = shutil.which(shell)
    if exe is None:
        pytest.skip(f"{shell} is not installed here; the script was generated but not parsed")
    path = tmp_path / f"paperdesk.{shell}"
    path.write_text(script)
    check = [exe, "-n", str(path)] if shell != "fish" else [exe, "--no-execute", str(path)]
    assert subprocess.run(check, capture_output=True, text=True).returncode == 0


def test_bash_completes_subcommands_and_sort_orders(tmp_path) -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not installed")
    script = tmp_path / "paperdesk.bash"
    script.write_text(run("completion", "bash").stdout)

    def complete(*words: str) -> set[str]:
        line = " ".join(["paperdesk", *words])
        probe = (
            f"source {script}; COMP_WORDS=(paperdesk {' '.join(words)}); COMP_CWORD={len(words)}; "
            f"COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; _shtab_paperdesk; printf '%s\\n' \"${{COMPREPLY[@]}}\""
        )
        out = subprocess.run([bash, "-c", probe], capture_output=True, text=True)
        return set(out.stdout.split())

    assert {"show", "status"} <= complete("s")
    assert complete("list", "--sort", "r") == {"relevance", "rating", "recent"}
    assert complete("list", "--sort", "f") == {"for-me"}


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = run("completion", "powershell")
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_help_documents_the_exit_statuses() -> None:
    text = " ".join(run("--help").stdout.split())
    assert "0 done; 1 bad input, nothing matched, or nothing came in (an import whose every entry was skipped" in text
    assert "; 2 usage" in text
    assert "3 the library is held by another process (the message names its PID)" in text
    assert "130 interrupted (Ctrl+C) before anything was written" in text
    for command in COMMANDS:
        assert command in text


@pytest.mark.parametrize("command", COMMANDS)
def test_every_new_command_describes_each_option(command: str) -> None:
    from tui.cli import _parser

    result = run(command, "--help")
    assert result.returncode == 0
    text = result.stdout
    assert "exit status:" in text and "PAPERDESK_HOME" in text
    sub = next(a for a in _parser()._actions if a.dest == "command").choices[command]
    for action in sub._actions:
        assert action.help and action.help != "==SUPPRESS==", (command, action.dest)
        for flag in action.option_strings:
            assert flag in text
