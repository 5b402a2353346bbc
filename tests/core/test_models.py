"""Paper ids are stable across re-wrapping, so re-imports find the stored papers."""

from tui.core.models import OPTIONAL_PAPER_FIELDS, Annotation, Paper, Status, paper_id


def test_id_ignores_whitespace_differences() -> None:
    a = paper_id("We propose  X.\nIt works.")
    assert a == paper_id("We propose X. It works.  ")
    assert a == paper_id("\tWe propose X.\r\n It works.")
    assert len(a) == 12 and int(a, 16) >= 0


def test_different_abstracts_different_ids() -> None:
    assert paper_id("We propose X.") != paper_id("We propose Y.")


def test_title_only_papers_are_keyed_by_title() -> None:
    assert paper_id("", "Attention Is All You Need") == paper_id("", "attention is  all you need")
    assert paper_id("", "A") != paper_id("", "B")


def test_paper_doc_round_trip_drops_empty_fields() -> None:
    paper = Paper("abc", "text", "L", seq=3, derived_title="T", authors=("A. B",))
    doc = paper.to_doc()
    assert "url" not in doc and doc["authors"] == ["A. B"]
    assert Paper.from_doc(doc) == paper


def test_paper_doc_holds_every_set_field_in_the_stored_order() -> None:
    paper = Paper("abc", "text", "L", 3, "T", "D", ("A. B",), "2024", "V", "https://u", "10.1/x", ("t",), {"k": 1})
    doc = paper.to_doc()
    assert list(doc) == ["id", "abstract", "list", "seq", *OPTIONAL_PAPER_FIELDS]
    assert (doc["authors"], doc["tags"], doc["extra"]) == (["A. B"], ["t"], {"k": 1})
    assert list(paper.to_doc(abstract=False)) == ["id", "list", "seq", *OPTIONAL_PAPER_FIELDS]
    assert Paper.from_doc(doc) == paper


def test_annotation_from_doc_tolerates_bad_values() -> None:
    ann = Annotation.from_doc({"id": "x", "rating": "9", "status": "bogus", "tags": "notalist"})
    assert (ann.rating, ann.status, ann.tags) == (5, Status.UNREAD, ())
