"""`bibtex_scan` against bibtexparser itself: the same entries (type, key, fields, values, line), or None.

Whenever `scan` reads a file, bibtexparser must read it to exactly those
entries and nothing failed; anything unusual must make `scan` give up (None),
and the importer then reads the file with bibtexparser. Files are generated
from plain pieces (which `scan` must read) and from pieces with every oddity
the format allows, and the real fixtures are compared too.
"""

from __future__ import annotations

import logging
from pathlib import Path

import bibtexparser
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tui.core.ingest import bibtex, bibtex_scan
from tui.core.ingest.bibtex import parse_bibtex
from tui.core.ingest.bibtex_scan import Entry, scan

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
logging.getLogger("bibtexparser").disabled = True  # it logs each block it cannot parse


def reference(text: str) -> tuple[list[Entry], int]:
    """bibtexparser's entries (as `scan` gives them) and how many blocks failed."""
    library = bibtexparser.parse_string(text)
    entries = [Entry(e.key, e.entry_type, {k: v.value for k, v in e.fields_dict.items()}, e.start_line or 0) for e in library.entries]
    return entries, len(library.failed_blocks)


def agrees(text: str) -> bool:
    """`scan` gives bibtexparser's entries, or gives up; True when it read the file."""
    got = scan(text)
    if got is None:
        return False
    assert (got, 0) == reference(text)
    return True


def test_the_proceedings_fixture_is_scanned_as_bibtexparser_reads_it() -> None:
    assert agrees((FIXTURES / "pmlr_l4dc2026.bib").read_text(encoding="utf-8"))


def test_a_file_with_broken_and_repeated_entries_is_left_to_bibtexparser() -> None:
    text = (FIXTURES / "small.bib").read_text(encoding="utf-8")
    assert scan(text) is None
    plain = text[: text.index("@article{smith2020,\n  title = {A duplicate key}")]
    assert agrees(plain) and len(scan(plain) or []) == 3


# -- generated files -----------------------------------------------------------------------------------

PLAIN_TEXT = st.text(st.sampled_from("abc XYZ 09.,;:=-'\"$\\^_!?é論\n\t"), max_size=20)
ODD_TEXT = st.text(st.sampled_from("ab {}\",=@#%()\\\n\t é\u00a0\u2028"), max_size=12)


def braced(inner: st.SearchStrategy[str], depth: int = 3) -> st.SearchStrategy[str]:
    """`{...}` with braced groups inside, `depth` deep at most (no quote in plain text decides anything here)."""
    if depth == 0:
        return inner.map(lambda s: "{" + s.replace("{", "").replace("}", "") + "}")
    return st.lists(st.one_of(inner.map(lambda s: s.replace("{", "").replace("}", "")), braced(inner, depth - 1)), max_size=3).map(
        lambda parts: "{" + "".join(parts) + "}"
    )


def values(text: st.SearchStrategy[str], odd: bool) -> st.SearchStrategy[str]:
    plain = [
        braced(text.map(lambda s: s.replace("\\{", "").replace("\\}", "").replace("\\", "\\\\ ") if not odd else s)),
        text.map(lambda s: '"' + "".join(c for c in s if c not in '"{}\\') + '"'),
        st.from_regex(r"[A-Za-z0-9]{1,6}", fullmatch=True),
    ]
    if odd:
        plain += [text, st.just('"a" # b'), st.just("{a} # {b}"), st.just("{a} x"), st.just(""), text.map(lambda s: "{" + s + "}"),
                  text.map(lambda s: '"' + s + '"'), st.just("{\\{}"), st.just("{a\\}b}"), st.just("{{{{{deep}}}}}")]
    return st.one_of(plain)


def field(odd: bool) -> st.SearchStrategy[tuple[str, str]]:
    """(name, the field as written)."""
    names = st.sampled_from(["title", "Title", "author", "year", "abstract", "url", "x-y"] + (["", " ", "a b", "ti{tle", "%c", "tit\\le"] if odd else []))
    spaces = st.sampled_from([" ", "", "\n\t", "  "] + (["\u00a0", "\n\n"] if odd else []))
    return st.tuples(spaces, names, spaces, values(ODD_TEXT if odd else PLAIN_TEXT, odd), spaces).map(
        lambda t: (t[1], f"{t[0]}{t[1]}{t[2]}={t[2]}{t[3]}{t[4]}")
    )


