"""Every field each citation writer gives, pinned whole: RIS and CSL-JSON records of a full paper, the BibTeX entry
of a non-BibTeX paper, the keys a library written before keys existed held, and what the key edit and the copy
menu say. (Found missing by the mutation run of issue 41: a field renamed or dropped went unnoticed.)"""

from __future__ import annotations

import json

import pytest
import rispy

from tui.core.cite.bibtex_out import entry_parts
from tui.core.cite.csl_out import csl_item, csl_json, csl_name
from tui.core.cite.keys import legacy_source_key
from tui.core.cite.kinds import CONFERENCE, JOURNAL, OTHER, PREPRINT
from tui.core.cite.names import Person
from tui.core.cite.record import Citable, citable
from tui.core.cite.ris_out import ris_name, ris_record, ris_text
from tui.core.models import Annotation, Paper

DETAILS = {"pages": "1–10", "volume": "3", "publisher": "Pub", "issue": "2", "place": "Paris"}


def full(kind: str, **changes) -> Citable:
    base = dict(
        key="k2020", kind=kind, title="A Title", authors=[Person(family="Lovelace", given="Ada"), Person(literal="ACME Labs")],
        more_authors=False, editors=[Person(family="Doe", given="J.", particle="van", suffix="Jr.")], year="2020",
        venue="Proc. of X", doi="10.1/x", url="https://u.org/p", pdf="https://u.org/p.pdf", arxiv="2001.00001",
        abstract="The abstract.", notes="My note.", details=dict(DETAILS),
    )
    base.update(changes)
    return Citable(**base)


def test_an_ris_record_of_a_conference_paper_holds_every_field() -> None:
    assert ris_record(full(CONFERENCE)) == {
        "type_of_reference": "CONF", "id": "k2020", "title": "A Title", "authors": ["Lovelace, Ada", "ACME Labs"],
        "secondary_authors": ["van Doe, J., Jr."], "year": "2020", "secondary_title": "Proc. of X", "start_page": "1",
        "end_page": "10", "volume": "3", "publisher": "Pub", "number": "2", "place_published": "Paris", "doi": "10.1/x",
        "urls": ["https://u.org/p", "https://u.org/p.pdf"], "abstract": "The abstract.", "notes": ["My note."],
    }


@pytest.mark.parametrize(
    ("kind", "ty", "venue_key"), [(JOURNAL, "JOUR", "journal_name"), (PREPRINT, "UNPB", "journal_name"), (OTHER, "GEN", "journal_name")]
)
def test_an_ris_record_of_other_kinds(kind: str, ty: str, venue_key: str) -> None:
    record = ris_record(full(kind, url="", details={"pages": "5"}, editors=[], notes="", abstract=""))
    assert record == {
        "type_of_reference": ty, "id": "k2020", "title": "A Title", "authors": ["Lovelace, Ada", "ACME Labs"], "year": "2020",
        venue_key: "Proc. of X", "start_page": "5", "doi": "10.1/x",
        "urls": ["https://u.org/p.pdf", "https://arxiv.org/abs/2001.00001"],
    }


def test_an_ris_record_of_almost_nothing() -> None:
    assert ris_record(full(OTHER, authors=[], editors=[], year="", venue="", doi="", url="", pdf="", arxiv="", abstract="",
                           notes="", details={"pages": " 7-9-"})) == {
        "type_of_reference": "GEN", "id": "k2020", "title": "A Title", "start_page": "7", "end_page": "9"}


def test_an_ris_name_and_document() -> None:
    assert ris_name(Person(family="Beethoven", given="Ludwig", particle="van")) == "van Beethoven, Ludwig"
    assert ris_name(Person(family="Smith", suffix="Jr.")) == "Smith, Jr."
    assert ris_name(Person(literal="ACME, Inc.", family="x")) == "ACME, Inc."
    text = ris_text([full(CONFERENCE), full(JOURNAL, key="j2020")])
    assert text.startswith("TY  - CONF\n") and "\n1.\n" not in text and "\n2.\n" not in text
    assert [r["id"] for r in rispy.loads(text)] == ["k2020", "j2020"]
    assert rispy.loads(text)[0]["place_published"] == "Paris"


