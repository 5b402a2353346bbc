"""The log of command-line edits: written in the same save, read back for the app's undo."""

from __future__ import annotations

import pytest

from tui.core.library import Library
from tui.core.store import changelog
from tui.core.store.changelog import CHANGE_LOG_TABLE
from tui.core.store.journal import read_stored
from tui.core.store.lock_pid import LOCK_PID_FILE
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.usecases import edit as edits


def on_disk(library: Library) -> dict:
    """annotations.json with its journal replayed: what a reopen would see."""
    return read_stored(library.folder / ANNOTATIONS_FILE)


def test_an_edit_and_its_log_entry_land_in_one_write(library: Library) -> None:
    pid = library.papers[0].id
    edits.set_status(library, pid, "read")
    data = on_disk(library)
    (entry,) = data[CHANGE_LOG_TABLE].values()
    stored = next(d for d in data["annotations"].values() if d["id"] == pid)
    assert entry["pid"] == pid and entry["source"] == "cli"
    assert entry["before"] == {"status": "unread", "started": "", "finished": ""}
    assert entry["after"] == {"status": "read", "started": "", "finished": stored["finished"]} and stored["finished"]
    assert entry["at"] == stored["updated"] and "status unread → read" in entry["summary"]


def test_a_failed_save_logs_nothing(library: Library, monkeypatch) -> None:
    pid = library.papers[0].id
    edits.rate(library, pid, 2)
    storage = library._notes_db.storage  # type: ignore[union-attr]

    def full_disk(data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "write", full_disk)
    monkeypatch.setattr(storage, "append", full_disk)  # a save appends to the journal
    with pytest.raises(OSError):
        edits.rate(library, pid, 5)
    monkeypatch.undo()
    assert [c.after for c in changelog.logged_changes(library)] == [{"rating": 2}]
    assert library.annotation(pid).rating == 2


def test_the_app_can_undo_logged_edits_newest_first(library: Library) -> None:
    a, b = library.papers[0].id, library.papers[1].id
    edits.rate(library, a, 3)
    edits.rate(library, a, 5)
    edits.edit_tags(library, b, ["+x"])
    edits.set_notes(library, a, "hello")
    changes = changelog.undoable_changes(library)
    assert [(c.pid, c.after) for c in changes] == [
        (a, {"rating": 3}), (a, {"rating": 5}), (b, {"tags": ["x"]}), (a, {"notes": "hello"})
    ]
    # What the app does with them: push oldest first, so `u` pops the newest; each `before` restores.
    for change in reversed(changes):
        library.save_annotation(change.pid, **change.before)
    assert library.annotation(a).rating == 0 and library.annotation(a).notes == "" and library.annotation(b).tags == ()


def test_an_edit_made_since_stops_the_walk_for_that_paper(library: Library) -> None:
    a, b = library.papers[0].id, library.papers[1].id
    edits.rate(library, a, 3)
    edits.rate(library, a, 4)
    edits.rate(library, b, 1)
    library.save_annotation(a, rating=2)  # the app (or a notes import) changed it afterwards
    assert [(c.pid, c.after) for c in changelog.undoable_changes(library)] == [(b, {"rating": 1})]
    assert len(changelog.logged_changes(library)) == 3


def test_forget_drops_what_the_app_took(library: Library) -> None:
    pid = library.papers[0].id
    for rating in (1, 2, 3):
        edits.rate(library, pid, rating)
    taken = changelog.undoable_changes(library)[:2]
    changelog.forget(library, taken)
    assert [c.after for c in changelog.logged_changes(library)] == [{"rating": 3}]
    edits.rate(library, pid, 4)  # numbering goes on after a forget
    seqs = [c.seq for c in changelog.logged_changes(library)]
    assert seqs == sorted(set(seqs)) and len(seqs) == 2


def test_the_log_keeps_the_newest_entries(library: Library, monkeypatch) -> None:
    monkeypatch.setattr(changelog, "CHANGE_LOG_KEPT", 3)
    pid = library.papers[0].id
    for rating in (1, 2, 3, 4, 5):
        edits.rate(library, pid, rating)
    assert [c.after["rating"] for c in changelog.logged_changes(library)] == [3, 4, 5]


