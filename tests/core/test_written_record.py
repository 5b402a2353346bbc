"""The write record: which file digests are paperdesk's own writes, and what a first write replaced."""

from __future__ import annotations

from pathlib import Path

from tui.core.store.annotations_check import Summary
from tui.core.store.written import matches_record, read_record, record_write, recorded_summary

ONE = {"annotations": {"1": {"notes": "n", "status": "read"}}}


def test_the_last_write_and_the_one_before_it_are_ours_and_nothing_else(tmp_path: Path) -> None:
    assert not matches_record(tmp_path, "aaa")
    record_write(tmp_path, "bbb", 10, ONE, previous="aaa")
    assert matches_record(tmp_path, "bbb") and matches_record(tmp_path, "aaa")
    assert not matches_record(tmp_path, "ccc") and not matches_record(tmp_path, None)


def test_only_a_first_write_records_what_was_there_before_it(tmp_path: Path) -> None:
    record_write(tmp_path, "aaa", 10, ONE, previous=None, before=ONE)
    first = read_record(tmp_path)
    assert first is not None and first["before"] == {"annotated": 1, "notes": 1, "views": 0}
    assert first["size"] == 10 and first["written"]
    record_write(tmp_path, "bbb", 12, ONE, previous="aaa", before=ONE)
    later = read_record(tmp_path)
    assert later is not None and "before" not in later and later["previous"] == "aaa"


def test_a_record_from_another_version_reads_its_counts_and_zero_for_what_is_missing_or_odd() -> None:
    assert recorded_summary({"annotated": 2, "notes": 1, "views": 3}) == Summary(2, 1, 3)
    assert recorded_summary({"annotated": "2", "notes": None}) == Summary(0, 0, 0)