def test_a_csl_item_of_a_conference_paper_holds_every_field() -> None:
    assert csl_item(full(CONFERENCE)) == {
        "id": "k2020", "citation-key": "k2020", "type": "paper-conference", "title": "A Title",
        "author": [{"family": "Lovelace", "given": "Ada"}, {"literal": "ACME Labs"}],
        "editor": [{"family": "Doe", "given": "J.", "non-dropping-particle": "van", "suffix": "Jr."}],
        "issued": {"date-parts": [[2020]]}, "container-title": "Proc. of X", "page": "1–10", "volume": "3", "issue": "2",
        "publisher": "Pub", "publisher-place": "Paris", "DOI": "10.1/x", "URL": "https://u.org/p", "abstract": "The abstract.",
        "note": "My note.",
    }


def test_a_csl_item_of_a_preprint_and_of_almost_nothing() -> None:
    item = csl_item(full(PREPRINT, url="", pdf="", year="c. 2019a", details={"publisher": "Someone"}))
    assert item["type"] == "article" and item["publisher"] == "arXiv" and item["number"] == "2001.00001"
    assert "container-title" not in item and item["issued"] == {"date-parts": [[2019]]}
    assert item["URL"] == "https://arxiv.org/abs/2001.00001"
    bare = csl_item(full(OTHER, authors=[], editors=[], year="n.d.", venue="", doi="", url="", pdf="", arxiv="", abstract="",
                         notes="", details={}))
    assert bare == {"id": "k2020", "citation-key": "k2020", "type": "document", "title": "A Title"}
    assert csl_item(full(JOURNAL, url="", arxiv=""))["URL"] == "https://u.org/p.pdf"
    assert csl_item(full(JOURNAL))["type"] == "article-journal"
    assert csl_name(Person(family="Curie")) == {"family": "Curie"}


def test_a_csl_document_is_an_indented_array_as_zotero_writes_one() -> None:
    items = [full(CONFERENCE, title="Ünïcode")]
    text = csl_json(items)
    assert text == json.dumps([csl_item(i) for i in items], ensure_ascii=False, indent=2) + "\n"
    assert "Ünïcode" in text and text.startswith("[\n  {\n")


def test_a_non_bibtex_paper_gets_every_field() -> None:
    paper = Paper("a" * 12, "It costs 5%.", "L", title="Sparse ADMM", authors=("Ada Lovelace",), year="2020", venue="Some Workshop",
                  url="https://x.org/p%20q", doi="10.1/x", tags=("opt", "admm"),
                  extra={"page": "1--9", "volume": "4", "issue": "1", "publisher": "P&Q", "publisher-place": "Rome"})
    kind, key, fields = entry_parts(paper, Annotation(paper.id, notes=" a note "), notes=True)
    assert (kind, key) == ("inproceedings", "paper-" + "a" * 12)
    assert fields == {
        "title": "Sparse {ADMM}", "author": "Lovelace, Ada", "booktitle": "Some Workshop", "year": "2020", "doi": "10.1/x",
        "url": "https://x.org/p%20q", "keywords": "opt, admm", "pages": "1-9", "volume": "4", "number": "1",
        "publisher": r"P\&Q", "address": "Rome", "abstract": r"It costs 5\%.", "annote": "a note",
    }


def test_a_bibtex_papers_odd_type_is_misc_and_blank_fields_are_left_out() -> None:
    paper = Paper("a" * 12, "x", "L", title="T", citekey="t1",
                  extra={"bibtex_type": "in\x1bproceedings", "bibtex_key": "t1", "bibtex_fields": {"note": "\x07", "series": "S"}})
    kind, _, fields = entry_parts(paper)
    assert kind == "misc" and "note" not in fields and fields["series"] == "S"
    assert entry_parts(Paper("a" * 12, "x", "L", title="T", extra={"bibtex_type": "article", "bibtex_fields": {}}))[0] == "article"


def test_the_key_a_source_gave_an_older_library() -> None:
    assert legacy_source_key({"bibtex_key": " doe2020 "}) == "doe2020"
    assert legacy_source_key({"bibtex_key": "bad key", "citation-key": "csl2020"}) == "csl2020"
    assert legacy_source_key({"bibtex_key": 7, "citation-key": "a\x1bb"}) == ""
    assert legacy_source_key({"type_of_reference": "JOUR", "id": "ris2020"}) == "ris2020"
    assert legacy_source_key({"id": "ris2020"}) == ""
    assert legacy_source_key({}) == ""


