"""`paperdesk open`: a paper's page, or its PDF, in the browser (the app's `o`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.cli.exits import EXIT_FAIL, EXIT_OK
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `open` subcommand."""
    opener = make(
        "open",
        parents=[common],
        help="open a paper's page (or --pdf its PDF) in the browser",
        description="Open a paper's page, or with --pdf its PDF (the list's pdf link, PMLR's and OpenReview's PDFs, "
        "arXiv's /pdf/), in the browser; only http(s) links. Prints the link; where no browser can start, only prints "
        "it. Exit 1 when the paper has no such link.",
    )
    opener.add_argument("id", metavar="ID", help=PAPER_ID_HELP)
    opener.add_argument("--pdf", action="store_true", help="the PDF rather than the page")
    opener.add_argument("--print", action="store_true", dest="print_only", help="print the link, open nothing")


def run(args: argparse.Namespace) -> int:
    """Print the link and open it; exit 1 (one line) when there is none."""
    import sys

    from tui.core.library import Library
    from tui.core.usecases.edit import find_one
    from tui.core.usecases.open import link_targets

    with Library.open(library_folder(args), read_only=True) as lib:
        paper = find_one(lib, args.id)
    page, pdf = link_targets(paper)
    link = pdf if args.pdf else page
    if not link:
        print(f"{paper.id}: no web (http/https) {'PDF' if args.pdf else 'link'} to open", file=sys.stderr)
        return EXIT_FAIL
    print(link)
    if not args.print_only and not _browse(link):
        print("no graphical browser here: the link is printed above", file=sys.stderr)
    return EXIT_OK


def _browse(link: str) -> bool:
    """Open `link` in a graphical browser; False when there is none (a console browser would take the terminal)."""
    import sys
    import webbrowser

    try:
        controller = webbrowser.get()
    except webbrowser.Error:
        return False
    if sys.platform not in ("darwin", "win32") and type(controller) is webbrowser.GenericBrowser:
        return False
    try:
        return bool(controller.open(link))
    except Exception:
        return False
