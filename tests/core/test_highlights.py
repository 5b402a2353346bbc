"""Highlights: anchoring like a TextQuoteSelector, the reading cursor, storage, search, export and import."""

from __future__ import annotations

import json
import shutil
from itertools import pairwise
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.export.highlights_md import highlights_section, merged
from tui.core.export.json_record import paper_record
from tui.core.export.markdown import annotated_entries, paper_section
from tui.core.export.notes_import import import_notes
from tui.core.export.writing import write_per_paper
from tui.core.highlights import CONTEXT, anchor_all, document, locate, make, reanchored
from tui.core.ingest.lists import parse_list
from tui.core.library import Library
from tui.core.models import Annotation, Highlight
from tui.core.reading_cursor import Cursor, first, grown_by_sentence, grown_by_word, moved, sentence_spans
from tui.core.search.index import SearchIndex
from tui.core.search.query import parse_query

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TEXT = "We study low-rank adapters, e.g. LoRA. It works well! Results in Fig. 3 show 2x gains. It works well! The end."


def test_sentences_skip_abbreviations_and_keep_the_text() -> None:
    spans = sentence_spans(TEXT)
    assert [TEXT[s:e] for s, e in spans] == [
        "We study low-rank adapters, e.g. LoRA.", "It works well!", "Results in Fig. 3 show 2x gains.", "It works well!", "The end.",
    ]


def test_the_cursor_moves_and_grows_by_sentence_and_word() -> None:
    c = first(TEXT)
    assert c is not None and TEXT[c.start:c.end].startswith("We study")
    two = moved(TEXT, c, 1)
    assert TEXT[two.start:two.end] == "It works well!"
    assert moved(TEXT, c, -1) == c  # stays in the text
    grown = grown_by_sentence(TEXT, two, 1)
    assert TEXT[grown.start:grown.end] == "It works well! Results in Fig. 3 show 2x gains."
    back = grown_by_sentence(TEXT, two, -1)
    assert TEXT[back.start:back.end].startswith("We study") and back.end == two.end
    word = grown_by_word(TEXT, two, 1)
    assert TEXT[word.start:word.end] == "It works well! Results"
    assert grown_by_word(TEXT, word, -1) == two
    assert TEXT[slice(*(lambda x: (x.start, x.end))(grown_by_word(TEXT, Cursor(two.start, two.start + 2), -1)))] == "It"


def test_a_highlight_keeps_quote_context_and_offset() -> None:
    s, e = sentence_spans(TEXT)[3]  # the second "It works well!"
    h = make(TEXT, s - 1, e + 1, "  the   repeat ")
    assert (h.text, h.comment, h.start) == ("It works well!", "the repeat", s)
    assert h.prefix == TEXT[s - CONTEXT:s] and h.suffix == TEXT[e:e + CONTEXT]
    assert locate(h, TEXT) == (s, e)


def test_reanchoring_follows_the_context_not_the_first_occurrence() -> None:
    s, e = sentence_spans(TEXT)[3]
    h = make(TEXT, s, e)
    changed = "A new first sentence shifts everything. " + TEXT.replace("Fig. 3 show", "Figure 3\n   shows")
    span = locate(h, changed)
    assert span is not None and changed[span[1]:].startswith(" The end.")  # the second one, by its suffix
    again = reanchored(h, changed)
    assert again.start == span[0] and again.text == "It works well!"


def test_a_highlight_whose_text_is_gone_is_orphaned_and_kept() -> None:
    h = make(TEXT, *sentence_spans(TEXT)[2], "key result")
    found = anchor_all([h], "Completely different abstract now.")
    assert found[0].orphaned and found[0].highlight == h


def test_overlapping_occurrences_are_all_candidates() -> None:
    """Found by the property below: "a beta" occurs at 28 and, overlapping it, at 33."""
    text = "alpha alpha alpha alpha alpha beta beta"
    h = make(text, 33, 39)
    assert h.text == "a beta" and locate(h, "Some prefix. " + text) == (46, 52)


def test_rewrapped_text_still_anchors() -> None:
    h = make(TEXT, *sentence_spans(TEXT)[0])
    wrapped = TEXT.replace("adapters, e.g.", "adapters,\n  e.g.")
    span = locate(h, wrapped)
    assert span is not None and " ".join(wrapped[span[0]:span[1]].split()) == h.text


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.sampled_from(["alpha", "beta", "gamma.", "Delta", "eps!", "zeta", "eta?", "Theta"]), min_size=2, max_size=40),
    data=st.data(),
)
def test_property_a_highlight_is_found_where_it_was_made(words: list[str], data: st.DataObject) -> None:
    text = " ".join(words)
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    if not text[start:end].strip():
        return
    h = make(text, start, end)
    assert locate(h, text) == (h.start, h.start + len(h.text))
    # Text added before it moves it, and it follows.
    assert locate(h, "Some prefix. " + text) == (h.start + 13, h.start + 13 + len(h.text))
    # Sentences cover the text without overlap, in order.
    spans = sentence_spans(text)
    assert all(a[1] <= b[0] for a, b in pairwise(spans))
    assert "".join(text[s:e] for s, e in spans).replace(" ", "") == text.replace(" ", "")


