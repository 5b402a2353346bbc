"""Properties of "for me" over generated corpora and ratings (issue 43)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.core.models import Paper
from tui.core.ranking.engine import Ranker
from tui.core.ranking.labels import Labels

WORDS = "graph privacy convex bandit regret kernel spectral molecule federated gradient control robust sparse".split()


def rank_of(scores: np.ndarray, j: int, leaving_out: int) -> int:
    """Paper j's place (0 = first) in the for-me sort (best first, ties in list order), paper `leaving_out` not counted."""
    order = [k for k in np.lexsort((np.arange(len(scores)), -scores)).tolist() if k != leaving_out]
    return order.index(j)


corpora = st.lists(st.lists(st.sampled_from(WORDS), min_size=2, max_size=8).map(" ".join), min_size=4, max_size=10)


@settings(max_examples=40, deadline=None)
@given(corpora, st.data())
def test_rating_a_paper_never_lowers_its_nearest_neighbour(texts: list[str], data: st.DataObject) -> None:
    """With a ranking already (one positive or more), rating p 5★ never moves the paper most like p (its top paper in
    "more like this") down the for-me sort, whatever the negatives."""
    papers = [Paper(id=f"p{i}", abstract=text, list="l") for i, text in enumerate(texts)]
    ranker = Ranker.load_or_build(None, "d", papers)
    n = len(papers)
    p = data.draw(st.integers(0, n - 1), label="rated")
    others = [k for k in range(n) if k != p]
    positives = frozenset(data.draw(st.lists(st.sampled_from(others), min_size=1, max_size=3), label="positives"))
    negatives = frozenset(data.draw(st.lists(st.sampled_from(others), max_size=3), label="negatives")) - positives
    like_p = ranker.for_me(Labels(frozenset({p}), frozenset())).scores
    neighbour = [k for k in np.lexsort((np.arange(n), -like_p)).tolist() if k != p][0]
    before = ranker.for_me(Labels(positives, negatives)).scores
    after = ranker.for_me(Labels(positives | {p}, negatives)).scores
    assert rank_of(after, neighbour, p) <= rank_of(before, neighbour, p)


@settings(max_examples=40, deadline=None)
@given(corpora, st.data())
def test_rating_a_paper_never_lowers_its_nearest_neighbour_with_follows(texts: list[str], data: st.DataObject) -> None:
    """The same with followed authors' papers (weak positives, issue 44), p among them or not: rating p 5★ moves it from
    the follows to the positives (`labels_of`), and its nearest neighbour still never moves down."""
    papers = [Paper(id=f"p{i}", abstract=text, list="l") for i, text in enumerate(texts)]
    ranker = Ranker.load_or_build(None, "d", papers)
    n = len(papers)
    p = data.draw(st.integers(0, n - 1), label="rated")
    others = [k for k in range(n) if k != p]
    positives = frozenset(data.draw(st.lists(st.sampled_from(others), max_size=2), label="positives"))
    follows = frozenset(data.draw(st.lists(st.sampled_from(range(n)), min_size=1, max_size=3), label="follows")) - positives
    negatives = frozenset(data.draw(st.lists(st.sampled_from(others), max_size=3), label="negatives")) - positives - follows
    like_p = ranker.for_me(Labels(frozenset({p}), frozenset())).scores
    neighbour = [k for k in np.lexsort((np.arange(n), -like_p)).tolist() if k != p][0]
    before = ranker.for_me(Labels(positives, negatives, follows)).scores
    after = ranker.for_me(Labels(positives | {p}, negatives, follows - {p})).scores
    assert rank_of(after, neighbour, p) <= rank_of(before, neighbour, p)
