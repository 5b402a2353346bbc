"""`paperdesk export`: papers and notes as Markdown (one document, or one file per paper), or citations (BibTeX, CSL-JSON, RIS).

Argument parsing and output only: the papers are chosen by `tui.core.usecases.export.export_entries`,
written by `tui.core.usecases.export`; the citation formats are `tui.core.usecases.cite`'s.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from tui.cli.exits import EXIT_FAIL, EXIT_OK, PROG
from tui.cli.folder import library_folder
from tui.cli.options import complete
from tui.cli.output import fail
from tui.core.words import plural

#: `paperdesk export --format`: markdown, or a citation format (`core.usecases.cite.CITATION_FORMATS`).
EXPORT_FORMATS = ("markdown", "bibtex", "csl-json", "ris")


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `export` subcommand."""
    exp = make(
        "export",
        parents=[common],
        help="write papers and notes as Markdown, BibTeX, CSL-JSON or RIS",
        description="Write papers with their notes as Markdown: one document (on stdout without "
        "--out, or with --out -), or one file per paper with YAML front matter (an Obsidian vault). By default "
        "exports every annotated paper; `paperdesk import FOLDER` reads per-paper files back. "
        "--format bibtex|csl-json|ris writes citations instead, keyed by each paper's citation key: a paper that "
        "came from BibTeX as its source wrote it (every field, braces and accents), any other as a complete entry.",
    )
    exp.add_argument("--format", "-f", choices=EXPORT_FORMATS, default="markdown", help="markdown (default), bibtex, csl-json or ris")
    exp.add_argument("--with-notes", action="store_true", help="bibtex, csl-json, ris: the notes too (annote, note, N1)")
    exp.add_argument("--query", metavar="Q", help="export the papers the filter query Q matches")
    exp.add_argument("--all", action="store_true", help="export every paper, annotated or not")
    out = exp.add_argument("--out", metavar="PATH", help="file to write (a folder with --per-paper); - is standard output")
    complete(out, "FILE")
    exp.add_argument("--per-paper", action="store_true", help="one .md file per paper into the --out folder")
    exp.add_argument("--force", action="store_true", help="overwrite files edited outside paperdesk (and an existing --out file)")


def check(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """--per-paper writes Markdown files into a folder: not to standard output, not in another format (usage errors)."""
    if args.per_paper and args.out == "-":
        parser.error("--per-paper writes files into a folder; it cannot write to standard output (--out -)")
    if args.per_paper and args.format != "markdown":
        parser.error(f"--per-paper writes Markdown files; {args.format} is written as one document")


def run(args: argparse.Namespace) -> int:
    """Markdown on stdout, into a file, or one file per paper into a folder; BibTeX, CSL-JSON or RIS (`export_citations`)."""
    from tui.core.export.markdown import render_document
    from tui.core.library import Library
    from tui.core.store.guard import annotations_readable
    from tui.core.usecases.export import export_entries, write_export

    if args.format != "markdown":
        return export_citations(args, library_folder(args))
    if args.per_paper and not args.out:
        return fail("--per-paper needs --out FOLDER")
    with Library.open(library_folder(args), read_only=True) as lib:
        annotations_readable(lib, "nothing exported")
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


def export_citations(args: argparse.Namespace, folder: Path) -> int:
    """`paperdesk export --format bibtex|csl-json|ris`: the chosen papers as one document (stdout or --out)."""
    from tui.core.library import Library
    from tui.core.store.guard import annotations_readable
    from tui.core.usecases.cite import citation_text
    from tui.core.usecases.export import export_entries, write_export

    with Library.open(folder, read_only=True) as lib:
        annotations_readable(lib, "nothing exported")
        items = export_entries(lib, query=args.query, everything=args.all)
        pairs = [(e.paper, e.annotation) for e in items]
        if not pairs:
            print(f"{PROG}: nothing to export", file=sys.stderr)
            return 1 if args.query is not None else 0
        if args.out and args.out != "-":
            written = write_export(lib, args.out, items, per_paper=False, force=args.force, fmt=args.format, notes=args.with_notes)
            print(f"wrote {plural(written.count)} to {written.path}")
            return 0
        text = citation_text(pairs, args.format, notes=args.with_notes)
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.flush()
    return 0
