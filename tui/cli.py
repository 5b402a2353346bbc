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


class _Formatter(argparse.HelpFormatter):
    """Wraps each line of a description or epilog on its own (the default joins them)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        return "\n".join(
            textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False) if line else ""
            for line in text.splitlines()
        )


def _epilog() -> str:
    """Where the library and the settings come from (shown under every --help)."""
    from tui.core.config import config_path
    from tui.core.paths import HOME_ENV

    return (
        "library folder: --db DIR, else $%s, else `library` in the settings file, else the user data folder\n"
        "settings file:  %s (TOML: library, theme, layout, autosave_delay, first_steps, [keys])"
        % (HOME_ENV, config_path())
    )


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="library folder (default: $PAPERDESK_HOME, else `library` in the settings file, else the user data folder)",
    )
    epilog = _epilog()
    parser = argparse.ArgumentParser(
        prog=PROG,
        parents=[common],
        description="Read, filter and annotate research-paper abstracts in the terminal. "
        "Without a command, opens the app on your library (press ? in the app for every key, "
        "ctrl+p for the command palette).",
        epilog=epilog,
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}", help="print the version and exit")
    sub = parser.add_subparsers(
        dest="command",
        metavar="COMMAND",
        title="commands",
        description="without a command: open the app. `paperdesk COMMAND --help` describes each.",
    )

    def add_parser(name: str, **kwargs):  # type: ignore[no-untyped-def]
        return sub.add_parser(name, epilog=epilog, formatter_class=_Formatter, **kwargs)

    imp = add_parser(
        "import",
        parents=[common],
        help="add papers from lists, BibTeX or JSON files (or folders of them)",
        description="Add papers to the library from plain-text lists (a header line naming the list, "
        "then one abstract per paragraph), BibTeX (.bib), JSON arrays (.json) or JSON Lines (.jsonl); "
        "a folder imports every such file inside. Papers already stored (same id, DOI, title, or a "
        "near-identical abstract) are merged: new fields fill in, notes stay.",
    )
    imp.add_argument("files", nargs="+", metavar="FILE_OR_DIR", help="file(s) or folder(s) to import")
    imp.add_argument(
        "--force",
        action="store_true",
        help="notes exports: take the file's version where the library changed since the export",
    )

    lst = add_parser(
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

    exp = add_parser(
        "export",
        parents=[common],
        help="write papers and notes as Markdown",
        description="Write papers with their notes as Markdown: one document (on stdout without "
        "--out), or one file per paper with YAML front matter (an Obsidian vault). By default "
        "exports every annotated paper; `paperdesk import FOLDER` reads per-paper files back.",
    )
    exp.add_argument("--query", metavar="Q", help="export the papers the filter query Q matches")
    exp.add_argument("--all", action="store_true", help="export every paper, annotated or not")
    exp.add_argument("--out", metavar="PATH", help="file to write (a folder with --per-paper)")
    exp.add_argument("--per-paper", action="store_true", help="one .md file per paper into the --out folder")
    exp.add_argument("--force", action="store_true", help="overwrite existing files")

    rem = add_parser(
        "remove",
        parents=[common],
        help="move papers (a list, a query's matches, or ids) to the library's trash",
        description="Move papers and their annotations to the trash inside the library; `paperdesk "
        "restore` brings the last removal back. Papers carrying notes, a rating or tags are removed "
        "only with --force.",
    )
    rem.add_argument("ids", nargs="*", metavar="ID", help="paper ids (as `paperdesk list` prints them)")
    rem.add_argument("--list", dest="lists", action="append", default=[], metavar="NAME", help="every paper of this list (repeatable)")
    rem.add_argument("--query", "-q", metavar="Q", default=None, help="every paper the filter query Q matches")
    rem.add_argument("--force", action="store_true", help="remove papers that carry notes, a rating or tags too")

    res = add_parser("restore", parents=[common], help="bring back the papers last removed", description="Bring back the last removal from the trash, annotations included.")
    res.add_argument("--all", action="store_true", help="bring back everything in the trash")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"wants a whole number >= 0, not {text!r}")
    return value


def _shown(text: str) -> str:
    """A report line as the terminal may see it: names and titles come from files, so controls show as pictures."""
    from tui.core.render.text import one_line

    return one_line(text)


def _fail(message: str) -> int:
    print(f"{PROG}: {_shown(message)}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _parser().parse_args(argv)
    args.settings, args.config_warnings = _settings()
    if args.command is not None:
        for warning in args.config_warnings:
            print(f"{PROG}: warning: {warning}", file=sys.stderr)
    try:
        if args.command == "import":
            return cmd_import(args)
        if args.command == "list":
            return cmd_list(args)
        if args.command == "export":
            return cmd_export(args)
        if args.command in ("remove", "restore"):
            return cmd_remove(args) if args.command == "remove" else cmd_restore(args)
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


def _settings():  # type: ignore[no-untyped-def]
    """The settings file's values and its warnings (a broken file never stops a command)."""
    from tui.core.config import config_path, load_settings

    return load_settings(config_path())


