"""Reading statistics: the progress line under the list, and per list, ratings and notes per week for the stats screen."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping

from tui.core.models import Annotation, Paper, Status


class ListProgress:
    """How far the reader got through one list: a count per status.

    A plain class, not a dataclass (why: `tui.core.records`): the first frame's progress line counts here too.
    """

    def __init__(self, name: str, counts: Counter[Status] | None = None) -> None:
        self.name = name
        self.counts: Counter[Status] = Counter() if counts is None else counts

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def list_progress(papers: Iterable[Paper], annotations: Mapping[str, Annotation]) -> list[ListProgress]:
    """One entry per list, in the order lists first appear in the library."""
    by_list: dict[str, ListProgress] = {}
    for paper in papers:
        entry = by_list.setdefault(paper.list, ListProgress(paper.list))
        ann = annotations.get(paper.id)
        entry.counts[ann.status if ann else Status.UNREAD] += 1
    return list(by_list.values())


def rating_histogram(annotations: Iterable[Annotation]) -> dict[int, int]:
    """How many papers got each rating from 1 to 5 (unrated papers are left out)."""
    counts = Counter(a.rating for a in annotations if a.rating)
    return {stars: counts.get(stars, 0) for stars in range(1, 6)}


def notes_per_week(annotations: Iterable[Annotation], weeks: int = 12, today: dt.date | None = None) -> list[tuple[dt.date, int]]:
    """Papers whose notes were last written in each of the last `weeks` weeks (Monday-based)."""
    today = today or dt.date.today()
    this_monday = today - dt.timedelta(days=today.weekday())
    starts = [this_monday - dt.timedelta(weeks=w) for w in range(weeks - 1, -1, -1)]
    counts: Counter[dt.date] = Counter()
    for ann in annotations:
        if not ann.notes.strip() or not ann.updated:
            continue
        try:
            day = dt.datetime.fromisoformat(ann.updated).date()
        except ValueError:
            continue
        counts[day - dt.timedelta(days=day.weekday())] += 1
    return [(start, counts.get(start, 0)) for start in starts]


def progress_line(total: int, annotations: Iterable[Annotation]) -> str:
    """Count read, rated and noted papers among `annotations` (only annotated papers are stored).

    Costs one pass over the annotations, not over the papers, so it stays
    cheap in a 100,000-paper library with a few hundred annotated.
    """
    read = rated = noted = 0
    for ann in annotations:
        read += ann.status is Status.READ
        rated += ann.rating > 0
        noted += bool(ann.notes.strip())
    return f"read {read} / {total} · rated {rated} · noted {noted}"
