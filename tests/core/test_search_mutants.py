"""Search behaviours that mutation testing (issue 41) found no test held: each test names what it guards."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from tui.core.models import Annotation, Paper, Status
from tui.core.search.columns import Columns
from tui.core.search.command_match import LETTERS, WORDS, command_score, names
from tui.core.search.command_match import PREFIX as CMD_PREFIX
from tui.core.search.command_match import words as command_words
from tui.core.search.index import SearchIndex
from tui.core.search.query import Filter, NumberTest, QueryError, contains_phrase, list_filter_spans, parse_query
from tui.core.search.ranks import recent_ranks, title_ranks
from tui.core.search.sorts import SORTS, next_sort
from tui.core.search.stored import INDEX_DIR, TITLES_FIRST_FROM, load, load_or_build, save_index
from tui.core.search.terms import EXACT, INFIX, PREFIX, Vocabulary, overlay_levels


def ids(index: SearchIndex, text: str, sort: str = "relevance") -> list[str]:
    return [p.id for p in index.search(parse_query(text), sort)]


# -- sort orders ---------------------------------------------------------------------


def cycle(start: str, ranks: bool, in_group: bool) -> list[str]:
    seen, sort = [start], next_sort(start, ranks, in_group)
    while sort != start and len(seen) < 10:
        seen.append(sort)
        sort = next_sort(sort, ranks, in_group)
    return seen


def test_the_sort_key_cycles_every_order_that_changes_the_list() -> None:
    """Without free text, relevance is list order: the cycle goes relevance -> rating, never through list order."""
    assert cycle("relevance", ranks=True, in_group=True) == list(SORTS)
    assert cycle("relevance", ranks=True, in_group=False) == ["relevance", "list", "for-me", "rating", "recent", "title"]
    assert cycle("relevance", ranks=False, in_group=False) == ["relevance", "for-me", "rating", "recent", "title"]
    assert cycle("relevance", ranks=False, in_group=True) == ["relevance", "for-me", "rating", "recent", "title", "group"]
    assert next_sort("list", ranks=False) == "for-me"  # a saved list order, met without free text, moves on too


def test_an_unknown_sort_name_starts_the_cycle_again() -> None:
    """A sort name from another version's session file is no error: the next press shows relevance."""
    assert next_sort("citations") == "relevance"
    assert next_sort("citations", ranks=False, in_group=True) == "relevance"


# -- ranks for the recent and title sorts ----------------------------------------------------


def test_recent_and_title_ranks_order_the_papers() -> None:
    annotations = {0: Annotation("a", updated="2026-01-02"), 2: Annotation("c", updated="2026-01-01"), 3: Annotation("d")}
    recent = recent_ranks(annotations, 4)
    assert recent.tolist() == [2, 0, 1, 0] and recent.dtype == np.int64
    titles = ["beta", "Alpha", "gamma"]
    ranks = title_ranks(3, titles.__getitem__)
    assert ranks.tolist() == [1, 0, 2] and ranks.dtype == np.int64
    assert title_ranks(0, titles.__getitem__).tolist() == []


def test_an_empty_library_sorts_by_title_and_recency() -> None:
    index = SearchIndex([])
    for sort in SORTS:
        assert ids(index, "", sort) == []


# -- the saved columns ------------------------------------------------------------------------


def test_saved_columns_of_the_wrong_kind_or_size_are_not_used() -> None:
    """A saved index from another library or version (`Columns.fits`): each mismatch alone refuses it."""
    papers = [Paper("a", "x", "L", 0, venue="ICML"), Paper("b", "y", "M", 1)]
    good = Columns.of(papers)
    assert good.fits(2) and not good.fits(3)
    cases = {
        "codes' type": Columns(good.list_names, good.venues, good.codes.astype(np.int64), good.flags),
        "flags' type": Columns(good.list_names, good.venues, good.codes, good.flags.astype(np.int32)),
        "codes' shape": Columns(good.list_names, good.venues, good.codes[:2], good.flags),
        "flags' shape": Columns(good.list_names, good.venues, good.codes, good.flags[:3]),
        "a list code past the names": Columns(good.list_names[:1], good.venues, good.codes, good.flags),
        "a venue code past the names": Columns(good.list_names, [], good.codes, good.flags),
        "a negative list code": Columns(good.list_names, good.venues, good.codes * np.array([[-1], [1], [1]], dtype=np.int32), good.flags),
        "a negative venue code": Columns(good.list_names, good.venues, good.codes * np.array([[1], [-1], [1]], dtype=np.int32), good.flags),
    }
    for what, columns in cases.items():
        assert not columns.fits(2), what
    empty = Columns.of([])
    assert empty.fits(0)


# -- list:, venue: and author: ------------------------------------------------------------------


