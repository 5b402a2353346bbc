"""BibTeX out through bibtexparser 2: a paper from BibTeX as its source wrote it, any other paper as a complete entry.

An entry that came from BibTeX is written back with every field and its
spelling (braces, LaTeX accents), completed from the proceedings it came
with (booktitle, year, editors) where it lacked them (`ingest.bibtex_raw`).
Another paper gets an entry of the right type (`kinds`): `inproceedings`
for a conference, `article` for a journal, `misc` with `eprint` and
`archivePrefix` for an arXiv preprint; its text is escaped for LaTeX (plain
text whole, LaTeX text where bare: `latex_escape`) and the words of its title
whose capitals a style must keep ("ADMM", "FlashAttention") are braced.
Every value, from BibTeX or not, leaves balanced the way BibTeX counts
braces and without a terminal control character.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tui.core.cite.kinds import CONFERENCE, JOURNAL, PREPRINT, kind_of
from tui.core.cite.latex_escape import escaped_twice, latex_value, plain_value
from tui.core.cite.names import bibtex_authors
from tui.core.cite.record import citable, citation_key, told_abstract
from tui.core.cite.source import latex_source
from tui.core.ingest.bibtex_raw import TYPE, derived_fields, entry_fields
from tui.core.ingest.identity import arxiv_id
from tui.core.models import Annotation, Paper

_TYPES = {CONFERENCE: "inproceedings", JOURNAL: "article"}
_INNER_CAPITAL = re.compile(r"[A-Za-z0-9][A-Z]")
_WORD = re.compile(r"[^\s{}]+")
#: A word ending in a backslash or a command (`\textbraceleft`, its `{}` after it): a brace there would be read into it.
_OPEN_END = re.compile(r"\\[A-Za-z]*$")
_MATH = re.compile(r"((?<!\\)\$(?:\\.|[^$\\])*\$)", re.S)
#: Fields that hold links and ids, written as they are (a URL's `%` and `#` mean what they say).
_VERBATIM = frozenset({"url", "doi", "eprint"})
#: Fields whose line breaks mean something (paragraphs); every other field is one line.
_PARAGRAPHS = frozenset({"abstract", "annote", "note"})
#: Details of a non-BibTeX source (`record.Citable.details`) -> BibTeX fields.
_DETAILS = {"pages": "pages", "volume": "volume", "issue": "number", "publisher": "publisher", "place": "address"}
#: A field name BibTeX and bibtexparser read as one (a kept field named otherwise is left out).
_FIELD_NAME = re.compile(r"[A-Za-z][\w.:+-]*")


def latex_text(text: str) -> str:
    """LaTeX text from data (not from BibTeX) safe in a BibTeX value: `& % # _ ^` escaped outside math, braces balanced."""
    return latex_value(text, lines=True, escape_bare=True)


def protected_title(title: str) -> str:
    """A title whose words with inner capitals ("ADMM", "GPT-4", "FlashAttention") are braced, math left alone; not a
    word glued to a group before it (`\\textbraceleft{}\\&0A`): the reading pane takes `{}{…}` for a command's arguments."""
    parts = _MATH.split(title)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        out.append(_WORD.sub(lambda m: m.group() if m.string[m.start() - 1 : m.start()] == "}" else _brace(m.group()), part))
    return "".join(out)


def _brace(word: str) -> str:
    core = word.rstrip(".,:;!?")
    if not _INNER_CAPITAL.search(core) or _OPEN_END.search(core):
        return word
    return f"{{{core}}}{word[len(core):]}"


def _our_title(latex: str) -> str:
    """A LaTeX title paperdesk writes itself (not a BibTeX source's field): bare specials escaped, capitals braced."""
    return protected_title(latex_value(latex, escape_bare=True))


def _source_value(name: str, value: str) -> str:
    """A field as a BibTeX source wrote it, made safe (`latex_escape.latex_value`)."""
    return latex_value(value, lines=name in _PARAGRAPHS)


