"""The annotations journal: saves append, replay is idempotent, torn lines are ignored, old libraries open intact."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import tui.core.store.journal as journal
import tui.core.store.jsonfile as jsonfile
from tests.conftest import FIXTURES, annotation_files, stored_annotations
from tui.core.errors import LibraryError
from tui.core.library import Library
from tui.core.models import Status
from tui.core.store.storage import ANNOTATIONS_FILE

JOURNAL = ANNOTATIONS_FILE + journal.JOURNAL_SUFFIX
LEGACY = FIXTURES / "legacy_library"  # written by paperdesk before the journal (commit 705c1f8)


def test_a_save_appends_one_line_and_leaves_the_snapshot_alone(library_dir: Path) -> None:
    with Library.open(library_dir) as first:
        ids = [p.id for p in first.papers[:3]]
        first.save_annotation(ids[0], notes="warm up")  # folded into annotations.json on close
    library = Library.open(library_dir, seed=False)
    library.save_annotation(ids[0], notes="the day's backup is made by now")
    snapshot = (library_dir / ANNOTATIONS_FILE).read_bytes()
    lines = (library_dir / JOURNAL).read_bytes().count(b"\n")
    for n, pid in enumerate(ids):
        library.save_annotation(pid, notes=f"note {n}")
    assert (library_dir / ANNOTATIONS_FILE).read_bytes() == snapshot
    assert (library_dir / JOURNAL).read_bytes().count(b"\n") == lines + 3
    assert {d["id"]: d["notes"] for d in stored_annotations(library_dir).values()} == {pid: f"note {n}" for n, pid in enumerate(ids)}


def test_close_folds_the_journal_in_and_the_layout_is_the_old_one(library_dir: Path) -> None:
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        for n in range(5):
            lib.save_annotation(pid, notes=f"v{n}", rating=n)
    assert not (library_dir / JOURNAL).exists() or (library_dir / JOURNAL).stat().st_size == 0
    stored = json.loads((library_dir / ANNOTATIONS_FILE).read_bytes())["annotations"]  # plain TinyDB JSON
    assert [(d["notes"], d["rating"]) for d in stored.values()] == [("v4", 4)]


def test_the_journal_is_replayed_on_open_after_a_kill(library_dir: Path) -> None:
    """No close (as after SIGKILL): the next open replays the journal and folds it in."""
    lib = Library.open(library_dir)
    pid = lib.papers[0].id
    for n in range(3):
        lib.save_annotation(pid, notes=f"v{n}")
    lib._file_lock.release()  # the process "died": its lock is gone, nothing was folded in
    assert (library_dir / JOURNAL).stat().st_size > 0
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.annotation(pid).notes == "v2"
        assert (library_dir / JOURNAL).stat().st_size == 0  # folded in on open


def test_replaying_a_journal_twice_changes_nothing(library_dir: Path) -> None:
    """A kill between the new snapshot's rename and the journal's truncation leaves a journal already folded in."""
    lib = Library.open(library_dir)
    pid, other = lib.papers[0].id, lib.papers[1].id
    lib.save_annotation(pid, notes="a")
    lib.save_annotation(other, rating=3)
    lib.save_annotation(pid, notes="b")
    lines = (library_dir / JOURNAL).read_bytes()
    lib.close()  # folded in, journal emptied
    (library_dir / JOURNAL).write_bytes(lines)  # as if killed before the truncation
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.annotation(pid).notes == "b" and reopened.annotation(other).rating == 3


def test_a_torn_last_line_is_ignored_and_cut_off_before_the_next_append(library_dir: Path) -> None:
    lib = Library.open(library_dir)
    pid = lib.papers[0].id
    lib.save_annotation(pid, notes="kept")
    lib._file_lock.release()
    with (library_dir / JOURNAL).open("ab") as handle:  # a kill mid-append: no newline
        handle.write(b'{"annotations":{"1":{"id":"x","no')
    with Library.open(library_dir, seed=False, read_only=True) as reader:  # a reader ignores the torn line
        assert reader.annotation(pid).notes == "kept"
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.annotation(pid).notes == "kept"
        reopened.save_annotation(pid, notes="after")
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.annotation(pid).notes == "after" and not reopened.read_only


def test_a_torn_line_left_by_a_failed_append_is_cut_before_the_next(library: Library, library_dir: Path, monkeypatch) -> None:
    pid = library.papers[0].id
    library.save_annotation(pid, notes="one")
    real_write = journal.os.write

    def half_then_full(fd: int, data) -> int:
        real_write(fd, bytes(data[:10]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal.os, "write", half_then_full)
    with pytest.raises(OSError):
        library.save_annotation(pid, notes="two")
    monkeypatch.undo()
    assert library.annotation(pid).notes == "one"
    library.save_annotation(pid, notes="three")
    assert [d["notes"] for d in stored_annotations(library_dir).values()] == ["three"]


def test_a_damaged_journal_line_opens_read_only_and_is_left_untouched(library_dir: Path) -> None:
    lib = Library.open(library_dir)
    lib.save_annotation(lib.papers[0].id, notes="x")
    lib._file_lock.release()
    path = library_dir / JOURNAL
    path.write_bytes(b"{not json\n" + path.read_bytes())
    damaged = path.read_bytes()
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.read_only and JOURNAL in (reopened.notice or "")
    assert path.read_bytes() == damaged


def test_the_journal_is_folded_in_when_it_outgrows_the_snapshot(library: Library, library_dir: Path, monkeypatch) -> None:
    monkeypatch.setattr(journal, "COMPACT_AT_LEAST", 0)
    pid = library.papers[0].id
    library.save_annotation(pid, notes="small")
    library.save_annotation(pid, notes="small")
    for n in range(40):
        library.save_annotation(pid, notes=f"note {n} " + "words " * 50)
        assert (library_dir / JOURNAL).stat().st_size <= max((library_dir / ANNOTATIONS_FILE).stat().st_size, 1) + 400
    assert [d["notes"] for d in stored_annotations(library_dir).values()] == ["note 39 " + "words " * 50]


def test_saved_views_still_write_through_tinydb_with_the_journal(library: Library, library_dir: Path) -> None:
    pid = library.papers[0].id
    library.save_annotation(pid, notes="before the view")
    library.save_view("mine", "graph")
    library.save_annotation(pid, notes="after the view")
    library.close()
    with Library.open(library_dir, seed=False) as reopened:
        assert reopened.views() == {"mine": "graph"}
        assert reopened.annotation(pid).notes == "after the view"


@pytest.mark.parametrize("read_only", [False, True])
def test_a_library_written_before_the_journal_opens_with_every_annotation(tmp_path: Path, read_only: bool) -> None:
    folder = tmp_path / "legacy"
    shutil.copytree(LEGACY, folder)
    expected = json.loads((LEGACY / ANNOTATIONS_FILE).read_bytes())
    with Library.open(folder, seed=False, read_only=read_only) as lib:
        assert len(lib) == 10 and not lib.notice
        for doc in expected["annotations"].values():
            ann = lib.annotation(doc["id"])
            assert ann.to_doc() == doc
        assert sum(a.notes.startswith("legacy note") for a in lib.annotations().values()) == 8
        assert lib.annotation(lib.papers[8].id).title == "Legacy title"
        assert lib.annotation(lib.papers[1].id).status is Status.READING
        assert lib.views() == {"legacy view": "graphs rating:>=3"}
        if not read_only:
            lib.save_annotation(lib.papers[9].id, notes="new with the journal")
    with Library.open(folder, seed=False) as lib:
        assert sum(a.is_annotated for a in lib.annotations().values()) == 9 + (not read_only)
        assert lib.views() == {"legacy view": "graphs rating:>=3"}


def _tear_the_journal(folder: Path) -> None:
    """What a kill in the middle of an append leaves: part of a line, no newline."""
    with (folder / JOURNAL).open("ab") as handle:
        handle.write(b'{"annotations":{"1":{"id":"x","no')


def _assert_read_back_intact(writer: Library, pid: str, notes: str) -> None:
    """A reader beside the running writer, then a writer after it is killed, see the note, not a damaged file."""
    with Library.open(writer.folder, seed=False, read_only=True) as reader:
        assert not reader.notice and reader.annotation(pid).notes == notes
    writer._file_lock.release()  # killed before its close could fold the journal in
    with Library.open(writer.folder, seed=False) as reopened:
        assert not reopened.read_only and reopened.annotation(pid).notes == notes


def test_a_save_after_a_torn_first_note_is_not_glued_to_it(library_dir: Path) -> None:
    """The first note of a library was killed mid-append (no snapshot yet, so nothing is folded on open).

    Guards the cut in `append`: without it the next line is written after the
    torn bytes, the two parse as one damaged line, and the library opens
    read-only with the note lost to it.
    """
    lib = Library.open(library_dir)
    pid = lib.papers[0].id
    lib._file_lock.release()  # killed: no close, no fold
    assert not (library_dir / ANNOTATIONS_FILE).exists()
    _tear_the_journal(library_dir)
    writer = Library.open(library_dir, seed=False)
    writer.save_annotation(pid, notes="after the kill")
    _assert_read_back_intact(writer, pid, "after the kill")


def test_a_save_after_a_torn_line_the_open_could_not_fold_is_not_glued_to_it(library_dir: Path, monkeypatch) -> None:
    """The fold on open failed (disk full), so the torn tail is still in the journal at the next save."""
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
        lib.save_annotation(pid, notes="before")  # a snapshot exists from here on
    lib = Library.open(library_dir, seed=False)
    lib.save_annotation(pid, notes="kept")
    lib._file_lock.release()
    _tear_the_journal(library_dir)

    def disk_full(path, data) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile, "atomic_write_bytes", disk_full)
    writer = Library.open(library_dir, seed=False)
    monkeypatch.undo()
    assert not writer.read_only and writer.annotation(pid).notes == "kept"
    writer.save_annotation(pid, notes="after the kill")
    _assert_read_back_intact(writer, pid, "after the kill")


def test_a_reader_racing_the_writers_compaction_reads_again(library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`paperdesk list` run while the app quits: the app folds its journal (new snapshot, then the journal
    emptied) between the reader's read of the old snapshot and of the journal. The reader must not come
    away with neither (it printed `no paper matches 'has:notes'` for notes saved a minute before)."""
    with Library.open(library_dir) as lib:
        pid = lib.papers[0].id
    writer = Library.open(library_dir, seed=False)
    writer.save_annotation(pid, notes="in the journal only")
    real = journal.read_journal
    raced = []

    def read_then_race(path: Path):
        if not raced:  # the old snapshot is read; now the writer compacts, then the reader reads the journal
            raced.append(True)
            writer.close()
        return real(path)

    monkeypatch.setattr(journal, "read_journal", read_then_race)
    data = journal.read_stored(library_dir / ANNOTATIONS_FILE)
    assert raced and [d["notes"] for d in data["annotations"].values() if d["id"] == pid] == ["in the journal only"]


