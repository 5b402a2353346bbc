"""`paperdesk --help`, each subcommand's --help and --version; the settings' library path and who wins over it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tui import __version__
from tui.cli import _parser, main
from tui.core.config import config_path


def help_of(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as exit:
        main([*args, "--help"])
    assert exit.value.code == 0
    return capsys.readouterr().out


def test_version(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"paperdesk {__version__}"


@pytest.mark.parametrize("command", ["", "import", "list", "export", "backups"])
def test_every_help_describes_every_option_and_names_config_and_env(capsys, command: str) -> None:
    text = help_of(capsys, *([command] if command else []))
    assert str(config_path()) in " ".join(text.split()) and "PAPERDESK_HOME" in text
    parser = _parser()
    if command:
        parser = next(a for a in parser._actions if a.dest == "command").choices[command]
    for action in parser._actions:
        if action.dest == "command":
            continue
        assert action.help and action.help != "==SUPPRESS==", action.dest
        for flag in action.option_strings:
            assert flag in text


def test_library_path_from_settings_and_what_wins(tmp_path: Path, monkeypatch, capsys) -> None:
    lib = tmp_path / "from-config"
    config = config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'library = "{lib}"\n')
    monkeypatch.delenv("PAPERDESK_HOME")
    assert main(["list", "-n", "1"]) == 0
    assert (lib / "papers.json").exists() or any(lib.iterdir())
    env_lib = tmp_path / "from-env"
    monkeypatch.setenv("PAPERDESK_HOME", str(env_lib))
    main(["list", "-n", "1"])
    assert env_lib.exists()
    db_lib = tmp_path / "from-db"
    main(["list", "-n", "1", "--db", str(db_lib)])
    assert db_lib.exists()
    capsys.readouterr()


def test_a_bad_settings_file_warns_on_stderr_and_the_command_still_runs(tmp_path: Path, capsys) -> None:
    config = config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('layout = "diagonal"\n')
    assert main(["list", "-n", "1", "--db", str(tmp_path / "lib")]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 1
    (warning,) = captured.err.splitlines()
    assert "layout" in warning and str(config) in warning


@pytest.mark.parametrize(
    ("argv", "db"),
    [([], None), (["--db", "/tmp/lib"], "/tmp/lib"), (["--db=/tmp/lib"], "/tmp/lib"), (["--d", "/tmp/lib"], "/tmp/lib"), (["--db", "list"], "list")],
)
def test_no_command_opens_the_app_on_the_library_given(argv: list[str], db: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """`paperdesk` and `paperdesk --db DIR` (an abbreviation, a folder named like a command) launch the app."""
    import tui.cli

    launched: list[argparse.Namespace] = []
    monkeypatch.setattr(tui.cli, "cmd_app", lambda args: launched.append(args) or 0)
    assert main(argv) == 0
    (args,) = launched
    assert args.command is None and getattr(args, "db", None) == db  # no --db: the attribute is left out
