"""Reading statistics from papers and annotations."""

import datetime as dt

from tui.core.models import Annotation, Paper, Status
from tui.core.stats import list_progress, notes_per_week, rating_histogram


def test_progress_per_list_and_ratings() -> None:
    papers = [Paper("a", "x", "L1"), Paper("b", "y", "L1"), Paper("c", "z", "L2")]
    anns = {"a": Annotation("a", status=Status.READ, rating=5), "c": Annotation("c", status=Status.READING, rating=3)}
    (l1, l2) = list_progress(papers, anns)
    assert (l1.name, l1.total, l1.counts[Status.READ], l1.counts[Status.UNREAD]) == ("L1", 2, 1, 1)
    assert (l2.name, l2.counts[Status.READING]) == ("L2", 1)
    assert rating_histogram(anns.values()) == {1: 0, 2: 0, 3: 1, 4: 0, 5: 1}


def test_notes_per_week() -> None:
    today = dt.date(2026, 11, 30)  # a Monday
    anns = [
        Annotation("a", notes="n", updated="2026-11-30T10:00:00+00:00"),
        Annotation("b", notes="n", updated="2026-11-24T10:00:00+00:00"),
        Annotation("c", notes="n", updated="2026-11-23T10:00:00+00:00"),
        Annotation("d", notes="", updated="2026-11-30T10:00:00+00:00"),
    ]
    weeks = notes_per_week(anns, weeks=3, today=today)
    assert weeks == [(dt.date(2026, 11, 16), 0), (dt.date(2026, 11, 23), 2), (dt.date(2026, 11, 30), 1)]