def _library(folder: Path) -> Library:
    lib = Library.open(folder, seed=False)
    lib.add_lists([parse_list("Highlights\n\n" + TEXT + "\n\nAnother abstract about graphs and $x^2$ sparsification.\n")])
    return lib


def _highlight(lib: Library, comment: str = "the key claim") -> tuple[str, Highlight]:
    paper = lib.papers[0]
    doc = document(paper.abstract)
    h = make(doc, *sentence_spans(doc)[1], comment, created="2026-11-30T00:00:00+00:00")
    lib.save_annotations({paper.id: {"highlights": [h]}})
    return paper.id, h


def test_highlights_are_stored_beside_notes_and_survive_reopening(tmp_path: Path) -> None:
    with _library(tmp_path / "lib") as lib:
        pid, h = _highlight(lib)
    with Library.open(tmp_path / "lib") as lib:
        assert lib.annotation(pid).highlights == (h,)
        assert lib.annotation(pid).is_annotated


def test_old_libraries_open_with_no_highlights_and_write_none(tmp_path: Path) -> None:
    for name in ("library_main", "legacy_library"):
        folder = tmp_path / name
        shutil.copytree(FIXTURES / name, folder)
        with Library.open(folder) as lib:
            assert all(a.highlights == () for a in lib.annotations().values())
            some = next(iter(lib.annotations().values()))
            assert "highlights" not in some.to_doc()
            assert Annotation.from_doc({**some.to_doc(), "highlights": [{"text": ""}, "junk", {"text": "ok", "start": True}]}).highlights == (
                Highlight("ok"),
            )


def test_has_highlights_and_comment_words_are_searchable(tmp_path: Path) -> None:
    with _library(tmp_path / "lib") as lib:
        pid, _ = _highlight(lib, "surprisingly robust")
        index = SearchIndex(lib.papers, lib.annotations())
        assert [p.id for p in index.search(parse_query("has:highlights"))] == [pid]
        assert pid not in [p.id for p in index.search(parse_query("-has:highlights"))]
        assert [p.id for p in index.search(parse_query("surprisingly"))] == [pid]
        assert [p.id for p in index.search(parse_query('"surprisingly robust"'))] == [pid]


def test_list_json_carries_highlights(tmp_path: Path) -> None:
    with _library(tmp_path / "lib") as lib:
        pid, h = _highlight(lib)
        record = paper_record(lib.get(pid), lib.annotation(pid))
        assert record["highlights"] == [{"text": h.text, "comment": h.comment, "prefix": h.prefix, "suffix": h.suffix, "start": h.start}]
        json.dumps(record)
        assert paper_record(lib.papers[1], lib.annotation(lib.papers[1].id))["highlights"] == []


def test_markdown_quotes_each_highlight_with_its_comment(tmp_path: Path) -> None:
    with _library(tmp_path / "lib") as lib:
        pid, h = _highlight(lib)
        section = paper_section(annotated_entries(lib.papers, lib.annotations())[0])
        assert "### Highlights\n\n> It works well!\n\n— the key claim\n" in section


def test_a_highlights_comment_renders_outside_its_quote(tmp_path: Path) -> None:
    """Issue 45: with the comment right under the `>` lines, Markdown's lazy continuation put it inside the quote."""
    from markdown_it import MarkdownIt

    with _library(tmp_path / "lib") as lib:
        _highlight(lib)
        html = MarkdownIt().render(paper_section(annotated_entries(lib.papers, lib.annotations())[0]))
    quotes = html.split("<blockquote>")[1:]
    assert any("It works well!" in q.split("</blockquote>")[0] for q in quotes)
    assert all("the key claim" not in q.split("</blockquote>")[0] for q in quotes)
    assert "<p>— the key claim</p>" in html


def test_highlights_read_back_with_or_without_the_blank_line_before_a_comment() -> None:
    new = "## Highlights\n\n> a\n> b\n\n— c\n\n> d\n\n> e\n\n— f\n\nown words\n\n— stray\n"
    assert highlights_section(new) == [("a\nb", "c"), ("d", ""), ("e", "f")]
    assert highlights_section("## Highlights\n\n> a\n— c\n\n> d\n\nmine\n— x\n") == [("a", "c"), ("d", "")]
    assert highlights_section("## Highlights\n\n> a\n\n") == [("a", "")]


