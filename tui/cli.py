"""The `paperdesk` command: subcommands call the core; no subcommand launches the app."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

from tui import __version__
from tui.core.errors import LibraryHeld, NotFound, PaperdeskError
from tui.core.models import Status
from tui.core.sorts import SORT_NAMES, SORTS

PROG = "paperdesk"

#: Exit statuses, documented under every --help.
EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_HELD = 0, 1, 2, 3
#: `paperdesk list --format`: tab-separated lines, JSON lines, or ids only.
LIST_FORMATS = ("tsv", "json", "ids")
#: `paperdesk import --format`: force one reader instead of the extension or content.
IMPORT_FORMATS = ("list", "bibtex", "json", "jsonl")
#: Shells `paperdesk completion` writes a script for (via shtab).
SHELLS = ("bash", "zsh", "fish")


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
        "settings file:  %s (TOML: library, theme, layout, autosave_delay, first_steps, [keys])\n"
        "exit status:    %d done; %d bad input or nothing matched; %d usage (a bad option or argument); "
        "%d the library is held by another process (the message names its PID)"
        % (HOME_ENV, config_path(), EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_HELD)
    )


def _parser() -> argparse.ArgumentParser:
    import shtab

    common = argparse.ArgumentParser(add_help=False)
    db = common.add_argument(
        "--db",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="library folder (default: $PAPERDESK_HOME, else `library` in the settings file, else the user data folder)",
    )
    db.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
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
        help="add papers from lists, BibTeX or JSON files (or folders of them, or - for standard input)",
        description="Add papers to the library from plain-text lists (a header line naming the list, "
        "then one abstract per paragraph), BibTeX (.bib), JSON arrays (.json) or JSON Lines (.jsonl); "
        "a folder imports every such file inside, and - reads standard input (its format is told from "
        "its content). Papers already stored (same id, DOI, title, or a near-identical abstract) are "
        "merged: new fields fill in, notes stay.",
    )
    files = imp.add_argument("files", nargs="+", metavar="FILE_OR_DIR", help="file(s) or folder(s) to import; - reads standard input")
    files.complete = shtab.FILE  # type: ignore[attr-defined]
    imp.add_argument(
        "--format",
        choices=IMPORT_FORMATS,
        default=None,
        help="read every input as this format, whatever its extension or content",
    )
    imp.add_argument(
        "--force",
        action="store_true",
        help="notes exports: take the file's version where the library changed since the export",
    )

    lst = add_parser(
        "list",
        parents=[common],
        help="print the library, one paper per line",
        description="Print the library: id, title and list per line (tsv), JSON lines with every field "
        "(json), or ids only (ids). With --query, exits with status 1 when nothing matches.",
    )
    lst.add_argument("--format", "-f", choices=LIST_FORMATS, default="tsv", help="output format (default: tsv)")
    lst.add_argument("--json", dest="format", action="store_const", const="json", help="the same as --format json")
    lst.add_argument(
        "--query",
        "-q",
        metavar="Q",
        default="",
        help='filter and rank as the app\'s filter box does, e.g. \'graph spars rating:>=4 -"survey"\'',
    )
    lst.add_argument(
        "--sort",
        "-s",
        choices=SORTS,
        default=None,
        help="order as the app's sort key does: " + ", ".join(f"{k} ({v})" for k, v in SORT_NAMES.items())
        + "; default: relevance with --query, else list order",
    )
    lst.add_argument("--limit", "-n", metavar="N", type=_positive_int, default=None, help="print at most N papers")

    show = add_parser(
        "show",
        parents=[common],
        help="print one paper as the reading pane shows it",
        description="Print one paper: title, authors, venue, year, links, rating, status with its dates, "
        "tags, the abstract with its LaTeX as Unicode, and the notes. ID_OR_QUERY is an id, a unique "
        "start of one, or a filter query; a query matching several papers lists them and exits with status 1.",
    )
    show.add_argument("target", metavar="ID_OR_QUERY", help="a paper id (or its unique start), or a filter query")
    show.add_argument("--json", action="store_true", help="print the paper as one JSON object (list --json's fields)")

    id_help = "the paper's id, or a unique start of it (the first column of `paperdesk list`)"
    rate = add_parser(
        "rate",
        parents=[common],
        help="rate a paper 1 to 5 stars (0 clears)",
        description="Rate a paper; prints one line saying what changed. The app's undo (u) can take it back.",
    )
    rate.add_argument("id", metavar="ID", help=id_help)
    rate.add_argument("rating", metavar="N", type=_rating, help="0 (no rating) to 5")

    status = add_parser(
        "status",
        parents=[common],
        help="set a paper's reading status",
        description="Set a paper's reading status (a unique start such as `skip` works); the first "
        "`reading` and `read` stamp the day, as in the app. Prints one line saying what changed.",
    )
    status.add_argument("id", metavar="ID", help=id_help)
    status.add_argument("status", metavar="STATUS", type=_status, help=" | ".join(s.value for s in Status))

    tag = add_parser(
        "tag",
        parents=[common],
        help="add (+tag) and remove (-tag) tags",
        description="Add and remove a paper's tags: `paperdesk tag ID +llm -draft` adds llm and removes "
        "draft (a tag without a sign is added). Prints one line saying what changed.",
    )
    tag.add_argument("id", metavar="ID", help=id_help)
    tag.add_argument("edits", nargs=argparse.REMAINDER, metavar="+TAG|-TAG", help="tags to add (+tag) or remove (-tag)")

    note = add_parser(
        "note",
        parents=[common],
        help="append to, replace, or edit a paper's notes",
        description="Change a paper's notes: --append adds a line, --set replaces them, --edit opens "
        "$VISUAL (else $EDITOR, else vi) on them and saves when the editor exits with status 0 (any "
        "other status changes nothing). TEXT - reads standard input. Prints one line saying what changed.",
    )
    note.add_argument("id", metavar="ID", help=id_help)
    how = note.add_mutually_exclusive_group(required=True)
    how.add_argument("--append", "-a", metavar="TEXT", help="add TEXT on a new line at the end of the notes")
    how.add_argument("--set", metavar="TEXT", help="replace the notes with TEXT")
    how.add_argument("--edit", "-e", action="store_true", help="edit the notes in $VISUAL / $EDITOR")

    exp = add_parser(
        "export",
        parents=[common],
        help="write papers and notes as Markdown",
        description="Write papers with their notes as Markdown: one document (on stdout without "
        "--out, or with --out -), or one file per paper with YAML front matter (an Obsidian vault). By default "
        "exports every annotated paper; `paperdesk import FOLDER` reads per-paper files back.",
    )
    exp.add_argument("--query", metavar="Q", help="export the papers the filter query Q matches")
    exp.add_argument("--all", action="store_true", help="export every paper, annotated or not")
    out = exp.add_argument("--out", metavar="PATH", help="file to write (a folder with --per-paper); - is standard output")
    out.complete = shtab.FILE  # type: ignore[attr-defined]
    exp.add_argument("--per-paper", action="store_true", help="one .md file per paper into the --out folder")
    exp.add_argument("--force", action="store_true", help="overwrite existing files")

    comp = add_parser(
        "completion",
        parents=[common],
        help="print a shell completion script (bash, zsh, fish)",
        description="Print the completion script for a shell. Install it once, e.g.\n"
        "bash: paperdesk completion bash > ~/.local/share/bash-completion/completions/paperdesk\n"
        "zsh:  paperdesk completion zsh > ~/.zfunc/_paperdesk  (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)\n"
        "fish: paperdesk completion fish > ~/.config/fish/completions/paperdesk.fish",
    )
    comp.add_argument("shell", choices=SHELLS, help="the shell to complete for")
    return parser


def _rating(text: str) -> int:
    if text.strip() not in {str(n) for n in range(6)}:
        raise argparse.ArgumentTypeError(f"a rating is 0 (none) to 5, not {text!r}")
    return int(text)


def _status(text: str) -> "Status":
    from tui.core.edits import parse_status

    try:
        return parse_status(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    from tui.core.text import one_line

    return one_line(text)


def _fail(message: str) -> int:
    print(f"{PROG}: {_shown(message)}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see `EXIT_*`)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "tag":
        _split_db(args)
    if args.command == "export" and args.per_paper and args.out == "-":
        parser.error("--per-paper writes files into a folder; it cannot write to standard output (--out -)")
    args.settings, args.config_warnings = _settings()
    if args.command is not None:
        for warning in args.config_warnings:
            print(f"{PROG}: warning: {warning}", file=sys.stderr)
    try:
        status = COMMANDS.get(args.command, cmd_app)(args)
        sys.stdout.flush()  # inside the try: a reader gone away shows here, not at exit
        return status
    except LibraryHeld as exc:
        _fail(str(exc))
        return EXIT_HELD
    except NotFound as exc:
        _fail(str(exc))
        for line in exc.candidates:
            print(f"  {_shown(line)}", file=sys.stderr)
        return EXIT_FAIL
    except PaperdeskError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `paperdesk list | head`: the reader went away; that is not an error. Point stdout at
        # /dev/null so the interpreter's last flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


def _split_db(args: argparse.Namespace) -> None:
    """`tag ID -draft --db DIR`: the tag edits swallow every later word, so take `--db` back out."""
    edits, rest = [], list(args.edits)
    while rest:
        word = rest.pop(0)
        if word == "--db" and rest:
            args.db = rest.pop(0)
        elif word.startswith("--db="):
            args.db = word[len("--db="):]
        else:
            edits.append(word)
    args.edits = edits


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


#: Imports with at least this many entries show a progress bar (on a terminal).
PROGRESS_MIN = 1000


def _progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr, redrawn in place."""
    width = 30
    filled = width * done // max(total, 1)
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\rimporting [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
    sys.stderr.flush()


def cmd_import(args: argparse.Namespace) -> int:
    """Parse every file first (- is standard input); open the library only when there is something to add."""
    from tui.core.edits import held_error
    from tui.core.imports import read_imports
    from tui.core.notes_import import is_notes_export
    from tui.core.storage import Library

    notes = [name for name in args.files if name != "-" and is_notes_export(name)]
    status = cmd_import_notes(args, notes) if notes else EXIT_OK
    rest = [name for name in args.files if name not in notes]
    if not rest:
        return status
    parsed, errors = read_imports(rest, args.format, stdin=sys.stdin.buffer.read)
    if parsed:
        total = sum(len(p.papers) for p in parsed)
        progress = _progress_bar if total >= PROGRESS_MIN and sys.stderr.isatty() else None
        with Library.open(_library_dir(args)) as lib:
            if lib.held:
                raise held_error(lib, "nothing imported")
            if lib.read_only:
                errors.append(f"{lib.notice}; nothing imported")
            else:
                for report in lib.add_papers(parsed, progress=progress):
                    for warning in report.warnings:
                        print(f"{PROG}: warning: {_shown(warning)}", file=sys.stderr)
                    print(_shown(report.line()))
                    for reason in report.skipped:
                        print(f"  skipped {_shown(reason)}")
    for error in errors:
        _fail(error)
    return EXIT_FAIL if errors or status else EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """Print the library for scripts (tsv, JSON lines or ids), ranked by `--query`, ordered by `--sort`."""
    from tui.core.query import parse_query
    from tui.core.records import paper_record, shown_title
    from tui.core.storage import Library
    from tui.core.text import one_line

    query = parse_query(args.query)  # a malformed query fails before the library opens
    with Library.open(_library_dir(args)) as lib:
        annotations = lib.annotations()
        out = sys.stdout
        papers = lib.papers
        if not query.is_empty or args.sort not in (None, "list"):
            from tui.core.search import SearchIndex

            papers = SearchIndex(lib.papers, annotations).search(query, args.sort or "relevance")
        if args.limit is not None:
            papers = papers[: args.limit]
        for paper in papers:
            ann = annotations.get(paper.id) or lib.annotation(paper.id)
            if args.format == "json":
                out.write(json.dumps(paper_record(paper, ann), ensure_ascii=False) + "\n")
            elif args.format == "ids":
                out.write(paper.id + "\n")
            else:
                out.write(f"{paper.id}\t{one_line(shown_title(paper, ann))}\t{one_line(paper.list)}\n")
        out.flush()
    if not papers and not query.is_empty and args.limit != 0:
        print(f"{PROG}: no paper matches {_shown(args.query)!r}", file=sys.stderr)
        return EXIT_FAIL
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """One paper as text (or JSON); a query matching several papers lists them (exit 1)."""
    from tui.core.edits import find_one
    from tui.core.paper_text import paper_json, paper_text
    from tui.core.storage import Library

    with Library.open(_library_dir(args), read_only=True) as lib:
        paper = find_one(lib, args.target)
        annotation = lib.annotation(paper.id)
    if args.json:
        sys.stdout.write(json.dumps(paper_json(paper, annotation), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(paper_text(paper, annotation))
    return EXIT_OK


def cmd_rate(args: argparse.Namespace) -> int:
    from tui.core import edits

    with edits.writable(_library_dir(args)) as lib:
        print(edits.rate(lib, args.id, args.rating).line)
    return EXIT_OK


def cmd_status(args: argparse.Namespace) -> int:
    from tui.core import edits

    with edits.writable(_library_dir(args)) as lib:
        print(edits.set_status(lib, args.id, args.status).line)
    return EXIT_OK


def cmd_tag(args: argparse.Namespace) -> int:
    from tui.core import edits

    if not args.edits:
        return _fail("tag: give tags to add (+tag) or remove (-tag)")
    with edits.writable(_library_dir(args)) as lib:
        try:
            print(edits.edit_tags(lib, args.id, args.edits).line)
        except ValueError as exc:
            return _fail(f"tag: {exc}")
    return EXIT_OK


def cmd_note(args: argparse.Namespace) -> int:
    """--append/--set TEXT (- reads standard input), or --edit in $VISUAL/$EDITOR while holding the library."""
    from tui.core import edits
    from tui.core.editor import edit_text

    text = args.append if args.append is not None else args.set
    if text == "-":
        text = sys.stdin.read()
    with edits.writable(_library_dir(args)) as lib:
        if args.edit:
            paper = edits.resolve_id(lib, args.id)
            edited = edit_text(lib.annotation(paper.id).notes)
            print(edits.save_notes(lib, paper, edited).line)
        else:
            print(edits.set_notes(lib, args.id, text, append=args.append is not None).line)
    return EXIT_OK


def cmd_completion(args: argparse.Namespace) -> int:
    """The shell's completion script, generated from the parser by shtab."""
    import shtab

    sys.stdout.write(shtab.complete(_parser(), shell=args.shell))
    return EXIT_OK


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


def cmd_import_notes(args: argparse.Namespace, sources: list[str]) -> int:
    """Restore annotations from per-paper Markdown exports (files or folders)."""
    from tui.core.edits import held_error
    from tui.core.notes_import import import_notes
    from tui.core.storage import Library

    failed = False
    with Library.open(_library_dir(args)) as lib:
        if lib.held:
            raise held_error(lib, "nothing imported")
        if lib.read_only:
            return _fail(f"{lib.notice}; nothing imported")
        for source in sources:
            report = import_notes(lib, source, force=args.force)
            for line in report.lines():
                print(_shown(line))
            for error in report.errors:
                _fail(error)
            failed = failed or bool(report.errors or report.conflicts)
    return 1 if failed else 0


def cmd_export(args: argparse.Namespace) -> int:
    """Markdown on stdout, into a file, or one file per paper into a folder."""
    from tui.core import export
    from tui.core.storage import Library

    if args.per_paper and not args.out:
        return _fail("--per-paper needs --out FOLDER")
    with Library.open(_library_dir(args), read_only=True) as lib:
        if args.query is not None:
            papers = export.papers_matching(lib, args.query)
            items = export.entries(papers, lib.annotation)
        elif args.all:
            items = export.entries(lib.papers, lib.annotation)
        else:
            items = export.annotated_entries(lib.papers, lib.annotations())
    if not items:
        print(f"{PROG}: nothing to export", file=sys.stderr)
        return EXIT_FAIL if args.query is not None else EXIT_OK
    if args.per_paper:
        written = export.write_per_paper(args.out, items, force=args.force)
        print(f"wrote {len(written)} files to {args.out}")
    elif args.out and args.out != "-":
        path = export.write_document(args.out, items, force=args.force)
        print(f"wrote {len(items)} papers to {path}")
    else:
        sys.stdout.buffer.write(export.render_document(items).encode("utf-8"))
        sys.stdout.flush()
    return 0


#: Each subcommand's one call; no command opens the app.
COMMANDS = {
    "import": cmd_import,
    "list": cmd_list,
    "show": cmd_show,
    "rate": cmd_rate,
    "status": cmd_status,
    "tag": cmd_tag,
    "note": cmd_note,
    "export": cmd_export,
    "completion": cmd_completion,
}
