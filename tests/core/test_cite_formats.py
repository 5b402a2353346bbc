"""BibTeX, CSL-JSON and RIS out, round-tripped on the real fixtures; entry types and details of other papers."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
import rispy

from tests.conftest import FIXTURES
from tui.core.cite.bibtex_out import bibtex_entry, entry_parts
from tui.core.export.markdown import Entry, front_matter_fields, paper_section
from tui.core.ingest.embedded import bibtex_fields
from tui.core.library import Library, LibraryFolder
from tui.core.models import Annotation, Paper
from tui.core.usecases.cite import COPY_FORMATS, citation_text, copy_formats
from tui.core.usecases.imports import import_paths

PMLR = FIXTURES / "pmlr_l4dc2026.bib"
CONF = FIXTURES / "conference"


def source_entries(path: Path) -> dict[str, dict[str, str]]:
    """Every paper entry of a .bib file: key -> fields (lower-case names) as bibtexparser reads them."""
    library = bibtexparser.parse_string(path.read_text(encoding="utf-8"))
    return {e.key: {k.lower(): v.value for k, v in e.fields_dict.items()} for e in library.entries if e.entry_type.lower() != "proceedings"}


def exported(library_dir: Path, fmt: str, *, notes: bool = False, query: str | None = None) -> str:
    with Library.open(library_dir) as lib:
        papers = lib.papers if query is None else [p for p in lib.papers if query in p.list]
        return citation_text([(p, lib.annotation(p.id)) for p in papers], fmt, notes=notes)


def same_text(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def test_a_bibtex_file_comes_back_with_every_field_as_written(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR])
    source = source_entries(PMLR)
    parsed = bibtexparser.parse_string(exported(library_dir, "bibtex", query="L4DC"))
    assert not parsed.failed_blocks
    out = {e.key: (e.entry_type, {k.lower(): v.value for k, v in e.fields_dict.items()}) for e in parsed.entries}
    assert out.keys() == source.keys()  # the same keys
    for key, fields in source.items():
        entry_type, written = out[key]
        assert entry_type == "inproceedings"
        for name, value in fields.items():  # every field, spelled as the source spelled it
            assert same_text(written[name], value) if name == "abstract" else written[name] == value, (key, name)
        # completed from the proceedings entry: booktitle, year, editors
        assert written["booktitle"] == "Proceedings of The 8th Annual Learning for Dynamics and Control Conference"
        assert written["year"] == "2026" and written["editor"].startswith("Sukhatme, Gaurav and Lindemann, Lars")
    assert r"Sch\"on, Thomas B." in next(w["author"] for _, w in out.values() if "Sch" in w["author"] and "Thomas B" in w["author"])


def test_a_paper_lists_embedded_entries_come_back_as_written(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "icml2019.json"])
    records = json.loads((CONF / "icml2019.json").read_text(encoding="utf-8"))
    parsed = bibtexparser.parse_string(exported(library_dir, "bibtex", query="ICML 2019"))
    out = {e.key: {k.lower(): v.value for k, v in e.fields_dict.items()} for e in parsed.entries}
    embedded = [r["bibtex"] for r in records if r.get("bibtex")]
    assert embedded
    for text in embedded:
        key = text.split("{", 1)[1].split(",", 1)[0].strip()
        for name, value in bibtex_fields(text).items():
            assert " ".join(out[key][name].split()) == value, (key, name)


def test_exported_bibtex_imports_into_another_library_with_the_same_keys_and_fields(library_dir: Path, tmp_path: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR, CONF / "icml2019.json", CONF / "nips2018.json"])
    bib = tmp_path / "out.bib"
    bib.write_text(exported(library_dir, "bibtex"), encoding="utf-8")
    other = tmp_path / "other"
    import_paths(LibraryFolder(other), [bib])
    with Library.open(library_dir) as a, Library.open(other) as b:
        theirs = {p.citekey: p for p in b.papers if p.list == "out"}
        mine = [p for p in a.papers if p.list != "ICML 2025 Papers" and p.list != "ICML 2025 论文列表"]
        assert {p.citekey for p in mine} <= set(theirs)
        for p in mine:
            q = theirs[p.citekey]
            assert (q.title, q.authors, q.year, q.doi, q.url) == (p.title, p.authors, p.year, p.doi, p.url), p.citekey
            assert q.venue == p.venue or not p.venue


def paper_of(**fields) -> Paper:
    return Paper("a" * 12, "An abstract with 50% gains & more.", "L", **fields)


@pytest.mark.parametrize(
    ("made", "entry_type", "wanted"),
    [
        (paper_of(title="Graph Nets", authors=("Ada Lovelace",), year="2018", venue="NeurIPS", url="https://x.org/p"), "inproceedings",
         {"booktitle": "NeurIPS", "url": "https://x.org/p", "author": "Lovelace, Ada"}),
        (paper_of(title="A Result", authors=("Ludwig van Beethoven", "John Smith Jr."), year="2020", venue="Journal of Machine Learning Research",
                  doi="10.1/abc"), "article", {"journal": "Journal of Machine Learning Research", "doi": "10.1/abc",
                                              "author": "van Beethoven, Ludwig and Smith, Jr., John"}),
        (paper_of(title="Attention Is All You Need for LLMs", authors=("A B",), year="2017", url="https://arxiv.org/abs/1706.03762",
                  extra={"arxiv_category": "cs.CL"}), "misc",
         {"eprint": "1706.03762", "archiveprefix": "arXiv", "primaryclass": "cs.CL", "title": "Attention Is All You Need for {LLMs}"}),
    ],
)
def test_other_papers_get_a_complete_entry_of_the_right_type(made: Paper, entry_type: str, wanted: dict[str, str]) -> None:
    parsed = bibtexparser.parse_string(bibtex_entry(made)).entries[0]
    fields = {k.lower(): v.value for k, v in parsed.fields_dict.items()}
    assert parsed.entry_type == entry_type
    assert {k: fields.get(k) for k in wanted} == {k.lower(): v for k, v in wanted.items()}
    assert fields["abstract"] == r"An abstract with 50\% gains \& more."  # LaTeX's specials escaped


def test_notes_go_out_only_when_asked() -> None:
    made = paper_of(title="T", citekey="t2020")
    note = Annotation(made.id, notes="Read again: {unbalanced")
    assert "annote" not in entry_parts(made, note)[2]
    # (a lone `\{` would still count as an open brace in a real BibTeX run, and swallow the next entry)
    assert entry_parts(made, note, notes=True)[2]["annote"] == r"Read again: \textbraceleft{}unbalanced"
    assert json.loads(citation_text([(made, note)], "csl-json", notes=True))[0]["note"] == "Read again: {unbalanced"
    assert "note" not in json.loads(citation_text([(made, note)], "csl-json"))[0]
    assert rispy.loads(citation_text([(made, note)], "ris", notes=True))[0]["notes"] == ["Read again: {unbalanced"]


def test_csl_json_names_dates_and_unicode(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR])
    items = {i["id"]: i for i in json.loads(exported(library_dir, "csl-json", query="L4DC"))}
    assert len(items) == 106
    first = items["chakraborty26b"]
    assert first["type"] == "paper-conference" and first["issued"] == {"date-parts": [[2026]]}
    assert first["author"][0] == {"family": "Chakraborty", "given": "Sourav"}
    assert first["container-title"].startswith("Proceedings of The 8th") and first["page"] == "1-70"
    names = {(a["family"], a.get("given")) for i in items.values() for a in i.get("author", [])}
    assert {("Schön", "Thomas B."), ("Hönig", "Wolfgang"), ("Palacián", "Jesús F.")} <= names
    for item in items.values():  # no LaTeX left in what a reader reads
        text = item["title"] + " ".join(a.get("family", "") + a.get("given", "") for a in item.get("author", []))
        assert "\\" not in text and "{" not in text and "$" not in text, item["id"]


def test_ris_reads_back_with_the_same_count_and_keys(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR, CONF / "nips2018.json"])
    with Library.open(library_dir) as lib:
        wanted = [p.citekey for p in lib.papers]
    records = rispy.loads(exported(library_dir, "ris"))
    assert [r["id"] for r in records] == wanted
    first = next(r for r in records if r["id"] == "chakraborty26b")
    assert first["type_of_reference"] == "CONF" and first["authors"][0] == "Chakraborty, Sourav"
    assert (first["start_page"], first["end_page"], first["year"]) == ("1", "70", "2026")


def test_the_copy_menu_texts(library_dir: Path) -> None:
    import_paths(LibraryFolder(library_dir), [PMLR])
    with Library.open(library_dir) as lib:
        first = lib.get(next(p.id for p in lib.papers if p.citekey == "chakraborty26b"))
        texts = copy_formats(first, Annotation(first.id, notes="my note"), "ieee")
    assert list(texts) == list(COPY_FORMATS)
    assert texts["key"] == "chakraborty26b"
    assert texts["bibtex"].startswith("@inproceedings{chakraborty26b,")
    assert texts["reference"].startswith("S. Chakraborty, A. K. Rege, C. Monteleoni, and L. Chen, “Flickering Multi-Armed Bandits”")
    assert "my note" in texts["markdown"] and "Key: chakraborty26b" in texts["markdown"]
    assert texts["text"].startswith("Flickering Multi-Armed Bandits\n")


def test_the_markdown_export_and_the_vault_carry_the_key() -> None:
    entry = Entry(paper_of(title="T", citekey="lovelace2018t"), Annotation("a" * 12))
    assert front_matter_fields(entry, "2026-01-01T00:00:00+00:00")["citekey"] == "lovelace2018t"
    assert "Key: lovelace2018t" in paper_section(entry)


def test_a_bibtex_entry_merged_into_a_stored_paper_comes_back_as_its_source_wrote_it(library_dir: Path, tmp_path: Path) -> None:
    import_paths(LibraryFolder(library_dir), [CONF / "nips2018.json"])  # venue "NeurIPS", from the file name
    bib = tmp_path / "nips.bib"
    bib.write_text("@inproceedings{LovelaceTuring18, title = {Learning to Rank with Partial Feedback}, author = {Lovelace, Ada and Turing, Alan},\n"
                   "  booktitle = {Advances in Neural Information Processing Systems 31}, year = 2018, pages = {1--9}}\n", encoding="utf-8")
    import_paths(LibraryFolder(library_dir), [bib])  # the same paper: merged, the stored venue kept
    with Library.open(library_dir) as lib:
        merged = next(p for p in lib.papers if p.title == "Learning to Rank with Partial Feedback")
        assert merged.venue == "NeurIPS" and merged.citekey == "lovelace2018learning"
        entry = bibtexparser.parse_string(bibtex_entry(merged)).entries[0]
    fields = {k: v.value for k, v in entry.fields_dict.items()}
    assert entry.key == "lovelace2018learning"  # the stored paper's key
    assert fields["booktitle"] == "Advances in Neural Information Processing Systems 31" and fields["pages"] == "1--9"
    assert fields["author"] == "Lovelace, Ada and Turing, Alan"


def test_ris_notes_keep_their_lines_and_never_become_fields_or_records(tmp_path: Path) -> None:
    """A note line that looks like an RIS tag (`AU  - …`, `ER  -`, `TY  - …`) stays a line of the note (issue 45):
    the export reads back, with rispy and with paperdesk's own RIS import, as the same records with the same notes."""
    from tui.core.ingest.ris import parse_ris

    first = paper_of(title="First", citekey="first2020", authors=("Jane Doe",))
    second = paper_of(title="Second", citekey="second2021")
    lines = ["Read again:", "AU  - Mallory, Eve", "ER  -", "", "TY  - JOUR", "TI  - Injected", "ER  - ", "  last\u2028words\r"]
    note = Annotation(first.id, notes="\n".join(lines))
    text = citation_text([(first, note), (second, None)], "ris", notes=True)
    wanted = ["Read again:", "AU  - Mallory, Eve", "ER  -", "", "TY  - JOUR", "TI  - Injected", "ER  -", "last", "words"]
    back = rispy.loads(text)
    assert [r["title"] for r in back] == ["First", "Second"]
    assert back[0]["notes"] == wanted and back[0]["authors"] == ["Doe, Jane"] and "notes" not in back[1]
    imported = parse_ris(text, tmp_path / "out.ris")
    assert [p.title for p in imported.papers] == ["First", "Second"] and not imported.skipped
    assert imported.papers[0].extra["notes"] == wanted and imported.papers[0].authors == ("Jane Doe",)


