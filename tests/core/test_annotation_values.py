"""The check of stored annotation values (`store.annotations_check`): each wrong value named in one line, and the counts
a file holds, which the write record and `paperdesk backups` show."""

from __future__ import annotations

import pytest

from tui.core.store.annotations_check import Summary, annotation_problem, summarize, wrong_values

GOOD = {
    "id": "p", "notes": "n", "title": "", "created": "", "updated": "", "opened": "", "started": "", "finished": "",
    "rating": 5, "status": "skipped", "tags": ["a"], "mine": {"left": "alone"},
    "highlights": [{"text": "passage", "comment": "", "prefix": "", "suffix": "", "created": "", "start": 0}, {"text": "more"}],
}


def test_an_annotation_as_paperdesk_writes_it_has_no_problem() -> None:
    assert annotation_problem("1", GOOD) is None
    assert annotation_problem("1", {"id": "p"}) is None  # every field may be missing
    assert annotation_problem("1", {**GOOD, "rating": 0, "status": "unread", "tags": [], "highlights": []}) is None


@pytest.mark.parametrize(
    ("doc", "said"),
    [
        ([1, 2], 'document 7 is [1,2], not an annotation'),
        ({"notes": "x"}, "document 7 names no paper (its id is null)"),
        ({"id": ""}, 'document 7 names no paper (its id is "")'),
        ({"id": 5}, "document 7 names no paper (its id is 5)"),
        *[({"id": "p", name: 5}, f"paper p: {name} is 5, not text") for name in ("notes", "title", "created", "updated", "opened", "started", "finished")],
        ({"id": "p", "rating": "five"}, 'paper p: rating is "five", not a whole number from 0 to 5'),
        ({"id": "p", "rating": True}, "paper p: rating is true, not a whole number from 0 to 5"),
        ({"id": "p", "rating": 2.0}, "paper p: rating is 2.0, not a whole number from 0 to 5"),
        ({"id": "p", "rating": 6}, "paper p: rating is 6, not a whole number from 0 to 5"),
        ({"id": "p", "rating": -1}, "paper p: rating is -1, not a whole number from 0 to 5"),
        ({"id": "p", "status": "done"}, 'paper p: status is "done", not one of unread, to-read, reading, read, skipped'),
        ({"id": "p", "status": 1}, "paper p: status is 1, not one of unread, to-read, reading, read, skipped"),
        ({"id": "p", "tags": "a, b"}, 'paper p: tags are "a, b", not a list of words'),
        ({"id": "p", "tags": ["a", 1]}, 'paper p: tags are ["a",1], not a list of words'),
        ({"id": "p", "highlights": {}}, "paper p: highlights are {}, not a list"),
        ({"id": "p", "highlights": [{"text": "ok"}, 5]}, "paper p: highlight 2 is 5, not a highlight"),
        ({"id": "p", "highlights": [{"text": "  "}]}, "paper p: highlight 1 has no text"),
        ({"id": "p", "highlights": [{"text": 5}]}, "paper p: highlight 1 has no text"),
        ({"id": "p", "highlights": [{}]}, "paper p: highlight 1 has no text"),
        *[
            ({"id": "p", "highlights": [{"text": "t", name: 5}]}, f"paper p: highlight 1 {name} is 5, not text")
            for name in ("comment", "prefix", "suffix", "created")
        ],
        ({"id": "p", "highlights": [{"text": "t", "start": "3"}]}, 'paper p: highlight 1 start is "3", not a whole number'),
        ({"id": "p", "highlights": [{"text": "t", "start": True}]}, "paper p: highlight 1 start is true, not a whole number"),
        ({"id": "p", "highlights": [{"text": "t", "start": None}]}, "paper p: highlight 1 start is null, not a whole number"),
    ],
)
def test_each_wrong_value_is_named_with_its_paper_and_what_it_should_be(doc: object, said: str) -> None:
    assert annotation_problem("7", doc) == said


