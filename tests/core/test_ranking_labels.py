"""The reader's ratings, skips and tags as the ranking's labels (issue 43)."""

from __future__ import annotations

from tui.core.models import Annotation, Paper, Status
from tui.core.ranking.labels import Labels, labels_of


def test_labels_from_ratings_skips_and_a_tag() -> None:
    papers = [Paper(id=f"p{i}", abstract=f"text {i}", list="l") for i in range(9)]
    notes = {
        "p0": Annotation("p0", rating=5), "p1": Annotation("p1", rating=4), "p2": Annotation("p2", rating=3),
        "p3": Annotation("p3", rating=2), "p4": Annotation("p4", rating=1), "p5": Annotation("p5", status=Status.SKIPPED),
        "p6": Annotation("p6", tags=("mine",)), "p7": Annotation("p7", rating=5, status=Status.SKIPPED),
        "p8": Annotation("p8", rating=2, tags=("mine",)), "gone": Annotation("gone", rating=5),
    }
    assert labels_of(papers, notes) == Labels(frozenset({0, 1, 7}), frozenset({3, 4, 5, 8}))
    tagged = labels_of(papers, notes, positive_tag="mine")
    assert tagged.positives == frozenset({0, 1, 6, 7, 8}) and tagged.negatives == frozenset({3, 4, 5})
    assert tagged.follows == frozenset()
    assert labels_of(papers, {}) == Labels(frozenset(), frozenset())
