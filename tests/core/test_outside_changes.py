"""annotations.json replaced by another program while the library is open: merged in, the outside version kept aside, said."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest

from tests.conftest import stored_annotations
from tui.core.library import Library
from tui.core.store.backups import BACKUP_DIR, OUTSIDE, RECENT_KEPT, copies
from tui.core.store.journal import read_stored
from tui.core.store.outside import merge_tables
from tui.core.store.storage import ANNOTATIONS_FILE
from tui.core.usecases.backups import list_backups, newest_good, restore_backup


def _notes(folder: Path) -> dict[str, str]:
    return {d["id"]: d.get("notes", "") for d in stored_annotations(folder).values()}


def _replace_outside(folder: Path, edit) -> bytes:
    """Another program (a sync tool) replaces annotations.json with its own version: `edit` changes the parsed data."""
    path = folder / ANNOTATIONS_FILE
    data = read_stored(path)
    edit(data)
    raw = orjson.dumps(data)
    tmp = path.with_name("sync.tmp")
    tmp.write_bytes(raw)
    os.replace(tmp, path)
    return raw


def _set_note(pid: str, text: str):
    def edit(data: dict) -> None:
        for doc in data["annotations"].values():
            if doc["id"] == pid:
                doc["notes"] = text
                return
        data["annotations"][str(int(pid, 16))] = {"id": pid, "notes": text, "status": "unread"}

    return edit


def _outside_copies(folder: Path) -> list[Path]:
    return [c.path for c in copies(folder) if c.kind == OUTSIDE]


def test_a_file_replaced_between_two_saves_is_merged_and_kept_aside(library: Library, library_dir: Path) -> None:
    a, b, c = (p.id for p in library.papers[:3])
    library.save_annotation(a, notes="ours before")
    library.close()
    lib = Library.open(library_dir)
    try:
        lib.save_annotation(a, notes="ours, in the app")
        raw = _replace_outside(library_dir, _set_note(b, "theirs, from the other machine"))
        lib.save_annotation(c, rating=4)
        # Memory follows the merge at once: the list shows the outside note.
        assert lib.annotation(b).notes == "theirs, from the other machine"
        (told,) = lib.outside_changes()
        assert b in told.pids and told.line.startswith(f"{library_dir / ANNOTATIONS_FILE}: changed outside paperdesk while open; 1 change taken in")
        assert lib.outside_changes() == []  # told once
    finally:
        lib.close()
    notes = _notes(library_dir)
    assert notes[a] == "ours, in the app" and notes[b] == "theirs, from the other machine"
    assert any(d["id"] == c and d["rating"] == 4 for d in stored_annotations(library_dir).values())
    (aside,) = _outside_copies(library_dir)
    assert aside.read_bytes() == raw and str(aside) in told.line
    # The library opens writable afterwards: the merge is paperdesk's own write.
    with Library.open(library_dir) as again:
        assert not again.read_only and again.annotation(b).notes == "theirs, from the other machine"


def test_a_file_replaced_before_quitting_is_merged_at_the_fold(library: Library, library_dir: Path) -> None:
    a, b = (p.id for p in library.papers[:2])
    library.save_annotation(a, notes="in the app")  # on the journal, folded at close
    _replace_outside(library_dir, _set_note(b, "typed in an editor"))
    library.close()
    assert _notes(library_dir) == {a: "in the app", b: "typed in an editor"}
    assert len(_outside_copies(library_dir)) == 1


def test_a_conflict_keeps_ours_in_the_file_and_theirs_in_the_copy(library: Library, library_dir: Path) -> None:
    a = library.papers[0].id
    library.save_annotation(a, notes="base")
    library.close()
    with Library.open(library_dir) as lib:
        lib.save_annotation(a, notes="ours")
        _replace_outside(library_dir, _set_note(a, "theirs"))
        lib.save_view("mine", "tag:x")  # a TinyDB write: the fold sees it too
        (told,) = lib.outside_changes()
        assert "0 changes taken in, 1 document changed on both sides kept as paperdesk had it where they differ" in told.line
    assert _notes(library_dir)[a] == "ours"
    (aside,) = _outside_copies(library_dir)
    assert any(d.get("notes") == "theirs" for d in orjson.loads(aside.read_bytes())["annotations"].values())


def test_a_wiped_or_unreadable_outside_file_is_kept_aside_and_never_merged(library: Library, library_dir: Path) -> None:
    a = library.papers[0].id
    library.save_annotation(a, notes="kept")
    library.close()
    library = Library.open(library_dir)  # the note is in the file now, not only in the journal
    path = library_dir / ANNOTATIONS_FILE
    path.write_bytes(b'{"annotations": {}}')
    library.save_annotation(library.papers[1].id, rating=2)
    path.write_bytes(b"<<<<<<< conflict marker")
    library.save_annotation(library.papers[2].id, rating=3)
    first, second = library.outside_changes()
    assert "1 document removed outside kept" in first.line
    assert "replaced outside paperdesk by a file that cannot be merged (not valid JSON" in second.line
    library.close()
    assert _notes(library_dir)[a] == "kept"
    assert sorted(p.read_bytes() for p in _outside_copies(library_dir)) == [b"<<<<<<< conflict marker", b'{"annotations": {}}']


def test_a_file_touched_or_rewritten_with_the_same_bytes_is_no_change(library: Library, library_dir: Path) -> None:
    library.save_annotation(library.papers[0].id, notes="x")
    library.close()
    with Library.open(library_dir) as lib:
        path = library_dir / ANNOTATIONS_FILE
        path.write_bytes(path.read_bytes())  # same bytes, new time
        lib.save_annotation(lib.papers[1].id, notes="y")
        assert lib.outside_changes() == []
    assert _outside_copies(library_dir) == []


def test_an_outside_version_that_cannot_be_kept_is_not_written_over(library: Library, library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.core.errors import LibraryError
    from tui.core.store import backups

    a, b = (p.id for p in library.papers[:2])
    library.save_annotation(a, notes="ours")
    raw = _replace_outside(library_dir, _set_note(b, "theirs"))

    def full(*_args: object) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backups, "take_copy", full)
    with pytest.raises(LibraryError, match=f"^{library_dir / ANNOTATIONS_FILE}: changed outside paperdesk, and that version cannot be kept"):
        library.save_annotation(b, rating=1)
    assert (library_dir / ANNOTATIONS_FILE).read_bytes() == raw
    library.close()  # the fold fails the same way: the journal keeps ours, the file stays theirs
    assert (library_dir / ANNOTATIONS_FILE).read_bytes() == raw
    monkeypatch.undo()
    with Library.open(library_dir) as again:  # the journal replayed over theirs: both sides there
        assert again.annotation(a).notes == "ours" and again.annotation(b).notes == "theirs"


def test_outside_copies_are_listed_restorable_never_pruned_nor_offered_as_the_newest_good(library: Library, library_dir: Path) -> None:
    a, b = (p.id for p in library.papers[:2])
    library.save_annotation(a, notes="ours")
    _replace_outside(library_dir, _set_note(b, "theirs"))
    library.close()
    (aside,) = _outside_copies(library_dir)
    listed = {bk.name: bk for bk in list_backups(library_dir)}
    assert listed[aside.name].describe().startswith("a outside copy") or "outside" in listed[aside.name].describe()
    good = newest_good(library_dir)
    assert good is not None and good.copy.kind != OUTSIDE
    for k in range(RECENT_KEPT + 2):  # many recent copies later, the outside one is still there
        (library_dir / BACKUP_DIR / f"annotations-recent-20300101-0000{k:02d}.json").write_bytes(b'{"annotations": {}}')
    from tui.core.store.backups import _found, prune

    prune(_found(library_dir / BACKUP_DIR))
    assert aside.exists()
    restored = restore_backup(library_dir, aside.name)
    assert restored.target == library_dir / ANNOTATIONS_FILE and (library_dir / ANNOTATIONS_FILE).read_bytes() == aside.read_bytes()


def test_merge_takes_what_only_one_side_changed_and_keeps_ours_on_both() -> None:
    base = {"annotations": {"1": {"id": "a", "notes": "0"}, "2": {"id": "b", "notes": "0"}, "3": {"id": "c"}}, "views": {}}
    ours = {"annotations": {"1": {"id": "a", "notes": "ours"}, "2": {"id": "b", "notes": "0"}, "3": {"id": "c"}}, "views": {"1": {"name": "v"}}}
    theirs = {
        "annotations": {"1": {"id": "a", "notes": "0"}, "2": {"id": "b", "notes": "theirs"}, "4": {"id": "d", "notes": "new"}},
        "views": {}, "extra": {"1": {"x": 1}},
    }
    merged, counts, pids = merge_tables(base, ours, theirs)
    assert merged == {
        "annotations": {"1": {"id": "a", "notes": "ours"}, "2": {"id": "b", "notes": "theirs"}, "3": {"id": "c"}, "4": {"id": "d", "notes": "new"}},
        "views": {"1": {"name": "v"}}, "extra": {"1": {"x": 1}},
    }
    assert counts == {"taken": 3, "both": 0, "removed": 1} and pids == {"b", "d"}
    assert ours["annotations"]["2"] == {"id": "b", "notes": "0"}  # ours itself untouched
    both = merge_tables(base, ours, {**theirs, "annotations": {**theirs["annotations"], "1": {"id": "a", "notes": "t"}}})
    assert both[0]["annotations"]["1"] == {"id": "a", "notes": "ours"} and both[1]["both"] == 1
    # Removed on our side (the trash), untouched outside: stays removed.
    gone = merge_tables(base, {"annotations": {"1": base["annotations"]["1"]}}, base)
    assert gone[0]["annotations"] == {"1": base["annotations"]["1"]} and gone[1] == {"taken": 0, "both": 0, "removed": 0}


def test_a_document_changed_on_both_sides_is_merged_field_by_field() -> None:
    from tui.core.store.outside import merge_doc

    old = {"id": "a", "notes": "n", "rating": 0, "updated": "1"}
    ours = {"id": "a", "notes": "n", "rating": 4, "updated": "2"}
    theirs = {"id": "a", "notes": "n, then more", "updated": "3", "status": "read"}
    assert merge_doc(old, ours, theirs) == ({"id": "a", "notes": "n, then more", "rating": 4, "updated": "2", "status": "read"}, False)
    assert merge_doc(old, ours, {**theirs, "rating": 2}) == ({"id": "a", "notes": "n, then more", "rating": 4, "updated": "2", "status": "read"}, True)
    # New on both sides: a field written empty is the same as one not written.
    assert merge_doc(None, {"id": "a", "notes": "", "rating": 3, "tags": []}, {"id": "a", "notes": "x"}) == (
        {"id": "a", "notes": "x", "rating": 3, "tags": []}, False)
    # A field the outside dropped, which paperdesk left alone, goes.
    assert merge_doc({"id": "a", "title": "t", "rating": 1}, {"id": "a", "title": "t", "rating": 2}, {"id": "a", "rating": 1}) == (
        {"id": "a", "rating": 2}, False)


def test_an_annotation_added_outside_under_another_key_is_kept_under_its_papers_key(library: Library, library_dir: Path) -> None:
    b = library.papers[1].id
    library.close()
    with Library.open(library_dir) as lib:
        _replace_outside(library_dir, lambda data: data.setdefault("annotations", {}).update({"77": {"id": b, "notes": "theirs"}}))
        lib.save_annotation(b, rating=2)
        assert lib.annotation(b).notes == "theirs" and lib.annotation(b).rating == 2
    assert [d["id"] for d in stored_annotations(library_dir).values()].count(b) == 1  # one document for the paper
    with Library.open(library_dir) as again:
        assert not again.read_only and again.annotation(b).notes == "theirs" and again.annotation(b).rating == 2


def test_sides_right_alone_and_wrong_together_are_not_merged(tmp_path: Path) -> None:
    from tui.core.store.outside import take_outside

    base: dict = {"annotations": {}}
    ours = {"annotations": {"5": {"id": "not-hex", "notes": "ours"}}}
    theirs = orjson.dumps({"annotations": {"6": {"id": "not-hex", "notes": "theirs"}}})
    merged = take_outside(tmp_path / "annotations.json", theirs, tmp_path / "aside.json", base, ours)
    assert merged.data is ours and merged.pids == set()
    assert "in a way that cannot be merged (paper not-hex has 2 annotations (documents 5, 6))" in merged.line
    assert merged.line.endswith(f"paperdesk's version kept, the outside version is kept as {tmp_path / 'aside.json'}")


def test_papers_json_replaced_outside_is_never_written_over(library: Library, library_dir: Path) -> None:
    from tui.core.errors import LibraryError

    path = library_dir / "papers.json"
    first, second = (p.id for p in library.papers[:2])
    raw = path.read_bytes()
    tmp = path.with_name("same.tmp")
    tmp.write_bytes(raw)
    os.replace(tmp, path)  # the same bytes again (git checking the file out): still paperdesk's
    assert library.remove_papers([first], "one") == 1
    theirs = path.read_bytes().replace(b'"abstract":"', b'"abstract":"Synced: ', 1)
    assert theirs != path.read_bytes()
    tmp.write_bytes(theirs)
    os.replace(tmp, path)
    with pytest.raises(LibraryError, match=r"papers\.json: changed outside paperdesk since the library was opened; nothing written over it"):
        library.remove_papers([second], "two")
    assert path.read_bytes() == theirs and library.get(second) is not None
    library.close()
    with Library.open(library_dir, seed=False) as again:  # opened again, it reads the outside version and writes
        assert any(p.abstract.startswith("Synced: ") for p in again.papers)
        assert again.remove_papers([second], "two") == 1


def test_what_cannot_be_merged_is_named_and_merges_nothing(tmp_path: Path) -> None:
    from tui.core.store.outside import take_outside

    ours = {"annotations": {"1": {"id": "a", "notes": "ours"}}}
    for raw, said in [
        (b"[1]", "not a TinyDB document store"),
        (b'{"annotations": [1]}', "not a TinyDB document store"),
        (b'{"annotations": {"1": {"id": "a", "rating": "five"}}}', 'paper a: rating is "five", not a whole number from 0 to 5'),
        (b"{", "not valid JSON: "),
    ]:
        merged = take_outside(tmp_path / "annotations.json", raw, tmp_path / "aside.json", {}, ours)
        assert merged.data is ours and merged.pids == set()
        assert merged.line.startswith(f"{tmp_path / 'annotations.json'}: replaced outside paperdesk by a file that cannot be merged ({said}")


def test_merge_counts_every_document_and_goes_on_past_a_clash() -> None:
    base = {"annotations": {str(k): {"id": f"p{k}", "notes": "0"} for k in range(1, 6)}, "log": {"1": {"id": "x", "n": 0}}}
    ours = {"annotations": {**base["annotations"], "1": {"id": "p1", "notes": "ours"}, "2": {"id": "p2", "notes": "ours"}}, "log": base["log"]}
    theirs = {
        "annotations": {"1": {"id": "p1", "notes": "theirs"}, "2": {"id": "p2", "notes": "theirs"}, "5": {"id": "p5", "notes": "theirs"}},
        "log": {"1": {"id": "x", "n": 1}},
    }
    merged, counts, pids = merge_tables(base, ours, theirs)
    assert counts == {"taken": 2, "both": 2, "removed": 2}  # p3 and p4 removed outside and kept; p1 and p2 changed on both
    assert merged["annotations"]["5"] == {"id": "p5", "notes": "theirs"}  # after the clashes, still taken
    assert merged["log"]["1"] == {"id": "x", "n": 1} and pids == {"p5"}  # a paper id only from the annotations


def test_merge_takes_a_field_only_the_outside_changed_of_a_document_both_changed() -> None:
    base = {"annotations": {"1": {"id": "a", "notes": "n", "rating": 1}}}
    ours = {"annotations": {"1": {"id": "a", "notes": "n", "rating": 4}}}
    theirs = {"annotations": {"1": {"id": "a", "notes": "n, and more", "rating": 1}}}
    merged, counts, pids = merge_tables(base, ours, theirs)
    assert merged["annotations"]["1"] == {"id": "a", "notes": "n, and more", "rating": 4}
    assert counts == {"taken": 1, "both": 0, "removed": 0} and pids == {"a"}
    # New on both sides: a status left unread is no change, so the outside's is taken.
    new, _, _ = merge_tables({}, {"annotations": {"1": {"id": "a", "status": "unread", "rating": 2}}}, {"annotations": {"1": {"id": "a", "status": "read"}}})
    assert new["annotations"]["1"] == {"id": "a", "status": "read", "rating": 2}


def test_an_outside_annotation_is_keyed_by_its_paper_only_when_its_id_is_a_plain_hex_number(tmp_path: Path) -> None:
    from tui.core.store.outside import take_outside

    theirs = {"annotations": {"k1": {"id": "a"}, "k2": {"id": "0a"}, "k3": {"id": "1_0"}, "k4": {"id": "zz"}, "k5": {"id": "١٢"}}}
    merged = take_outside(tmp_path / "a.json", orjson.dumps(theirs), tmp_path / "aside.json", {}, {"annotations": {}})
    assert merged.data["annotations"] == {"10": {"id": "a"}, "k2": {"id": "0a"}, "k3": {"id": "1_0"}, "k4": {"id": "zz"}, "k5": {"id": "١٢"}}


def test_a_view_saved_after_a_merge_never_takes_the_place_of_one_synced_in(library: Library, library_dir: Path) -> None:
    library.save_view("ours", "tag:a")  # TinyDB now knows the views table's next document id
    _replace_outside(library_dir, lambda data: data["views"].update({"2": {"name": "theirs", "query": "tag:b"}}))
    library.save_view("ours too", "tag:c")
    assert library.views() == {"ours": "tag:a", "ours too": "tag:c", "theirs": "tag:b"}
    library.close()
    with Library.open(library_dir) as again:
        assert again.views() == {"ours": "tag:a", "ours too": "tag:c", "theirs": "tag:b"}


def test_the_outside_copy_is_named_by_the_backups_clock(library: Library, library_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from tui.core.store import backups

    monkeypatch.setattr(backups, "clock", lambda: time.mktime((2030, 1, 1, 9, 0, 0, 0, 0, -1)))
    library.save_annotation(library.papers[0].id, notes="x")
    _replace_outside(library_dir, _set_note(library.papers[1].id, "y"))
    library.take_outside()
    (kept,) = _outside_copies(library_dir)
    assert kept.name.startswith("annotations-outside-20300101-090000")


def test_at_the_fold_an_outside_change_to_a_paper_paperdesk_left_alone_is_taken(library: Library, library_dir: Path) -> None:
    a, c = library.papers[0].id, library.papers[2].id
    library.save_annotation(a, notes="before")
    library.close()
    lib = Library.open(library_dir)
    lib.save_annotation(c, notes="in the app")  # on the journal; `a` untouched since the open
    _replace_outside(library_dir, _set_note(a, "edited outside"))
    lib.close()  # the fold merges against the file as opened: only the outside changed `a`
    assert _notes(library_dir) == {a: "edited outside", c: "in the app"}


def test_papers_json_is_looked_at_again_after_the_same_bytes_were_written_over_it(library: Library, library_dir: Path) -> None:
    from tui.core.store.papers_file import PapersFile

    library.close()
    path = library_dir / "papers.json"
    papers = PapersFile(path)
    papers.load()
    raw = path.read_bytes()
    tmp = path.with_name("p.tmp")
    tmp.write_bytes(raw)
    os.replace(tmp, path)
    assert not papers.changed_outside()  # the same bytes: still the file loaded
    tmp.write_bytes(raw.replace(b'"abstract":"', b'"abstract":"Synced: ', 1))
    os.replace(tmp, path)
    assert papers.changed_outside()


def test_papers_json_removed_outside_is_written_again_and_one_that_cannot_be_read_is_named(library: Library, library_dir: Path) -> None:
    from tui.core.errors import LibraryError

    path = library_dir / "papers.json"
    path.unlink()  # nothing of it to lose: the next write puts the library's papers back
    assert library.remove_papers([library.papers[0].id], "one") == 1 and path.exists()
    path.unlink()
    path.mkdir()
    with pytest.raises(LibraryError) as refused:
        library.remove_papers([library.papers[0].id], "two")
    assert str(refused.value) == f"{path}: cannot be read (Is a directory); nothing written"