def test_a_citable_takes_details_from_each_source() -> None:
    csl = Paper("a" * 12, "x", "L", title="T", extra={"type": "article-journal", "page": "3-4", "volume": 7, "issue": ["2", "x"],
                                                     "publisher": " ", "publisher-place": "Oslo"})
    assert citable(csl).details == {"pages": "3-4", "volume": "7", "issue": "2", "place": "Oslo"}
    ris = Paper("a" * 12, "x", "L", title="T", extra={"type_of_reference": "JOUR", "start_page": "5", "end_page": "9", "number": "3"})
    assert citable(ris).details == {"pages": "5-9", "issue": "3"}
    bib = Paper("a" * 12, "x", "L", title="T", extra={"bibtex_type": "article", "bibtex_fields": {"pages": "1 -- 2", "publisher": "{\\\"O}BV"}})
    assert citable(bib).details == {"pages": "1-2", "publisher": "ÖBV"}


def test_math_opened_by_a_command_is_left_alone_and_an_unclosed_one_is_text() -> None:
    from tui.core.cite.latex_escape import latex_value

    assert latex_value(r"\(x_1\) and \[y^2\] a_b", escape_bare=True) == r"\(x_1\) and \[y^2\] a\_b"
    assert latex_value(r"a_b \(x_1", escape_bare=True) == r"a\_b \(x\_1"
    assert latex_value(r"$$x_1$$ a_b $$y_2", escape_bare=True) == r"$$x_1$$ a\_b \$\$y\_2"
    assert latex_value(r"\&_ $x$_", escape_bare=True) == r"\&\_ $x$\_"


def test_paragraphs_stay_where_they_mean_something() -> None:
    latex = Paper("a" * 12, "First 50% paragraph.\n\nSecond\none.", "L", title="T")
    assert entry_parts(latex)[2]["abstract"] == "First 50\\% paragraph.\n\nSecond\none."
    bib = Paper("a" * 12, "First.\n\nSecond.", "L", title="T", extra={"bibtex_type": "misc", "bibtex_fields": {"note": "a\n\nb", "series": "c\nd"}})
    fields = entry_parts(bib)[2]
    assert (fields["abstract"], fields["note"], fields["series"]) == ("First.\n\nSecond.", "a\n\nb", "c d")


def test_the_copy_menu_uses_the_readers_annotation_and_names_its_formats() -> None:
    from tui.core.usecases.cite import COPY_FORMATS, copy_text, formatted_references

    untitled = Paper("a" * 12, "Derived from this abstract text. More.", "L", derived_title="Derived from this", authors=("Ada Lovelace",))
    renamed = Annotation(untitled.id, title="My Own Name", notes="my note")
    assert copy_text(untitled, renamed, "text").startswith("My Own Name\n")
    assert copy_text(untitled, renamed, "markdown").startswith("## My Own Name\n") and "my note" in copy_text(untitled, renamed, "markdown")
    assert "title = {My Own Name}" in copy_text(untitled, renamed, "bibtex")
    assert copy_text(untitled, None, "text").startswith("Derived from this")
    assert "My Own Name" in copy_text(untitled, renamed, "reference")
    assert formatted_references([(untitled, renamed)], "apa", "html")[0] != formatted_references([(untitled, renamed)], "apa")[0]
    assert "My Own Name" in formatted_references([(untitled, renamed)], "apa")[0]
    with pytest.raises(ValueError) as caught:
        copy_text(untitled, None, "pdf")
    assert str(caught.value) == f"pdf: not a copy format ({', '.join(COPY_FORMATS)})"


@pytest.mark.parametrize(("pages", "wanted"), [("XII–XX", {"start_page": "XII", "end_page": "XX"}), ("5--", {"start_page": "5"})])
def test_ris_pages_in_roman_numerals_and_an_open_range(pages: str, wanted: dict) -> None:
    record = ris_record(full(OTHER, details={"pages": pages}))
    assert {k: v for k, v in record.items() if k.endswith("_page")} == wanted


