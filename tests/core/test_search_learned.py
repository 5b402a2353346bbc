"""Issue 43 in the search core: the `about:` field of the query language, and the index ranking by meaning and "for me".

The index is handed a stand-in for the ranking engine (`search.learned.Meaning`): its scores are chosen here, so
what is checked is how the index narrows, combines and orders by them, not the engine's quality (tests/core/test_ranking_*).
"""

from __future__ import annotations

import numpy as np
import pytest

from tui.core.models import Paper
from tui.core.search.index import SearchIndex
from tui.core.search.query import QueryError, parse_query
from tui.core.search.sorts import SORTS, next_sort

PAPERS = [
    Paper(id=f"p{i}", title=title, abstract=abstract, list="L")
    for i, (title, abstract) in enumerate(
        [
            ("Graph sparsification", "We prune edges of graphs."),
            ("Private federated averaging", "Clients add noise to their model updates."),
            ("Differential privacy for SGD", "Noisy gradients protect each example."),
            ("Graph privacy attacks", "Edges leak from node embeddings."),
            ("Protein folding", "Structures from sequences."),
        ]
    )
]


class Stand:
    """A meaning engine whose scores per text are given; a paper matches at half the best score or more."""

    def __init__(self, scores: dict[str, list[float]]) -> None:
        self.scores = scores
        self.asked: list[str] = []

    def about(self, text: str) -> np.ndarray:
        self.asked.append(text)
        return np.asarray(self.scores[text], dtype=np.float32)

    def about_cutoff(self, scores: np.ndarray) -> np.ndarray:
        return scores >= 0.5 * scores.max()


def ids(index: SearchIndex, text: str, sort: str = "relevance") -> list[str]:
    return [p.id for p in index.search(parse_query(text), sort)]


def test_about_is_parsed_folded_and_combined_with_every_other_term() -> None:
    query = parse_query('about:"Privacy  of Gradient updates" status:unread graph -survey')
    assert query.about == ("privacy of gradient updates",)
    assert query.terms == ("graph",) and query.excluded_terms == ("survey",) and len(query.filters) == 1
    assert query.ranks and not query.is_empty
    assert parse_query("about:privacy").about == ("privacy",)
    assert parse_query("about:").about == () and parse_query("about:").is_empty  # still being typed
    assert parse_query('about:"a" about:"b"').meaning == parse_query('about:"b" about:"a"').meaning
    with pytest.raises(QueryError, match="-about: cannot be negated"):
        parse_query('-about:"privacy"')


def test_about_narrows_by_the_cutoff_and_ranks_by_meaning() -> None:
    index = SearchIndex(PAPERS)
    stand = Stand({"privacy of gradient updates": [0.1, 0.6, 0.9, 0.5, 0.0]})
    index.set_meaning(stand)
    assert ids(index, 'about:"privacy of gradient updates"') == ["p2", "p1", "p3"]
    # A typed word narrows too, and its match adds below one meaning point: p3 has "graph", p1 and p2 do not.
    assert ids(index, 'about:"privacy of gradient updates" graph') == ["p3"]
    # Filters combine: a rating filter leaves the rated paper out.
    from tui.core.models import Annotation

    index.update_annotation("p2", Annotation("p2", rating=4))
    assert ids(index, 'about:"privacy of gradient updates" rating:0') == ["p1", "p3"]
    # The chosen sort still orders what `about:` keeps.
    assert ids(index, 'about:"privacy of gradient updates"', sort="title") == ["p2", "p3", "p1"]


def test_equal_meaning_scores_keep_list_order() -> None:
    index = SearchIndex(PAPERS)
    index.set_meaning(Stand({"x": [0.0, 0.7, 0.7, 0.7, 0.2]}))
    assert ids(index, "about:x") == ["p1", "p2", "p3"]


def test_before_the_engine_is_ready_about_text_is_matched_as_words() -> None:
    index = SearchIndex(PAPERS)
    assert ids(index, 'about:"graph privacy"') == ["p3"]  # both words, as typed words must
    index.set_meaning(Stand({"graph privacy": [0.9, 0.0, 0.0, 0.8, 0.0]}))
    assert ids(index, 'about:"graph privacy"') == ["p0", "p3"]  # by meaning now: the cache of words was dropped


def test_for_me_orders_by_the_learned_scores_ties_in_list_order_and_none_is_list_order() -> None:
    index = SearchIndex(PAPERS)
    assert ids(index, "", sort="for-me") == [p.id for p in PAPERS]
    index.set_for_me(np.asarray([0.1, 0.9, 0.5, 0.9, -1.0], dtype=np.float32))
    assert ids(index, "", sort="for-me") == ["p1", "p3", "p2", "p0", "p4"]
    assert ids(index, "graph", sort="for-me") == ["p3", "p0"]  # a filter keeps its papers, in the learned order
    index.set_hidden(["p1"], True)
    assert ids(index, "", sort="for-me")[0] == "p3"
    index.set_for_me(None)
    assert ids(index, "", sort="for-me") == ["p0", "p2", "p3", "p4"]
    with pytest.raises(ValueError):
        index.set_for_me(np.zeros(3, dtype=np.float32))


def test_the_sort_cycle_has_for_me_unless_the_setting_leaves_it_out() -> None:
    assert "for-me" in SORTS
    assert next_sort("list") == "for-me"
    assert next_sort("list", for_me=False) == "rating"
    cycle, sort = [], "relevance"
    for _ in range(len(SORTS)):
        sort = next_sort(sort, ranks=False, for_me=False)
        cycle.append(sort)
    assert "for-me" not in cycle
