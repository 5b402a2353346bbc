"""BibTeX out through bibtexparser 2: a paper from BibTeX as its source wrote it, any other paper as a complete entry.

An entry that came from BibTeX is written back with every field and its
spelling (braces, LaTeX accents), completed from the proceedings it came
with (booktitle, year, editors) where it lacked them (`ingest.bibtex_raw`).
Another paper gets an entry of the right type (`kinds`): `inproceedings`
for a conference, `article` for a journal, `misc` with `eprint` and
`archivePrefix` for an arXiv preprint; its text is escaped for LaTeX (`&`,
`%`, `#`) and the words of its title whose capitals a style must keep
("ADMM", "FlashAttention") are braced.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tui.core.cite.kinds import CONFERENCE, JOURNAL, PREPRINT, kind_of
from tui.core.cite.record import citable, told_abstract
from tui.core.ingest.bibtex_raw import TYPE, derived_fields, entry_fields
from tui.core.ingest.identity import arxiv_id
from tui.core.models import Annotation, Paper

_TYPES = {CONFERENCE: "inproceedings", JOURNAL: "article"}
_SPECIAL = re.compile(r"(?<!\\)([&%#])")
_MATH = re.compile(r"(\$[^$]*\$)")
_INNER_CAPITAL = re.compile(r"[A-Za-z0-9][A-Z]")
_WORD = re.compile(r"[^\s{}]+")
#: Fields that hold links and ids, written as they are (a URL's `%` and `#` mean what they say).
_VERBATIM = frozenset({"url", "doi", "eprint"})
#: Details of a non-BibTeX source (`record.Citable.details`) -> BibTeX fields.
_DETAILS = {"pages": "pages", "volume": "volume", "issue": "number", "publisher": "publisher", "place": "address"}


def _balanced(text: str) -> str:
    """`text` as a braced value can hold it: unbalanced braces are escaped (a value must close what it opens)."""
    depth = 0
    for ch in re.sub(r"\\[{}]", "", text):
        depth += 1 if ch == "{" else -1 if ch == "}" else 0
        if depth < 0:
            break
    return text if depth == 0 else re.sub(r"(?<!\\)([{}])", r"\\\1", text)


def latex_text(text: str) -> str:
    """Text from data (not from BibTeX) safe in a BibTeX value: `&`, `%`, `#` escaped outside math, braces balanced."""
    parts = _MATH.split(text)
    return _balanced("".join(p if i % 2 else _SPECIAL.sub(r"\\\1", p) for i, p in enumerate(parts)))


def protected_title(title: str) -> str:
    """A title whose words with inner capitals ("ADMM", "GPT-4", "FlashAttention") are braced, math left alone."""
    parts = _MATH.split(title)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        out.append(_WORD.sub(lambda m: _brace(m.group()), part))
    return "".join(out)


def _brace(word: str) -> str:
    core = word.rstrip(".,:;!?")
    if not _INNER_CAPITAL.search(core):
        return word
    return f"{{{core}}}{word[len(core):]}"


def entry_parts(paper: Paper, annotation: Annotation | None = None, *, notes: bool = False) -> tuple[str, str, dict[str, str]]:
    """(entry type, key, fields) of `paper`'s BibTeX entry; `notes`: the reader's notes as `annote`."""
    fields = entry_fields(paper)
    if fields:
        entry_type = str(paper.extra[TYPE])
    else:
        entry_type = _TYPES.get(kind := kind_of(paper), "misc")
        fields = {name: value if name in _VERBATIM else latex_text(value) for name, value in derived_fields(paper, entry_type).items()}
        if "title" in fields:
            fields["title"] = protected_title(fields["title"])
        elif paper.derived_title or (annotation is not None and annotation.title):
            fields["title"] = latex_text(citable(paper, annotation).title)
        if entry_type == "misc" and paper.venue and kind != PREPRINT:
            fields["howpublished"] = latex_text(paper.venue)
        details = citable(paper).details
        for name, field_name in _DETAILS.items():
            if name in details:
                fields.setdefault(field_name, latex_text(details[name]))
        arxiv = arxiv_id(paper)
        if arxiv:
            fields.update(eprint=arxiv, archivePrefix="arXiv")
            category = paper.extra.get("arxiv_category")
            if isinstance(category, str) and category:
                fields["primaryClass"] = category
    if "abstract" not in fields and (abstract := told_abstract(paper)):
        fields["abstract"] = latex_text(abstract)  # idempotent on LaTeX: only a bare & % # is escaped
    if notes and annotation is not None and annotation.notes.strip():
        fields["annote"] = latex_text(annotation.notes.strip())
    key = paper.citekey or str(paper.extra.get("bibtex_key") or "") or f"paper-{paper.id}"
    return entry_type, key, fields


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
