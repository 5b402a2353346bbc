"""An import streams its papers: abstracts wait on disk (`ingest.spool`) and keys are made as each slice
is read (`ingest.incoming`), and what it stores is exactly what reading everything first stored."""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_import_scale import _near, abstract, row
from tui.core.ingest import json_stream, spool
from tui.core.ingest.embedded import bibtex_fields
from tui.core.ingest.fields import names_field
from tui.core.ingest.identity import normalize_title
from tui.core.ingest.incoming import Incoming
from tui.core.ingest.match_keys import key_rows
from tui.core.ingest.merge import plan_import
from tui.core.ingest.readers import read_imports
from tui.core.ingest.spool import Spool
from tui.core.library import Library
from tui.core.models import Paper, paper_id
from tui.core.usecases.imports import import_paths


def _rows(n: int, seed: int = 5) -> list[dict]:
    rng = random.Random(seed)
    rows = [row(rng, i) for i in range(n)]
    rows[n // 2] = {**rows[n // 2], "authors": "Ann Author; Bo Second", "bibtex": "@inproceedings{k, title={A {B} c}, year={2021}, booktitle={ICML}}"}
    rows.append({"title": "Reworded", "authors": rows[7]["authors"], "abstract": _near(rows[7]["abstract"])})  # merges by its abstract
    rows.append(dict(rows[12]))  # the same record twice
    return rows


# -- the spool ------------------------------------------------------------------------------------


def _papers(texts: list[str]) -> list[Paper]:
    return [Paper(paper_id(t), t, "L") for t in texts]


@pytest.mark.parametrize("flush", [1 << 20, 64])
def test_a_spooled_abstract_reads_as_it_was_in_memory_or_on_disk(monkeypatch: pytest.MonkeyPatch, flush: int) -> None:
    monkeypatch.setattr(spool, "FLUSH_BYTES", flush)
    texts = [f"Abstract {i}: caf\u00e9 \"quoted\" \\ back{'slash' * i}" for i in range(60)] + [""]
    papers = _papers(texts)
    box = Spool()
    box.put(papers[:30])
    box.put(papers[30:])
    assert [p.shelf_slot is not None for p in papers] == [True] * 60 + [False]  # "" stays as it is
    assert (box._file is not None) == (flush == 64)  # a small import never makes the file
    for i in [59, 3, 4, 5, 0, 60, 17]:  # out of order, then in order
        assert papers[i].abstract == texts[i]
        assert json.loads(papers[i].abstract_json()) == texts[i]
    moved = papers[3].with_changes(seq=9)
    assert moved.shelf_slot == papers[3].shelf_slot and moved.abstract == texts[3] and moved.seq == 9


def test_a_spool_that_cannot_make_its_file_keeps_the_abstracts_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spool, "FLUSH_BYTES", 16)

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    texts = [f"text number {i} " * 3 for i in range(20)]
    papers = _papers(texts)
    box = Spool()
    box.put(papers)
    assert [p.abstract for p in papers] == texts


# -- streaming, end to end ----------------------------------------------------------------------


def _import(tmp_path: Path, name: str, files: list[Path], monkeypatch: pytest.MonkeyPatch, stream: bool) -> tuple[bytes, list[str]]:
    if not stream:  # what reading everything first did: no sink, keys computed at plan time
        monkeypatch.setattr("tui.core.ingest.incoming.Incoming.rows_for", lambda self, incoming: None)
    with Library.open(tmp_path / name) as lib:
        outcome = import_paths(lib, files)
        papers = [(p.id, p.abstract, p.title) for p in lib.papers]
    monkeypatch.undo()
    return (tmp_path / name / "papers.json").read_bytes(), [str(m) for m in outcome.messages] + [str(papers)]


def test_a_streamed_import_stores_what_reading_everything_first_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "READ_BYTES", 4096)  # many slices
    monkeypatch.setattr(spool, "FLUSH_BYTES", 1000)  # the spool's file in use
    (tmp_path / "a.json").write_text(json.dumps(_rows(300)))
    (tmp_path / "b.bib").write_text("@article{x, title={A BibTeX paper}, abstract={" + abstract(random.Random(9)) + "}}")
    files = [tmp_path / "a.json", tmp_path / "b.bib"]
    streamed = _import(tmp_path, "one", files, monkeypatch, stream=True)
    whole = _import(tmp_path, "two", files, monkeypatch, stream=False)
    assert streamed == whole
    assert "a.json: 300 papers added, 2 merged" in streamed[1][0]  # the near-duplicate and the repeat


