"""Exports are clean: no terminal control leaves paperdesk in BibTeX, RIS, CSL-JSON or the copy menu; keys hold none;
BibTeX values are balanced the way BibTeX counts braces and escape what LaTeX reads; plain sources stay plain."""

from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser
import pytest
import rispy

from tui.core.cite.bibtex_out import bibtex_entry, bibtex_text, entry_parts
from tui.core.cite.keys import KeyPattern
from tui.core.cite.latex_escape import balanced, latex_value, plain_value
from tui.core.errors import LibraryError
from tui.core.export.markdown import Entry, paper_section, render_paper_file
from tui.core.library import Library, LibraryFolder
from tui.core.models import Annotation, Paper, valid_key
from tui.core.render.latex import to_unicode
from tui.core.render.text import link_host, web_link
from tui.core.usecases.cite import COPY_FORMATS, citation_text, copy_formats, set_key
from tui.core.usecases.imports import import_paths

#: What a terminal acts on: C0 but tab and newline, DEL, C1, bidi overrides and isolates.
ACTING = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
OSC52 = "\x1b]52;c;ZXZpbA==\x07"
HOSTILE = f"Evil{OSC52} title\x00 with\x9b31m bell\x07 and \u202eoverride"
RIS = {"type_of_reference": "JOUR"}  # a paper that came from an RIS file


def hostile_paper(**fields) -> Paper:
    base = dict(title=HOSTILE, authors=(f"Ada{OSC52} Lovelace", "Alan\x1b[2J Turing"), year="2020\x07", venue=f"J. {OSC52}Venue",
                url="https://x.org/\x1b]8;;evil\x07p", doi="10.1/a\x1bb", citekey="", tags=("t\x1bag",))
    base.update(fields)
    return Paper("a" * 12, f"An abstract{OSC52}\n\nsecond\x08 paragraph.", "L", **base)


@pytest.mark.parametrize("fmt", ["bibtex", "csl-json", "ris"])
@pytest.mark.parametrize("extra", [{}, RIS, {"arxiv_category": "cs.LG\x1b"}])
def test_no_export_carries_a_terminal_control(fmt: str, extra: dict) -> None:
    paper = hostile_paper(extra=dict(extra))
    note = Annotation(paper.id, notes=f"note{OSC52}\x1b[31mred", title=f"renamed{OSC52}")
    text = citation_text([(paper, note)], fmt, notes=True)
    assert not ACTING.search(text), repr(ACTING.search(text))
    assert "Evil title with" in " ".join(text.split()) or "Evil title" in text  # the text itself is kept


def test_a_bibtex_source_written_back_carries_no_control_either(tmp_path: Path, library_dir: Path) -> None:
    bib = tmp_path / "evil.bib"
    bib.write_text("@article{good2020,\n  title = {Evil\x1b]52;c;ZXZpbA==\x07 Title},\n  author = {Doe\x07, Jane},\n"
                   "  journal = {J\x1b[2J},\n  note = {n\x01ote},\n  ev\x1bil = {field},\n  year = {2020}\n}\n", encoding="utf-8")
    import_paths(LibraryFolder(library_dir), [bib])
    with Library.open(library_dir) as lib:
        text = citation_text([(p, lib.annotation(p.id)) for p in lib.papers if p.list == "evil"], "bibtex")
    assert not ACTING.search(text)
    assert "@article{good2020," in text and "{field}" not in text  # a field whose name holds an ESC is left out
    assert entries_of(text)["good2020"]["journal"] == "J"  # the whole escape sequence goes


def test_the_copy_menu_carries_no_terminal_control() -> None:
    paper = hostile_paper(citekey="ok2020")
    texts = copy_formats(paper, Annotation(paper.id, notes=f"n{OSC52}"), "apa")
    assert list(texts) == list(COPY_FORMATS)
    for name, text in texts.items():
        assert not ACTING.search(text), name
    stale = Paper("b" * 12, "x", "L", title="T", citekey="bad\x1bkey")  # a key an older paperdesk stored
    assert copy_formats(stale)["key"] == ""
    assert "bad" not in bibtex_entry(stale) and "@misc{paper-bbbbbbbbbbbb," in bibtex_entry(stale)
    assert not ACTING.search(citation_text([(stale, None)], "ris") + citation_text([(stale, None)], "csl-json"))


@pytest.mark.parametrize("key", ["a\x1bb", "key\x07", "k\x00", "c1\x9b", "bidi\u202eyek", "zw\u200bsp", "del\x7f"])
def test_a_key_with_a_control_character_is_refused(key: str) -> None:
    assert not valid_key(key)
    with pytest.raises(ValueError, match="cannot"):
        KeyPattern("{auth}" + key)


