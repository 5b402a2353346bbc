"""The `paperdesk` command's arguments: the parser, its help texts, exit statuses, and value checks."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tui import __version__
from tui.cli_cite import EXPORT_FORMATS
from tui.cli_cite import QUERY_COMMANDS as CITE_QUERY_COMMANDS
from tui.cli_status import EXIT_FAIL, EXIT_HELD, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, PROG
from tui.core.models import Status
from tui.core.search.sorts import SORT_NAMES, SORTS

#: `paperdesk list --format`: tab-separated lines, JSON lines, or ids only.
LIST_FORMATS = ("tsv", "json", "ids")
#: `paperdesk import --format`: force one reader instead of the extension or content.
IMPORT_FORMATS = ("list", "bibtex", "json", "jsonl", "csl", "ris")
#: Commands whose first positional may be a filter query, with their options that take a value
#: (and the values they accept): `cli_queries` lets such a query start with `-`.
QUERY_COMMANDS: dict[str, dict[str, tuple[str, ...] | None]] = {"show": {}, **CITE_QUERY_COMMANDS}
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
        f"library folder: --db DIR, else ${HOME_ENV}, else `library` in the settings file, else the user data folder\n"
        f"settings file:  {config_path()} (TOML: library, theme, layout, autosave_delay, first_steps, vault, [keys], "
        "arxiv_api, openreview_api, crossref_api, arxiv_delay, citekey_pattern, cite_style, group_tags, group_discuss, "
        "group_triage, group_column)\n"
        f"exit status:    {EXIT_OK} done; {EXIT_FAIL} bad input, nothing matched, or nothing came in (an import whose every entry was "
        f"skipped, a fetch that found nothing); {EXIT_USAGE} usage (a bad option or argument); "
        f"{EXIT_HELD} the library is held by another process (the message names its PID); "
        f"{EXIT_INTERRUPTED} interrupted (Ctrl+C) before anything was written"
    )


def _complete(action: argparse.Action, kind: str) -> None:
    """Tag an argument with shtab's completion kind ("FILE", "DIRECTORY") when a completion script is
    being generated (`cmd_completion` imports shtab first): importing shtab on every command would
    pull importlib.metadata and logging into each one, a large part of a quick `paperdesk list`."""
    shtab = sys.modules.get("shtab")
    if shtab is not None:
        action.complete = getattr(shtab, kind)  # type: ignore[attr-defined]  # shtab's API: an attribute argparse does not declare


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: global options and one subparser per command."""
    common = argparse.ArgumentParser(add_help=False)
    db = common.add_argument(
        "--db",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="library folder (default: $PAPERDESK_HOME, else `library` in the settings file, else the user data folder)",
    )
    _complete(db, "DIRECTORY")
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

    def add_parser(name: str, subparsers: Any = sub, **kwargs: Any) -> argparse.ArgumentParser:
        """A subcommand of `subparsers` (the commands, or a command's own actions) with the shared epilog and layout."""
        return subparsers.add_parser(name, epilog=epilog, formatter_class=_Formatter, **kwargs)

    imp = add_parser(
        "import",
        parents=[common],
        help="add papers from lists, BibTeX, JSON, CSL-JSON or RIS files (or folders of them, or - for standard input)",
        description="Add papers to the library from plain-text lists (a header line naming the list, "
        "then one abstract per paragraph), BibTeX (.bib), JSON arrays (.json) or JSON Lines (.jsonl), "
        "CSL-JSON (Zotero, Mendeley, Better BibTeX exports; .json or .csljson) or RIS (.ris); "
        "a folder imports every such file inside, and - reads standard input (its format is told from "
        "its content). Papers already stored (same id, DOI, title, or a near-identical abstract) are "
        "merged: new fields fill in, notes stay.",
    )
    files = imp.add_argument(
        "files", nargs="*", metavar="FILE_OR_DIR", help="file(s) or folder(s) to import (a zotero.sqlite too); - reads standard input"
    )
    _complete(files, "FILE")
    imp.add_argument(
        "--format",
        choices=IMPORT_FORMATS,
        default=None,
        help="read every input as this format, whatever its extension or content",
    )
    imp.add_argument(
        "--list",
        dest="list_name",
        metavar="NAME",
        default=None,
        help="put the papers in the list NAME, whatever the files call it (default: a list's header line, "
        "else the file's name; for -, Imported unless its first line names a list)",  # ingest.parsed.STDIN_LIST
    )
    imp.add_argument(
        "--force",
        action="store_true",
        help="notes exports: take the file's version where the library changed since the export",
    )
    imp.add_argument(
        "--zotero",
        action="store_true",
        help="import the Zotero library in the default data folder (~/Zotero, or the dataDir in Zotero's prefs); "
        "Zotero's files are read from a copy, never written",
    )
    imp.add_argument("--zotero-automatic-tags", action="store_true", default=None, help="Zotero: bring automatic tags too (setting zotero_automatic_tags)")
    imp.add_argument("--zotero-groups", action="store_true", default=None, help="Zotero: read group libraries too (setting zotero_groups)")

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
    show.add_argument("target", metavar="ID_OR_QUERY", help="a paper id (or its unique start), its citation key, or a filter query")
    show.add_argument("--json", action="store_true", help="print the paper as one JSON object (list --json's fields)")

    rel = add_parser(
        "related",
        parents=[common],
        help="print the papers most like one paper",
        description="Print the papers most like one (the app's m): BM25 over title and abstract, with your tags "
        "and notes as a boost. One line per paper: id, title and the words it shares with the paper, best first.",
    )
    rel.add_argument("id", metavar="ID", help="the paper's id, or a unique start of it (the first column of `paperdesk list`)")
    rel.add_argument("--json", action="store_true", help="one JSON object per line: id, title, list, score, terms")
    rel.add_argument("--limit", "-n", metavar="N", type=_positive_int, default=10, help="print at most N papers (default: 10)")

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
    _complete(out, "FILE")
    exp.add_argument("--per-paper", action="store_true", help="one .md file per paper into the --out folder")
    exp.add_argument("--force", action="store_true", help="overwrite files edited outside paperdesk (and an existing --out file)")

    syn = add_parser(
        "sync",
        parents=[common],
        help="keep a folder of per-paper notes (an Obsidian vault) in step, both ways",
        description="Two-way sync with a folder of per-paper Markdown files: edits made in the vault "
        "come into the library, the library's changes and new annotated papers go out. A note changed "
        "on both sides since the last sync is a conflict: neither side is overwritten, the library's "
        "side is written beside the file as NAME.conflict-DATE.md; make NAME.md what you want and "
        "delete the conflict file, and the next sync takes NAME.md. Exits 1 while a conflict is open.",
    )
    vault = syn.add_argument("vault", metavar="VAULT", help="the folder of notes (created if missing)")
    _complete(vault, "DIRECTORY")
    syn.add_argument("--git", action="store_true", help="the vault is a git work tree: pull (rebase), sync, commit, push")

    rem = add_parser(
        "remove",
        parents=[common],
        help="move papers (a list, a query's matches, or ids) to the library's trash",
        description="Move papers and their annotations to the trash inside the library; `paperdesk "
        "restore` brings the last removal back. Papers carrying notes, highlights, a rating or tags are removed "
        "only with --force.",
    )
    rem.add_argument("ids", nargs="*", metavar="ID", help="paper ids (as `paperdesk list` prints them)")
    rem.add_argument("--list", dest="lists", action="append", default=[], metavar="NAME", help="every paper of this list (repeatable)")
    rem.add_argument("--query", "-q", metavar="Q", default=None, help="every paper the filter query Q matches")
    rem.add_argument("--force", action="store_true", help="remove papers that carry notes, highlights, a rating or tags too")
    ren = add_parser(
        "rename-list",
        parents=[common],
        help="give a list another (e.g. shorter) name",
        description="Rename a list: `paperdesk rename-list \"ICML 2025 Papers\" ICML-en`. OLD is the list's name "
        "or a part of it only that list holds. Annotations stay with their papers, and saved views that filter "
        "by the old name (list:...) are rewritten.",
    )
    ren.add_argument("old", metavar="OLD", help="the list's name, or a part of it only that list holds")
    ren.add_argument("new", metavar="NEW", help="the new name")
    res = add_parser(
        "restore", parents=[common], help="bring back the papers last removed", description="Bring back the last removal from the trash, annotations included."
    )
    res.add_argument("--all", action="store_true", help="bring back everything in the trash")

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

    from tui.cli_backups import add_parsers as add_backups
    from tui.cli_cite import add_parsers as add_cite
    from tui.cli_fetch import add_parsers
    from tui.cli_group import add_parsers as add_group

    add_parsers(add_parser, common)
    add_backups(add_parser, common)
    add_cite(add_parser, common)
    add_group(add_parser, common)
    return parser


def _rating(text: str) -> int:
    if text.strip() not in {str(n) for n in range(6)}:
        raise argparse.ArgumentTypeError(f"a rating is 0 (none) to 5, not {text!r}")
    return int(text)


def _status(text: str) -> Status:
    from tui.core.usecases.edit import parse_status

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


def split_db(args: argparse.Namespace) -> None:
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
