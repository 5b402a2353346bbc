"""Every offered CSL style formats every paper of the real fixtures through citeproc-py, with the right names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tui.core.cite.record import citable
from tui.core.cite.references import STYLES, StyleError, reference, references
from tui.core.library import Library, LibraryFolder
from tui.core.models import Paper
from tui.core.usecases.imports import import_paths

SOURCES = [FIXTURES / "pmlr_l4dc2026.bib", FIXTURES / "conference" / "icml2019.json", FIXTURES / "conference" / "nips2018.json"]


@pytest.fixture(scope="module")
def cited(tmp_path_factory: pytest.TempPathFactory) -> list:
    folder = tmp_path_factory.mktemp("cite") / "library"
    import_paths(LibraryFolder(folder), SOURCES)
    with Library.open(folder) as lib:
        return [citable(p, lib.annotation(p.id)) for p in lib.papers if p.list in ("L4DC 2026", "ICML 2019", "NeurIPS 2018")]


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_each_offered_style_formats_every_fixture_paper(cited: list, style: str, output: str) -> None:
    out = references(cited, style, output)
    assert len(out) == len(cited) == 115
    by_first = {}
    for item in cited:
        by_first.setdefault(item.authors[0].family, []).append(item)
    for line in out:
        assert line and "\n" not in line
        assert not line.startswith(("[", "1.")) and ". ." not in line  # no numeric label, no empty group's dots
        read = re.sub(r"\\(.)", r"\1", line) if output == "markdown" else line  # Markdown's escapes aside
        assert "{" not in read and "$" not in read and "\\" not in read, line  # no LaTeX left
    text = " ".join(out)
    for family in ("Chakraborty", "Schön", "Hönig", "Palacián", "Lovelace", "Doe"):
        assert family in text, (style, family)  # Unicode names, decoded from the source's LaTeX
    if output == "html":
        assert "<i>" in text
    if output == "markdown":
        assert "*Proceedings of The 8th Annual Learning for Dynamics and Control Conference*" in text


@pytest.mark.parametrize(
    ("style", "start"),
    [
        ("apa", "Chakraborty, S., Rege, A. K., Monteleoni, C., & Chen, L. (2026). Flickering Multi-Armed Bandits."),
        ("ieee", "S. Chakraborty, A. K. Rege, C. Monteleoni, and L. Chen, “Flickering Multi-Armed Bandits”, in Proceedings"),
        ("chicago", "Chakraborty, S., A. K. Rege, C. Monteleoni, and L. Chen. 2026. “Flickering Multi-Armed Bandits”."),
        ("acm", "Sourav Chakraborty, Amit Kiran Rege, Claire Monteleoni, and Lijun Chen. 2026. Flickering Multi-Armed Bandits."),
        ("nature", "Chakraborty, S., Rege, A. K., Monteleoni, C. & Chen, L. Flickering Multi-Armed Bandits. in"),
    ],
)
def test_the_first_pmlr_paper_in_each_style(cited: list, style: str, start: str) -> None:
    first = next(c for c in cited if c.key == "chakraborty26b")
    assert reference(first, style).startswith(start)


def test_a_title_with_math_and_markup_reads_as_unicode_and_never_as_markup() -> None:
    made = citable(Paper("b" * 12, "", "L", title=r"$\epsilon$-VAE for a_b [claims]", authors=("Paul Erdős",), year="2018", venue="NeurIPS"))
    assert reference(made, "apa").startswith("Erdős, P. (2018). ε-VAE for a_b [claims]. NeurIPS.")
    assert r"ε-VAE for a\_b \[claims\]" in reference(made, "apa", "markdown")
    assert "&lt;" in reference(citable(Paper("c" * 12, "", "L", title="a <b> c", year="2020")), "apa", "html")


def test_an_unknown_style_is_one_line(tmp_path: Path) -> None:
    made = citable(Paper("b" * 12, "", "L", title="T"))
    with pytest.raises(StyleError, match="not a citation style"):
        reference(made, "no-such-style")
    with pytest.raises(StyleError, match="no such style file"):
        reference(made, str(tmp_path / "x.csl"))
    broken = tmp_path / "broken.csl"
    broken.write_text("<style", encoding="utf-8")
    with pytest.raises(StyleError, match="not a CSL style"):
        reference(made, str(broken))


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_paper_without_authors_has_its_title_once(library: Library, style: str, output: str) -> None:
    """The bundled ICML lists have no authors: APA and Chicago put the title where the author would be, and
    citeproc-py printed it a second time after the date (`cite/substitution.py`)."""
    bundled = [p for p in library.papers if not p.authors][:20]
    assert len(bundled) == 20
    made = Paper("d" * 12, "", "L", title="LwI: learning without isolation", year="2025", venue="ICML")
    def letters(text: str) -> str:  # Chicago's title case, Markdown's escapes and HTML's tags aside
        return re.sub(r"<[^>]*>|[^a-z0-9 ]", "", text.casefold())

    for paper, line in zip([*bundled, made], references([citable(p, None) for p in [*bundled, made]], style, output), strict=True):
        assert letters(line).count(letters(paper.shown_title)) == 1, line
    last = reference(citable(made), style)
    assert "ICML" in last and "2025" in last  # the venue and the year are still there: only the title was held back


def test_a_paper_with_authors_keeps_the_title_where_its_style_puts_it() -> None:
    made = citable(Paper("e" * 12, "", "L", title="Sparse coding", authors=("Jane Doe",), year="2019", venue="ICML"))
    assert reference(made, "apa") == "Doe, J. (2019). Sparse coding. ICML."
    assert reference(made, "chicago") == "Doe, J. 2019. “Sparse Coding”. ICML."


@pytest.mark.parametrize("title", ["Is it a hypothesis?", "Stop the noise!"])
@pytest.mark.parametrize("authors", [("Jane Doe",), ()])
@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_title_ending_in_a_question_or_exclamation_mark_gets_no_period_after_it(
    title: str, authors: tuple[str, ...], style: str, output: str
) -> None:
    """APA printed "hypothesis?." (issue 45): the title's own mark ends its sentence."""
    line = reference(citable(Paper("f" * 12, "", "L", title=title, authors=authors, year="2019", venue="ICML")), style, output)
    plain = re.sub(r"<[^>]*>|[*”’]", "", line)  # tags, Markdown's emphasis and closing quotes aside
    mark = title[-1]
    assert mark in plain and f"{mark}." not in plain and f"{mark},." not in plain, line
    assert plain.endswith((".", ")")) and "ICML" in plain and "2019" in plain, line


def test_a_question_in_the_middle_of_a_title_and_a_plain_title_keep_their_periods() -> None:
    made = citable(Paper("f" * 12, "", "L", title="Why? Because", authors=("Jane Doe",), year="2019", venue="ICML"))
    assert reference(made, "apa") == "Doe, J. (2019). Why? Because. ICML."