def test_foreign_log_records_are_skipped(library: Library) -> None:
    pid = library.papers[0].id
    edits.rate(library, pid, 1)
    library._notes_db.table(CHANGE_LOG_TABLE).insert({"what": "not ours"})  # type: ignore[union-attr]
    assert [c.after for c in changelog.logged_changes(library)] == [{"rating": 1}]


def test_the_lock_holder_writes_its_pid_and_removes_it_on_close(library_dir) -> None:
    import os

    lib = Library.open(library_dir)
    assert (library_dir / LOCK_PID_FILE).read_text().strip() == str(os.getpid())
    with Library.open(library_dir) as second:
        assert second.held and second.holder_pid == os.getpid()
        assert f"(PID {os.getpid()})" in (second.notice or "")
    lib.close()
    assert not (library_dir / LOCK_PID_FILE).exists()


def test_a_missing_or_garbled_pid_file_still_says_the_library_is_held(library_dir, monkeypatch) -> None:
    import tui.core.store.lock_pid as lock_pid

    monkeypatch.setattr(lock_pid, "HOLDER_PID_WAIT", 0.1)
    with Library.open(library_dir):
        (library_dir / LOCK_PID_FILE).write_text("garbage")
        with Library.open(library_dir) as second:
            assert second.held and second.holder_pid is None
            assert "another paperdesk is using this library; opened read-only" in (second.notice or "")


def test_take_into_feeds_the_apps_undo_and_redo(library: Library) -> None:
    from tui.core.store.history import UndoHistory

    a, b = library.papers[0].id, library.papers[1].id
    edits.rate(library, a, 4)
    edits.set_status(library, b, "reading")
    history = UndoHistory()
    taken = changelog.take_into(history, library)
    assert [c.pid for c in taken] == [a, b] and len(history) == 2
    assert changelog.logged_changes(library) == []  # offered once
    newest = history.undo()
    assert newest is not None and newest.pid == b and newest.before["status"] == "unread"
    library.save_annotation(newest.pid, **newest.before)  # what the app's undo does with it
    assert library.annotation(b).status.value == "unread" and library.annotation(b).started == ""
    again = history.redo()
    assert again is not None and again.after["status"] == "reading"
    assert changelog.take_into(UndoHistory(), library) == []


def test_a_read_only_library_offers_nothing(library: Library) -> None:
    from tui.core.store.history import UndoHistory

    edits.rate(library, library.papers[0].id, 4)
    with Library.open(library.folder) as second:
        assert second.read_only and changelog.take_into(UndoHistory(), second) == []
    assert len(changelog.logged_changes(library)) == 1


def test_a_hand_edited_log_never_stops_a_save(library: Library) -> None:
    import orjson

    path = library.folder / ANNOTATIONS_FILE
    pid = library.papers[0].id
    edits.rate(library, pid, 1)
    library.close()  # the journal is folded into annotations.json
    data = orjson.loads(path.read_bytes())
    data[CHANGE_LOG_TABLE]["not-a-number"] = {"pid": pid}
    data[CHANGE_LOG_TABLE]["7"] = "not a record"
    path.write_bytes(orjson.dumps(data))
    with Library.open(library.folder, read_only=True) as reader:
        assert [c.after for c in changelog.logged_changes(reader)] == [{"rating": 1}]
    with Library.open(library.folder) as again:
        edits.rate(again, pid, 2)
        assert [c.after for c in changelog.logged_changes(again)] == [{"rating": 1}, {"rating": 2}]


class _Log:
    """A `changelog.LogStore` holding the log as given and annotations by paper id."""

    read_only = False

    def __init__(self, docs: list[dict], ratings: dict[str, int]) -> None:
        self.docs = [{**doc, "seq": n} for n, doc in enumerate(docs, 1)]
        self.ratings = ratings

    def annotation(self, pid: str):
        from tui.core.models import Annotation

        return Annotation(pid, rating=self.ratings.get(pid, 0))

    def change_log(self) -> list[dict]:
        return list(self.docs)

    def forget_change_log(self, through: int) -> None:
        self.docs = [doc for doc in self.docs if doc["seq"] > through]