def test_the_cli_and_app_key_edit_refuse_a_control_character_in_one_line(library_dir: Path) -> None:
    from tests.conftest import FIXTURES

    import_paths(LibraryFolder(library_dir), [FIXTURES / "small.bib"])
    with Library.open(library_dir) as lib:
        paper = lib.papers[0]
        raw = (library_dir / "papers.json").read_bytes()
        with pytest.raises(LibraryError, match="cannot be a citation key") as caught:
            set_key(lib, paper.id, "evil\x1b]52;c;ZXZpbA==\x07")
        assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)
        assert (library_dir / "papers.json").read_bytes() == raw


def test_an_imported_key_with_a_control_character_gets_a_made_key(tmp_path: Path, library_dir: Path) -> None:
    bib = tmp_path / "k.bib"
    bib.write_text("@article{evil\x1b[2Jkey,\n  title = {Sparse Coding},\n  author = {Doe, Jane},\n  year = {2020}\n}\n", encoding="utf-8")
    import_paths(LibraryFolder(library_dir), [bib])
    with Library.open(library_dir) as lib:
        assert [p.citekey for p in lib.papers if p.list == "k"] == ["doe2020sparse"]


# -- BibTeX: braces as BibTeX counts them, LaTeX's specials ------------------------------------------------


def bibtex_depth_ok(value: str) -> bool:
    """Balanced the way BibTeX counts: every brace, escaped or not, never below zero, zero at the end."""
    depth = 0
    for ch in value:
        depth += 1 if ch == "{" else -1 if ch == "}" else 0
        if depth < 0:
            return False
    return depth == 0


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("{unbalanced", r"\textbraceleft{}unbalanced"),
        ("unbalanced}", r"unbalanced\textbraceright{}"),
        (r"\{lone", r"\textbraceleft{}lone"),
        (r"a \{x} b", r"a \textbraceleft{}x\textbraceright{} b"),  # kinds never pair: bibtexparser skips `\{`, BibTeX does not
        (r"{a} \{b\}", r"{a} \{b\}"),
        ("}{", r"\textbraceright{}\textbraceleft{}"),
        (r"\\{x}", r"\\{x}"),  # an escaped backslash, then a group
        ("plain", "plain"),
    ],
)
def test_braces_pair_kind_with_kind(text: str, wanted: str) -> None:
    assert balanced(text) == wanted
    assert bibtex_depth_ok(balanced(text))


def test_plain_text_is_escaped_whole_and_reads_back_as_written() -> None:
    text = r"Cost $5_a^b ~ 100% & #1 \ {set} {lone"
    value = plain_value(text)
    assert value == (r"Cost \$5\_a\textasciicircum{}b \textasciitilde{} 100\% \& \#1 \textbackslash{} \{set\} "
                     r"\textbraceleft{}lone")
    assert bibtex_depth_ok(value) and to_unicode(value) == text


def test_latex_text_keeps_its_math_and_commands_and_loses_its_trailing_backslash() -> None:
    assert latex_value(r"$k$-SAT in \emph{time} 50% \_ ok", escape_bare=True) == r"$k$-SAT in \emph{time} 50\% \_ ok"
    assert latex_value(r"$\texttt{I$^2$MoE}$: x_1 and costs $5", escape_bare=True) == r"$\texttt{I$^2$MoE}$: x\_1 and costs \$5"
    assert latex_value("ends in a backslash\\") == r"ends in a backslash\textbackslash{}"
    assert latex_value("ends in a line break\\\\") == "ends in a line break"
    assert latex_value("a line break\\\\{x}") == "a line break {x}"
    assert latex_value("para\n@misc{evil, title={x}}", lines=True) == "para\n{@}misc{evil, title={x}}"


def entries_of(text: str) -> dict[str, dict[str, str]]:
    parsed = bibtexparser.parse_string(text)
    assert not parsed.failed_blocks, [b.raw for b in parsed.failed_blocks]
    return {e.key: {k: v.value for k, v in e.fields_dict.items()} for e in parsed.entries}


@pytest.mark.parametrize("title", ["A lone { brace", "A lone } brace", "Ends with a backslash \\", r"An escaped \{ brace",
                                   "A line\n@misc{evil, title = {x}}", "{Both} {kinds\\}"])
@pytest.mark.parametrize("extra", [{}, RIS])
def test_a_hostile_title_never_swallows_the_next_entry(title: str, extra: dict) -> None:
    first = Paper("a" * 12, "abstract\n@misc{evil2, title={x}}", "L", title=title, citekey="first2020", extra=dict(extra))
    second = Paper("b" * 12, "other", "L", title="Second", citekey="second2020")
    text = bibtex_text([(first, Annotation(first.id, notes="{note")), (second, None)], notes=True)
    entries = entries_of(text)
    assert list(entries) == ["first2020", "second2020"]
    for name, value in entry_parts(first, Annotation(first.id, notes="{note"), notes=True)[2].items():
        assert entries["first2020"][name] == value and bibtex_depth_ok(value), name
    assert entries["second2020"]["title"] == "Second"


