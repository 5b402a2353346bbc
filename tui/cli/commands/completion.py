"""`paperdesk completion`: the shell's completion script, generated from the whole parser by shtab."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from tui.cli.exits import EXIT_OK

#: Shells `paperdesk completion` writes a script for (via shtab).
SHELLS = ("bash", "zsh", "fish")


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `completion` subcommand."""
    comp = make(
        "completion",
        parents=[common],
        help="print a shell completion script (bash, zsh, fish)",
        description="Print the completion script for a shell. Install it once, e.g.\n"
        "bash: paperdesk completion bash > ~/.local/share/bash-completion/completions/paperdesk\n"
        "zsh:  paperdesk completion zsh > ~/.zfunc/_paperdesk  (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)\n"
        "fish: paperdesk completion fish > ~/.config/fish/completions/paperdesk.fish",
    )
    comp.add_argument("shell", choices=SHELLS, help="the shell to complete for")


def run(args: argparse.Namespace) -> int:
    """The script for `args.shell`, from the parser built again once shtab is imported (`tui.cli.options.complete`
    then tags the arguments that take a file or a folder). The parser is `args.build_parser()`, which `tui.cli.main`
    gives: this module is one of the parser's parts, so importing the parser from here would be a circle."""
    import shtab

    sys.stdout.write(shtab.complete(args.build_parser(), shell=args.shell))
    return EXIT_OK