def test_papers_are_keyed_and_spooled_as_they_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "READ_BYTES", 2048)
    rows = _rows(120)
    (tmp_path / "a.json").write_text(json.dumps(rows))
    sink = Incoming()
    parsed, errors = read_imports([tmp_path / "a.json"], sink=sink)
    papers = parsed[0].papers
    assert not errors and all(p.shelf_slot is not None for p in papers)
    rows_for = sink.rows_for(papers)
    assert rows_for is not None and len(rows_for) > 1
    computed = key_rows(papers)
    for name in ("hashes", "slots", "kinds"):  # the same keys as computing them afterwards (in another order)
        got = [x for r in rows_for for x in getattr(r, name).tolist()]
        assert sorted(got) == sorted(getattr(computed, name).tolist())
    assert [x for r in rows_for for x in r.lengths] == list(computed.lengths)


def test_a_file_that_fails_after_some_slices_leaves_the_sink_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "READ_BYTES", 1024)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_rows(20, seed=1)))
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(_rows(40, seed=2))[:-40])  # slices parse, then the end does not
    sink = Incoming()
    parsed, errors = read_imports([damaged, good], sink=sink)
    assert len(errors) == 1 and errors[0].startswith(str(damaged))
    assert [p.source for p in parsed] == [good]
    assert sink.rows_for(parsed[0].papers) is not None  # only the good file's papers, in order
    plan = plan_import([], parsed, 0, lambda a: "", prepared=sink)
    assert (len(plan.added), plan.reports[0].merged) == (20, 2)  # its near-duplicate and its repeat merged


# -- quicker paths that must say what the slower ones said -----------------------------------------


@settings(max_examples=300)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_an_ascii_title_normalizes_as_the_pattern_does(title: str) -> None:
    assert normalize_title(title) == " ".join(re.sub(r"[\W_]+", " ", title.casefold()).split())


def test_names_seen_before_are_cleaned_once_and_shared() -> None:
    known: dict[str, str] = {}
    first = names_field("authors", [" Ann  Author ", "Bo Second", {"name": "Cy  Third"}], known)
    again = names_field("authors", [" Ann  Author ", "Cy Third", ""], known)
    split = names_field("authors", "Ann Author; Bo  Second", known)
    assert first == ("Ann Author", "Bo Second", "Cy Third") == names_field("authors", [" Ann  Author ", "Bo Second", {"name": "Cy  Third"}])
    assert again == ("Ann Author", "Cy Third") and split == ("Ann Author", "Bo Second")
    assert again[0] is first[0] and again[1] is first[2] and split[1] is first[1]


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("@a{k, title={Flat}, year={2020}}", {"title": "Flat", "year": "2020"}),
        ("@a{k, title={A {Nested} One}, note={x}}", {"title": "A {Nested} One", "note": "x"}),
        ("@a{k, title={Unclosed", {}),
        ("@a{k, title={}, b = {y}}", {"title": "", "b": "y"}),
    ],
)
def test_braced_bibtex_values_flat_or_nested(text: str, fields: dict[str, str]) -> None:
    assert bibtex_fields(text) == fields


# -- JSON Lines, streamed -------------------------------------------------------------------------

_LINES = [
    '{"title": "Caf\u00e9 au lait", "abstract": "Non-ASCII \u00fc text", "authors": ["A\u00efda Bee"]}',
    "",
    "   ",
    "\u00a0",  # a blank line to str.strip
    '{"title": "Broken \u00e9", "abstract": "x"',  # does not parse: skipped with orjson's reason
    '{"abstract": "no title", "year": 2021}',
    "[1, 2]",  # not an object
    '{"title": 5}',  # a field of the wrong type
]


def _lines_file(tmp_path: Path, name: str, lines: list[str], *, end: str = "\n", head: bytes = b"") -> Path:
    path = tmp_path / name
    body = end.join(lines + [json.dumps(r) for r in _rows(60, seed=3)]) + end
    path.write_bytes(head + body.encode("utf-8"))
    return path


