"""Large imports: a JSON array read a slice at a time reads exactly as a whole file does, and
near-duplicates are found whatever the size and shape of the import (blocking, not all pairs)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from tui.core.errors import InputFileError
from tui.core.ingest import json_stream, match_keys, matching, readers
from tui.core.ingest.jsonlist import parse_json
from tui.core.ingest.merge import MatchIndex, plan_import
from tui.core.ingest.parsed import ParsedFile
from tui.core.ingest.readers import read_import
from tui.core.ingest.textfile import read_text
from tui.core.library import Library
from tui.core.models import Paper, normalize_space, paper_id
from tui.core.usecases.imports import import_paths

WORDS = (
    "we study learning control robust policies from data with guarantees on stability safety sample complexity "
    "under distribution shift using neural networks kernels graphs transformers regret bounds experiments benchmarks"
).split()


def abstract(rng: random.Random, words: int = 60) -> str:
    """Words as varied as real abstracts' (about 3,000 of them), so only copies share long runs."""
    return " ".join(f"{rng.choice(WORDS)}{rng.randrange(100)}" for _ in range(words)) + f" (method {rng.randrange(10**9)})."


def row(rng: random.Random, i: int) -> dict:
    return {"title": f"Paper {i}: {' '.join(rng.sample(WORDS, 4))}", "authors": [f"Ann Author{i}", "Bo Second"], "abstract": abstract(rng)}


# -- reading a slice at a time --------------------------------------------------------------------

TRICKY = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["}, {", "},{", '"}, {"', "\\", '\\"}, {', "{", "}", "]", "[", "\r\n", "},\n  {"]),
)
ENTRY = st.one_of(
    st.fixed_dictionaries(
        {"title": TRICKY, "abstract": TRICKY},
        optional={"authors": st.lists(TRICKY, max_size=3), "x": st.lists(st.dictionaries(TRICKY, TRICKY, max_size=2), max_size=2)},
    ),
    st.integers(),
    st.lists(st.fixed_dictionaries({"title": TRICKY}), max_size=3),
)


def _never(path: object) -> str:
    raise AssertionError(f"{path} was read whole")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entries=st.lists(ENTRY, min_size=1, max_size=12), indent=st.sampled_from([None, 1]), bom=st.booleans(), read=st.sampled_from([1, 7, 64]))
@example(entries=[{"title": "A", "abstract": "x}, {y"}, {"title": "B", "abstract": "z"}], indent=None, bom=False, read=1)
def test_a_slice_at_a_time_reads_as_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entries: list, indent: int | None, bom: bool, read: int
) -> None:
    """Whatever the entries hold (`},{` inside strings, nested objects, non-objects), any slice size."""
    monkeypatch.setattr(json_stream, "READ_BYTES", read)
    path = tmp_path / "papers.json"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + json.dumps(entries, indent=indent).encode())
    whole = parse_json(read_text(path).lstrip("\ufeff"), path)
    monkeypatch.setattr(readers, "read_text", _never)  # a plain array is never read whole
    sliced = read_import(path)
    assert (sliced.papers, sliced.skipped, sliced.name) == (whole.papers, whole.skipped, whole.name)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'[{"title": "A"}, {"title": "B"}, {"title": "C"', "is not valid JSON"),  # truncated
        (b'[{"title": "A"}, {"title": "B"}] trailing', "is not valid JSON"),
        (b'[{"title": "A"}, {"title": "na\xefve"}]', "not UTF-8"),  # Latin-1 after the first slices
        (b"[", "is not valid JSON"),
        (b"  [ ]  ", "empty JSON array"),
        (b'{"papers": []}', "empty JSON array"),
        (b'"text"', "expected a JSON array"),
    ],
)
def test_a_damaged_file_read_in_slices_says_what_the_whole_file_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, problem: str) -> None:
    monkeypatch.setattr(json_stream, "READ_BYTES", 4)
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(InputFileError, match=problem) as info:
        read_import(path)
    assert str(info.value).startswith(str(path)) and "\n" not in str(info.value)


def test_a_wrapped_array_and_csl_are_still_read_whole(tmp_path: Path) -> None:
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"papers": [{"title": "A", "abstract": "x"}]}))
    assert [p.title for p in read_import(wrapped).papers] == ["A"]
    csl = tmp_path / "zotero.json"
    csl.write_text(json.dumps([{"type": "article-journal", "title": "C", "container-title": "J", "issued": {"date-parts": [[2020]]}}]))
    assert read_import(csl).kind == "csl"


# -- near-duplicates whatever the batch ------------------------------------------------------------


def _near(text: str) -> str:
    """The same abstract as another exporter has it: a word changed near each end (over 95% alike)."""
    words = text.split()
    words[1], words[-3] = "indeed", "also"
    return " ".join(words)


def _paper(text: str, title: str, authors: tuple[str, ...] = ("Ann Author", "Bo Second")) -> Paper:
    return Paper(paper_id(text, title), text, "L", title=title, authors=authors)


def _file(*papers: Paper) -> ParsedFile:
    return ParsedFile(Path("in.json"), "json", "In", list(papers))


