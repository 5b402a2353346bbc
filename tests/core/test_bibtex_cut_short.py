"""A BibTeX file cut short is refused whole; one malformed in the middle loses only that entry; errors name their kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.core.errors import InputFileError
from tui.core.ingest.bibtex import parse_bibtex

WHOLE = "@article{a, title={Whole}, abstract={fine}}\n"


@pytest.mark.parametrize(
    "tail",
    [
        "@article{b, title={Cut}, abstract={cut off",
        "@article{b, title={Cut}, abstract={cut off}\n",  # only the entry's own brace is missing
        "@article{b, title={Cut}, abstract={cut off}}\n@article{c, title={{{deep}\n\n",
    ],
)
def test_a_file_whose_last_entry_is_open_at_its_end_is_refused_whole(tail: str) -> None:
    with pytest.raises(InputFileError) as refused:
        parse_bibtex(WHOLE + tail, Path("refs.bib"))
    message = str(refused.value)
    assert message.startswith("refs.bib: ends inside the entry at line ")
    assert message.endswith("the file is cut short; nothing was imported from it") and "\n" not in message


def test_an_entry_left_open_in_the_middle_is_skipped_and_the_rest_comes_in() -> None:
    parsed = parse_bibtex("@article{b, title={Open}, abstract={never closed\n" + WHOLE, Path("refs.bib"))
    assert [p.title for p in parsed.papers] == ["Whole"]
    (skip,) = parsed.skipped
    assert skip.startswith("line 1 (@article{b, title={Open}")


def test_a_parser_failure_without_words_names_its_kind_not_empty_parentheses(monkeypatch: pytest.MonkeyPatch) -> None:
    import bibtexparser

    def broken(text: str) -> None:
        raise ValueError()

    monkeypatch.setattr(bibtexparser, "parse_string", broken)
    with pytest.raises(InputFileError) as refused:
        parse_bibtex("@string{x = y}\n" + WHOLE, Path("refs.bib"))  # not the plain shape: the parser reads it
    assert "()" not in str(refused.value)
    assert str(refused.value) == "refs.bib: could not be parsed as BibTeX (ValueError); nothing was imported from it"


def test_a_field_given_twice_keeps_the_first_value_as_bibtex_does() -> None:
    """PMLR's COLT 2025 file gives `section` twice in two entries: bibtexparser refuses them, BibTeX warns and keeps
    the first value. They come in, in file order, and nothing is reported skipped for them."""
    text = (
        "@article{a, title={Before}, abstract={first}}\n"
        "@inproceedings{b, title={Twice}, section={Original Papers}, year={2025}, section={Original Papers},\n"
        "  YEAR={1999}, abstract={An abstract whose entry repeats two fields.}}\n"
        "@article{c, title={After}, abstract={last}}\n"
    )
    parsed = parse_bibtex(text, Path("refs.bib"))
    assert [p.title for p in parsed.papers] == ["Before", "Twice", "After"]
    twice = parsed.papers[1]
    assert twice.year == "2025" and twice.extra["bibtex_key"] == "b" and parsed.skipped == []


def test_entries_with_a_field_given_twice_keep_their_place_in_the_file() -> None:
    text = (
        "@misc{t1, title={Twice first}, note={a}, note={b}, abstract={one}}\n"
        "@article{a, title={Before}, abstract={first}}\n"
        "@article{m, title={Middle}, abstract={second}}\n"
        "@misc{t2, title={Twice later}, note={a}, note={b}, abstract={two}}\n"
        "@article{c, title={After}, abstract={last}}\n"
    )
    assert [p.title for p in parse_bibtex(text, Path("refs.bib")).papers] == ["Twice first", "Before", "Middle", "Twice later", "After"]