@pytest.mark.parametrize(
    ("paper", "annotation"),
    [
        (Paper("d" * 12, "We study sparse coding.", "ICML 2025", derived_title="Sparse coding with ADMM and FlashAttention"), None),
        (Paper("d" * 12, "We study sparse coding.", "ICML 2025", derived_title="sparse coding"),
         Annotation("d" * 12, title="Sparse coding with ADMM and FlashAttention")),
    ],
    ids=["derived", "renamed"],
)
def test_derived_and_renamed_titles_brace_their_capitals_like_source_titles(paper: Paper, annotation: Annotation | None) -> None:
    """docs/citing.md promises `{ADMM}` for every title paperdesk writes; a derived or renamed one had none (issue 45)."""
    [entry] = bibtexparser.parse_string(citation_text([(paper, annotation)], "bibtex")).entries
    assert entry.fields_dict["title"].value == "Sparse coding with {ADMM} and {FlashAttention}"


def test_a_list_title_its_embedded_entry_escaped_as_text_exports_as_the_lists_latex(tmp_path: Path) -> None:
    """A paper list's `bibtex` string held `$\\textbackslash ell\\_1$` for the record's `$\\ell_1$`: the export gives the
    LaTeX the reading pane renders, not the escaped copy that prints a backslash and "ell"."""
    from tui.core.ingest.jsonlist import parse_json

    record = {
        "title": r"$\ell_1$-regression with ADMM", "author": "Jane Doe", "abstract": "We study regression.",
        "bibtex": r"@InProceedings{doe19a, title = {$\textbackslash ell\_1$-regression with ADMM}, author = {Doe, Jane}, "
                  r"booktitle = {ICML}, year = {2019}, note = {costs \textbackslash{}\$5}}",
    }
    [paper] = parse_json(json.dumps([record]), tmp_path / "icml2019.json").papers
    [entry] = bibtexparser.parse_string(citation_text([(paper, None)], "bibtex")).entries
    assert entry.key == "doe19a" and entry.fields_dict["title"].value == r"$\ell_1$-regression with {ADMM}"
    assert entry.fields_dict["note"].value == r"costs \textbackslash{}\$5"  # another field: as its source wrote it


@pytest.mark.parametrize(
    ("written", "latex", "twice"),
    [
        (r"$\textbackslash ell\_1$-regression", r"$\ell_1$-regression", True),
        (r"$\textbackslash{}ell\_1$ and \$5", r"$\ell_1$ and $5", True),
        (r"{$\textbackslash mathcal\{O\}(n)$} bounds", r"$\mathcal{O}(n)$ bounds", True),
        (r"$x\textasciicircum{}2$ \textbackslash{}alpha", r"$x^2$ \alpha", True),
        (r"$\ell_1$-regression", r"$\ell_1$-regression", False),  # written as LaTeX: kept as written
        (r"\textbackslash ell\_2", r"$\ell_1$", False),  # another title
        (r"a\_b", "a_b", False),  # an ordinary escape, no backslash in the title
    ],
)
def test_escaped_twice_tells_a_title_escaped_as_text_from_its_latex(written: str, latex: str, twice: bool) -> None:
    from tui.core.cite.latex_escape import escaped_twice

    assert escaped_twice(written, latex) is twice