def test_a_deletion_replayed_over_a_snapshot_that_already_lacks_it_changes_nothing(tmp_path: Path) -> None:
    """The change log drops its oldest entries with None in a journal line; a kill between the fold's new snapshot
    and the journal's truncation replays that line over a snapshot the entry is already gone from."""
    path = tmp_path / ANNOTATIONS_FILE
    storage = journal.JournaledJSONStorage(path)
    storage.append({"log": {"1": {"n": 1}, "2": {"n": 2}}})
    storage.compact()  # "1" is in the snapshot, not the journal
    storage.append({"log": {"1": None, "3": {"n": 3}}})
    lines = storage.journal.read_bytes()
    storage.close()  # folded in: the snapshot lacks "1", the journal is emptied
    storage.journal.write_bytes(lines)  # as if killed before the truncation
    reopened = journal.JournaledJSONStorage(path)
    assert reopened.read() == {"log": {"2": {"n": 2}, "3": {"n": 3}}}
    reopened.close()
    assert json.loads(path.read_bytes()) == {"log": {"2": {"n": 2}, "3": {"n": 3}}}


def test_a_short_write_to_the_journal_is_carried_on_until_the_line_is_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`os.write` may take part of a line (a signal, a pipe-like file system): the rest must follow, not be lost."""
    real_write = journal.os.write
    pieces: list[int] = []

    def seven_bytes_at_a_time(fd: int, data) -> int:
        pieces.append(real_write(fd, bytes(data[:7])))
        return pieces[-1]

    monkeypatch.setattr(journal.os, "write", seven_bytes_at_a_time)
    path = tmp_path / ANNOTATIONS_FILE
    storage = journal.JournaledJSONStorage(path)
    storage.append({"annotations": {"1": {"notes": "written seven bytes at a time"}}})
    storage.append({"annotations": {"2": {"notes": "and the next line after it"}}})
    monkeypatch.undo()
    assert len(pieces) > 4
    lines = storage.journal.read_bytes()
    assert lines.count(b"\n") == 2 and storage.journal_bytes == len(lines)
    assert journal.read_stored(path) == {
        "annotations": {"1": {"notes": "written seven bytes at a time"}, "2": {"notes": "and the next line after it"}}
    }


def _failing_write(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    """The next journal writes put ten bytes down, then fail with `error` (a full disk, an interrupt)."""
    real_write = journal.os.write

    def part_then_fail(fd: int, data) -> int:
        real_write(fd, bytes(data[:10]))
        raise error

    monkeypatch.setattr(journal.os, "write", part_then_fail)


def test_an_interrupt_mid_append_cuts_the_journal_back_and_propagates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C (or any exception that is not an OSError) in the middle of a line: the partial line goes, the
    interrupt goes on as it was, memory is unchanged, and the next save starts a clean line."""
    storage = journal.JournaledJSONStorage(tmp_path / ANNOTATIONS_FILE)
    storage.append({"annotations": {"1": {"notes": "one"}}})
    before = storage.journal.read_bytes()
    _failing_write(monkeypatch, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        storage.append({"annotations": {"1": {"notes": "interrupted"}}})
    monkeypatch.undo()
    assert storage.journal.read_bytes() == before
    assert storage.read() == {"annotations": {"1": {"notes": "one"}}}
    storage.append({"annotations": {"2": {"notes": "two"}}})
    assert journal.read_stored(storage.path) == {"annotations": {"1": {"notes": "one"}, "2": {"notes": "two"}}}


def test_a_failed_append_just_after_a_fold_leaves_nothing_the_next_line_is_glued_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fold empties the journal; what the storage then knows of its length must be 0, or the cut-back of a
    failed append would leave bytes (zeros) that the next line is glued to: a damaged journal."""
    storage = journal.JournaledJSONStorage(tmp_path / ANNOTATIONS_FILE)
    storage.append({"annotations": {"1": {"notes": "one"}}})
    storage.compact()
    assert storage.journal.stat().st_size == 0 and storage.journal_bytes == 0
    _failing_write(monkeypatch, OSError(28, "No space left on device"))
    with pytest.raises(jsonfile.WriteFailed) as caught:
        storage.append({"annotations": {"1": {"notes": "lost to a full disk"}}})
    monkeypatch.undo()
    assert str(caught.value) == f"{storage.journal}: cannot be written (No space left on device); it was left as it was"
    assert storage.journal.read_bytes() == b""
    storage.append({"annotations": {"2": {"notes": "two"}}})
    assert storage.journal_bytes == storage.journal.stat().st_size
    assert journal.read_stored(storage.path) == {"annotations": {"1": {"notes": "one"}, "2": {"notes": "two"}}}


def test_close_after_a_failed_append_still_folds_the_journal_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = journal.JournaledJSONStorage(tmp_path / ANNOTATIONS_FILE)
    storage.append({"annotations": {"1": {"notes": "one"}}})
    _failing_write(monkeypatch, OSError(28, "No space left on device"))
    with pytest.raises(jsonfile.WriteFailed):
        storage.append({"annotations": {"1": {"notes": "lost to a full disk"}}})
    monkeypatch.undo()
    storage.close()
    assert storage.journal.read_bytes() == b""
    assert json.loads(storage.path.read_bytes()) == {"annotations": {"1": {"notes": "one"}}}


def test_closing_a_journaled_storage_twice_is_harmless_and_it_then_reads_the_files_again(tmp_path: Path) -> None:
    storage = journal.JournaledJSONStorage(tmp_path / ANNOTATIONS_FILE)
    storage.append({"annotations": {"1": {"notes": "one"}}})
    storage.close()
    storage.close()
    assert journal.read_stored(storage.path) == {"annotations": {"1": {"notes": "one"}}}
    storage.path.write_bytes(b'{"annotations":{"1":{"notes":"changed since"}}}')
    assert storage.read() == {"annotations": {"1": {"notes": "changed since"}}}


@pytest.mark.parametrize("how", ["read-only", "lock held"])
def test_a_reader_beside_the_writer_never_folds_its_journal(library_dir: Path, how: str) -> None:
    """`paperdesk list` while the app runs: it reads the journal, and its close must not fold it (a write to files
    another process owns)."""
    writer = Library.open(library_dir)
    pid = writer.papers[0].id
    writer.save_annotation(pid, notes="in the journal")
    before = annotation_files(library_dir)
    assert before.get(JOURNAL)
    with Library.open(library_dir, seed=False, read_only=how == "read-only") as reader:
        assert reader.read_only and reader.annotation(pid).notes == "in the journal"
    assert annotation_files(library_dir) == before
    writer.close()


def test_a_journal_is_read_past_blank_lines_and_its_damage_is_named_by_line(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL
    path.write_bytes(b'{"annotations":{"1":{"notes":"a"}}}\n\n  \n{"annotations":{"2":{"notes":"b"}}}\n{"annota')
    records, complete = journal.read_journal(path)
    assert records == [{"annotations": {"1": {"notes": "a"}}}, {"annotations": {"2": {"notes": "b"}}}]
    assert complete == path.read_bytes().rindex(b"\n") + 1
    path.write_bytes(b'{"annotations":{"1":{"notes":"a"}}}\n{not json\n')
    with pytest.raises(jsonfile.DamagedFile, match=r"line 2 is not valid JSON"):
        journal.read_journal(path)
    for line in (b'["not", "tables"]', b'{"annotations": 5}'):
        path.write_bytes(line + b"\n")
        with pytest.raises(jsonfile.DamagedFile) as caught:
            journal.read_journal(path)
        assert str(caught.value) == f"{path}: damaged library file (line 1 is not a change of TinyDB tables); it was left untouched"


def test_a_journal_that_cannot_be_read_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL
    path.mkdir()  # EISDIR: as a permission refused, the file cannot be read
    with pytest.raises(LibraryError) as caught:
        journal.read_journal(path)
    assert str(caught.value) == f"{path}: cannot be read (Is a directory)"


def _count_journal_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The journals read from now on, one entry a read."""
    reads: list[Path] = []
    real = journal.read_journal

    def counted(at: Path):
        reads.append(at)
        return real(at)

    monkeypatch.setattr(journal, "read_journal", counted)
    return reads


def test_a_read_no_compaction_races_reads_the_files_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading again is only for a snapshot replaced meanwhile (`test_a_reader_racing_the_writers_compaction_reads_again`)."""
    path = tmp_path / ANNOTATIONS_FILE
    storage = journal.JournaledJSONStorage(path)
    storage.append({"annotations": {"1": {"notes": "one"}}})
    storage.compact()
    storage.append({"annotations": {"2": {"notes": "two"}}})
    reads = _count_journal_reads(monkeypatch)
    assert journal.read_stored(path) == {"annotations": {"1": {"notes": "one"}, "2": {"notes": "two"}}}
    assert reads == [storage.journal]


def test_a_write_before_any_read_starts_a_clean_journal(tmp_path: Path) -> None:
    """`write` replaces everything even on a storage that never read: no stray journal file is made, a journal a
    killed writer left is emptied (not replayed over the new snapshot), and the next append starts at byte 0."""
    path = tmp_path / ANNOTATIONS_FILE
    storage = journal.JournaledJSONStorage(path)
    storage.write({"annotations": {"1": {"notes": "whole"}}})
    assert not storage.journal.exists()
    storage.append({"annotations": {"2": {"notes": "appended"}}})
    assert storage.journal.read_bytes() == b'{"annotations":{"2":{"notes":"appended"}}}\n'
    assert journal.read_stored(path) == {"annotations": {"1": {"notes": "whole"}, "2": {"notes": "appended"}}}
    storage.close()

    left = tmp_path / "left" / ANNOTATIONS_FILE
    left.parent.mkdir()
    journal.journal_path(left).write_bytes(b'{"annotations":{"1":{"notes":"stale"},"3":{"notes":"stale"}}}\n')
    writer = journal.JournaledJSONStorage(left)
    writer.write({"annotations": {"1": {"notes": "whole"}}})
    writer.close()
    assert journal.read_stored(left) == {"annotations": {"1": {"notes": "whole"}}}


def test_a_failed_append_whose_cut_back_failed_too_is_not_replayed_after_close(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole line reached the journal but its fsync failed, and so did cutting it back: the save was reported
    failed, so the close must fold memory (without it) over the journal rather than leave the line to be replayed."""
    storage = journal.JournaledJSONStorage(tmp_path / ANNOTATIONS_FILE)
    storage.append({"annotations": {"1": {"notes": "one"}}})
    storage.compact()  # the journal is empty: the failing line is its first

    def failing(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(journal.os, "fsync", failing)
    monkeypatch.setattr(journal.os, "ftruncate", failing)
    with pytest.raises(jsonfile.WriteFailed):
        storage.append({"annotations": {"1": {"notes": "reported as not saved"}}})
    monkeypatch.undo()
    assert storage.journal.read_bytes().endswith(b"\n")  # the line is whole on disk
    assert storage.read() == {"annotations": {"1": {"notes": "one"}}}
    storage.close()
    assert journal.read_stored(storage.path) == {"annotations": {"1": {"notes": "one"}}}


def test_a_clean_close_folds_away_a_torn_tail_a_kill_left(tmp_path: Path) -> None:
    """A journal holding only the torn start of a line (killed mid-append just after a fold) is emptied by the next
    writer's close even when it saved nothing, rather than kept on disk."""
    path = tmp_path / ANNOTATIONS_FILE
    path.write_bytes(b'{"annotations":{"1":{"notes":"one"}}}')
    _tear_the_journal(tmp_path)
    storage = journal.JournaledJSONStorage(path)
    assert storage.read() == {"annotations": {"1": {"notes": "one"}}} and storage.journal_bytes == 0
    storage.close()
    assert storage.journal.read_bytes() == b""
    assert json.loads(path.read_bytes()) == {"annotations": {"1": {"notes": "one"}}}


def test_a_journal_with_no_snapshot_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A library killed before its first fold has a journal and no snapshot: what it replays to is kept in memory,
    not read from disk again on every read."""
    path = tmp_path / ANNOTATIONS_FILE
    journal.journal_path(path).write_bytes(b'{"annotations":{"1":{"notes":"one"}}}\n')
    reads = _count_journal_reads(monkeypatch)
    storage = journal.JournaledJSONStorage(path, read_only=True)
    assert storage.read() == storage.read() == {"annotations": {"1": {"notes": "one"}}}
    assert reads == [storage.journal]