def entry_parts(paper: Paper, annotation: Annotation | None = None, *, notes: bool = False) -> tuple[str, str, dict[str, str]]:
    """(entry type, key, fields) of `paper`'s BibTeX entry; `notes`: the reader's notes as `annote`.

    Every value is safe (`latex_escape`): a field of a BibTeX source as written, LaTeX text (the title and abstract
    of an arXiv paper or a paper list) with its bare specials escaped, plain text (names, venues, notes, the title
    of an RIS or CSL-JSON record) escaped whole."""
    fields = entry_fields(paper)
    if fields:
        entry_type = _entry_type(str(paper.extra[TYPE]))
        if escaped_twice(fields.get("title", ""), paper.title):  # the list's LaTeX title, not its entry's escaped copy
            fields["title"] = _our_title(paper.title)
        fields = {name: _source_value(name, value) for name, value in fields.items() if _FIELD_NAME.fullmatch(name)}
        fields = {name: value for name, value in fields.items() if value}
    else:
        entry_type = _TYPES.get(kind := kind_of(paper), "misc")
        latex = latex_source(paper)
        fields = {}
        for name, value in derived_fields(paper, entry_type).items():
            if name in _VERBATIM:
                fields[name] = latex_value(value)
            elif name == "author":
                fields[name] = bibtex_authors(paper.authors)
            elif name == "title":
                fields[name] = _our_title(value) if latex else protected_title(plain_value(value))
            else:
                fields[name] = plain_value(value)
        if "title" not in fields and (paper.derived_title or (annotation is not None and annotation.title)):
            fields["title"] = protected_title(plain_value(citable(paper, annotation).title))  # derived or renamed: braced too
        if entry_type == "misc" and paper.venue and kind != PREPRINT:
            fields["howpublished"] = plain_value(paper.venue)
        details = citable(paper).details
        for name, field_name in _DETAILS.items():
            if name in details:
                fields.setdefault(field_name, plain_value(details[name]))
        arxiv = arxiv_id(paper)
        if arxiv:
            fields.update(eprint=latex_value(arxiv), archivePrefix="arXiv")
            category = paper.extra.get("arxiv_category")
            if isinstance(category, str) and category:
                fields["primaryClass"] = plain_value(category)
        fields = {name: value for name, value in fields.items() if value}
    if "abstract" not in fields and (abstract := told_abstract(paper)):
        fields["abstract"] = _abstract(paper, abstract)
    if notes and annotation is not None and annotation.notes.strip():
        fields["annote"] = plain_value(annotation.notes.strip(), lines=True)
    return entry_type, citation_key(paper), fields


def _abstract(paper: Paper, abstract: str) -> str:
    """The stored abstract as its source wrote it: LaTeX from BibTeX (as written), arXiv or a paper list (its bare
    specials escaped); plain text from RIS, CSL-JSON or Zotero (escaped whole)."""
    if TYPE in paper.extra:
        return _source_value("abstract", abstract)
    return latex_text(abstract) if latex_source(paper) else plain_value(abstract, lines=True)


def _entry_type(name: str) -> str:
    """A source's entry type as BibTeX reads one (letters only), else `misc`."""
    return name if name.isascii() and name.isalpha() else "misc"


def bibtex_text(papers: Iterable[tuple[Paper, Annotation | None]], *, notes: bool = False) -> str:
    """A .bib document of `papers` (each with its annotation), written by bibtexparser."""
    import bibtexparser
    from bibtexparser.library import Library
    from bibtexparser.middlewares import AddEnclosingMiddleware
    from bibtexparser.model import Entry, Field
    from bibtexparser.writer import BibtexFormat

    library = Library()
    for paper, annotation in papers:
        entry_type, key, fields = entry_parts(paper, annotation, notes=notes)
        library.add(Entry(entry_type, key, [Field(name, value) for name, value in fields.items()]))
    style = BibtexFormat()
    style.indent, style.block_separator = "  ", "\n"
    enclose = AddEnclosingMiddleware(reuse_previous_enclosing=False, enclose_integers=False, default_enclosing="{")
    return bibtexparser.write_string(library, unparse_stack=[enclose], bibtex_format=style)


def bibtex_entry(paper: Paper, annotation: Annotation | None = None, *, notes: bool = False) -> str:
    """One paper's entry, as `bibtex_text` writes it (the app's copy menu)."""
    return bibtex_text([(paper, annotation)], notes=notes)