def test_a_corporate_author_is_braced_as_one_name() -> None:
    paper = Paper("a" * 12, "x", "L", title="T", authors=("Barnes and Noble", "Ada Lovelace", "AT&T And Bell Labs"), extra=dict(RIS))
    fields = entry_parts(paper)[2]
    assert fields["author"] == r"{Barnes and Noble} and Lovelace, Ada and {AT\&T And Bell Labs}"
    csl = json.loads(citation_text([(paper, None)], "csl-json"))[0]
    assert csl["author"] == [{"literal": "Barnes and Noble"}, {"family": "Lovelace", "given": "Ada"}, {"literal": "AT&T And Bell Labs"}]
    assert rispy.loads(citation_text([(paper, None)], "ris"))[0]["authors"] == ["Barnes and Noble", "Lovelace, Ada", "AT&T And Bell Labs"]


def test_ris_values_stay_on_their_line() -> None:
    paper = Paper("a" * 12, "para one\nER  - \nTY  - JOUR\nTI  - Injected", "L", title="Real\nER  - ", extra=dict(RIS))
    records = rispy.loads(citation_text([(paper, None)], "ris"))
    assert len(records) == 1 and records[0]["title"] == "Real ER -"


# -- Plain sources stay plain in CSL-JSON and RIS ----------------------------------------------------------


@pytest.mark.parametrize("extra", [RIS, {"type": "article-journal"}, {"zotero": {"key": "ABC"}}])
def test_a_plain_sources_title_is_exported_as_written(extra: dict) -> None:
    paper = Paper("a" * 12, r"It costs $5 and \emph{x}.", "L", title=r"Prices in $ and \alpha: 50% off", venue=r"J. of $\beta$", extra=dict(extra))
    csl = json.loads(citation_text([(paper, None)], "csl-json"))[0]
    assert csl["title"] == r"Prices in $ and \alpha: 50% off"
    assert csl["abstract"] == r"It costs $5 and \emph{x}."
    assert csl["container-title"] == r"J. of $\beta$"
    assert rispy.loads(citation_text([(paper, None)], "ris"))[0]["title"] == r"Prices in $ and \alpha: 50% off"
    assert to_unicode(entry_parts(paper)[2]["title"]) == r"Prices in $ and \alpha: 50% off"


@pytest.mark.parametrize("extra", [{}, {"type": "poster"}, {"bibtex_type": "misc", "type_of_reference": "JOUR"}])
def test_a_latex_sources_title_is_still_rendered(extra: dict) -> None:
    """A paper list's own `type` ("poster") is no CSL type; a BibTeX entry is LaTeX whatever else `extra` holds."""
    paper = Paper("a" * 12, r"An $\alpha$ abstract", "L", title=r"$\epsilon$-VAE and Erd\H{o}s", extra=dict(extra))
    item = json.loads(citation_text([(paper, None)], "csl-json"))[0]
    assert item["title"] == "ε-VAE and Erdős" and item["abstract"] == "An α abstract"
    assert rispy.loads(citation_text([(paper, None)], "ris"))[0]["title"] == "ε-VAE and Erdős"


# -- Markdown headings, the browser notice -----------------------------------------------------------------


@pytest.mark.parametrize("title", ["[arXiv](https://evil.example/x)", "![](https://evil.example/p.png) pic", "<https://evil.example>",
                                   '<a href="https://evil.example">arxiv</a>', "[x][1]\n\n[1]: https://evil.example", r"\[x](https://evil.example)"])
def test_a_title_never_becomes_a_link_in_exported_markdown(title: str) -> None:
    from markdown_it import MarkdownIt

    entry = Entry(Paper("a" * 12, "abstract", "L", title=title), Annotation("a" * 12))
    for text in (paper_section(entry), render_paper_file(entry, "2026-01-01T00:00:00+00:00").split("---\n", 2)[2]):
        heading = next(line for line in text.split("\n") if line.startswith("#"))
        html = MarkdownIt("commonmark").render(heading + "\n\n[1]: https://evil.example\n")
        assert "<a " not in html and "<img" not in html, (heading, html)
        assert "evil.example" in html  # shown as text


@pytest.mark.parametrize(
    ("url", "host"),
    [("https://evil.example#@arxiv.org", "evil.example"), ("https://evil.example?@arxiv.org/abs", "evil.example"),
     ("https://evil.example\\@arxiv.org", "evil.example"), ("https://arxiv.org@evil.example#x", "evil.example")],
)
def test_the_browser_notice_names_the_host_the_browser_goes_to(url: str, host: str) -> None:
    assert link_host(url) == host


@pytest.mark.parametrize("url", ["https://#@arxiv.org", "https://?x", "https://\\evil.example"])
def test_a_link_without_a_host_is_no_link(url: str) -> None:
    assert web_link(url) == ""
