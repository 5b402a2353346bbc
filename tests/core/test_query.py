"""The query language: every filter, quoting, exclusions, and one-line errors."""

from __future__ import annotations

import pytest

from tui.core.models import Status
from tui.core.search.query import Filter, NumberTest, QueryError, parse_query


def only_filter(text: str) -> Filter:
    query = parse_query(text)
    assert len(query.filters) == 1, query
    return query.filters[0]


def test_free_words_are_case_folded_word_tokens() -> None:
    query = parse_query("Fedrated  LERNING graph-sparsification")
    assert query.terms == ("fedrated", "lerning", "graph", "sparsification")
    assert query.ranks and not query.is_empty


def test_empty_and_blank_queries_restrict_nothing() -> None:
    for text in ("", "   ", "-", '""', "status:", "[", "\\"):
        assert parse_query(text).is_empty, text


def test_phrases_and_exclusions() -> None:
    query = parse_query('"Exact  Phrase" -word -"bad thing" keep')
    assert query.phrases == ("exact phrase",)
    assert query.excluded_terms == ("word",)
    assert query.excluded_phrases == ("bad thing",)
    assert query.terms == ("keep",)


def test_an_unclosed_quote_runs_to_the_end_while_typing() -> None:
    assert parse_query('lora "low ran').phrases == ("low ran",)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("rating:>=4", 4, 5),
        ("rating:<=2", 0, 2),
        ("rating:>3", 4, 5),
        ("rating:<3", 0, 2),
        ("rating:=3", 3, 3),
        ("rating:3", 3, 3),
        ("rating:0", 0, 0),
        ("rating:3-5", 3, 5),
        ("rating:5-3", 3, 5),
    ],
)
def test_rating_comparisons_and_ranges(text: str, low: int, high: int) -> None:
    assert only_filter(text) == Filter("rating", NumberTest(low, high))


def test_year_filters() -> None:
    assert only_filter("year:2024").value == NumberTest(2024, 2024)
    assert only_filter("year:>=2020").value == NumberTest(2020, 9999)
    assert only_filter("year:2019..2021").value == NumberTest(2019, 2021)


def test_status_takes_exact_names_or_unambiguous_starts() -> None:
    assert only_filter("status:unread").value == {Status.UNREAD}
    assert only_filter("status:read").value == {Status.READ}
    assert only_filter("status:to-read").value == {Status.TO_READ}
    assert only_filter("status:toread").value == {Status.TO_READ}
    assert only_filter("status:skip").value == {Status.SKIPPED}
    assert only_filter("Status:READING").value == {Status.READING}


def test_text_filters_and_negation() -> None:
    assert only_filter("tag:LLM") == Filter("tag", "llm")
    assert only_filter('list:"ICML 2025  Papers"') == Filter("list", "icml 2025 papers", exact=True)
    assert only_filter("author:hinton") == Filter("author", "hinton")
    assert only_filter("venue:icml") == Filter("venue", "icml")
    assert only_filter("-tag:old") == Filter("tag", "old", negate=True)
    assert only_filter("has:notes") == Filter("has", "notes")
    assert only_filter("has:note") == Filter("has", "notes")
    assert only_filter("has:tags") == Filter("has", "tags")
    assert only_filter("has:rating") == Filter("has", "rating")


def test_filters_combine_with_free_text() -> None:
    query = parse_query('status:unread rating:>=4 tag:llm list:"ICML 2025 Papers" has:notes graph "exact phrase" -word')
    assert [f.field for f in query.filters] == ["status", "rating", "tag", "list", "has"]
    assert query.terms == ("graph",)
    assert query.phrases == ("exact phrase",)
    assert query.excluded_terms == ("word",)


def test_comparisons_cut_short_while_typing_are_not_errors() -> None:
    for text in ("rating:>", "rating:>=", "year:2020-", "rating:", "list:"):
        assert parse_query(text).filters == (), text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("rating:9", "rating:"),
        ("rating:>=6", "rating:"),
        ("rating:abc", "rating:"),
        ("year:recent", "year:"),
        ("status:done", "status:"),
        ("has:cats", "has:"),
        ("stauts:read", "stauts:"),
        ('foo:"bar"', "foo:"),
    ],
)
def test_malformed_filters_raise_one_line(text: str, says: str) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query(text)
    message = str(caught.value)
    assert message.startswith(says)
    assert "\n" not in message


def test_colons_in_plain_text_are_not_filters() -> None:
    assert parse_query("https://example.org").terms == ("https", "example", "org")
    assert parse_query("note:").terms == ("note",)


def test_brackets_and_backslashes_are_just_characters() -> None:
    query = parse_query(r'[bold] \ [/] "a [b" -[x]')
    assert query.terms == ("bold",)
    assert query.phrases == ("a [b",)
    assert query.excluded_terms == ("x",)


def test_group_filters_parse() -> None:
    """`votes:`, `discuss:` (alone: the setting's threshold) and `group:NAME`; errors are one line."""
    from tui.core.search.query import NumberTest

    (votes,) = parse_query("votes:>=2").filters
    assert (votes.field, votes.value) == ("votes", NumberTest(2, 999))
    (discuss,) = parse_query("-discuss:").filters
    assert (discuss.field, discuss.value, discuss.negate) == ("discuss", "", True)
    assert parse_query("discuss:3").filters[0].value == NumberTest(3, 999)
    assert parse_query("group:Ana").filters[0].value == "ana"
    assert parse_query("votes:").filters == () and parse_query("votes:>=").filters == ()  # still being typed
    with pytest.raises(QueryError, match="discuss: wants nothing"):
        parse_query("discuss:lots")
    with pytest.raises(QueryError, match="votes: wants a number"):
        parse_query("votes:many")