def _rated(pid: str, before: int, after: int) -> dict:
    return {"pid": pid, "before": {"rating": before}, "after": {"rating": after}}


def test_logged_entries_read_back_every_field_and_defaults_for_missing_ones() -> None:
    full = {"at": "2025-01-02T03:04:05Z", "summary": "rating 0 → 3", "source": "elsewhere", **_rated("a", 0, 3)}
    log = _Log([full, _rated("b", 0, 1)], {})
    assert changelog.logged_changes(log) == [
        changelog.LoggedChange(1, "2025-01-02T03:04:05Z", "a", {"rating": 0}, {"rating": 3}, "rating 0 → 3", "elsewhere"),
        changelog.LoggedChange(2, "", "b", {"rating": 0}, {"rating": 1}, "", "cli"),
    ]


@pytest.mark.parametrize(
    "doc",
    [
        {"pid": 5, "before": {}, "after": {}},  # no paper named
        {"pid": "a", "before": [], "after": {}},
        {"pid": "a", "before": {}, "after": "rating 3"},
    ],
)
def test_a_log_record_without_a_paper_or_its_values_is_skipped(doc: dict) -> None:
    assert [c.pid for c in changelog.logged_changes(_Log([doc, _rated("b", 0, 1)], {}))] == ["b"]


def test_each_papers_walk_back_is_its_own() -> None:
    # b's edit is the oldest: a's two edits undo to 0, which must not count as b's current rating
    log = _Log([_rated("b", 0, 1), _rated("a", 0, 3), _rated("a", 3, 4)], {"a": 4, "b": 1})
    assert [(c.pid, c.after) for c in changelog.undoable_changes(log)] == [("b", {"rating": 1}), ("a", {"rating": 3}), ("a", {"rating": 4})]


def test_a_paper_changed_since_blocks_its_older_edits_but_not_another_papers() -> None:
    # a went 0 → 3 → 4 from the command line, then back to 3 in the app (not logged): the 0 → 3 edit,
    # though it matches what a holds now, lies under a change the log knows nothing of
    log = _Log([_rated("b", 0, 1), _rated("a", 0, 3), _rated("a", 3, 4)], {"a": 3, "b": 1})
    assert [(c.pid, c.after) for c in changelog.undoable_changes(log)] == [("b", {"rating": 1})]


def test_take_into_empties_the_log_however_long(library: Library) -> None:
    from tui.core.store.history import UndoHistory

    pid = library.papers[0].id
    for rating in (1, 2, 3):
        edits.rate(library, pid, rating)
    assert len(changelog.take_into(UndoHistory(), library)) == 3
    assert changelog.logged_changes(library) == []


@pytest.mark.parametrize("kept", [1, 2])
def test_a_short_log_keeps_only_the_newest(library: Library, monkeypatch, kept: int) -> None:
    monkeypatch.setattr(changelog, "CHANGE_LOG_KEPT", kept)
    pid = library.papers[0].id
    for rating in (1, 2, 3):
        edits.rate(library, pid, rating)
    assert [c.after["rating"] for c in changelog.logged_changes(library)] == [1, 2, 3][-kept:]


def test_a_log_change_journals_only_the_new_entry_and_the_dropped_ones(monkeypatch) -> None:
    data = {CHANGE_LOG_TABLE: {"1": {"n": 1}, "2": {"n": 2}}}
    assert changelog.log_changes(data, {"n": 3}) == {"3": {"n": 3}}
    monkeypatch.setattr(changelog, "CHANGE_LOG_KEPT", 2)
    assert changelog.log_changes(data, {"n": 3}) == {"1": None, "3": {"n": 3}}


def test_the_log_reads_back_oldest_first_past_nine_entries(library: Library) -> None:
    pid = library.papers[0].id
    for n in range(12):  # seqs 1..12 are text keys in the file: "10" sorts before "2" as text
        edits.set_notes(library, pid, f"note {n}")
    logged = changelog.logged_changes(library)
    assert [c.after["notes"] for c in logged] == [f"note {n}" for n in range(12)]
    assert [c.seq for c in logged] == sorted(c.seq for c in logged)