def test_a_bibtex_name_list_as_people() -> None:
    from tui.core.cite.names import split_people

    assert split_people(" {ACME Labs} and  Ada Lovelace ") == ([Person(literal="ACME Labs"), Person(family="Lovelace", given="Ada")], False)
    assert split_people("Doe, J. and OTHERS") == ([Person(family="Doe", given="J.")], True)
    assert split_people("von Last, Jr, First") == ([Person(family="Last", given="First", particle="von", suffix="Jr")], False)
    assert split_people("{A}{B}") == ([Person(family="AB")], False)
    assert split_people("{\\{A}") == ([Person(family="A")], False)  # braced at both ends, never closed: a person
    assert split_people("Erd{\\H o}s, P{\\'a}l") == ([Person(family="Erdős", given="Pál")], False)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [(r"\(a_1\) b_2 \(c\)", r"\(a_1\) b\_2 \(c\)"), (r"\(\)x_1\)", r"\(\)x\_1\)"), (r"\(x\)_", r"\(x\)\_"),
     (r"a\) b \(x_1\) c_d", r"a\) b \(x_1\) c\_d")],
)
def test_each_math_span_ends_at_its_own_close(text: str, wanted: str) -> None:
    from tui.core.cite.latex_escape import latex_value

    assert latex_value(text, escape_bare=True) == wanted


def test_a_plain_sources_abstract_keeps_its_paragraphs() -> None:
    paper = Paper("a" * 12, "First 5% part.\n\nSecond_part.", "L", title="T", extra={"type_of_reference": "JOUR"})
    assert entry_parts(paper)[2]["abstract"] == "First 5\\% part.\n\nSecond\\_part."


@pytest.mark.parametrize("extra", [{}, {"type_of_reference": "JOUR"}])
def test_a_title_and_a_venue_are_one_line(extra: dict) -> None:
    paper = Paper("a" * 12, "x", "L", title="Two\nlines", venue="Some\nWorkshop", extra=dict(extra))
    fields = entry_parts(paper)[2]
    assert (fields["title"], fields.get("booktitle") or fields["journal"]) == ("Two lines", "Some Workshop")


def test_a_citable_of_a_full_paper() -> None:
    paper = Paper("a" * 12, "An abstract.", "L", title="A Title", authors=("Ada Lovelace",), year="2020", venue="Proc. X", doi="10.1/x",
                  url="https://arxiv.org/abs/2001.00001", citekey="k2020",
                  extra={"bibtex_type": "inproceedings", "bibtex_fields": {"editor": "Doe, J.", "pages": "1--2"}, "pdf": "https://p.pdf",
                         "start_page": "9", "volume": [1, 2]})
    assert citable(paper, Annotation(paper.id, notes=" n "), notes=True) == Citable(
        key="k2020", kind=CONFERENCE, title="A Title", authors=[Person(family="Lovelace", given="Ada")], more_authors=False,
        editors=[Person(family="Doe", given="J.")], year="2020", venue="Proc. X", doi="10.1/x", url="https://arxiv.org/abs/2001.00001",
        pdf="https://p.pdf", arxiv="2001.00001", abstract="An abstract.", notes="n", details={"pages": "1-2"},
    )
    assert citable(Paper("b" * 12, "x", "L", title="T", extra={"pdf": 3, "start_page": 4, "end_page": 5})).pdf == ""
    assert citable(Paper("b" * 12, "x", "L", title="T", extra={"start_page": "4", "end_page": 5})).details == {"pages": "4"}
    assert citable(Paper("b" * 12, "x", "L", title="T", extra={"start_page": 4, "end_page": "5"})).details == {}


def test_names_a_bibtex_list_cannot_split_are_kept_as_shown() -> None:
    paper = Paper("a" * 12, "x", "L", title="T", authors=("et al.",), extra={"bibtex_type": "misc", "bibtex_fields": {"author": "others"}})
    assert citable(paper).authors == [Person(literal="et al.")] and citable(paper).more_authors
    from tui.core.cite.names import bibtex_authors

    assert bibtex_authors(["", " ", "Ada Lovelace"]) == "Lovelace, Ada"