def test_a_paper_in_several_lists_is_found_by_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Zotero item in two collections (`extra["also_in"]`) is in `list:` of both; odd values there are skipped."""
    papers = [
        Paper("z1", "x", "Bandits", 0, extra={"also_in": ["Reading group", 3]}),
        Paper("z2", "y", "Reading group", 1),
        Paper("z3", "z", "Theory", 2, extra={"also_in": "Bandits"}),
        Paper("z4", "w", "Theory", 3, extra={"note": ["Bandits"]}),
        Paper("z5", "v", "Theory", 4, extra={"also_in": ["Bandits", "Reading group"]}),
    ]
    index = SearchIndex(papers)
    assert index.also_listed == {"Reading group": {0, 4}, "Bandits": {4}}
    assert ids(index, "list:reading") == ["z1", "z2", "z5"]
    assert ids(index, "list:bandits") == ["z1", "z5"]
    assert ids(index, "-list:bandits") == ["z2", "z3", "z4"]
    assert ids(index, "list:theory") == ["z3", "z4", "z5"]  # a list no paper is also in


def test_list_names_are_matched_with_their_spaces_made_single() -> None:
    """`list:"icml 2025"` is inside "ICML  2025 Papers" (two spaces in the data): the other year is not picked."""
    papers = [Paper("a", "x", "ICML  2025 Papers", 0), Paper("b", "y", "ICML 2024 Papers", 1)]
    index = SearchIndex(papers)
    assert ids(index, 'list:"icml 2025"') == ["a"]
    assert ids(index, "list:zzzz") == []  # nothing close: nothing, not the least far


def test_a_quoted_list_name_is_that_list_and_a_bare_one_every_list_it_starts() -> None:
    """`list:"ICML 2025"` is the list of that whole name (not "ICML 2025 Orals" as well); `list:icml 2025`-like bare
    values and a quoted value no list is named pick every list holding it; the other parts of the query are untouched."""
    papers = [Paper("a", "x", "ICML 2025", 0), Paper("b", "y", "ICML  2025 Orals", 1), Paper("c", "z", "Bandits", 2)]
    index = SearchIndex(papers)
    assert ids(index, 'list:"ICML 2025"') == ["a"]
    assert ids(index, 'list:"icml  2025"') == ["a"]  # case and spacing aside
    assert ids(index, 'list:"ICML 2025 Orals"') == ["b"]
    assert ids(index, 'list:"ICML 20"') == ["a", "b"]  # no list has this whole name: as a bare value
    assert ids(index, "list:icml") == ["a", "b"]
    assert ids(index, '-list:"ICML 2025"') == ["b", "c"]
    assert parse_query('list:"ICML 2025"').filters == (Filter("list", "icml 2025", exact=True),)
    assert parse_query("list:icml").filters == (Filter("list", "icml"),)
    assert parse_query('"list"').filters == ()


def test_a_bare_list_name_with_a_typo_is_found_as_other_fields_are() -> None:
    """`list:paprs` finds "ICML 2025 Papers" (each word of the value starts a word of the name or nearly spells one),
    as `author:` does, where the whole name is too long for the value to score against it; a quoted exact name
    and a paper in several lists follow the same rule."""
    papers = [
        Paper("a", "x", "ICML 2025 Papers", 0),
        Paper("b", "y", "ICML 2025 论文列表", 1),
        Paper("c", "z", "Theory", 2, extra={"also_in": ["ICML 2025 Papers"]}),
    ]
    index = SearchIndex(papers)
    assert ids(index, "list:paprs") == ["a", "c"]
    assert ids(index, 'list:"icml paprs"') == ["a", "c"]
    assert ids(index, 'list:"ICML 2025 Papers"') == ["a", "c"]
    assert ids(index, "list:zzzz") == []


def test_a_typed_list_name_picks_the_close_names_within_five_points() -> None:
    """No name holds the value: names scoring 75 or more that are within 5 points of the best are picked.

    The names are made for their scores (rapidfuzz's WRatio against `bandit`):
    83.3 and 77.7 (5.6 apart: one list), 80 and 75 (exactly 5 apart: both),
    and `mate` scores exactly 75 against `math` (picked: the cut is inclusive).
    """
    index = SearchIndex([Paper("a", "x", "Badits", 0), Paper("b", "y", "Landit group", 1)])
    assert ids(index, "list:bandit") == ["a"]
    index = SearchIndex([Paper("a", "x", "B anditos", 0), Paper("b", "y", "Ba ndit lab", 1)])
    assert ids(index, "list:bandit") == ["a", "b"]
    index = SearchIndex([Paper("a", "x", "Math", 0), Paper("b", "y", "Biology", 1)])
    assert ids(index, "list:mate") == ["a"]


def test_a_typed_list_name_picks_every_equally_close_list() -> None:
    """Seven lists equally close to the value are all picked, not the first five."""
    papers = [Paper(f"p{k}", "x", f"Bandits {k}", k) for k in range(1, 8)]
    assert ids(SearchIndex(papers), 'list:"bandit 0"') == [f"p{k}" for k in range(1, 8)]


def test_venue_aliases_find_long_names_and_other_values_are_fuzzy() -> None:
    """`venue:nips` finds the long name (no `nips` in it) and the short one; a value that is no alias matches names."""
    papers = [
        Paper("a", "x", "L", 0, venue="Advances in Neural Information Processing Systems 37"),
        Paper("b", "y", "L", 1, venue="NeurIPS"),
        Paper("c", "z", "L", 2, venue="Proceedings of Thirty Eighth Conference on Learning Theory"),
        Paper("d", "w", "L", 3, venue="Journal of Fun"),
    ]
    index = SearchIndex(papers)
    assert ids(index, "venue:nips") == ["a", "b"]
    assert ids(index, "venue:neurips") == ["a", "b"]
    assert ids(index, "venue:colt") == ["c"]
    assert ids(index, "venue:fun") == ["d"]
    assert ids(index, "venue:proceedings") == ["c"]
    assert ids(index, "-venue:colt") == ["a", "b", "d"]


def test_an_author_near_typo_counts_from_85_percent() -> None:
    """A query word 85% like a name's word (rapidfuzz's ratio) finds the author; 84% does not."""
    papers = [Paper("a", "x", "L", 0, authors=("Abcdefghijklmnopqxyz Smith",)), Paper("b", "y", "L", 1, authors=("Jo Smith",))]
    index = SearchIndex(papers)
    assert ids(index, "author:abcdefghijklmnopqrst") == ["a"]  # ratio exactly 85
    assert ids(index, "author:abcdefghijklmnoprstu") == []  # 80


# -- a reading group's sort ----------------------------------------------------------------------


def test_the_group_sort_puts_most_votes_first_then_the_best_mean_rating() -> None:
    """Votes (4 stars or more, this member's own live rating included) first; among equal votes the mean of
    the ratings given (unrated members left out of the mean); then list order."""
    from tui.core.models import MemberMark

    papers = [Paper(f"p{k}", "x", "L", k) for k in range(8)]
    own = {"p1": 5, "p3": 3, "p4": 2, "p7": 1}
    marks = {
        "removed here": [MemberMark("Ana", 5)],  # a paper another member has and this library no longer: skipped
        "p2": [MemberMark("Ana", 4), MemberMark("Bo", 4)],  # 2 votes, mean 4
        "p3": [MemberMark("Ana", 5)],  # 1 vote (Ana's), mean (5 + 3) / 2
        "p5": [MemberMark("Ana", 1), MemberMark("Bo", 2)],  # mean 1.5
        "p6": [MemberMark("Ana", 3), MemberMark("Bo", 0)],  # mean 3: Bo did not rate it
    }
    index = SearchIndex(papers, {pid: Annotation(pid, rating=r) for pid, r in own.items()})
    index.set_group(marks, me="me")
    assert ids(index, "", "group") == ["p2", "p1", "p3", "p6", "p4", "p5", "p7", "p0"]
    index.update_annotation("p7", Annotation("p7", rating=4))  # this member's vote counts at once
    assert ids(index, "", "group")[:3] == ["p2", "p1", "p3"] and ids(index, "", "group")[3] == "p7"
    alone = SearchIndex(papers, {pid: Annotation(pid, rating=r) for pid, r in own.items()})  # no group read yet
    assert ids(alone, "", "group") == ["p1", "p3", "p4", "p7", "p0", "p2", "p5", "p6"]


# -- a result: order past the first screenful, positions, what to mark ------------------------------------


def many_hits(n: int = 300) -> SearchIndex:
    """n papers matching `graph`, ranked: those whose titles hold it first (every third), then the others."""
    papers = [Paper(f"p{k:03}", f"Graph paper number {k}.", "L", k, title="Graph Theory" if k % 3 == 0 else f"Paper {k}") for k in range(n)]
    return SearchIndex(papers)


def test_a_result_reads_the_same_past_its_first_sorted_rows() -> None:
    """Only the first HEAD hits are sorted up front: indexing and slicing past them give the full order."""
    from tui.core.search.result import HEAD

    index = many_hits()
    result = index.search(parse_query("graph"))
    order = [p.id for p in result]
    assert len(result) == len(order) == 300 > HEAD
    assert order[:100] == [f"p{k:03}" for k in range(0, 300, 3)]  # title hits first, ties in list order
    assert [result[i].id for i in (0, HEAD - 1, HEAD, 299, -1)] == [order[i] for i in (0, HEAD - 1, HEAD, 299, -1)]
    assert [p.id for p in result[250:260]] == order[250:260]
    assert [p.id for p in result[0:HEAD]] == order[:HEAD]
    assert [p.id for p in result[::7]] == order[::7]
    assert [p.id for p in result[HEAD - 3 : HEAD + 3 : 2]] == order[HEAD - 3 : HEAD + 3 : 2]


def test_the_best_hit_is_first_wherever_it_is_in_the_list() -> None:
    """Of 300 hits the one with the word in its title, the library's last paper, is row 0."""
    papers = [Paper(f"p{k:03}", f"Graph paper number {k}.", "L", k, title=f"Paper {k}") for k in range(299)]
    papers.append(Paper("last", "Graph paper.", "L", 299, title="Graph Theory"))
    result = SearchIndex(papers).search(parse_query("graph"))
    assert result[0].id == "last" and result[1].id == "p000"


def test_a_results_position_of_a_paper() -> None:
    index = many_hits(9)
    result = index.search(parse_query("graph"))
    order = [p.id for p in result]
    assert [result.position(pid) for pid in order] == list(range(9))
    narrowed = index.search(parse_query('"graph theory"'))
    assert narrowed.position("p001") is None  # in the library, not in this result
    assert narrowed.position("p003") == 1
    assert result.position("nowhere") is None


def test_what_is_marked_in_the_title_and_in_the_pane() -> None:
    """A two-letter query word marks title words it starts (`ne` in "Neural") but not the abstract's words:
    a short prefix matches titles and metadata only, so the pane, with the abstract, marks none. The pane marks the words of the renamed title and the notes."""
    papers = [Paper("a", "Networks of neurons fire.", "L", 0, title="Neural Nets")]
    index = SearchIndex(papers, {"a": Annotation("a", title="Spectral Graph Wavelets", notes="Wavelets on manifolds")})
    result = index.search(parse_query("spectral manifolds"))
    assert result.words_for(papers[0]) == ["manifolds", "spectral"]
    assert result.spans["a"] == [(0, 8)]
    plain = SearchIndex(papers)
    short = plain.search(parse_query("ne"))
    assert short.spans["a"] == [(0, 6), (7, 11)]
    assert short.words_for(papers[0]) == []  # in the pane a short prefix marks nothing (`networks`, `neurons` would flood it)
    last = plain.search(parse_query("nets networks"))
    assert last.words_for(papers[0]) == ["nets", "networks"]  # the title's last word and the abstract's first


def test_phrase_spans_in_titles() -> None:
    """Every occurrence of a phrase in the shown title is marked, the first at offset 0 too; a title whose
    case-folding changes its length (ß -> ss) gets no phrase spans rather than misplaced ones."""
    papers = [
        Paper("a", "x", "L", 0, title="Graph neural nets and graph neural codes"),
        Paper("b", "x", "L", 1, title="Straße graph neural"),
    ]
    result = SearchIndex(papers).search(parse_query('"graph neural"'))
    assert result.spans["a"] == [(0, 12), (22, 34)]
    assert result.spans["b"] == []
    assert result.spans  # the list widget takes `spans or {}`: the lazy mapping must read as true
    assert set(result.spans) == {"a", "b"} and len(result.spans) == 2
    thrice = SearchIndex([Paper("t", "x", "L", 0, title="Graph neural, graph neural, graph neural")])
    assert thrice.search(parse_query('"graph neural"')).spans["t"] == [(0, 12), (14, 26), (28, 40)]
    overlapping = SearchIndex([Paper("o", "x", "L", 0, title="Aaa")])
    assert overlapping.search(parse_query('"aa"')).spans["o"] == [(0, 2), (1, 3)]  # the list merges them


# -- query words against the vocabulary: match levels -------------------------------------------------


def levels(vocab: list[str], term: str) -> tuple[list[str], str | None, dict[str, int]]:
    """What `term` matches: the prefix range's words, the exact word, and the other words' levels."""
    vocabulary = Vocabulary(sorted(vocab))
    match = vocabulary.match(term)
    words_of = vocabulary.words
    exact = None if match.exact is None else words_of[match.exact]
    return words_of[match.lo : match.hi], exact, {words_of[w]: level for w, level in match.extra.items()}


def test_match_levels_of_a_query_word_against_the_vocabulary() -> None:
    """Typos score 0.9 x rapidfuzz's ratio (rounded to a whole number first), typed-so-far prefixes with a typo
    0.85 x, words holding the query word INFIX (65); prefix-range words are the prefix level, never in `extra`.
    Typos are looked for among words with the query's first letter only (`kraph` is no typo of `graph` here)."""
    vocab = ["graph", "graphs", "graphics", "grahp", "garph", "grapj", "kraph", "subgraph", "paragraphs", "gr"]
    assert levels(vocab, "graph") == (
        ["graph", "graphics", "graphs"],
        "graph",
        {"garph": 72, "grahp": 72, "grapj": 72, "paragraphs": 65, "subgraph": 65},
    )
    # the typo (ratio 87 -> 78) beats the typed-so-far match (91 -> 77): the better level is kept
    assert levels(["tokens", "transformer", "transformers", "transfromers"], "transformer")[2] == {"transfromers": 78}
    assert levels(["neat", "net", "nets", "unet"], "net") == (["net", "nets"], "net", {})  # no typos under 4 letters
    assert levels(["bert", "beret", "berts", "sbert"], "bert")[2] == {"beret": 80}  # from 4 letters; inside words from 5
    # up to 12 letters a word being typed may carry a typo: `optimisation` is how `optimizationbased` starts
    assert levels(["optics", "optimisation", "optimizationbased"], "optimisation")[2] == {"optimizationbased": 78}
    assert levels([], "graph") == ([], None, {})


def test_match_levels_of_the_readers_own_words() -> None:
    """The words the reader wrote (notes, tags, renamed titles) are matched alike, without the first-letter limit."""
    assert dict(overlay_levels("graph", ["graph", "graphs", "grahp", "kraph", "subgraph", "grapj", "transfromers"])) == {
        "graph": EXACT,
        "graphs": PREFIX,
        "grahp": 72,
        "kraph": 72,
        "grapj": 72,
        "subgraph": INFIX,
    }
    assert dict(overlay_levels("transformer", ["transfromers", "transformerbased"])) == {"transformerbased": PREFIX, "transfromers": 78}
    assert dict(overlay_levels("net", ["unet", "nets", "neat"])) == {"nets": PREFIX}
    assert dict(overlay_levels("bert", ["sbert", "beret"])) == {"sbert": 80, "beret": 80}
    assert dict(overlay_levels("optimisation", ["optimizationbased"])) == {"optimizationbased": 78}
    assert overlay_levels("graph", []) == []


def test_words_containing_a_part() -> None:
    vocabulary = Vocabulary(sorted(["graph", "graphs", "paragraph", "subgraph", "tree"]))
    assert [vocabulary.words[i] for i in vocabulary.containing("graph").tolist()] == ["graph", "graphs", "paragraph", "subgraph"]
    assert [vocabulary.words[i] for i in vocabulary.containing("ree").tolist()] == ["tree"]
    assert [vocabulary.words[i] for i in vocabulary.containing("ra").tolist()] == ["graph", "graphs", "paragraph", "subgraph"]
    assert vocabulary.containing("").tolist() == [0, 1, 2, 3, 4]
    assert vocabulary.containing("h\nt").tolist() == []  # never across two words of the joined vocabulary
    assert vocabulary.containing("xyz").tolist() == []


def test_short_query_words_mark_whole_words_in_the_pane() -> None:
    """In the abstract (the pane) a one-letter word marks nothing, a two-letter word only itself, three letters
    or more also the words they start."""
    paper = Paper("a", "A graph of graphs, as drawn.", "L", 0, title="Drawings")
    index = SearchIndex([paper])
    assert index.search(parse_query("a")).words_for(paper) == []
    assert index.search(parse_query("of")).words_for(paper) == ["of"]
    assert index.search(parse_query("gr")).words_for(paper) == []
    assert index.search(parse_query("gra")).words_for(paper) == ["graph", "graphs"]


def test_every_typo_of_a_query_word_finds_its_paper() -> None:
    """Several vocabulary words at one typo level: each one's papers are found (the postings of many words), and
    only theirs (`grail` sorts right after the typo `grahp`)."""
    papers = [Paper("a", "grahp theory", "L", 0), Paper("b", "garph theory", "L", 1), Paper("c", "graph theory", "L", 2), Paper("d", "grail quest", "L", 3)]
    assert sorted(ids(SearchIndex(papers), "graph")) == ["a", "b", "c"]


# -- the query language ---------------------------------------------------------------------------------


def test_a_phrase_starts_at_a_word_start_unless_it_starts_with_a_sign() -> None:
    assert contains_phrase("graph neural nets and subgraph neural codes", "graph neural", True)
    assert contains_phrase("subgraph neural codes and graph neural nets", "graph neural", True)  # the later one
    assert contains_phrase("subgraph neural, graph neural, subgraph neural", "graph neural", True)  # the next, not the last
    assert not contains_phrase("subgraph neural codes", "graph neural", True)
    assert not contains_phrase("x_graph neural", "graph neural", True)  # `_` is a word character
    assert contains_phrase("(graph neural", "graph neural", True)
    assert contains_phrase("model-based methods", "-based", False)  # a phrase starting with `-` may follow a letter
    assert contains_phrase("subgraph neural", "graph neural", False)


def test_the_filters_error_lines_name_what_is_allowed() -> None:
    def message(text: str) -> str:
        with pytest.raises(QueryError) as caught:
            parse_query(text)
        return str(caught.value)

    assert message("status:done") == "status: 'done' is not a status (unread, to-read, reading, read, skipped)"
    assert message("has:cats") == "has: 'cats' is not one of notes, highlights, tags, rating, abstract, authors, url, doi"
    assert message("stauts:read") == (
        "stauts: is not a filter (use status:, rating:, tag:, list:, has:, author:, year:, venue:, key:, votes:, group:, discuss:, about:, followed:)"
    )


def test_numeric_filters_keep_their_minus_and_their_top() -> None:
    """`-rating:3`, `-year:2020`, `-votes:2`, `-discuss:3` exclude; `rating:5` and `rating:>=5` are valid, `rating:>5` is not."""
    for field in ("rating", "year", "votes"):
        (flt,) = parse_query(f"-{field}:3").filters
        assert flt.field == field and flt.negate is True
        (flt,) = parse_query(f"{field}:3").filters
        assert flt.negate is False
    assert parse_query("rating:5").filters == (Filter("rating", NumberTest(5, 5)),)
    assert parse_query("rating:>=5").filters == (Filter("rating", NumberTest(5, 5)),)
    with pytest.raises(QueryError):
        parse_query("rating:>5")
    assert parse_query("discuss:3").filters == (Filter("discuss", NumberTest(3, 999), False),)
    assert parse_query("-discuss:3").filters == (Filter("discuss", NumberTest(3, 999), True),)
    assert 3 in NumberTest(3, 5) and 5 in NumberTest(3, 5)
    assert 2 not in NumberTest(3, 5) and 6 not in NumberTest(3, 5)


def test_where_a_query_filters_by_list() -> None:
    """`list_filter_spans` (used to follow a list's rename into saved views): each `list:` with a value, any case."""
    text = 'graph list:"ICML  2025" -list:Bandits tag:x list: LIST:Theory "list:not"'
    assert list(list_filter_spans(text)) == [
        (6, 23, False, "icml 2025", True),
        (24, 37, True, "bandits", False),
        (50, 61, False, "theory", False),
    ]
    assert list(list_filter_spans("graph neural")) == []


# -- the palette's command matching ---------------------------------------------------------------------------


def test_a_palette_query_names_a_command_by_word_starts() -> None:
    assert command_words("Set status: Skipped!") == ["set", "status", "skipped"]
    assert names("st sk", "Set status: skipped")
    assert not names("st kk", "Set status: skipped")
    assert names("ex", "Quit", keywords=["exit paperdesk"])
    assert not names("", "Quit") and not names("!!", "Quit")


def test_a_palette_querys_score() -> None:
    """The text (or a keyword) starting with the query is best; every query word starting a word next, less the
    further in its first word matches (at most 10 words); scattered letters last, never for a data change."""
    assert command_score("stat", "Statistics") == CMD_PREFIX
    assert command_score("quit", "Exit the app", keywords=["quit paperdesk"]) == CMD_PREFIX
    assert command_score("quit pa", "Exit the app", keywords=["quit  paperdesk"]) == CMD_PREFIX  # a keyword of words
    assert command_score("rate 3", "Rate 3 stars", changes_data=True) == CMD_PREFIX
    assert command_score("rat", "Sort by rating") == pytest.approx(WORDS - 0.02)
    assert command_score("st", "Set status: skipped", changes_data=True) == pytest.approx(WORDS - 0.01)
    assert command_score("app", "Exit the app") == pytest.approx(WORDS - 0.02)
    assert command_score("zeta", "a b c d e f g h i j k l zeta") == pytest.approx(WORDS - 0.10)
    assert command_score("xq", "Exit the app", keywords=["quit", "xylo quark"]) == 0.0
    assert command_score("xy qu", "Exit the app", keywords=["quit", "xylo"]) == pytest.approx(WORDS - 0.03)
    assert command_score("stats", "Set status: skipped", changes_data=True, letters=lambda text: 0.9) == 0.0
    assert command_score("stats", "Set status: skipped") == 0.0  # no letter matcher given
    assert command_score("stats", "Show status", letters={"Show status": 0.5}.__getitem__) == pytest.approx(LETTERS * 0.5)
    assert command_score("stats", "Show status", letters=lambda text: 3.0) == pytest.approx(LETTERS)
    assert command_score("stats", "Show status", letters=lambda text: -1.0) == 0.0
    assert command_score("", "Quit") == 0.0 and command_score("?!", "Quit") == 0.0


# -- a reading group's filters ---------------------------------------------------------------------------------


def test_group_name_filters_read_the_members_marks_and_this_members_live_ratings() -> None:
    """`group:NAME`: the papers a member whose name starts with NAME rated; this member's (here `ana`) from the
    live ratings, never from a stale shared file of theirs. Negated, the rest."""
    from tui.core.models import MemberMark

    papers = [Paper(f"p{k}", "x", "L", k) for k in range(6)]
    index = SearchIndex(papers, {"p0": Annotation("p0", rating=3), "p5": Annotation("p5", rating=1)})
    assert ids(index, "group:bo") == []  # no group read yet
    index.set_group({"p1": [MemberMark("Anabel", 2)], "p2": [MemberMark("Bo", 5)], "p4": [MemberMark("ana", 4)]}, me="Ana")
    assert ids(index, "group:ana") == ["p0", "p1", "p5"]
    assert ids(index, "group:anab") == ["p1"]
    assert ids(index, "group:bo") == ["p2"]
    assert ids(index, "group:zed") == []
    assert ids(index, "-group:bo") == ["p0", "p1", "p3", "p4", "p5"]


# -- more field filters ----------------------------------------------------------------------------------


def test_key_votes_discuss_and_has_rating_filters() -> None:
    from tui.core.models import MemberMark

    papers = [
        Paper("a", "x", "L", 0, citekey="smith2020a"),
        Paper("b", "y", "L", 1, citekey="Smith2020b"),
        Paper("c", "z", "L", 2, citekey="jones2019", year="2019"),
        Paper("d", "w", "L", 3),
    ]
    index = SearchIndex(papers, {"a": Annotation("a", rating=1), "b": Annotation("b", rating=4)})
    assert ids(index, "key:smith2020") == ["a", "b"]
    assert ids(index, "key:SMITH2020B") == ["b"]
    assert ids(index, "-key:smith") == ["c", "d"]
    assert ids(index, "has:rating") == ["a", "b"]  # a one-star rating is a rating
    index.set_group({"c": [MemberMark("Bo", 5)], "b": [MemberMark("Bo", 4)]}, me="me")  # `discuss:` is 2 votes unless set
    assert ids(index, "votes:2") == ["b"]  # this member's 4 stars and Bo's
    assert ids(index, "votes:>=1") == ["b", "c"]
    assert ids(index, "-votes:>=1") == ["a", "d"]
    assert ids(index, "discuss:") == ["b"]
    assert ids(index, "discuss:1") == ["b", "c"]


# -- the saved index -------------------------------------------------------------------------------------------


def test_no_digest_means_built_and_never_saved(tmp_path: Path) -> None:
    """Papers changed in memory only have no papers.json digest: their index is built, and no folder is written."""
    papers = [Paper("a", "graph theory", "L", 0)]
    index = load_or_build(tmp_path, None, papers, {}, save=True)
    assert ids(index, "graph") == ["a"]
    assert not (tmp_path / INDEX_DIR).exists()


def test_a_saved_vocabulary_that_does_not_fit_its_arrays_is_not_loaded(tmp_path: Path) -> None:
    papers = [Paper("a", "graph theory", "L", 0), Paper("b", "tree search", "L", 1)]
    load_or_build(tmp_path, "digest", papers, {}, save=True)
    (key,) = (p.name for p in (tmp_path / INDEX_DIR).iterdir())
    vocab = tmp_path / INDEX_DIR / key / "vocab.txt"
    assert load(tmp_path / INDEX_DIR, key, papers, {}) is not None
    vocab.write_text(vocab.read_text(encoding="utf-8") + "\nzebra", encoding="utf-8")  # one word more than the postings
    assert load(tmp_path / INDEX_DIR, key, papers, {}) is None


def test_a_failed_save_leaves_no_temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index folder is written under a temp name beside its final place (one rename, on one file system);
    a failure part way removes it and is reported to the caller."""
    from tui.core.search import stored

    papers = [Paper("a", "graph theory", "L", 0)]
    index = SearchIndex(papers)
    renamed: list[tuple[Path, Path]] = []
    real_rename = os.rename

    def rename(src: Path, dst: Path) -> None:
        renamed.append((Path(src), Path(dst)))
        real_rename(src, dst)

    monkeypatch.setattr(stored.os, "rename", rename)
    save_index(tmp_path / INDEX_DIR, "k1", index)
    assert [(src.parent, dst) for src, dst in renamed] == [(tmp_path / INDEX_DIR, tmp_path / INDEX_DIR / "k1")]

    def failing_save(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(stored.np, "save", failing_save)
    with pytest.raises(OSError, match="disk full"):
        save_index(tmp_path / INDEX_DIR, "k2", index)
    assert [p.name for p in (tmp_path / INDEX_DIR).iterdir()] == ["k1"]


def test_the_early_titles_index_knows_the_annotations(tmp_path: Path) -> None:
    """A large library's titles-first index (answering while the whole one builds) filters by the reader's marks."""
    papers = [Paper(f"p{k}", f"abstract {k}", "L", k, title=f"Title {k}") for k in range(TITLES_FIRST_FROM)]
    early: list[SearchIndex] = []
    full = load_or_build(tmp_path, "digest", papers, {"p7": Annotation("p7", status=Status.READ)}, save=False, early=early.append)
    (titles,) = early
    assert titles.provisional and not full.provisional
    assert ids(titles, "status:read") == ids(full, "status:read") == ["p7"]
    assert ids(titles, "abstract") == [] and len(ids(full, "abstract")) == TITLES_FIRST_FROM  # titles only, until replaced


# -- the index: phrases as they are typed, the overlay, scores -----------------------------------------------------


PHRASE_PAPERS = [
    Paper("a", "Graph neural networks on molecules.", "L", 0, title="Molecules"),
    Paper("b", "Graphs of neural activity.", "L", 1, title="Activity"),
    Paper("c", "Subgraph neural counting.", "L", 2, title="Counting"),
    Paper("d", "Tree search with neural guidance.", "L", 3, title="Trees", authors=("Graph Neumann",)),
    Paper("e", "Nothing here.", "L", 4, title="Empty"),
]


def test_a_phrase_typed_letter_by_letter_finds_what_it_finds_at_once() -> None:
    """Each keystroke of `"graph neural"` narrows from the last one's papers: every step must equal a fresh search.
    Only earlier phrases narrow: a word typed before (`g`, which finds titles only) is no phrase's candidates.
    A one-word phrase is a word start (`"graph` finds graphs, not subgraph)."""
    typing = SearchIndex(PHRASE_PAPERS, {"e": Annotation("e", notes="unrelated words")})
    steps = ["g", '"graph neural"', '"graph', '"graph ', '"graph n', '"graph ne', '"graph neu', '"graph neural', '"tree search"', '"graph neu"']
    for text in steps:
        fresh = SearchIndex(PHRASE_PAPERS, {"e": Annotation("e", notes="unrelated words")})
        assert ids(typing, text) == ids(fresh, text), text
    assert ids(typing, '"graph"') == ["a", "b", "d"]  # graph, graphs and the author Graph Neumann
    assert ids(typing, '"graph neu"') == ["a", "d"]
    assert ids(typing, '"graph neural"') == ["a"]
    assert ids(typing, '"zzzz graph"') == [] and ids(typing, '"graph zzzz"') == []  # words past the vocabulary's last


def test_a_one_word_phrase_reads_the_readers_words_by_their_start() -> None:
    index = SearchIndex(PHRASE_PAPERS, {"e": Annotation("e", notes="graphlets matter"), "c": Annotation("c", notes="other")})
    assert ids(index, '"graphlet"') == ["e"]
    assert ids(index, '"graph"') == ["a", "b", "d", "e"]


def test_a_phrase_in_an_annotated_papers_metadata_is_found() -> None:
    """An annotated paper's title, list and authors still count for phrases, beside its notes and tags."""
    index = SearchIndex(PHRASE_PAPERS, {"d": Annotation("d", notes="read later")})
    assert ids(index, '"graph neumann"') == ["d"]
    assert ids(index, '"read later"') == ["d"]


def test_a_long_phrase_search_can_be_stopped_and_a_short_one_is_not_polled() -> None:
    """`should_stop` is asked every 4,096 candidates: a superseded search over many papers stops (Cancelled); one
    over fewer candidates is not slowed by asking."""
    from tui.core.search.sorts import Cancelled

    many = SearchIndex([Paper(f"p{k}", f"Graph neural nets {k}.", "L", k) for k in range(4200)])
    with pytest.raises(Cancelled):
        many.search(parse_query('"graph neural nets"'), should_stop=lambda: True)
    assert len(many.search(parse_query('"graph neural nets"'), should_stop=lambda: False)) == 4200
    assert len(many.search(parse_query('-"graph neural"'), should_stop=lambda: False)) == 0  # exclusions are polled too
    few = SearchIndex(PHRASE_PAPERS)
    assert ids_stopped(few, '"graph neural"') == ["a"]


def ids_stopped(index: SearchIndex, text: str) -> list[str]:
    asked: list[int] = []

    def should_stop() -> bool:
        asked.append(1)
        return True

    found = [p.id for p in index.search(parse_query(text), should_stop=should_stop)]
    assert asked == []
    return found


def test_a_note_word_shared_by_two_papers_stays_with_the_one_that_keeps_it() -> None:
    index = SearchIndex(PHRASE_PAPERS, {"a": Annotation("a", notes="zebra"), "b": Annotation("b", notes="zebra")})
    index.update_annotation("a", Annotation("a", notes="lion"))
    assert ids(index, "zebra") == ["b"]
    assert ids(index, "-zebra") == ["a", "c", "d", "e"]  # an exclusion reads the reader's words too
    assert ids(index, "lion") == ["a"]


def test_the_recent_sort_follows_a_new_annotation_time() -> None:
    index = SearchIndex(PHRASE_PAPERS, {"a": Annotation("a", updated="2026-01-01"), "b": Annotation("b", updated="2026-01-02")})
    assert ids(index, "", "recent")[:2] == ["b", "a"]
    index.update_annotation("a", Annotation("a", updated="2026-01-03"))
    assert ids(index, "", "recent")[:2] == ["a", "b"]


def test_title_hits_weigh_by_level_and_field() -> None:
    """An exact title word beats a title word it starts; a typo in a title beats the same typo in an abstract."""
    papers = [Paper("b", "x", "L", 0, title="Graphs Everywhere"), Paper("a", "y", "L", 1, title="Graph Theory")]
    assert ids(SearchIndex(papers), "graph") == ["a", "b"]
    papers = [Paper("b", "Grahp theory.", "L", 0, title="Other"), Paper("a", "y", "L", 1, title="Grahp Theory")]
    assert ids(SearchIndex(papers), "graph") == ["a", "b"]
    papers = [Paper("a", "Graphs of graphs.", "L", 0, title="Plain")]
    assert ids(SearchIndex(papers), "gra") == ["a"]  # three letters match word starts in abstracts too


def test_a_renamed_papers_old_title_is_not_searched_and_the_others_titles_are() -> None:
    papers = [Paper("a", "x y", "L", 0, title="Zebra Kernels"), Paper("b", "w", "L", 1, title="Lion Kernels")]
    index = SearchIndex(papers, {"a": Annotation("a", title="Spectral Methods")})
    assert ids(index, "zebra") == []
    assert ids(index, "lion") == ["b"]
    assert ids(index, "kernels") == ["b"]
    assert ids(index, "spectral") == ["a"]


def test_the_list_names_a_value_means() -> None:
    """`list_names_meant` (a list's rename followed into saved views) picks as `list:` picks."""
    from tui.core.search.filters import list_names_meant

    assert list_names_meant("icml", ["Bandits", "ICML  2025", "icml 2024"]) == [1, 2]
    assert list_names_meant("bandit", ["Badits", "Landit group"]) == [0]


def test_a_query_keeps_its_text_and_a_date_gives_its_year() -> None:
    """The parsed query remembers what was typed (the list drops results whose text no longer matches the box);
    a year field holding a whole date (`20240101`, as some BibTeX `date` fields do) still files under 2024."""
    from tui.core.search.filters import year_number

    assert parse_query('graph "neural nets" -tree').text == 'graph "neural nets" -tree'
    assert year_number("20240101") == 2024 and year_number("2024-01-01") == 2024 and year_number("24") == 0


def test_a_phrase_starting_with_a_sign_and_removed_papers() -> None:
    """`"-based"` is found inside `model-based`; papers moved to the trash are found by no query until restored;
    a result keeps the sort it was made for."""
    papers = [Paper("a", "Model-based planning.", "L", 0), Paper("b", "Based on trees.", "L", 1), Paper("c", "Graphs.", "L", 2)]
    index = SearchIndex(papers)
    assert ids(index, '"-based"') == ["a"]
    assert index.set_hidden(["a"], True)
    assert ids(index, "") == ["b", "c"] and ids(index, "based") == ["b"]
    assert index.set_hidden(["a"], False)
    assert ids(index, "") == ["a", "b", "c"]
    assert index.search(parse_query("based"), "title").sort == "title"


def test_has_tags_reads_the_papers_own_tags_and_the_readers() -> None:
    papers = [Paper("a", "x", "L", 0, tags=("imported",)), Paper("b", "y", "L", 1), Paper("c", "z", "L", 2)]
    index = SearchIndex(papers, {"b": Annotation("b", tags=["mine"])})
    assert ids(index, "has:tags") == ["a", "b"]
    assert ids(index, "-has:tag") == ["c"]


def test_every_author_of_a_paper_is_searched_word_by_word() -> None:
    papers = [Paper("a", "x", "L", 0, authors=("Ada Lovelace", "Alan Turing")), Paper("b", "y", "L", 1)]
    assert ids(SearchIndex(papers), "alan") == ["a"]  # the second author's first word, as its own word
