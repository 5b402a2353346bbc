"""The `paperdesk` command: subcommands call the core; no subcommand launches the app."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli_status import EXIT_FAIL, EXIT_HELD, EXIT_INTERRUPTED, EXIT_OK, PROG
from tui.core import collector
from tui.core.errors import LibraryHeld, NotFound, PaperdeskError
from tui.core.words import plural

if TYPE_CHECKING:
    import argparse

    from tui.core.config import Settings
    from tui.core.library import Library
    from tui.core.usecases.group import Sight


def _parser() -> argparse.ArgumentParser:
    """The command line's parser (`tui.cli_args`: argparse loads only when a command line is read)."""
    from tui.cli_args import build_parser

    return build_parser()


def _shown(text: str) -> str:
    """A report line as the terminal may see it: names and titles come from files, so controls show as pictures."""
    from tui.core.render.text import one_line

    return one_line(text)


def _fail(message: str) -> int:
    print(f"{PROG}: {_shown(message)}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see `EXIT_*`)."""
    # paperdesk multiplies no matrices: starting numpy's BLAS threads would only cost each start CPU.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from tui.cli_args import QUERY_COMMANDS
    from tui.cli_queries import query_argv

    parser = _parser()
    args = parser.parse_args(query_argv(sys.argv[1:] if argv is None else argv, QUERY_COMMANDS))
    if args.command == "tag":
        from tui.cli_args import split_db

        split_db(args)
    if args.command == "export" and args.per_paper and args.out == "-":
        parser.error("--per-paper writes files into a folder; it cannot write to standard output (--out -)")
    if args.command == "export" and args.per_paper and args.format != "markdown":
        parser.error(f"--per-paper writes Markdown files; {args.format} is written as one document")
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


def _library_dir(args: argparse.Namespace) -> Path:
    """--db, else $PAPERDESK_HOME, else the settings' `library`, else the user data folder."""
    from tui.core.paths import HOME_ENV, library_dir

    override = getattr(args, "db", None)
    settings = getattr(args, "settings", None)
    if not override and not os.environ.get(HOME_ENV) and settings is not None and settings.library:
        override = settings.library
    return library_dir(override)


def cmd_import(args: argparse.Namespace) -> int:
    """Import files and notes exports; progress, Ctrl+C and the report are `tui.cli_import`'s."""
    from tui.cli_import import cmd_import as run

    return run(args, _library_dir(args))


def cmd_list(args: argparse.Namespace) -> int:
    """Print the library for scripts (tsv, JSON lines or ids), ranked by `--query`, ordered by `--sort`."""
    with collector.paused(freeze=False):  # one read and out: the cyclic collector would only rescan the papers just read
        return _list(args)


def _list(args: argparse.Namespace) -> int:
    from tui.core.library import Library
    from tui.core.render.text import one_line
    from tui.core.render.titles import row_title
    from tui.core.search.query import parse_query
    from tui.core.usecases.list import papers_matching

    query = parse_query(args.query)  # a malformed query fails before the library opens
    with Library.open(_library_dir(args)) as lib:
        annotations = lib.annotations()
        out = sys.stdout
        if args.format == "json":  # highlights and LaTeX: only for the records that carry them
            from tui.core.export.json_record import paper_record
        group = _group(lib, args)
        papers = papers_matching(lib, query, sort=args.sort, group=group)
        if args.limit is not None:
            papers = papers[: args.limit]
        for paper in papers:
            ann = annotations.get(paper.id) or lib.annotation(paper.id)
            if args.format == "json":
                record = paper_record(paper, ann)
                if group is not None:
                    record["group"] = group.record(paper.id, ann)
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            elif args.format == "ids":
                out.write(paper.id + "\n")
            else:
                out.write(f"{paper.id}\t{row_title(paper, ann)}\t{one_line(paper.list)}\n")
        out.flush()
    if not papers and not query.is_empty and args.limit != 0:
        print(f"{PROG}: no paper matches {_shown(args.query)!r}", file=sys.stderr)
        return EXIT_FAIL
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """One paper as text (or JSON); a query matching several papers lists them (exit 1)."""
    from tui.core.export.paper_text import paper_json, paper_text
    from tui.core.library import Library
    from tui.core.usecases.edit import find_one

    with Library.open(_library_dir(args), read_only=True) as lib:
        paper = find_one(lib, args.target)
        annotation = lib.annotation(paper.id)
        group = _group(lib, args)
    if args.json:
        record = paper_json(paper, annotation)
        if group is not None:
            record["group"] = group.record(paper.id, annotation)
        sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(paper_text(paper, annotation))
        if group is not None:
            from tui.cli_group import group_lines

            sys.stdout.write("".join(line + "\n" for line in group_lines(group, paper.id, annotation)))
    return EXIT_OK


def _group(lib: Library, args: argparse.Namespace) -> Sight | None:
    """What the library's reading group says about its papers, when it is in one (read from the clone, no network)."""
    from tui.core.group.state import state_path

    if not state_path(lib.folder).exists():
        return None
    from tui.core.usecases.group import sight

    return sight(lib, args.settings.group_discuss)


def cmd_related(args: argparse.Namespace) -> int:
    """The papers most like one, best first, with the words they share (tsv or JSON lines)."""
    from tui.core.related.index import RelatedIndex
    from tui.core.render.titles import row_title
    from tui.core.usecases.edit import resolve_id
    from tui.core.usecases.list import search_index

    with _read_library(args) as lib:
        paper = resolve_id(lib, args.id)
        annotations = lib.annotations()
        # Built on the search index saved beside the library (loaded, not rebuilt, when papers.json is unchanged).
        found = RelatedIndex(search_index(lib), annotations).similar(paper.id, args.limit)
    for item in found:
        other = item.paper
        title = row_title(other, annotations.get(other.id))
        if args.json:
            record = {"id": other.id, "title": title, "list": other.list, "score": round(item.score, 3), "terms": list(item.terms)}
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(f"{other.id}\t{_shown(title)}\t{_shown(', '.join(item.terms))}\n")
    if not found and args.limit:
        print(f"{PROG}: no other paper shares this paper's key words", file=sys.stderr)
    return EXIT_OK


def _read_library(args: argparse.Namespace) -> Library:
    """The library of `args`, opened read-only (the command only reads)."""
    from tui.core.library import Library

    return Library.open(_library_dir(args), read_only=True)


def cmd_rate(args: argparse.Namespace) -> int:
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    with writable(_library_dir(args)) as lib:
        print(edits.rate(lib, args.id, args.rating).line)
    return EXIT_OK


def cmd_status(args: argparse.Namespace) -> int:
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    with writable(_library_dir(args)) as lib:
        print(edits.set_status(lib, args.id, args.status).line)
    return EXIT_OK


def cmd_tag(args: argparse.Namespace) -> int:
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    if not args.edits:
        return _fail("tag: give tags to add (+tag) or remove (-tag)")
    with writable(_library_dir(args)) as lib:
        try:
            print(edits.edit_tags(lib, args.id, args.edits).line)
        except ValueError as exc:
            return _fail(f"tag: {exc}")
    return EXIT_OK


def cmd_note(args: argparse.Namespace) -> int:
    """--append/--set TEXT (- reads standard input), or --edit in $VISUAL/$EDITOR while holding the library."""
    from tui.cli_editor import edit_text
    from tui.core.library import writable
    from tui.core.usecases import edit as edits

    text = args.append if args.append is not None else args.set
    if text == "-":
        text = sys.stdin.read()
    with writable(_library_dir(args)) as lib:
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
    """Launch the full-screen app (a large library loads after the first paint)."""
    # Importing the app makes tens of thousands of objects that live as long as the process and almost no
    # garbage: the cyclic collector would rescan them all through the start. So none while importing, then frozen.
    with collector.paused():
        from tui.ui.app import PaperdeskApp
    from tui.core.config import config_path

    app = PaperdeskApp(
        library_dir=_library_dir(args),
        settings=args.settings,
        config_file=config_path(),
        warnings=args.config_warnings,
    )
    app.run()
    for line in app.outside_lines:  # a merge at the close's fold, when the app could no longer show it
        print(f"paperdesk: {_shown(line)}", file=sys.stderr)
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


def cmd_export(args: argparse.Namespace) -> int:
    """Markdown on stdout, into a file, or one file per paper into a folder; BibTeX, CSL-JSON or RIS (`tui.cli_cite`)."""
    from tui.core.export.markdown import render_document
    from tui.core.library import Library
    from tui.core.usecases.export import export_entries, write_export

    if args.format != "markdown":
        from tui.cli_cite import export_citations

        return export_citations(args, _library_dir(args))
    if args.per_paper and not args.out:
        return _fail("--per-paper needs --out FOLDER")
    with Library.open(_library_dir(args), read_only=True) as lib:
        items = export_entries(lib, query=args.query, everything=args.all)
    if not items:
        print(f"{PROG}: nothing to export", file=sys.stderr)
        return EXIT_FAIL if args.query is not None else EXIT_OK
    if args.per_paper or (args.out and args.out != "-"):
        written = write_export(lib, args.out, items, per_paper=args.per_paper, force=args.force)
        print(f"wrote {plural(written.count, 'file')} to {args.out}" if written.per_paper else f"wrote {plural(written.count)} to {written.path}")
    else:
        sys.stdout.buffer.write(render_document(items).encode("utf-8"))
        sys.stdout.flush()
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    """Move the chosen papers to the trash; refuse (exit 1) when they carry annotations and --force is absent."""
    from tui.core.library import Library
    from tui.core.usecases.remove import remove_papers

    if not (args.ids or args.lists or args.query is not None):
        return _fail("say what to remove: paper ids, --list NAME or --query Q")
    with Library.open(_library_dir(args), seed=False) as lib:
        outcome = remove_papers(lib, lists=args.lists, query=args.query, ids=args.ids, force=args.force)
    if outcome.refused:
        return _fail(outcome.refused)
    print(f"removed {plural(outcome.removed)} to the trash; `{PROG} restore` brings them back" if outcome.removed else "nothing to remove")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace) -> int:
    """Bring back the last removal (or all) from the trash."""
    from tui.core.library import Library
    from tui.core.usecases.restore import restore_papers

    with Library.open(_library_dir(args), seed=False) as lib:
        lines = restore_papers(lib, everything=args.all)
    for line in lines or ["the trash is empty"]:
        print(_shown(line))
    return EXIT_OK


