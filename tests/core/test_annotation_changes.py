"""What a save does to an annotation (`store.changes`): the fields it takes, their stored form, the dates it fills in."""

from __future__ import annotations

import pytest

from tui.core.models import Annotation, Highlight, Status
from tui.core.store.changes import apply_changes, normalized

NOW = "2025-06-01T10:00:00Z"
OLD = Annotation("p", notes="n", created="2024-01-01T00:00:00Z", updated="2024-01-02T00:00:00Z")


def test_opening_a_paper_stamps_the_first_day_only() -> None:
    assert apply_changes(OLD, {"opened": True}, NOW).opened == NOW
    seen = Annotation("p", opened="2024-03-03T00:00:00Z")
    assert apply_changes(seen, {"opened": True}, NOW).opened == "2024-03-03T00:00:00Z"
    assert normalized(seen, {"opened": True}, NOW) == {"opened": "2024-03-03T00:00:00Z"}
    # a date given as such (an undo, an import) is stored as given; other saves leave the day alone
    assert apply_changes(seen, {"opened": "2023-01-01T00:00:00Z"}, NOW).opened == "2023-01-01T00:00:00Z"
    assert apply_changes(seen, {"opened": ""}, NOW).opened == ""
    assert apply_changes(seen, {"rating": 2}, NOW).opened == "2024-03-03T00:00:00Z"


def test_fields_take_their_stored_form() -> None:
    new = apply_changes(OLD, {"status": "read", "tags": ["a", "b"], "highlights": [{"text": "a passage"}], "rating": "4"}, NOW)
    assert new.status is Status.READ and new.tags == ("a", "b") and new.rating == 4
    assert new.highlights == (Highlight(text="a passage"),)
    assert normalized(OLD, {"highlights": [{"text": "x"}, {"no": "text"}]}, NOW) == {"highlights": (Highlight(text="x"),)}


def test_a_save_fills_in_the_record_and_status_dates() -> None:
    new = apply_changes(OLD, {"status": "reading"}, NOW)
    assert (new.created, new.updated, new.started, new.finished) == (OLD.created, NOW, NOW, "")
    first = apply_changes(Annotation("q"), {"status": "read"}, NOW)
    assert (first.created, first.updated, first.finished) == (NOW, NOW, NOW)


def test_an_unknown_field_or_a_rating_out_of_range_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"^unknown annotation fields: \['bogus', 'id'\]$"):
        normalized(OLD, {"bogus": 1, "id": "q", "notes": "x"}, NOW)
    for rating in (-1, 6):
        with pytest.raises(ValueError, match="^rating must be between 0 and 5$"):
            apply_changes(OLD, {"rating": rating}, NOW)
    assert apply_changes(OLD, {"rating": 5}, NOW).rating == 5 and apply_changes(OLD, {"rating": 0}, NOW).rating == 0
