"""The ranking engine on tiny corpora where the right order is obvious (issue 43)."""

from __future__ import annotations

import numpy as np
import pytest

from tui.core.models import Paper
from tui.core.ranking.engine import NEEDS_POSITIVES, Ranker
from tui.core.ranking.labels import Labels

ABSTRACTS = [
    "Graph neural networks predict properties of molecules from their atoms and bonds.",
    "Differential privacy for federated learning: clipping and noising the gradient updates of clients.",
    "Membership inference attacks on federated learning leak private training data.",
    "Convergence rates of accelerated gradient descent for smooth convex optimization.",
    "Message passing graph networks for molecules and chemistry property prediction.",
    "Lower bounds for stochastic convex optimization with noisy first-order oracles.",
]


def papers(abstracts: list[str] = ABSTRACTS) -> list[Paper]:
    return [Paper(id=f"p{i}", abstract=text, list="l", title=f"Paper {i}") for i, text in enumerate(abstracts)]


def labels(pos: set[int] = frozenset(), neg: set[int] = frozenset()) -> Labels:
    return Labels(frozenset(pos), frozenset(neg))


def test_no_positives_needs_ratings_and_scores_nothing() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(labels(neg={1}))
    assert found.needs == NEEDS_POSITIVES and found.mode == "none"
    assert not found.scores.any() and found.scores.dtype == np.float32 and len(found.scores) == 6


def test_one_positive_is_more_like_this() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(labels(pos={0}))
    assert found.mode == "like-this" and found.needs is None
    others = [j for j in np.argsort(-found.scores, kind="stable").tolist() if j != 0]
    assert others[0] == 4
    assert found.why(4) == "like: Paper 0"


def test_about_finds_by_meaning() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    scores = ranker.about("privacy of federated clients")
    assert scores.dtype == np.float32
    assert np.argsort(-scores)[:2].tolist() == [1, 2]
    kept = ranker.about_cutoff(scores)
    assert kept[1] and not kept[[0, 4, 5]].any()


def test_two_positives_learn_and_negatives_push_down() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    found = ranker.for_me(labels(pos={1, 3}))
    assert found.mode == "learned" and found.needs is None
    order = [j for j in np.argsort(-found.scores, kind="stable").tolist() if j not in (1, 3)]
    assert set(order[:2]) == {2, 5}  # the other privacy paper and the other convex one
    assert found.why(2) == "like: Paper 1" and found.why(5) == "like: Paper 3"
    against = ranker.for_me(labels(pos={1, 3}, neg={5}))
    assert against.scores[5] < found.scores[5]
    assert against.scores[2] == pytest.approx(found.scores[2] - 0.5 * float(ranker.matrices.docs[2] @ ranker.matrices.docs[5]) / 2, abs=1e-5)


def test_a_negative_that_is_also_positive_counts_as_positive() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    np.testing.assert_array_equal(ranker.for_me(labels(pos={0}, neg={0})).scores, ranker.for_me(labels(pos={0})).scores)


def test_same_papers_and_labels_give_the_same_scores() -> None:
    one, two = Ranker.load_or_build(None, "d", papers()), Ranker.load_or_build(None, "d", papers())
    chosen = labels(pos={0, 2}, neg={3})
    np.testing.assert_array_equal(one.for_me(chosen).scores, two.for_me(chosen).scores)
    np.testing.assert_array_equal(one.about("convex rates"), two.about("convex rates"))
    np.testing.assert_array_equal(one.related(0, None, chosen), two.related(0, None, chosen))


def test_why_is_one_line_of_plain_text_cut_when_long() -> None:
    texts = list(ABSTRACTS)
    many = [Paper(id=f"p{i}", abstract=t, list="l", title=t if i == 0 else f"Paper {i}") for i, t in enumerate(texts)]
    many[0] = Paper(id="p0", abstract=texts[0], list="l", title="[bold]Graph[/bold]   networks\n" + "for molecules " * 10)
    ranker = Ranker.load_or_build(None, "d", many)
    why = ranker.for_me(labels(pos={0})).why(4)
    assert why.startswith("like: [bold]Graph[/bold] networks for molecules") and why.endswith("…")
    assert "\n" not in why and len(why) == len("like: ") + 60


def test_about_unknown_words_scores_nothing_and_matches_nothing() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    scores = ranker.about("zzyzx qwertyuiop")
    assert not scores.any() and not ranker.about_cutoff(scores).any()
    assert not ranker.about("").any()


def test_about_cutoff_is_half_the_best_with_a_floor() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    scores = np.array([0.8, 0.41, 0.39, 0.0, -0.2], dtype=np.float32)
    assert ranker.about_cutoff(scores).tolist() == [True, True, False, False, False]
    low = np.array([0.15, 0.09, 0.08], dtype=np.float32)
    assert ranker.about_cutoff(low).tolist() == [True, False, False]
    assert ranker.about_cutoff(np.zeros(0, dtype=np.float32)).tolist() == []


def test_related_fuses_words_meaning_and_ratings() -> None:
    ranker = Ranker.load_or_build(None, "d", papers())
    plain = ranker.related(0, None, None)
    assert plain.dtype == np.float32 and plain[0] == 0 and int(np.argmax(plain)) == 4
    bm25 = np.zeros(6, dtype=np.float32)
    bm25[5] = 10.0  # words say 5
    assert ranker.related(0, bm25, None)[5] > plain[5]
    assert ranker.related(0, {5: 10.0}, None)[5] == pytest.approx(ranker.related(0, bm25, None)[5])
    liked = ranker.related(0, None, labels(pos={3}))
    assert liked[5] > plain[5] and liked[3] > plain[3]


def test_reorder_puts_related_papers_by_the_fused_score() -> None:
    from tui.core.related.index import RelatedIndex

    corpus = papers()
    ranker = Ranker.load_or_build(None, "d", corpus)
    similar = RelatedIndex.of_papers(corpus).similar("p1", limit=5)
    assert similar
    again = ranker.reorder(1, similar, labels(pos={3}))
    assert sorted(s.paper.id for s in again) == sorted(s.paper.id for s in similar)
    fused = ranker.related(1, {int(s.paper.id[1:]): s.score for s in similar}, labels(pos={3}))
    assert [s.paper.id for s in again] == [f"p{j}" for j in sorted((int(s.paper.id[1:]) for s in similar), key=lambda j: -fused[j])]
