"""Follows in "for me" (issue 44): a followed author's papers are weak positives, a cold start with no rating."""

from __future__ import annotations

import numpy as np

from tests.core.test_ranking_engine import papers
from tui.core.models import Annotation
from tui.core.ranking.engine import FOLLOW_WEIGHT, FOLLOWED, Ranker
from tui.core.ranking.labels import Labels, labels_of


def followed(*positions: int, pos: set[int] = frozenset(), name: str = "Ada Lovelace") -> Labels:
    return Labels(frozenset(pos), frozenset(), frozenset(positions), dict.fromkeys(positions, name))


def order(scores: np.ndarray, leaving_out: set[int]) -> list[int]:
    return [k for k in np.lexsort((np.arange(len(scores)), -scores)).tolist() if k not in leaving_out]


def test_follows_alone_give_a_learned_ranking_with_why() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(followed(0))  # the graph-and-molecules paper's author, nothing rated
    assert found.needs is None and found.mode == "learned"
    assert found.scores.any() and int(np.argmax(found.scores)) == 0
    assert order(found.scores, {0})[0] == 4  # the other graph-and-molecules paper first
    assert found.why(0) == "by Ada Lovelace (followed)"
    assert found.why(4).startswith("words: ") and "molecules" in found.why(4)
    unnamed = ranker.for_me(Labels(frozenset(), frozenset(), frozenset({0})))
    assert unnamed.why(0) == FOLLOWED
    np.testing.assert_array_equal(unnamed.scores, found.scores)


def test_a_follow_weighs_less_than_a_rating() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    docs = ranker.matrices.docs
    rated_privacy = ranker.for_me(followed(3, pos={1})).scores  # 4-5★ on privacy, follow on convex
    rated_convex = ranker.for_me(followed(1, pos={3})).scores
    # The rated topic's other paper beats the followed topic's, whichever way round.
    assert rated_privacy[2] > rated_privacy[5] and rated_convex[5] > rated_convex[2]
    expected = docs @ ((docs[1].astype(np.float64) + FOLLOW_WEIGHT * docs[3]) / (1 + FOLLOW_WEIGHT)).astype(np.float32)
    np.testing.assert_allclose(rated_privacy, expected, atol=1e-6)
    assert 0 < FOLLOW_WEIGHT < 1
    # One rating and follows is learned, not "more like this".
    assert ranker.for_me(followed(3, pos={1})).mode == "learned"


def test_follows_are_deterministic_and_negatives_still_count() -> None:
    one, two = Ranker.load_or_build(None, "d", papers()), Ranker.load_or_build(None, "d", papers())
    chosen = Labels(frozenset(), frozenset({5}), frozenset({0, 3}), {0: "A B", 3: "C D"})
    first, second = one.for_me(chosen), two.for_me(chosen)
    np.testing.assert_array_equal(first.scores, second.scores)
    assert [first.why(i) for i in range(6)] == [second.why(i) for i in range(6)]
    plain = one.for_me(Labels(frozenset(), frozenset(), frozenset({0, 3})))
    assert first.scores[5] < plain.scores[5]


def test_labels_name_each_followed_paper_and_leave_out_the_judged() -> None:
    corpus = papers()
    notes = {"p1": Annotation("p1", rating=5), "p2": Annotation("p2", rating=1)}
    found = labels_of(corpus, notes, followed={"Ada Lovelace": [1, 3], "Grace Hopper": [2, 3, 4]})
    assert found.follows == frozenset({3, 4})
    assert dict(found.followed_by) == {3: "Ada Lovelace", 4: "Grace Hopper"}  # the first followed name, in order
    assert labels_of(corpus, notes, followed=[3, 4, 1]).follows == frozenset({3, 4})
