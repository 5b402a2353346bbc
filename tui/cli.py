"""The `paperdesk` command: subcommands call the core; no subcommand launches the app."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

from tui import __version__
from tui.core.errors import PaperdeskError

PROG = "paperdesk"


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="library folder (default: $PAPERDESK_HOME, else the user data folder)",
    )
    parser = argparse.ArgumentParser(
        prog=PROG,
        parents=[common],
        description="Read, filter and annotate research-paper abstracts in the terminal. "
        "Without a command, opens the app on your library.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    imp = sub.add_parser(
        "import",
        parents=[common],
        help="add paper lists to the library",
        description="Add paper lists (a header line naming the list, then one abstract per "
        "paragraph) to the library. Papers already stored are skipped and keep their notes.",
    )
    imp.add_argument("files", nargs="+", metavar="FILE", help="list file(s) to import")

    lst = sub.add_parser(
        "list",
        parents=[common],
        help="print the library, one paper per line",
        description="Print the library: id, title and list per line, or JSON lines with every field.",
    )
    lst.add_argument("--json", action="store_true", help="print one JSON object per paper")
    lst.add_argument(
        "--query",
        "-q",
        metavar="Q",
        default="",
        help='filter and rank as the app\'s filter box does, e.g. \'graph spars rating:>=4 -"survey"\'',
    )
    lst.add_argument("--limit", "-n", metavar="N", type=_positive_int, default=None, help="print at most N papers")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"wants a whole number >= 0, not {text!r}")
    return value


def _fail(message: str) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "import":
            return cmd_import(args)
        if args.command == "list":
            return cmd_list(args)
        return cmd_app(args)
    except PaperdeskError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `paperdesk list | head`: the reader went away; that is not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _library_dir(args: argparse.Namespace) -> Path:
    from tui.core.paths import library_dir

    return library_dir(getattr(args, "db", None))


def cmd_import(args: argparse.Namespace) -> int:
    """Parse every file first; open the library only when there is something to add."""
    from tui.core.lists import read_list_file
    from tui.core.storage import Library

    parsed, errors = [], []
    for name in args.files:
        try:
            parsed.append(read_list_file(name))
        except PaperdeskError as exc:
            errors.append(str(exc))
    if parsed:
        with Library.open(_library_dir(args)) as lib:
            if lib.read_only:
                errors.append(f"{lib.notice}; nothing imported")
            else:
                for report in lib.add_lists(parsed):
                    for warning in report.warnings:
                        print(f"{PROG}: warning: {warning}", file=sys.stderr)
                    print(report.line())
    for error in errors:
        _fail(error)
    return 1 if errors else 0


def cmd_list(args: argparse.Namespace) -> int:
    """Print the library for scripts: tab-separated lines or JSON lines, ranked by `--query`."""
    from tui.core.query import parse_query
    from tui.core.records import paper_record, shown_title
    from tui.core.search import SearchIndex
    from tui.core.storage import Library
    from tui.core.text import one_line

    query = parse_query(args.query)  # a malformed query fails before the library opens
    with Library.open(_library_dir(args)) as lib:
        annotations = lib.annotations()
        out = sys.stdout
        papers = lib.papers if query.is_empty else SearchIndex(lib.papers, annotations).search(query)
        if args.limit is not None:
            papers = papers[: args.limit]
        for paper in papers:
            ann = annotations.get(paper.id) or lib.annotation(paper.id)
            if args.json:
                out.write(json.dumps(paper_record(paper, ann), ensure_ascii=False) + "\n")
            else:
                out.write(f"{paper.id}\t{one_line(shown_title(paper, ann))}\t{one_line(paper.list)}\n")
        out.flush()
    return 0


def cmd_app(args: argparse.Namespace) -> int:
    """Launch the full-screen app; the library loads after the first paint."""
    from tui.ui.app import PaperdeskApp

    app = PaperdeskApp(library_dir=_library_dir(args))
    app.run()
    if app.startup_error:
        return _fail(app.startup_error)
    return app.return_code or 0