def test_a_long_value_is_cut_to_one_short_line() -> None:
    long = {"id": "p", "notes": ["x" * 60]}
    assert annotation_problem("1", long) == f'paper p: notes is ["{"x" * 37}…, not text'  # 39 characters, then "…"
    just = {"id": "p", "notes": ["x" * 36]}  # 40 characters as JSON: shown whole
    assert annotation_problem("1", just) == f'paper p: notes is ["{"x" * 36}"], not text'
    over = {"id": "p", "notes": ["x" * 37]}  # 41: cut
    assert annotation_problem("1", over) == f'paper p: notes is ["{"x" * 37}…, not text'
    assert annotation_problem("1", {"id": "p", "notes": ["é"]}) == 'paper p: notes is ["é"], not text'  # text as text, not escaped


def test_wrong_values_names_the_first_and_counts_the_rest_views_included() -> None:
    assert wrong_values({"annotations": {"1": GOOD}, "views": {"1": {"name": "v"}, "2": {"name": "w", "query": "q"}}}) is None
    assert wrong_values({"annotations": [], "views": "none"}) is None  # tables of another shape hold nothing to check
    one = {"annotations": {"1": GOOD}, "views": {"3": {"name": "v", "query": 5}}}
    assert wrong_values(one) == 'saved view 3 is {"name":"v","query":5}, not a name and a query'
    for view in ({"query": "q"}, {"name": 5, "query": "q"}, "v"):
        assert wrong_values({"views": {"3": view}}) is not None
    two = {"annotations": {"1": {"id": "p", "rating": 9}}, "views": {"3": {"name": 1}}}
    assert wrong_values(two) == "paper p: rating is 9, not a whole number from 0 to 5 (and 1 more wrong value)"
    three = {"annotations": {"1": {"id": "p", "rating": 9}, "2": {"id": "q", "tags": 1}}, "views": {"3": []}}
    assert wrong_values({"annotations": {"4": [1]}}) == "document 4 is [1], not an annotation"
    assert wrong_values(three) == "paper p: rating is 9, not a whole number from 0 to 5 (and 2 more wrong values)"


def test_a_summary_counts_annotated_papers_notes_and_views() -> None:
    docs = {
        "0": "not a document",  # skipped, and the count goes on after it
        "1": {"id": "a", "notes": "a note"}, "2": {"id": "b", "notes": "   "}, "3": {"id": "c", "rating": 2},
        "4": {"id": "d", "status": "read"}, "5": {"id": "e", "tags": ["t"]}, "6": {"id": "f", "title": "Mine"},
        "7": {"id": "g", "highlights": [{"text": "x"}]}, "8": {"id": "h", "status": "unread", "tags": [], "rating": 0},
        "9": {"id": "i", "notes": 5},
    }
    assert summarize({"annotations": docs, "views": {"1": {"name": "v"}}}) == Summary(6, 1, 1)
    assert summarize({}) == Summary(0, 0, 0) and summarize({"annotations": [], "views": []}) == Summary()
    assert summarize({"follows": {"1": {"name": "Ada"}, "2": {"name": "Bo"}}, "views": {"1": {"name": "v"}}}) == Summary(0, 0, 1, 2)


def test_a_summary_reads_as_a_line_and_names_what_another_has_fewer_of() -> None:
    assert Summary(12, 5).line() == "12 annotated papers, 5 notes"
    assert Summary(1, 1, 1).line() == "1 annotated paper, 1 note, 1 saved view"
    assert Summary(0, 0, 2).line() == "0 annotated papers, 0 notes, 2 saved views"
    assert Summary(12, 5, 2).losses(Summary(0, 5, 1)) == "0 annotated papers (was 12), 1 saved view (was 2)"
    assert Summary(12, 5, 2).losses(Summary(1, 4, 3)) == "1 annotated paper (was 12), 4 notes (was 5)"
    assert Summary(1, 1, 0, 2).line() == "1 annotated paper, 1 note, 2 followed authors"
    assert Summary(1, 1, 1, 1).line() == "1 annotated paper, 1 note, 1 saved view, 1 followed author"
    assert Summary(3, 1, 0, 2).losses(Summary(3, 1, 0, 0)) == "0 followed authors (was 2)"
    assert Summary(1, 1, 1).losses(Summary(1, 1, 1)) == Summary(1, 1, 1, 1).losses(Summary(2, 2, 2, 2)) == ""
