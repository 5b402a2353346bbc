"""What the reader told us about papers, as the ranking reads it: positives, negatives, follows.

Ratings and triage are already collected by annotating; the ranker only needs
them as sets of positions in the papers sequence (the order of
`SearchIndex.papers`), so every score array lines up with the list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tui.core.models import Annotation, Paper, Status

#: Ratings that say "more like this" and "less like this" (3 is neutral: neither).
POSITIVE_RATINGS = frozenset({4, 5})
NEGATIVE_RATINGS = frozenset({1, 2})


@dataclass(frozen=True)
class Labels:
    """Indices into the papers sequence: the reader's positives and negatives; `follows` (weak positives, issue 44): papers by
    followed authors the reader has not judged."""

    positives: frozenset[int]
    negatives: frozenset[int]
    follows: frozenset[int] = frozenset()
    followed_by: Mapping[int, str] = field(default_factory=dict, compare=False)
    """Each paper of `follows` -> the followed name it is by (the first followed, when several): the why line says it."""


def labels_of(
    papers: Sequence[Paper], annotations: Mapping[str, Annotation], positive_tag: str | None = None,
    followed: Iterable[int] | Mapping[str, Iterable[int]] = (),
) -> Labels:
    """The labels the reader's annotations give `papers`.

    Positives: rated 4 or 5, or (when `positive_tag` is given) tagged with it.
    Negatives: rated 1 or 2, or skipped in triage. A paper both (a skipped paper
    rated 5, a 2★ paper carrying the positive tag) is a positive: a rating or a
    tag is a deliberate judgment of the paper, a skip is often just "not now".
    Follows: `followed`, the positions of papers by authors the reader follows
    (`usecases.follow.followed_papers`: name -> positions, or the positions
    alone), less those judged either way: a rating or a skip of the paper
    itself says more than liking its author.
    """
    positives: set[int] = set()
    negatives: set[int] = set()
    for i, paper in enumerate(papers):
        annotation = annotations.get(paper.id)
        if annotation is None:
            continue
        if annotation.rating in POSITIVE_RATINGS or (positive_tag is not None and positive_tag in annotation.tags):
            positives.add(i)
        elif annotation.rating in NEGATIVE_RATINGS or annotation.status is Status.SKIPPED:
            negatives.add(i)
    by: dict[int, str] = {}
    if isinstance(followed, Mapping):
        for name, found in followed.items():
            for i in found:
                by.setdefault(i, name)
    else:
        by = dict.fromkeys(followed, "")
    follows = frozenset(by) - positives - negatives
    return Labels(frozenset(positives), frozenset(negatives), follows, {i: by[i] for i in sorted(follows)})