def _as_read(parsed: object) -> tuple:
    papers = [(p.id, p.title, p.abstract, p.authors, p.year, p.extra) for p in parsed.papers]  # type: ignore[attr-defined]
    return parsed.kind, parsed.name, papers, parsed.skipped, parsed.warnings  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("end", "head"), [("\n", b""), ("\r\n", b""), ("\n", b"\xef\xbb\xbf"), ("\r", b""), ("\n", b"\xff\xfe")]
)
def test_json_lines_read_a_block_at_a_time_read_as_the_whole_text_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, end: str, head: bytes
) -> None:
    from tui.core.ingest.readers import parse_import, read_import
    from tui.core.ingest.textfile import read_text

    monkeypatch.setattr(json_stream, "READ_BYTES", 700)  # blocks end inside lines
    path = _lines_file(tmp_path, "papers.jsonl", _LINES, end=end, head=head)
    sink = Incoming()
    streamed = read_import(path, sink=sink)
    whole = parse_import(read_text(path), path)
    assert _as_read(streamed) == _as_read(whole)
    assert sink.rows_for(streamed.papers) is not None  # the papers went to the sink, each once, in order
    if head != b"\xff\xfe":  # (UTF-16's mark on UTF-8 bytes: read whole, as UTF-16, into one broken line)
        assert len(whole.papers) == 64 and len(whole.skipped) == 3


def test_a_streamed_json_lines_file_with_bytes_that_are_not_utf8_is_refused_as_the_whole_reader_refuses(tmp_path: Path) -> None:
    from tui.core.errors import InputFileError
    from tui.core.ingest.readers import read_import

    path = tmp_path / "latin.jsonl"
    path.write_bytes(b'{"title": "ok"}\n{"title": "caf\xe9"}\n')
    with pytest.raises(InputFileError, match="is not UTF-8 text"):
        read_import(path, sink=Incoming())


def test_reading_estimates_how_many_entries_the_file_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.ingest.watch import READING

    monkeypatch.setattr(json_stream, "READ_BYTES", 8192)
    rows = _rows(600, seed=4)
    (tmp_path / "a.json").write_text(json.dumps(rows))
    (tmp_path / "b.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    for name in ("a.json", "b.jsonl"):
        seen: list[tuple[int, int]] = []
        with Library.open(tmp_path / f"lib-{name}", seed=False) as lib:
            import_paths(lib, [tmp_path / name], progress=lambda stage, done, total, seen=seen: seen.append((done, total)) if stage == READING else None)
        estimates = [(done, total) for done, total in seen if done]
        assert len(estimates) > 5 and all(total >= done for done, total in estimates)
        assert estimates[-1] == (602, 602)  # the whole file: the count itself
        middle = [total for done, total in estimates if 150 <= done <= 450]
        assert middle and all(abs(total - 602) < 602 * 0.15 for total in middle)  # slices of similar records: a close guess


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Ann", "B{\\'e}a", "{Barnes and Noble}", "and", "AND", ",", " ", "Jr", "others", "{", "}", "\\\"o", "  and  "]), max_size=12))
def test_author_fields_split_and_decode_as_the_brace_aware_loop_does(parts: list[str]) -> None:
    from tui.core.ingest import bibtex

    field = " ".join(parts)
    known: dict[str, str] = {}
    slow = []
    for raw in bibtex.brace_aware_split(field, bibtex._AND):  # author_names as it was: the loop, and a decode per name
        parts = bibtex.brace_aware_split(raw, bibtex._COMMA)
        if len(parts) == 2:
            raw = f"{parts[1]} {parts[0]}"
        elif len(parts) == 3:
            raw = f"{parts[2]} {parts[0]} {parts[1]}"
        name = bibtex.decode(raw)
        slow += ["et al." if name.lower() == "others" else name] if name else []
    assert bibtex.author_names(field) == tuple(slow) == bibtex.author_names(field, known) == bibtex.author_names(field, known)



_LINE = st.one_of(
    st.sampled_from(['{"title": "A"}', '{"title": "Caf\u00e9", "abstract": "x y"}', "", "  ", "\u00a0", "\u2003", '{"title"', "[1]", "{}"]),
    st.just(' {"title": "B"}'),
    st.text(alphabet='{}":, ab\u00e9\t', max_size=12),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=25), st.sampled_from(["\n", "\r\n"]), st.integers(min_value=1, max_value=40))
def test_any_json_lines_read_a_block_at_a_time_as_the_whole_text_reads(lines: list[str], end: str, block: int) -> None:
    from tui.core.errors import InputFileError
    from tui.core.ingest.readers import parse_import, read_import
    from tui.core.ingest.textfile import read_text

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.jsonl"
        path.write_bytes(end.join(lines).encode())
        saved, json_stream.READ_BYTES = json_stream.READ_BYTES, block
        try:
            streamed: object = read_import(path, sink=Incoming())
        except InputFileError as exc:
            streamed = str(exc)
        finally:
            json_stream.READ_BYTES = saved
        try:
            whole: object = parse_import(read_text(path), path)
        except InputFileError as exc:
            whole = str(exc)
        assert (streamed if isinstance(streamed, str) else _as_read(streamed)) == (whole if isinstance(whole, str) else _as_read(whole))
