"""The `paperdesk` command: subcommands call the core; no subcommand launches the app.

`main` reads the command line with the parser the command modules build (`tui.cli.commands`,
`tui.cli.parser`), runs the command's module, and turns the core's errors into one line and an
exit status; without a command it launches the app (`cmd_app`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tui.cli.exits import EXIT_FAIL, EXIT_HELD, EXIT_INTERRUPTED, EXIT_OK, PROG
from tui.cli.folder import library_folder
from tui.cli.output import fail, shown
from tui.core import collector
from tui.core.errors import LibraryHeld, NotFound, PaperdeskError

if TYPE_CHECKING:
    import argparse

    from tui.core.config import Settings


def _parser() -> argparse.ArgumentParser:
    """The command line's parser (`tui.cli.parser`: argparse loads only when a command line is read)."""
    from tui.cli.parser import build_parser

    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see `EXIT_*`)."""
    # paperdesk multiplies no matrices: starting numpy's BLAS threads would only cost each start CPU.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from tui.cli.commands import COMMANDS, QUERY_COMMANDS
    from tui.cli.dash_queries import query_argv

    parser = _parser()
    args = parser.parse_args(query_argv(sys.argv[1:] if argv is None else argv, QUERY_COMMANDS))
    command = COMMANDS[args.command] if args.command is not None else None
    check = getattr(command, "check", None)  # what argparse cannot check alone (`tui.cli.commands`)
    if check is not None:
        check(args, parser)
    args.settings, args.config_warnings = _settings()
    args.build_parser = _parser  # `completion` writes the whole parser, of which it is one part
    if args.command is not None:
        for warning in args.config_warnings:
            print(f"{PROG}: warning: {warning}", file=sys.stderr)
    try:
        status = command.run(args) if command is not None else cmd_app(args)
        sys.stdout.flush()  # inside the try: a reader gone away shows here, not at exit
        return status
    except LibraryHeld as exc:
        fail(str(exc))
        return EXIT_HELD
    except NotFound as exc:
        fail(str(exc))
        for line in exc.candidates:
            print(f"  {shown(line)}", file=sys.stderr)
        return EXIT_FAIL
    except PaperdeskError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # `paperdesk list | head`: the reader went away; that is not an error. Point stdout at
        # /dev/null so the interpreter's last flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


def _settings() -> tuple[Settings, list[str]]:
    """The settings file's values and its warnings (a broken file never stops a command)."""
    from tui.core.config import config_path, load_settings

    return load_settings(config_path())


def cmd_app(args: argparse.Namespace) -> int:
    """Launch the full-screen app (a large library loads after the first paint)."""
    # Importing the app makes tens of thousands of objects that live as long as the process and almost no
    # garbage: the cyclic collector would rescan them all through the start. So none while importing, then frozen.
    with collector.paused():
        from tui.ui.app import PaperdeskApp
    from tui.core.config import config_path

    app = PaperdeskApp(
        library_dir=library_folder(args),
        settings=args.settings,
        config_file=config_path(),
        warnings=args.config_warnings,
    )
    app.run()
    for line in app.outside_lines:  # a merge at the close's fold, when the app could no longer show it
        print(f"paperdesk: {shown(line)}", file=sys.stderr)
    code = fail(app.startup_error) if app.startup_error else (app.return_code or 0)
    _leave_now_if_workers_linger(code)
    return code


def _leave_now_if_workers_linger(code: int) -> None:
    """Exit at once when a worker thread is still busy after the app closed.

    The interpreter waits for every worker thread before exiting, so quitting
    (or closing the terminal) while a large library's search index was still
    being built kept the process alive for seconds. The app has saved
    everything and closed the library by now; what the threads compute is
    no longer wanted.
    """
    import threading

    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        os._exit(code)
