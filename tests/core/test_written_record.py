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
    assert first is not None and first["before"] == {"annotated": 1, "notes": 1, "views": 0, "follows": 0}
    assert first["size"] == 10 and first["written"]
    record_write(tmp_path, "bbb", 12, ONE, previous="aaa", before=ONE)
    later = read_record(tmp_path)
    assert later is not None and "before" not in later and later["previous"] == "aaa"


def test_a_record_from_another_version_reads_its_counts_and_zero_for_what_is_missing_or_odd() -> None:
    assert recorded_summary({"annotated": 2, "notes": 1, "views": 3}) == Summary(2, 1, 3)  # a record from before follows
    assert recorded_summary({"annotated": 2, "notes": 1, "views": 3, "follows": 4}) == Summary(2, 1, 3, 4)
    assert recorded_summary({"annotated": "2", "notes": None}) == Summary(0, 0, 0)


def _record(folder: Path, **fields: object) -> None:
    import orjson

    from tui.core.store.written import WRITTEN_FILE

    (folder / WRITTEN_FILE).write_bytes(orjson.dumps(fields))


def test_an_unreadable_or_foreign_record_is_no_record(tmp_path: Path) -> None:
    from tui.core.store.written import WRITTEN_FILE

    for raw in (b"{not json", b"[1]", b'{"digest": 5}', b'{"previous": "a"}'):
        (tmp_path / WRITTEN_FILE).write_bytes(raw)
        assert read_record(tmp_path) is None and not matches_record(tmp_path, "a")
    _record(tmp_path, digest="a")
    assert read_record(tmp_path) == {"digest": "a"} and matches_record(tmp_path, "a") and not matches_record(tmp_path, None)


def test_a_record_that_cannot_be_written_never_stops_the_write(tmp_path: Path) -> None:
    record_write(tmp_path / "no such folder", "a", 1, ONE, previous=None)  # no error
    assert read_record(tmp_path / "no such folder") is None


LOST = {"annotations": {}}
KEPT = {"annotations": {"1": {"id": "p", "notes": "n", "status": "read"}}}
WRONG = {"annotations": {"1": {"id": "p", "rating": "five"}}}


def test_a_file_without_a_record_has_only_its_values_checked(tmp_path: Path) -> None:
    from tui.core.store.written import what_is_wrong

    assert what_is_wrong(tmp_path, "d", LOST) is None
    assert what_is_wrong(tmp_path, None, LOST) is None
    assert what_is_wrong(tmp_path, "d", WRONG) == 'paper p: rating is "five", not a whole number from 0 to 5'


def test_paperdesks_own_last_write_is_not_read_again_unless_a_journal_was_replayed_over_it(tmp_path: Path) -> None:
    from tui.core.store.written import what_is_wrong

    record_write(tmp_path, "own", 10, KEPT, previous="older")
    for digest in ("own", "older"):
        assert what_is_wrong(tmp_path, digest, WRONG, journaled=False) is None
        assert what_is_wrong(tmp_path, digest, WRONG).startswith("paper p: rating is")  # type: ignore[union-attr]
        assert what_is_wrong(tmp_path, digest, LOST) is None  # its own: a removal made in paperdesk is no loss


def test_a_file_changed_outside_is_taken_when_it_kept_everything_and_named_when_it_lost_annotations(tmp_path: Path) -> None:
    from tui.core.store.written import what_is_wrong

    record_write(tmp_path, "own", 10, KEPT, previous="older")
    more = {"annotations": {**KEPT["annotations"], "2": {"id": "q", "rating": 2}}}
    assert what_is_wrong(tmp_path, "edited", KEPT) is None and what_is_wrong(tmp_path, "edited", more) is None
    assert what_is_wrong(tmp_path, "edited", LOST) == (
        "was changed outside paperdesk and lost annotations: 0 annotated papers (was 1), 0 notes (was 1)"
    )
    assert what_is_wrong(tmp_path, "edited", WRONG).startswith("paper p: rating is")  # type: ignore[union-attr]
    assert what_is_wrong(tmp_path, None, LOST) == "is missing and lost annotations: 0 annotated papers (was 1), 0 notes (was 1)"


def test_follows_wiped_outside_paperdesk_are_named_as_a_loss(tmp_path: Path) -> None:
    from tui.core.store.written import what_is_wrong

    followed = {**KEPT, "follows": {"1": {"name": "Ada Lovelace"}}}
    record_write(tmp_path, "own", 10, followed, previous="older")
    assert what_is_wrong(tmp_path, "edited", followed) is None
    assert what_is_wrong(tmp_path, "edited", KEPT) == "was changed outside paperdesk and lost annotations: 0 followed authors (was 1)"


def test_a_file_missing_after_its_first_write_is_compared_with_what_the_journal_held_before(tmp_path: Path) -> None:
    from tui.core.store.written import what_is_wrong

    record_write(tmp_path, "first", 10, KEPT, previous=None, before={})  # killed before its rename: no file yet
    assert what_is_wrong(tmp_path, None, LOST) is None  # the journal held nothing more than this
    record_write(tmp_path, "first", 10, KEPT, previous=None, before=KEPT)
    assert what_is_wrong(tmp_path, None, LOST) == "is missing and lost annotations: 0 annotated papers (was 1), 0 notes (was 1)"
    assert what_is_wrong(tmp_path, None, KEPT) is None
    # a changed file is compared with the write itself, whatever came before it
    assert what_is_wrong(tmp_path, "edited", LOST) == (
        "was changed outside paperdesk and lost annotations: 0 annotated papers (was 1), 0 notes (was 1)"
    )
    _record(tmp_path, digest="first", previous=None, before="odd", annotated=1, notes=0, views=0)  # another version's
    assert what_is_wrong(tmp_path, None, LOST) == "is missing and lost annotations: 0 annotated papers (was 1)"
    _record(tmp_path, digest="second", previous="first", before={"annotated": 0}, annotated=2, notes=0, views=0)
    assert what_is_wrong(tmp_path, None, LOST) == "is missing and lost annotations: 0 annotated papers (was 2)"


def test_a_journal_replayed_over_paperdesks_own_file_has_its_values_checked(library_dir: Path) -> None:
    """The file is paperdesk's last write, but a journal a kill left (or a sync tool changed) is replayed over it:
    its values are checked like a file changed outside (`check_opened`, `journaled`)."""
    import orjson

    from tui.core.library import Library
    from tui.core.store.storage import ANNOTATIONS_FILE

    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="folded in")
    lib = Library.open(library_dir, seed=False)
    lib.save_annotation(pid, rating=2)
    lib._file_lock.release()  # killed: the journal is not folded in
    journal = library_dir / (ANNOTATIONS_FILE + ".journal")
    (record,) = [orjson.loads(line) for line in journal.read_bytes().splitlines()]
    (key,) = record["annotations"]
    record["annotations"][key]["rating"] = "five"
    journal.write_bytes(orjson.dumps(record) + b"\n")
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.read_only
        assert reopened.damaged == f'{library_dir / ANNOTATIONS_FILE}: paper {pid}: rating is "five", not a whole number from 0 to 5'
