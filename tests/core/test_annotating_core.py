"""The annotating core: status cycle, undo history, tags, progress, ordered saves, list --json fields."""

from __future__ import annotations

import threading

from tui.core.export.json_record import paper_record
from tui.core.library import Library
from tui.core.models import Annotation, Status
from tui.core.stats import progress_line
from tui.core.store.history import UndoHistory, cycle_status, previous_values
from tui.core.store.saver import AnnotationSaver
from tui.core.store.tags import complete, format_tags, known_tags, parse_tags


def test_status_cycles_both_ways_and_wraps() -> None:
    assert cycle_status(Status.UNREAD) is Status.TO_READ
    assert cycle_status(Status.TO_READ) is Status.READING
    assert cycle_status(Status.READING) is Status.READ
    assert cycle_status(Status.READ) is Status.SKIPPED
    assert cycle_status(Status.SKIPPED) is Status.UNREAD
    assert cycle_status(Status.UNREAD, -1) is Status.SKIPPED
    assert cycle_status("read", -1) is Status.READING


def test_undo_history_pops_newest_first_and_is_bounded() -> None:
    history = UndoHistory(size=3)
    assert history.undo() is None
    for n in range(5):
        history.push("p", {"rating": n}, {"rating": n + 1})
    history.push("p", {}, {})  # nothing undoable: not recorded
    assert len(history) == 3
    assert [history.undo().before["rating"] for _ in range(3)] == [4, 3, 2]
    assert history.undo() is None


def test_previous_values_keep_only_undoable_fields() -> None:
    ann = Annotation("p", notes="n", rating=2, status=Status.READ, tags=("a",), title="T")
    before = previous_values(ann, {"notes": "x", "rating": 3, "status": "reading", "tags": (), "title": ""})
    assert before == {"rating": 2, "status": "read", "tags": ("a",), "title": "T", "started": "", "finished": ""}


def test_tags_parse_dedupe_and_format() -> None:
    assert parse_tags(" rl, vision ,, RL, multi   word,\x1b[31m") == ("rl", "vision", "multi word", "␛[31m")
    assert parse_tags("") == ()
    assert format_tags(("a", "b c")) == "a, b c"


def test_tag_completion_completes_the_last_fragment_only() -> None:
    known = ["reinforcement", "rl", "vision"]
    assert complete("rein", known) == "reinforcement"
    assert complete("vision, re", known) == "vision, reinforcement"
    assert complete("reinforcement, r", known) == "reinforcement, rl"
    assert complete("vision, ", known) is None
    assert complete("zzz", known) is None
    assert complete("rl", known) is None  # already complete


def test_known_tags_most_used_first() -> None:
    anns = [Annotation("a", tags=("x", "y")), Annotation("b", tags=("y",)), Annotation("c")]
    assert known_tags(anns) == ["y", "x"]


def test_progress_line_counts_read_rated_noted() -> None:
    anns = [
        Annotation("a", status=Status.READ, rating=3, notes="hi"),
        Annotation("b", status=Status.READ),
        Annotation("c", rating=1, notes="  "),
        Annotation("d", status=Status.READING, notes="x"),
    ]
    assert progress_line(33, anns) == "read 2 / 33 · rated 2 · noted 2"
    assert progress_line(0, []) == "read 0 / 0 · rated 0 · noted 0"