def cmd_rename_list(args: argparse.Namespace) -> int:
    """Rename a list; print what changed (an unknown or ambiguous OLD is a one-line error)."""
    from tui.core.library import Library
    from tui.core.usecases.rename import rename_list

    with Library.open(_library_dir(args), seed=False) as lib:
        lines = rename_list(lib, args.old, args.new)
    for line in lines:
        print(_shown(line))
    return EXIT_OK


def cmd_sync(args: argparse.Namespace) -> int:
    """Sync the library with a vault (through git with --git); print what happened; 1 while a conflict is open."""
    from tui.core.library import opened
    from tui.core.usecases.sync import sync_vault, sync_vault_git

    with opened(_library_dir(args)) as lib:
        if args.git:
            outcome = sync_vault_git(lib, args.vault)
            lines, conflicts = outcome.lines(), outcome.conflicts
        else:
            report = sync_vault(lib, args.vault)
            lines, conflicts = report.all_lines(), report.conflicts
    for line in lines:
        print(_shown(line))
    return EXIT_FAIL if conflicts else EXIT_OK


def cmd_backups(args: argparse.Namespace) -> int:
    """List the copies of the annotations, restore one, or accept the file as it is (tui/cli_backups.py)."""
    from tui.cli_backups import run

    return run(args, _library_dir(args))


