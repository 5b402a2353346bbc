"""Hostile answers: whatever a service (or something in its place) sends, the parsers refuse it in one line."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.fetch_server import arxiv_entry, arxiv_feed, openreview_note
from tui.core.errors import InputFileError
from tui.core.fetch import arxiv, crossref, openreview
from tui.core.fetch.http import HttpClient, ServiceError
from tui.core.ingest.csl import paper_from_csl
from tui.core.ingest.fields import BadField
from tui.core.ingest.ris import parse_ris

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)
FEED = arxiv_feed([arxiv_entry("2611.00001", "A Title", "An abstract.")], 1)
NOTE = openreview_note("abcde1", "A Title", "An abstract.")


class Canned(HttpClient):
    """An HTTP client that answers every request with the same bytes."""

    def __init__(self, body: bytes) -> None:
        super().__init__("OpenReview", "http://127.0.0.1:9")
        self.body = body

    def get_url(self, url: str, *, max_age: float = 0, parse=None):
        return parse(self.body) if parse is not None else self.body


def test_the_canned_client_serves_a_good_note() -> None:
    body = json.dumps({"notes": [NOTE], "count": 1}).encode()
    assert [p.title for p in openreview.fetch_venue(Canned(body), "V", "L")] == ["A Title"]
    assert openreview.fetch_forum(Canned(body), "abcde1", "L").title == "A Title"


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_arxiv_refuses_random_bytes(body: bytes) -> None:
    try:
        arxiv.parse_feed(body, "L")
    except ServiceError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(FEED) - 1), st.integers(1, 40), st.binary(max_size=8))
@example(at=FEED.index(b"UTF-8"), cut=1, junk=b"")  # encoding="TF-8": an unknown encoding was a LookupError, not a refusal
def test_arxiv_refuses_damaged_feeds(at: int, cut: int, junk: bytes) -> None:
    body = FEED[:at] + junk + FEED[at + cut :]
    try:
        feed = arxiv.parse_feed(body, "L")
    except ServiceError:
        return
    assert all(p.title for p in feed.papers)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_crossref_refuses_any_json(value: object) -> None:
    try:
        crossref.paper_from_message(value, "L")
    except ServiceError:
        pass


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_csl_items_are_papers_or_bad_fields(value: object) -> None:
    try:
        paper = paper_from_csl(value, "L")
    except BadField:
        return
    assert paper.title or paper.abstract


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["title", "authors", "abstract", "venue", "keywords", "pdf"]),
    json_values,
    st.sampled_from(["id", "pdate", "content", "forum"]),
    json_values,
)
def test_openreview_refuses_any_note(field: str, value: object, top: str, top_value: object) -> None:
    note = json.loads(json.dumps(NOTE))
    note["content"][field] = {"value": value}
    note[top] = top_value
    for body in (json.dumps({"notes": [note], "count": 1}).encode(), json.dumps({"notes": note}).encode()):
        try:
            openreview.fetch_venue(Canned(body), "V", "L")
        except ServiceError:
            pass


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["id", "pdate", "cdate", "content", "forum"]), json_values | st.integers(-(10**20), 10**20))
def test_openreview_forum_refuses_any_note(top: str, value: object) -> None:
    note = json.loads(json.dumps(NOTE))
    note[top] = value
    try:
        paper = openreview.fetch_forum(Canned(json.dumps({"notes": [note]}).encode()), "abcde1", "L")
    except ServiceError:
        return
    assert paper.title == "A Title"


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=200))
def test_openreview_refuses_random_bytes(body: bytes) -> None:
    try:
        openreview.fetch_forum(Canned(body), "abcde1", "L")
    except ServiceError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("TYERAUTI -\n\r,abc12\u00e9")), max_size=200))
def test_ris_reads_or_refuses_any_text(text: str) -> None:
    try:
        parsed = parse_ris(text, Path("x.ris"))
    except InputFileError:
        return
    assert all(p.title or p.abstract for p in parsed.papers)