def entry(odd: bool) -> st.SearchStrategy[str]:
    """An entry with `KEY` for its key in a plain file (`bibfile` numbers them), any of a few in an odd one."""
    kinds = st.sampled_from(["article", "InProceedings", "misc", "Proceedings"] + (["comment", "string", "preamble", "", "Comment x"] if odd else []))
    keys = st.sampled_from(["smith2020", "", " key ", "a,b", "k{", "x/y"]) if odd else st.just("KEY")
    opener = st.sampled_from(["{", " {", "\t{"] + (["(", " ("] if odd else []))
    trailer = st.sampled_from(["}", ",}", ",\n}", "\n}"] + ([")", ",", "} }", "", ",,}"] if odd else []))
    fields = st.lists(field(odd), min_size=0 if odd else 1, max_size=5, unique_by=None if odd else (lambda f: f[0]))
    return st.tuples(kinds, opener, keys, fields, trailer).map(lambda t: f"@{t[0]}{t[1]}{t[2]},{','.join(f for _, f in t[3])}{t[4]}")


def bibfile(odd: bool) -> st.SearchStrategy[str]:
    between = st.sampled_from(["\n\n", "\n", "% a comment\n", "junk text\n", ""] + (["@", "x@y{", "\\\n", "}", "@comment{c}\n"] if odd else []))
    return st.lists(st.tuples(between, entry(odd)), max_size=5).map(
        lambda parts: "".join(b + e.replace("KEY", f"key{i}", 1) for i, (b, e) in enumerate(parts))
    )


@settings(max_examples=400, deadline=None)
@given(text=bibfile(odd=False))
@example(text="@article{a,\n  title = {x},\n}\n\n@misc{b, year = 2020}")
def test_plain_files_are_scanned_as_bibtexparser_reads_them(text: str) -> None:
    assert agrees(text), text


# 500 examples, the most any other property test here runs (the suite's time, benchmarks/suite-times.md: 1,500 cost
# 12.5 s of CPU, a tenth of tests/core); every counterexample it found over the rounds stays below as an `@example`.
@settings(max_examples=500, deadline=None)
@given(text=bibfile(odd=True))
@example(text='@article{a, title = "x" # y}')
@example(text="@article{a, title = {a\\}, b = {c}}}")  # bibtexparser: an escaped brace is not a brace
@example(text="@article{a, title = {a\\}, b = {c}}\n@misc{z, title={t}}")
@example(text="@article{a, note = {x},\n abstract = {line \\\nnext}}\n@misc{b, title = {t}}")
@example(text="@article{a, title = {x}, title = {y}}")
@example(text="@string{foo = {Foo}}\n@article{a, journal = foo}")
@example(text="@article{a, title = {x @misc{b, title={y}} z}}")
def test_any_file_is_scanned_as_bibtexparser_reads_it_or_left_to_it(text: str) -> None:
    agrees(text)


# -- the importer either way --------------------------------------------------------------------------


def imported(text: str, path: Path) -> tuple:
    path.write_text(text, encoding="utf-8")
    parsed = parse_bibtex(text, path)
    return parsed.name, [p.to_doc() for p in parsed.papers], parsed.skipped


@pytest.mark.parametrize("name", ["pmlr_l4dc2026.bib", "small.bib"])
def test_the_importer_reads_the_fixtures_the_same_with_and_without_the_scan(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    quick = imported(text, tmp_path / name)
    monkeypatch.setattr(bibtex, "scan", lambda text: None)
    assert imported(text, tmp_path / name) == quick


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=bibfile(odd=False))
def test_the_importer_reads_plain_files_the_same_with_and_without_the_scan(text: str, tmp_path: Path) -> None:
    if not text.strip():
        return
    quick = imported(text, tmp_path / "generated.bib")
    real = bibtex.scan
    bibtex.scan = lambda text: None
    try:
        assert imported(text, tmp_path / "generated.bib") == quick
    finally:
        bibtex.scan = real
    assert bibtex_scan.scan is real
