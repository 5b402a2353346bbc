"""Property tests: the parsers and the Markdown round trip never raise on arbitrary text, and round-trip.

Each parser may refuse input only with its own one-line error
(`InputFileError`, `QueryError`); anything else escaping is a bug.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tui.core.errors import InputFileError
from tui.core.export.markdown import Entry, entries, paper_section, render_document
from tui.core.export.notes_import import import_notes, parse_note_text
from tui.core.export.writing import write_per_paper
from tui.core.ingest.lists import parse_list
from tui.core.ingest.readers import read_import
from tui.core.ingest.textfile import decode_text
from tui.core.library import Library
from tui.core.models import Annotation, Paper, Status, normalize_space, paper_id
from tui.core.render.text import clean
from tui.core.search.index import SearchIndex
from tui.core.search.query import QueryError, parse_query, words

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)
# Characters that trip each format, so generated text is dense with them.
PIECES = ["\n", "\n\n", "\r\n", "\r", " ", "\t", "\ufeff", "[", "]", "[/]", "{", "}", "\\", "@article{", "%", '"', ":",
          "-", "#", "## Notes", "---", "\x1b[31m", "\x00", "\x07", "\u2028", "\u202e", "中文", "🎉", "a", "word", "rating:",
          "status:", "year:", "-x", '"phrase', "has:", "tag:", ">=", "3-", "..", "1e400", "null", "true", "[{", "}]"]
DENSE = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
ANY = st.one_of(TEXT, DENSE)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


# -- the list parser --------------------------------------------------------------------------

@SETTINGS
@given(ANY)
def test_list_parser_never_raises_anything_but_its_error(text: str) -> None:
    try:
        parsed = parse_list(text, "x.txt")
    except InputFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("x.txt: ")
        return
    assert parsed.abstracts and parsed.name
    for abstract in parsed.abstracts:
        assert abstract == normalize_space(abstract) and abstract


# An abstract: any text with something visible in it (whitespace inside is normalised on import).
ABSTRACT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1, max_size=80).filter(lambda s: s.split())
HEADER = st.text(st.characters(blacklist_categories=("Cs", "Zl", "Zp", "Cc")), min_size=1, max_size=40).filter(
    lambda s: s.split() and s.strip("\ufeff").split()
)


@SETTINGS
@given(header=HEADER, abstracts=st.lists(ABSTRACT, min_size=1, max_size=6), crlf=st.booleans(), bom=st.booleans())
def test_list_round_trip(header: str, abstracts: list[str], crlf: bool, bom: bool) -> None:
    """A list written as paragraphs reads back as the same (whitespace-normalised) abstracts."""
    flat = [normalize_space(a) for a in abstracts]
    text = normalize_space(header) + "\n\n" + "\n\n".join(flat) + "\n"
    data = text.replace("\n", "\r\n" if crlf else "\n").encode("utf-8")
    parsed = parse_list(decode_text((b"\xef\xbb\xbf" if bom else b"") + data, "x.txt"), "x.txt")
    assert parsed.name == normalize_space(header).lstrip("\ufeff").strip() or len(normalize_space(header)) > 200
    # A paragraph never spans the blank line, so each abstract is one paragraph.
    assert parsed.abstracts == [normalize_space(a) for a in flat]


@SETTINGS
@given(st.binary(max_size=400), st.sampled_from([".txt", ".bib", ".json", ".jsonl", ".dat"]))
@example(b"\xff\xfe" + "x".encode("utf-16-le"), ".txt")
@example(b"@article{a, title={" + b"{" * 300, ".bib")
@example(b"@article{\xef\xbb\xbf\n\xef\xbb\xbf}]", ".bib")  # a key with a line break: the skip line stays one line
def test_every_importer_refuses_bad_bytes_with_one_line(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"in{suffix}"
        path.write_bytes(data)
        try:
            parsed = read_import(path)
        except InputFileError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path))
            return
    for paper in parsed.papers:
        assert paper.id and (paper.abstract or paper.title)
    assert all("\n" not in reason for reason in parsed.skipped)


@SETTINGS
@given(DENSE.map(lambda s: s.encode("utf-8", "surrogatepass")), st.sampled_from([".txt", ".bib", ".json", ".jsonl"]))
def test_every_importer_on_dense_text(data: bytes, suffix: str) -> None:
    test_every_importer_refuses_bad_bytes_with_one_line.hypothesis.inner_test(data, suffix)


# -- the query parser -------------------------------------------------------------------------

PAPERS = [
    Paper(paper_id(f"abstract {i} 中文 [bold] {i}"), f"abstract {i} 中文 [bold] about graphs {i}", "L", title=f"T{i}", year=str(2000 + i))
    for i in range(20)
]
ANNOTATIONS = {PAPERS[0].id: Annotation(PAPERS[0].id, notes="note [x]", rating=4, status=Status.READ, tags=("t",))}
INDEX = SearchIndex(PAPERS, ANNOTATIONS)


@SETTINGS
@given(ANY)
def test_query_parser_and_search_never_raise_anything_but_query_error(text: str) -> None:
    try:
        query = parse_query(text)
    except QueryError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    assert query.text == text
    results = INDEX.search(query)
    assert len(results) <= len(PAPERS)


@SETTINGS
@given(st.lists(st.text(st.characters(categories=("L", "N")), min_size=1, max_size=10), max_size=8))
def test_plain_words_round_trip_through_the_query_parser(ws: list[str]) -> None:
    text = " ".join(ws)
    assert list(parse_query(text).terms) == words(text)
    phrase = parse_query(f'"{text}"')
    assert phrase.phrases == ((" ".join(text.casefold().split()),) if text.strip() else ())


# -- the Markdown export and import ------------------------------------------------------------

@SETTINGS
@given(notes=ANY, title=ANY, tags=st.lists(ANY, max_size=3), abstract=ANY, list_name=ANY)
def test_markdown_export_never_raises_and_leaves_no_controls(notes: str, title: str, tags: list[str], abstract: str, list_name: str) -> None:
    paper = Paper(paper_id(abstract or "x"), abstract, list_name, title=title)
    entry = Entry(paper, Annotation(paper.id, notes=notes, tags=tuple(tags), rating=3, status=Status.READING))
    for text in (render_document([entry], now="2026-01-01T00:00:00+00:00"), paper_section(entry)):
        assert clean(text) == text


@SETTINGS
@given(ANY)
def test_reading_any_markdown_file_back_never_raises_anything_but_its_error(text: str) -> None:
    try:
        parse_note_text(text, Path("n.md"))
    except InputFileError as exc:
        assert "\n" not in str(exc)


@pytest.fixture(scope="module")
def round_trip_library(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("roundtrip")
    lib = Library.open(folder / "lib", seed=False)
    lib.add_lists([parse_list("Round trip\n\nThe only abstract, about $x^2$ [bold] things.\n")])
    yield lib
    lib.close()


@SETTINGS
@given(notes=ANY, title=ANY, tags=st.lists(DENSE, max_size=4), rating=st.integers(0, 5), status=st.sampled_from(list(Status)))
def test_markdown_round_trip(round_trip_library: Library, notes: str, title: str, tags: list[str], rating: int, status: Status) -> None:
    """Export a paper's annotation as a per-paper file, wipe it, import the file: the cleaned annotation comes back."""
    lib = round_trip_library
    paper = lib.papers[0]
    lib.save_annotation(paper.id, notes=notes, title=title, tags=tags, rating=rating, status=status)
    with tempfile.TemporaryDirectory() as folder:
        write_per_paper(folder, entries([paper], lib.annotation))
        lib.save_annotation(paper.id, notes="", rating=0, status="unread", tags=[], title="")
        report = import_notes(lib, folder)
    assert not report.errors and not report.conflicts
    got = lib.annotation(paper.id)
    assert got.notes == clean(notes)
    assert got.title in ("", clean(title))
    assert (got.rating, got.status) == (rating, status)
    assert list(got.tags) == list(dict.fromkeys(t for t in (" ".join(clean(t).split()) for t in tags) if t))
