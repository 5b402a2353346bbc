"""The ranking engine on tiny corpora where the right order is obvious (issue 43)."""

from __future__ import annotations

import numpy as np

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