def cmd_cite(args: argparse.Namespace) -> int:
    """Formatted references of papers (tui/cli_cite.py)."""
    from tui.cli_cite import cmd_cite as run

    return run(args, _library_dir(args))


def cmd_key(args: argparse.Namespace) -> int:
    """Print or change a paper's citation key (tui/cli_cite.py)."""
    from tui.cli_cite import cmd_key as run

    return run(args, _library_dir(args))


def cmd_group(args: argparse.Namespace) -> int:
    """A reading group: join, sync, comment, opt in, the members, papers only others have (tui/cli_group.py)."""
    from tui.cli_group import run

    return run(args, _library_dir(args))


def cmd_fetch(args: argparse.Namespace) -> int:
    """`add` and `fetch`: papers from arXiv, OpenReview and Crossref (tui/cli_fetch.py)."""
    from tui.cli_fetch import run

    return run(args, _library_dir(args))


#: Each subcommand's one call; no command opens the app.
COMMANDS = {
    "import": cmd_import,
    "add": cmd_fetch,
    "fetch": cmd_fetch,
    "list": cmd_list,
    "show": cmd_show,
    "related": cmd_related,
    "rate": cmd_rate,
    "status": cmd_status,
    "tag": cmd_tag,
    "note": cmd_note,
    "export": cmd_export,
    "sync": cmd_sync,
    "completion": cmd_completion,
    "remove": cmd_remove,
    "restore": cmd_restore,
    "rename-list": cmd_rename_list,
    "backups": cmd_backups,
    "cite": cmd_cite,
    "key": cmd_key,
    "group": cmd_group,
}