def _library_dir(args: argparse.Namespace) -> Path:
    """--db, else $PAPERDESK_HOME, else the settings' `library`, else the user data folder."""
    from tui.core.paths import HOME_ENV, library_dir

    override = getattr(args, "db", None)
    settings = getattr(args, "settings", None)
    if not override and not os.environ.get(HOME_ENV) and settings is not None and settings.library:
        override = settings.library
    return library_dir(override)


def _progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr, redrawn in place."""
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\rimporting [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
    sys.stderr.flush()


def cmd_import(args: argparse.Namespace) -> int:
    """Import lists, BibTeX, JSON and notes exports; print what happened, in order."""
    from tui.core.library import import_paths

    progress = _progress_bar if sys.stderr.isatty() else None
    outcome = import_paths(_library_dir(args), args.files, force=args.force, progress=progress)
    for kind, text in outcome.messages:
        if kind == "line":
            print(_shown(text))
        elif kind == "skipped":
            print(f"  skipped {_shown(text)}")
        elif kind == "merged":
            print(f"  {_shown(text)}")
        elif kind == "note":
            print(f"note: {_shown(text)}")
        elif kind == "warning":
            print(f"{PROG}: warning: {_shown(text)}", file=sys.stderr)
        else:
            _fail(text)
    return 1 if outcome.failed else 0


def cmd_list(args: argparse.Namespace) -> int:
    """Print the library for scripts: tab-separated lines or JSON lines, ranked by `--query`."""
    from tui.core.export.json_record import paper_record
    from tui.core.library import Library, papers_matching
    from tui.core.models import shown_title
    from tui.core.render.text import one_line
    from tui.core.search.query import parse_query

    query = parse_query(args.query)  # a malformed query fails before the library opens
    with Library.open(_library_dir(args)) as lib:
        annotations = lib.annotations()
        out = sys.stdout
        papers = papers_matching(lib, query)
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

    from tui.core.config import config_path

    app = PaperdeskApp(
        library_dir=_library_dir(args),
        settings=args.settings,
        config_file=config_path(),
        warnings=args.config_warnings,
    )
    app.run()
    code = _fail(app.startup_error) if app.startup_error else (app.return_code or 0)
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


def cmd_remove(args: argparse.Namespace) -> int:
    """Move the chosen papers to the trash; refuse (exit 1) when they carry annotations and --force is absent."""
    from tui.core.library import Library, remove_papers

    if not (args.ids or args.lists or args.query is not None):
        return _fail("say what to remove: paper ids, --list NAME or --query Q")
    with Library.open(_library_dir(args), seed=False) as lib:
        outcome = remove_papers(lib, lists=args.lists, query=args.query, ids=args.ids, force=args.force)
    if outcome.refused:
        return _fail(outcome.refused)
    print(f"removed {outcome.removed} papers to the trash; `{PROG} restore` brings them back" if outcome.removed else "nothing to remove")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Bring back the last removal (or all) from the trash."""
    from tui.core.library import Library, restore_papers

    with Library.open(_library_dir(args), seed=False) as lib:
        lines = restore_papers(lib, everything=args.all)
    for line in lines or ["the trash is empty"]:
        print(_shown(line))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Markdown on stdout, into a file, or one file per paper into a folder."""
    from tui.core.export.markdown import render_document
    from tui.core.export.writing import write_document, write_per_paper
    from tui.core.library import Library, export_entries

    if args.per_paper and not args.out:
        return _fail("--per-paper needs --out FOLDER")
    with Library.open(_library_dir(args), read_only=True) as lib:
        items = export_entries(lib, query=args.query, everything=args.all)
    if not items:
        print(f"{PROG}: nothing to export", file=sys.stderr)
        return 0
    if args.per_paper:
        written = write_per_paper(args.out, items, force=args.force)
        print(f"wrote {len(written)} files to {args.out}")
    elif args.out:
        path = write_document(args.out, items, force=args.force)
        print(f"wrote {len(items)} papers to {path}")
    else:
        sys.stdout.buffer.write(render_document(items).encode("utf-8"))
        sys.stdout.flush()
    return 0
