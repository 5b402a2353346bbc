"""Citing from the command line and the app: a paper's key changed by the reader, exports in citation formats,
formatted references, and what the app's copy menu offers (`copy_text`).

The writers are `cite`'s; this picks the papers, hands them their
annotations, and keeps the one rule the reader's key edit must follow: a key
another paper holds (in the library or its trash) is refused, so keys stay
one per paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tui.core.errors import LibraryError
from tui.core.library import Library
from tui.core.models import Annotation, Paper, valid_key
from tui.core.render.text import clean, one_line

#: `paperdesk export --format` values besides markdown, each with the suffix its files take.
CITATION_FORMATS = {"bibtex": ".bib", "csl-json": ".json", "ris": ".ris"}
#: What the copy menu offers, in its order: name -> what the menu says.
COPY_FORMATS = {
    "text": "the paper as text",
    "markdown": "its Markdown, with notes",
    "bibtex": "its BibTeX entry",
    "reference": "a formatted reference",
    "key": "its citation key",
}


@dataclass
class KeyEdit:
    """One paper's new key, in the shape `LibraryStore.change_papers` takes."""

    replaced: dict[str, Paper]
    added: list[Paper] = field(default_factory=list)
    removed: set[str] = field(default_factory=set)


def paper_for_key(library: Library, text: str) -> Paper:
    """The paper named by its id (or a unique prefix), its citation key, or a query matching one paper (`usecases.edit.find_one`)."""
    from tui.core.usecases.edit import find_one

    return find_one(library, text)


def papers_to_cite(library: Library, target: str) -> Sequence[Paper]:
    """The papers `paperdesk cite TARGET` cites: the one with that key or id (or unique id start), else every paper the
    query matches (ranked, as the filter box ranks); a malformed query raises its one-line `QueryError`."""
    from tui.core.usecases.edit import by_id_prefix
    from tui.core.usecases.list import papers_matching

    wanted = target.strip().casefold()
    by_key = [p for p in library.papers if p.citekey.casefold() == wanted]
    if len(by_key) == 1:
        return by_key
    by_id = by_id_prefix(library, target)
    if len(by_id) == 1:
        return by_id
    return papers_matching(library, target) if target.strip() else []


def set_key(library: Library, target: str, new: str) -> str:
    """Give the paper `target` names the key `new` (`paperdesk key ID NEWKEY`); return the line to print.

    Stored in papers.json in one atomic write; kept from then on like any key
    (a merge, a re-import, a list rename and a restore keep it). A key that
    BibTeX cannot read, or that another paper holds (here or in the trash),
    raises `LibraryError` (one line) and nothing is written.
    """
    from tui.core.cite.keys import KeyBook

    paper = paper_for_key(library, target)
    new = new.strip()
    if not valid_key(new):
        raise LibraryError(
            f"{one_line(new)!r} cannot be a citation key (1-100 characters, no spaces, commas, braces, quotes, = # % ~, backslash or control character)"
        )
    if new == paper.citekey:
        return f"{paper.id}  key already {new}"
    holder = KeyBook.of(library.papers, library.trashed_keys()).holder(new)
    if holder is not None and holder != paper.id:
        other = library.get(holder)
        where = "a paper in the trash" if other is None else f"paper {holder} ({_short(other.shown_title)})"
        raise LibraryError(f"{new}: {where} holds this key; nothing changed")
    old = paper.citekey
    library.change_papers(lambda papers: KeyEdit({paper.id: paper.with_changes(citekey=new)}))
    return f"{paper.id}  key {old or '(none)'} → {new}"


def _short(title: str, width: int = 50) -> str:
    """A title in one line, cut to `width` characters (a message naming the paper that holds a key)."""
    line = one_line(title)
    return line if len(line) <= width else line[: width - 1] + "…"


def citation_text(pairs: Sequence[tuple[Paper, Annotation | None]], fmt: str, *, notes: bool = False) -> str:
    """`pairs` (papers with their annotations) as a BibTeX, CSL-JSON or RIS document; `notes`: the reader's notes too."""
    if fmt == "bibtex":
        from tui.core.cite.bibtex_out import bibtex_text

        return bibtex_text(pairs, notes=notes)
    from tui.core.cite.record import citable

    items = [citable(p, a, notes=notes) for p, a in pairs]
    if fmt == "csl-json":
        from tui.core.cite.csl_out import csl_json

        return csl_json(items)
    if fmt == "ris":
        from tui.core.cite.ris_out import ris_text

        return ris_text(items)
    raise ValueError(f"{fmt}: not a citation format ({', '.join(CITATION_FORMATS)})")


def formatted_references(pairs: Sequence[tuple[Paper, Annotation | None]], style: str, output: str = "text") -> list[str]:
    """One reference per paper in the CSL `style` (`cite.references`); `StyleError` (one line) for an unknown style."""
    from tui.core.cite.record import citable
    from tui.core.cite.references import references

    return references([citable(p, a) for p, a in pairs], style, output)


def copy_text(paper: Paper, annotation: Annotation | None, name: str, style: str = "apa") -> str:
    """What the copy menu's entry `name` (`COPY_FORMATS`) puts on the clipboard, without a terminal control (the app
    may send it as OSC 52 through the terminal); each made only when chosen (a reference loads citeproc, a tenth of a
    second)."""
    return clean(_copy_text(paper, annotation, name, style))


def _copy_text(paper: Paper, annotation: Annotation | None, name: str, style: str) -> str:
    from tui.core.export.markdown import Entry, paper_section, plain_summary

    annotation = annotation or Annotation(paper.id)
    if name == "text":
        return plain_summary(Entry(paper, annotation))
    if name == "markdown":
        return paper_section(Entry(paper, annotation))
    if name == "bibtex":
        from tui.core.cite.bibtex_out import bibtex_entry

        return bibtex_entry(paper, annotation)
    if name == "reference":
        return formatted_references([(paper, annotation)], style)[0]
    if name == "key":
        return paper.citekey if valid_key(paper.citekey) else ""
    raise ValueError(f"{name}: not a copy format ({', '.join(COPY_FORMATS)})")


def copy_formats(paper: Paper, annotation: Annotation | None = None, style: str = "apa") -> dict[str, str]:
    """Every copy-menu text of `paper` at once, by `COPY_FORMATS` name (for a menu that shows them all)."""
    return {name: copy_text(paper, annotation, name, style) for name in COPY_FORMATS}


def style_warning(style: str, source: str) -> str | None:
    """The settings' `cite_style` checked against the styles there are: a warning line in the settings file's
    shape (`source: cite_style: why; using the default`), or None when it can be used.

    The settings file only checks the name's shape (`tui.core.config` knows nothing of the cite package); a
    well-formed name no style has, or a .csl file that is not there, is found here, so the app's settings
    notice lists it with the others instead of the copy menu failing later.
    """
    if style.strip().casefold() in ("", "apa"):
        return None  # the default, always there: no style lookup on the way to the first frame
    from tui.core.cite.references import StyleError, style_path

    try:
        style_path(style)
    except StyleError as exc:
        return f"{source}: cite_style: {exc}; using the default"
    return None