def test_a_near_duplicate_merges_in_one_import_after_thousands_of_others() -> None:
    rng = random.Random(1)
    text = abstract(rng, 150)
    others = [_paper(abstract(rng, 150), f"Other {i}", (f"X{i}",)) for i in range(3000)]
    first, again = _paper(text, "Delayed Feedback"), _paper(_near(text), "Delayed Feedback, revised")
    for stored, incoming in (([], [first, *others, again]), ([first, *others], [again]), (others, [first, again])):
        plan = plan_import(stored, [_file(*incoming)], len(stored), lambda a: "")
        assert plan.reports[0].merged == 1 and len(plan.added) == len(incoming) - 1, len(stored)


def test_a_near_duplicate_in_a_later_import_merges(library: Library, tmp_path: Path) -> None:
    rng = random.Random(2)
    rows = [row(rng, i) for i in range(1500)]
    (tmp_path / "a.json").write_text(json.dumps(rows))
    copy = {"title": "Something reworded", "authors": rows[700]["authors"], "abstract": _near(rows[700]["abstract"])}
    (tmp_path / "b.json").write_text(json.dumps([row(rng, 5000), copy]))
    first = import_paths(library, [tmp_path / "a.json"]).reports[0]
    second = import_paths(library, [tmp_path / "b.json"]).reports[0]
    again = import_paths(library, [tmp_path / "a.json"]).reports[0]
    assert (first.added, second.added, second.merged) == (1500, 1, 1)
    assert (again.added, again.merged) == (0, 1500)
    assert ('merged "Something reworded" into "' + rows[700]["title"] + '"') in second.merges


def test_keys_whose_hashes_meet_never_merge_two_papers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Evidence keys are compared as hashes first; a collision is caught by comparing the values
    (no authors here, so nothing else would keep these papers apart)."""
    monkeypatch.setattr(match_keys, "hash", lambda value: 7, raising=False)  # every key collides
    rng = random.Random(3)
    papers = [_paper(abstract(rng), f"Title {i}", ()) for i in range(50)]
    plan = plan_import(papers[:25], [_file(*papers[25:], papers[3])], 25, lambda a: "")
    assert (len(plan.added), plan.reports[0].merged) == (25, 1)
    assert MatchIndex(papers[:25]).find(papers[3]) == (papers[3].id, "same id")
    assert MatchIndex(papers[:25]).find(papers[30]) is None


def test_a_shared_phrase_is_not_a_reason_to_compare(monkeypatch: pytest.MonkeyPatch) -> None:
    """A phrase in more than MAX_BLOCK_PAPERS abstracts is no blocking key: a new abstract that shares only
    it is compared with nothing, and a near-duplicate is still found by its other keys."""
    compared = []
    ratio, cut = fuzz.ratio, matching.surely_dissimilar
    monkeypatch.setattr(fuzz, "ratio", lambda a, b, **kw: compared.append(b) or ratio(a, b, **kw))  # the module matching loads
    monkeypatch.setattr(matching, "surely_dissimilar", lambda a, counts, b: compared.append(b) or cut(a, counts, b))
    rng = random.Random(4)
    phrase = "in this paper we propose a novel method that achieves state of the art results"
    texts = [f"{phrase} {abstract(rng, 40)}" for _ in range(matching.MAX_BLOCK_PAPERS * 3)]
    stored = [_paper(t, f"T{i}", (f"A{i}",)) for i, t in enumerate(texts)]
    new, copy = _paper(f"{phrase} {abstract(rng, 40)}", "New"), _paper(_near(texts[50]), "Other title", ("A50",))
    index = MatchIndex(stored, [new, copy])
    assert index.find(new) is None and compared == []
    index.add(new)
    assert index.find(copy) == (stored[50].id, "similar abstract")


@given(st.text(alphabet=st.sampled_from(list(" \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u2003\u3000ab\u00e9")), max_size=300))
def test_normalize_space_is_split_and_join(text: str) -> None:
    assert normalize_space(text) == " ".join(text.split())


_TEXT = st.text(alphabet=st.sampled_from(list("abcde fghij.$\\{}")), min_size=0, max_size=120)


@settings(max_examples=500)
@given(_TEXT, st.lists(st.tuples(st.integers(0, 119), st.sampled_from(["", "x", "ab", " "])), max_size=6), _TEXT)
def test_the_character_count_cut_never_drops_a_similar_abstract(text: str, edits: list[tuple[int, str]], other: str) -> None:
    """`matching.surely_dissimilar` says True only where the full comparison says below SIMILARITY:
    for small edits of one text (near and above the threshold) and for unrelated texts."""
    edited = text
    for at, piece in edits:
        edited = edited[:at] + piece + edited[at + 1 :]
    counts = matching.char_counts(text)
    for candidate in (edited, other, text):
        if matching.surely_dissimilar(text, counts, candidate):
            assert fuzz.ratio(text, candidate) < matching.SIMILARITY, (text, candidate)


def test_the_character_count_cut_spares_unrelated_abstracts_and_keeps_near_ones() -> None:
    rng = random.Random(5)
    text = abstract(rng, 150).casefold()
    counts = matching.char_counts(text)
    assert not matching.surely_dissimilar(text, counts, _near(text).casefold())
    assert matching.surely_dissimilar(text, counts, abstract(rng, 150).casefold())
    assert matching.char_counts("café") is None  # not ASCII: only the full comparison decides