def test_saver_view_shows_pending_changes_until_settled(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    first = saver.request(pid, status="to-read", rating=2)
    assert saver.view(pid).status is Status.TO_READ and saver.view(pid).rating == 2
    assert library.annotation(pid).status is Status.UNREAD
    stored = saver.write(first)
    saver.settle(first)
    assert stored.status is Status.TO_READ and library.annotation(pid).rating == 2


def test_saver_drops_a_save_overtaken_by_a_newer_one(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    old = saver.request(pid, notes="old", rating=1)
    new = saver.request(pid, notes="new")
    saver.write(new)  # the newer worker thread happened to run first
    stored = saver.write(old)
    assert stored.notes == "new" and stored.rating == 1  # rating was not overtaken
    saver.settle(old)
    assert saver.view(pid).notes == "new"  # the newer request is still pending
    saver.settle(new)
    assert library.annotation(pid).notes == "new"


def test_saver_from_many_threads_keeps_the_newest(library: Library, library_dir) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[1].id
    requests = [saver.request(pid, notes=f"v{n}") for n in range(40)]
    threads = [threading.Thread(target=saver.write, args=(r,)) for r in reversed(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    library.close()
    with Library.open(library_dir) as reread:
        assert reread.annotation(pid).notes == "v39"


def test_list_json_record_has_the_annotation_fields(library: Library) -> None:
    paper = library.papers[0]
    ann = library.save_annotation(paper.id, notes="n", rating=4, status="read", tags=["a"], title="Mine")
    record = paper_record(paper, ann)
    assert (record["notes"], record["rating"], record["status"], record["tags"], record["title"]) == (
        "n", 4, "read", ["a"], "Mine",
    )
    empty = paper_record(library.papers[1], library.annotation(library.papers[1].id))
    assert (empty["notes"], empty["rating"], empty["status"], empty["tags"]) == ("", 0, "unread", [])
    assert empty["title"] == library.papers[1].shown_title


def test_saving_on_a_closed_library_is_a_clear_error(library_dir) -> None:
    import pytest

    from tui.core.errors import LibraryError

    lib = Library.open(library_dir)
    lib.close()
    with pytest.raises(LibraryError, match="closed"):
        lib.save_annotation("0123456789ab", notes="x")


def test_save_now_writes_at_once_and_leaves_nothing_pending(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    stored = saver.save_now(pid, notes="on quit", rating=3)
    assert (stored.notes, stored.rating) == ("on quit", 3)
    assert (library.annotation(pid).notes, library.annotation(pid).rating) == ("on quit", 3)
    library.save_annotation(pid, notes="later", rating=1)  # written by other means since
    assert (saver.view(pid).notes, saver.view(pid).rating) == ("later", 1)  # settled: nothing pending shown over it


def test_save_now_settles_even_when_the_write_fails(library: Library) -> None:
    import pytest

    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    with pytest.raises(ValueError):
        saver.save_now(pid, rating=9)
    assert saver.view(pid).rating == 0  # the refused value is not shown as pending


def test_saver_view_is_the_stored_annotation_under_what_is_pending(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid, other = library.papers[0].id, library.papers[1].id
    stored = library.save_annotation(pid, notes="kept", tags=["a"], opened=True)
    assert saver.view(pid) == stored and saver.view(other) == library.annotation(other)  # nothing pending
    saver.request(pid, rating=4, opened=True)
    seen = saver.view(pid)
    assert (seen.id, seen.notes, seen.tags, seen.rating) == (pid, "kept", ("a",), 4)
    assert seen.opened == stored.opened  # "opened" keeps the first date, as the store will
    saver.request(other, opened=True)
    assert saver.view(other).opened  # never opened: today, as the store will write it
    assert saver.view(other).opened == library.save_annotation(other, opened=True).opened


def test_saver_settle_forgets_only_what_that_request_still_holds(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    old = saver.request(pid, notes="old", rating=1)
    new = saver.request(pid, notes="new")
    saver.write(old)
    saver.settle(old)  # its rating settles; its notes were replaced by `new`, not yet written
    assert (saver.view(pid).notes, saver.view(pid).rating) == ("new", 1)
    library.save_annotation(pid, rating=2)
    assert (saver.view(pid).notes, saver.view(pid).rating) == ("new", 2)
    saver.settle(new)  # settled without landing (a failed write): nothing of it shows any more
    saver.settle(new)  # twice, or for a paper with nothing pending: harmless
    saver.settle(old)
    assert saver.view(pid).notes == "old"


def test_saver_settles_in_any_order(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    first, second = saver.request(pid, notes="a"), saver.request(pid, notes="b")
    saver.write(second)
    saver.settle(second)
    saver.settle(first)
    assert saver.view(pid).notes == "b"


def test_saver_write_of_an_overtaken_request_returns_the_stored_annotation(library: Library) -> None:
    saver = AnnotationSaver(library)
    pid = library.papers[0].id
    old, new = saver.request(pid, notes="old"), saver.request(pid, notes="new")
    saver.write(new)
    returned = saver.write(old)  # nothing of it left to write
    assert returned == library.annotation(pid) and (returned.id, returned.notes) == (pid, "new")


def test_a_change_is_on_the_history_when_asked_for_and_leaves_it_when_its_save_fails(library: Library) -> None:
    from tui.core.usecases.annotate import Annotating

    annotating = Annotating()
    annotating.attach(library)
    first, second = (p.id for p in library.papers[:2])
    rated = annotating.request(first, rating=5)
    walked = annotating.request(second, status="reading")
    assert rated is not None and walked is not None
    assert len(annotating.history) == 2  # both on the history before either is written
    assert walked.entry is not None and walked.entry.after["status"] == "reading"
    assert walked.entry.after["started"], "the date the store fills in is what a redo puts back"
    assert walked.entry.before == {"status": "unread", "started": "", "finished": ""}
    undone = annotating.undo()
    assert undone is walked.entry, "u takes the newest change asked for, written or not"
    annotating.failed(walked)
    assert annotating.redo() is None, "a change that never reached the disk is not redone"
    annotating.saved(rated, annotating.write(rated))
    assert library.annotation(first).rating == 5
    assert annotating.undo() is rated.entry
    opened = annotating.request(first, undoable=False, opened=True)
    assert opened is not None and opened.entry is None and len(annotating.history) == 0
    annotating.failed(opened)  # not on the history: nothing to drop


def test_the_command_lines_edits_go_beneath_the_apps_own(library: Library) -> None:
    from tui.core.store.changelog import LoggedChange
    from tui.core.usecases.annotate import Annotating

    annotating = Annotating()
    annotating.attach(library)
    pid = library.papers[0].id
    annotating.request(pid, rating=5)
    logged = LoggedChange(1, "", pid, {"rating": 0}, {"rating": 3}, "rated 3")
    annotating.take([LoggedChange(0, "", pid, {}, {}, "nothing undoable"), logged])
    assert len(annotating.history) == 2
    assert annotating.undo().after == {"rating": 5}  # type: ignore[union-attr]
    assert annotating.undo().after == {"rating": 3}  # type: ignore[union-attr]