def test_keys_fold_to_ascii_without_anyascii(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from tui.core.cite.ascii import to_ascii

    monkeypatch.setitem(sys.modules, "anyascii", None)  # the import then fails: the fallback folds
    assert to_ascii("Łukasz Dvořák, Straße") == "Lukasz Dvorak, Strasse"
    assert to_ascii("plain") == "plain"


def test_a_latex_title_has_its_bare_specials_escaped_and_its_math_kept() -> None:
    paper = Paper("a" * 12, "x", "L", title="Costs 5% & $x_1$ more", extra={"arxiv": "2001.00001", "arxiv_category": "cs.LG"})
    assert entry_parts(paper, Annotation(paper.id, title="Mine")) == ("misc", "paper-" + "a" * 12, {
        "title": r"Costs 5\% \& $x_1$ more", "eprint": "2001.00001", "archivePrefix": "arXiv", "primaryClass": "cs.LG",
        "abstract": "x"})
    odd = Paper("a" * 12, "x", "L", title="T", extra={"arxiv": "2001.00001", "arxiv_category": 5})
    assert "primaryClass" not in entry_parts(odd)[2]


def test_a_paper_without_a_title_takes_the_derived_one_else_the_readers() -> None:
    assert entry_parts(Paper("a" * 12, "x", "L", derived_title="Derived"))[2]["title"] == "Derived"
    untitled = Paper("a" * 12, "x", "L")
    assert entry_parts(untitled, Annotation(untitled.id, title="Mine & Co"))[2]["title"] == r"Mine \& Co"
    assert "title" not in entry_parts(untitled, Annotation(untitled.id, notes="n"))[2]
    assert "title" not in entry_parts(untitled)[2]


def test_a_misc_entry_names_its_venue_in_howpublished() -> None:
    paper = Paper("a" * 12, "x", "L", venue="Some Blog & Co", extra={"bibtex_type": "misc", "bibtex_fields": {}})
    assert entry_parts(paper)[2] == {"howpublished": r"Some Blog \& Co", "abstract": "x"}


def test_a_bibtex_sources_abstract_wins_and_notes_keep_their_lines() -> None:
    paper = Paper("a" * 12, "Paper abstract", "L", title="T",
                  extra={"bibtex_type": "misc", "bibtex_fields": {"title": "T", "abstract": "Source abstract"}})
    assert entry_parts(paper)[2] == {"title": "T", "abstract": "Source abstract"}
    notes = Annotation(paper.id, notes="a\n\nb  c\nd")
    assert entry_parts(paper, notes, notes=True)[2]["annote"] == "a\n\nb  c\nd"


def test_a_title_braces_words_with_inner_capitals_but_not_math_nor_a_word_glued_to_a_group() -> None:
    from tui.core.cite.bibtex_out import protected_title

    assert protected_title(r"On $x$ and ADMM, \emph{x}AB AlphaX. GPT-4!") == r"On $x$ and {ADMM}, \emph{x}AB {AlphaX}. {GPT-4}!"


def test_a_bib_document_as_written_whole() -> None:
    from tui.core.cite.bibtex_out import bibtex_entry, bibtex_text

    arxiv = Paper("a" * 12, "Costs 5% and $x_1$", "L", title="T", year="2020", extra={"arxiv": "2001.00001"})
    workshop = Paper("b" * 12, "Plain", "L", title="U", venue="Some Workshop", year="2021")
    entry_a = ("@misc{paper-aaaaaaaaaaaa,\n  title = {T},\n  year = 2020,\n  eprint = {2001.00001},\n"
               "  archivePrefix = {arXiv},\n  abstract = {Costs 5\\% and $x_1$}")
    entry_b = "@inproceedings{paper-bbbbbbbbbbbb,\n  title = {U},\n  booktitle = {Some Workshop},\n  year = 2021,\n  abstract = {Plain}\n}\n"
    note = Annotation(arxiv.id, notes="n1")
    assert bibtex_text([(arxiv, note), (workshop, None)]) == entry_a + "\n}\n\n" + entry_b
    assert bibtex_entry(arxiv, note) == entry_a + "\n}\n"
    assert bibtex_entry(arxiv, note, notes=True) == entry_a + ",\n  annote = {n1}\n}\n"


def test_names_bibtexparser_would_refuse_strictly_are_still_split(monkeypatch: pytest.MonkeyPatch) -> None:
    from bibtexparser.middlewares import names as bibtexparser_names

    from tui.core.cite.names import split_people, unicode_text

    assert split_people("Ada {Lovelace") == ([Person(family="Lovelace", given="Ada")], False)
    assert split_people("Babbage, Charles, and Ada Lovelace}") == (
        [Person(family="Babbage", given="Charles"), Person(family="Lovelace", given="Ada")], False)
    assert unicode_text("$x^2$  costs") == "x² costs"
    real = bibtexparser_names.parse_single_name_into_parts

    def refusing(name: str, strict: bool = True):
        if name.startswith("Bad"):
            raise bibtexparser_names.InvalidNameError(name=name, reason="test")
        return real(name, strict=strict)

    monkeypatch.setattr(bibtexparser_names, "parse_single_name_into_parts", refusing)
    assert split_people("Bad {N}ame and Lovelace, Ada") == ([Person(literal="Bad Name"), Person(family="Lovelace", given="Ada")], False)


def test_authors_and_editors_as_the_bibtex_source_spelled_them() -> None:
    from tui.core.cite.names import authors_of, editors_of

    paper = Paper("a" * 12, "x", "L", title="T", authors=("Ada Lovelace",),
                  extra={"bibtex_type": "inproceedings", "bibtex_fields": {"author": "Lovelace, Ada and others", "editor": "Doe, J."}})
    assert authors_of(paper) == ([Person(family="Lovelace", given="Ada")], True)
    assert editors_of(paper) == [Person(family="Doe", given="J.")]
    assert editors_of(Paper("a" * 12, "x", "L", title="T", authors=("Ada Lovelace",))) == []


def test_a_citable_renders_a_latex_venue_and_leaves_notes_out_unless_asked() -> None:
    paper = Paper("a" * 12, "No abstract available.", "L", title="T", venue=r"Proc. of {\"U}ber",
                  extra={"bibtex_type": "inproceedings", "bibtex_fields": {}, "pdf": "https://p.pdf"})
    record = citable(paper, Annotation(paper.id, notes="n"))
    assert (record.venue, record.notes, record.abstract, record.pdf) == ("Proc. of Über", "", "", "https://p.pdf")
    assert citable(paper, Annotation(paper.id, notes="n"), notes=True).notes == "n"


def test_a_bibtex_export_gives_notes_when_asked() -> None:
    from tui.core.usecases.cite import citation_text

    paper = Paper("a" * 12, "x", "L", title="T")
    assert "annote = {n1}" in citation_text([(paper, Annotation(paper.id, notes="n1"))], "bibtex", notes=True)
    assert "annote" not in citation_text([(paper, Annotation(paper.id, notes="n1"))], "bibtex")


def test_key_title_words_and_clash_suffixes() -> None:
    from tui.core.cite.keys import _suffix, title_words

    assert title_words("Go Deep") == ["go", "deep"]
    assert title_words("A Of The") == ["a", "of", "the"]
    assert len(title_words(" ".join(["word"] * 120))) == 99
    assert [_suffix(n) for n in (0, 25, 26, 27, 701, 702)] == ["a", "z", "aa", "ab", "zz", "aaa"]


def test_a_clash_walk_of_one_key_does_not_suffix_another() -> None:
    from tui.core.cite.keys import KeyBook

    book = KeyBook({})
    assert [book.take("doe", "p1"), book.take("Doe", "p2"), book.take("doe", "p3")] == ["doe", "Doea", "doeb"]
    assert book.take("smith", "p4") == "smith"


@pytest.mark.parametrize(
    ("text", "wanted"),
    [("a\tb", "a b"), ("  a  \n   b  ", "a\n   b"), ("$$$$ 5%", r"$$$$ 5\%"), ("$$a$$%", r"$$a$$\%")],
)
def test_latex_lines_keep_their_indent_and_display_math_ends_at_its_close(text: str, wanted: str) -> None:
    from tui.core.cite.latex_escape import latex_value

    assert latex_value(text, lines=True, escape_bare=True) == wanted


@pytest.mark.parametrize(
    ("text", "wanted"),
    [(r"\\\\{a}", r"\\\\{a}"), (r"a\\}", r"a\\\textbraceright{}"), (r"a\\\}", r"a\\\textbraceright{}")],
)
def test_a_brace_after_an_even_run_of_backslashes_is_a_brace(text: str, wanted: str) -> None:
    from tui.core.cite.latex_escape import balanced

    assert balanced(text) == wanted


def test_the_abstract_told_and_the_key_a_source_gave() -> None:
    from tui.core.cite.record import citation_key, told_abstract

    assert told_abstract(Paper("a" * 12, "", "L", title="T")) == ""
    padded = "No abstract available." + " " * 38 + "x"  # only the first 60 characters are compared
    assert told_abstract(Paper("a" * 12, padded, "L", title="T")) == ""
    assert citation_key(Paper("a" * 12, "x", "L", title="T", extra={"bibtex_key": "doe2020"})) == "doe2020"
    assert citation_key(Paper("a" * 12, "x", "L", title="T", extra={"bibtex_key": "doe\x07"})) == "paper-" + "a" * 12


def test_a_csl_year_is_the_first_four_digits() -> None:
    assert csl_item(full(CONFERENCE, year="2020-21"))["issued"] == {"date-parts": [[2020]]}
