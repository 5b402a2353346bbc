"""`paperdesk related`: the papers most like one, best first, with the words they share (tsv or JSON lines)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from tui.cli.exits import EXIT_FAIL, EXIT_OK, PROG
from tui.cli.folder import library_folder
from tui.cli.options import PAPER_ID_HELP, positive_int
from tui.cli.output import damage_said, shown

if TYPE_CHECKING:
    from tui.core.library import Library


def add_parsers(make: Callable[..., argparse.ArgumentParser], common: argparse.ArgumentParser) -> None:
    """The `related` subcommand."""
    rel = make(
        "related",
        parents=[common],
        help="print the papers most like one paper",
        description="Print the papers most like one (the app's m): BM25 over title and abstract, with your tags "
        "and notes as a boost, re-ordered by meaning (the library's own LSA) and by what you rated. One line per "
        "paper: id, title and the words it shares with the paper, best first.",
    )
    rel.add_argument("id", metavar="ID", help=PAPER_ID_HELP)
    rel.add_argument("--json", action="store_true", help="one JSON object per line: id, title, list, score, terms")
    rel.add_argument("--limit", "-n", metavar="N", type=positive_int, default=10, help="print at most N papers (default: 10)")


def run(args: argparse.Namespace) -> int:
    """The papers most like one, best first, with the words they share (tsv or JSON lines)."""
    from tui.core.related.index import RelatedIndex
    from tui.core.render.titles import row_title
    from tui.core.usecases.edit import resolve_paper
    from tui.core.usecases.list import search_index
    from tui.core.usecases.rank import RELATED_POOL, labels_now, ranker_of

    with _read_library(args) as lib:
        paper = resolve_paper(lib, args.id)
        annotations = lib.annotations()
        # Built on the search index saved beside the library (loaded, not rebuilt, when papers.json is unchanged).
        index = search_index(lib)
        pool = RelatedIndex(index, annotations).similar(paper.id, args.limit * RELATED_POOL)
        labels = labels_now(index.papers, annotations, args.settings.for_me_tag, lib.follows())
        found = ranker_of(lib).reorder(index.position[paper.id], pool, labels)[: args.limit] if pool else []
        damaged = damage_said(lib, "found without the reader's notes and titles")
    for item in found:
        other = item.paper
        title = row_title(other, annotations.get(other.id))
        if args.json:
            record = {"id": other.id, "title": title, "list": other.list, "score": round(item.score, 3), "terms": list(item.terms)}
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(f"{other.id}\t{shown(title)}\t{shown(', '.join(item.terms))}\n")
    if not found and args.limit:
        print(f"{PROG}: no other paper shares this paper's key words", file=sys.stderr)
    return EXIT_FAIL if damaged else EXIT_OK


def _read_library(args: argparse.Namespace) -> Library:
    """The library of `args`, opened read-only (the command only reads)."""
    from tui.core.library import Library

    return Library.open(library_folder(args), read_only=True)