def test_highlights_round_trip_through_per_paper_files(tmp_path: Path) -> None:
    with _library(tmp_path / "lib") as lib:
        pid, h = _highlight(lib)
        paths = write_per_paper(tmp_path / "vault", annotated_entries(lib.papers, lib.annotations()))
        text = paths[0].read_text()
        assert "## Highlights\n\n> It works well!\n\n— the key claim\n\n## Notes" in text
        # Edit the comment and add a highlight in the vault, then import into the same library.
        edited = text.replace("— the key claim", "— the key claim, edited").replace(
            "## Notes", "> Results in Fig. 3 show 2x gains.\n— numbers\n\n## Notes"
        )
        paths[0].write_text(edited)
        report = import_notes(lib, tmp_path / "vault")
        assert [c.fields for c in report.changed] == [["highlights"]]
        got = lib.annotation(pid).highlights
        assert [(x.text, x.comment) for x in got] == [("It works well!", "the key claim, edited"), ("Results in Fig. 3 show 2x gains.", "numbers")]
        assert got[0].created == h.created and got[0].prefix == h.prefix  # the selector is kept
        assert got[1].start == document(lib.get(pid).abstract).index("Results")
    # Into a fresh library: the same highlights come back.
    with _library(tmp_path / "other") as other:
        report = import_notes(other, tmp_path / "vault")
        assert report.changed and [(x.text, x.comment) for x in other.annotation(pid).highlights][0] == ("It works well!", "the key claim, edited")


def test_a_file_without_a_highlights_section_leaves_them_alone() -> None:
    assert highlights_section("## Abstract\n\n> x\n\n## Notes\n\n") is None
    assert highlights_section("## Highlights\n\n> a\n> b\n— c\n\n> d\n") == [("a\nb", "c"), ("d", "")]
    h = Highlight("a", "c", "p", "s", 3, "t")
    assert merged([("a", "c")], (h,), "zzz a") == (h,)


def test_highlights_sync_both_ways_with_a_vault(tmp_path: Path) -> None:
    from tui.core.usecases.sync import sync_vault

    vault = tmp_path / "vault"
    with _library(tmp_path / "lib") as lib:
        pid, h = _highlight(lib, "first thought")
        sync_vault(lib, vault)
        [file] = list(vault.glob("*.md"))
        written = file.read_bytes()
        assert b"> It works well!\n\n\xe2\x80\x94 first thought" in written
        sync_vault(lib, vault)  # in step: the file is left as it is
        assert file.read_bytes() == written
        # Edited in the vault: the comment changes and a second passage is quoted.
        file.write_text(file.read_text().replace("— first thought", "— second thought").replace(
            "## Notes", "> The end.\n— last words\n\n## Notes"))
        sync_vault(lib, vault)
        assert [(x.text, x.comment) for x in lib.annotation(pid).highlights] == [("It works well!", "second thought"), ("The end.", "last words")]
        # Changed in the library: the file follows.
        kept = lib.annotation(pid).highlights
        lib.save_annotations({pid: {"highlights": kept[1:]}})
        sync_vault(lib, vault)
        text = file.read_text()
        assert "It works well!" not in text.split("## Abstract")[1].split("## Highlights")[1] and "> The end.\n\n— last words" in text
        assert [x.comment for x in lib.annotation(pid).highlights] == ["last words"]


@settings(max_examples=80, deadline=None)
@given(
    items=st.lists(
        st.tuples(
            st.text(alphabet=st.sampled_from(list("ab —>#-*\n") + ["é", "中"]), min_size=1, max_size=30).filter(lambda t: t.strip()),
            st.text(alphabet=st.sampled_from(list("xy —>#") + ["ß"]), max_size=12),
        ),
        max_size=4,
    )
)
def test_property_highlights_round_trip_through_markdown(items: list[tuple[str, str]]) -> None:
    from tui.core.export.highlights_md import highlights_markdown, pair_list

    highlights = [Highlight(t.strip(), " ".join(c.split()), created=str(i)) for i, (t, c) in enumerate(items)]
    body = "## Abstract\n\n> x\n\n## Highlights\n\n" + highlights_markdown(highlights, "") + "\n\n## Notes\n\nnotes"
    read = highlights_section(body.split("\n## Notes")[0])
    assert read is not None
    assert sorted(pair_list(Highlight(t, c) for t, c in read)) == sorted(pair_list(highlights))
