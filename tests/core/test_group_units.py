"""The reading group's pure parts, without git: a member's file written and read back, its problem lines, the
board, names, comments, group.json. Fast, so that each mutant of `tui/core/group` meets them first."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from tests.robustness.group_world import TITLES, member_doc
from tui.core.group import board, shared, state
from tui.core.group.match import Identity, Matcher, title_key, year_of
from tui.core.models import Annotation, Highlight, MemberMark, Paper, Status, paper_id
from tui.core.usecases import group as grouping


def paper(title: str, abstract: str = "", **fields) -> Paper:
    abstract = abstract or f"An abstract about {title.lower()}, long enough to name the paper."
    return Paper(id=paper_id(abstract, title), abstract=abstract, list="L", title=title, **fields)


def write(folder: Path, name: str, doc: object) -> Path:
    path = folder / "members" / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# -- what a member shares -------------------------------------------------------------------------


def test_an_entry_holds_what_names_the_paper_and_the_mark_and_nothing_private() -> None:
    p = paper("Graphs", authors=("A. One", "B. Two"), year="2024", venue="ICML", doi="10.1/x", citekey="one24", url="https://x.org/1")
    ann = Annotation(p.id, rating=4, status=Status.READING, tags=["group/a", "private"], notes="secret", highlights=[Highlight("quote", "why")])
    entry = shared.entry_of(p, ann, comment="read it", group_tags=["group"], share_notes=False)
    assert entry == {
        "id": p.id, "title": "Graphs", "authors": ["A. One", "B. Two"], "year": "2024", "venue": "ICML", "list": "L", "doi": "10.1/x",
        "citekey": "one24", "url": "https://x.org/1", "abstract": p.abstract, "rating": 4, "status": "reading", "tags": ["group/a"],
        "comment": "read it",
    }
    opted = shared.entry_of(p, ann, comment="", group_tags=["group"], share_notes=True)
    assert opted is not None and opted["notes"] == "secret" and opted["highlights"] == [{"text": "quote", "comment": "why"}]
    assert "comment" not in opted


@pytest.mark.parametrize(
    ("rating", "status", "tags", "comment", "shared_"),
    [(0, Status.UNREAD, [], "", False), (1, Status.UNREAD, [], "", True), (0, Status.SKIPPED, [], "", True),
     (0, Status.UNREAD, ["group"], "", True), (0, Status.UNREAD, ["other"], "", False), (0, Status.UNREAD, [], "c", True)],
)
def test_an_entry_is_made_only_when_there_is_something_to_share(rating: int, status: Status, tags: list[str], comment: str, shared_: bool) -> None:
    p = paper("Graphs")
    entry = shared.entry_of(p, Annotation(p.id, rating=rating, status=status, tags=tags), comment=comment, group_tags=["group"], share_notes=False)
    assert (entry is not None) is shared_
    if entry is not None:
        assert entry["rating"] == rating and entry["status"] == status.value  # kept even when 0 / unread


def test_the_file_text_is_sorted_and_stable() -> None:
    entries = [{"title": "Zeta", "rating": 1}, {"title": "alpha", "citekey": "b", "rating": 2}, {"title": "Alpha", "citekey": "a", "rating": 3}]
    text = shared.member_text("ana", entries)
    doc = json.loads(text)
    assert doc == {"format": 1, "member": "ana", "papers": [entries[2], entries[1], entries[0]]}
    assert text == shared.member_text("ana", list(reversed(entries))) and text.endswith("}\n")
    assert '\n "member": "ana",\n' in text and "é" in shared.member_text("é", [])


# -- another member's file, read --------------------------------------------------------------------


def test_a_member_file_reads_back_every_field(tmp_path: Path) -> None:
    p = paper("Graphs", authors=("A. One",), year="2024", doi="10.1/x")
    entry = shared.entry_of(p, Annotation(p.id, rating=5, status=Status.READ, tags=["group"], notes="n", highlights=[Highlight("q", "c")]),
                            comment="  two\n lines ", group_tags=["group"], share_notes=True)
    assert entry is not None
    path = tmp_path / "members" / "ana.json"
    path.parent.mkdir()
    path.write_text(shared.member_text("ana", [entry]), encoding="utf-8")
    read = shared.read_member(path)
    assert (read.name, read.problems, read.named) == ("ana", [], True)
    (got,) = read.papers
    assert got.mark == MemberMark("ana", 5, Status.READ, ("group",), "two lines", "n", (("q", "c"),))
    assert got.title == "Graphs" and got.fields["authors"] == ["A. One"] and got.fields["doi"] == "10.1/x" and got.fields["id"] == p.id
    assert (got.identity.doi, got.identity.year, got.identity.pid) == ("10.1/x", "2024", p.id)


def test_entries_of_the_wrong_kind_are_counted_and_left_out(tmp_path: Path) -> None:
    good = {"title": "Kept", "rating": 0}
    bad = [None, [], {"title": ""}, {"title": "  "}, {"title": 3}, {"title": "x", "rating": 6}, {"title": "x", "rating": -1},
           {"title": "x", "rating": True}, {"title": "x", "rating": "4"}, {"title": "x", "status": "done"}, {"title": "x", "status": 3}]
    read = shared.read_member(write(tmp_path, "bo", {"member": "bo", "papers": [good, *bad, {"title": "Five", "rating": 5, "status": "skipped"}]}))
    assert [(p.title, p.mark.rating, p.mark.status) for p in read.papers] == [("Kept", 0, Status.UNREAD), ("Five", 5, Status.SKIPPED)]
    assert read.problems == ["members/bo.json: 11 entries without a title or with a bad rating or status left out"]
    one = shared.read_member(write(tmp_path, "cy", {"member": "cy", "papers": [good, None]}))
    assert one.problems == ["members/cy.json: 1 entry without a title or with a bad rating or status left out"]


def test_fields_of_the_wrong_kind_are_read_as_nothing(tmp_path: Path) -> None:
    doc = {"title": "T", "rating": 1, "authors": "one", "tags": "group", "highlights": {"text": "x"}, "notes": 5, "comment": ["c"], "doi": 1}
    (got,) = shared.read_member(write(tmp_path, "di", {"member": "di", "papers": [doc]})).papers
    assert got.mark == MemberMark("di", 1, Status.UNREAD, (), "", "", ())
    assert got.fields["authors"] == [] and got.fields["doi"] == ""
    doc = {"title": "T", "authors": ["a", 1], "tags": ["t", None], "highlights": [{"text": "h"}, {"text": 2}, "x", {"text": "k", "comment": 3}]}
    (got,) = shared.read_member(write(tmp_path, "di", {"member": "di", "papers": [doc]})).papers
    assert got.fields["authors"] == ["a"] and got.mark.tags == ("t",) and got.mark.highlights == (("h", ""), ("k", ""))


@pytest.mark.parametrize(
    ("doc", "problem"),
    [
        ([], "members/ed.json: not a member's file (no papers list); left out"),
        ({"member": "ed"}, "members/ed.json: not a member's file (no papers list); left out"),
        ({"member": "ed", "papers": {}}, "members/ed.json: not a member's file (no papers list); left out"),
        ({"member": "fay", "papers": []}, "members/ed.json: names member 'fay', not 'ed'; left out"),
        ({"papers": []}, "members/ed.json: names member None, not 'ed'; left out"),
        ({"member": "ed", "papers": [], "format": 2}, "members/ed.json: written by a newer paperdesk (format 2); left out, update to read it"),
    ],
)
def test_a_file_of_the_wrong_shape_is_one_left_out_line(tmp_path: Path, doc: object, problem: str) -> None:
    read = shared.read_member(write(tmp_path, "ed", doc))
    assert (read.name, read.papers, read.problems) == ("ed", [], [problem])


def test_the_current_format_and_no_format_are_read(tmp_path: Path) -> None:
    for fmt in ({"format": 1}, {}, {"format": "2"}, {"format": 0}):
        assert shared.read_member(write(tmp_path, "ed", {"member": "ed", "papers": [{"title": "T"}], **fmt})).problems == []


def test_a_file_that_is_not_json_or_too_big_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "ed", {})
    path.write_bytes(b"{not json")
    (line,) = shared.read_member(path).problems
    assert line.startswith("members/ed.json: not valid JSON (") and line.endswith("); its member's ratings are left out")
    path.write_text(json.dumps({"member": "ed", "papers": []}))
    size = path.stat().st_size
    monkeypatch.setattr(shared, "FILE_MAX", size)
    assert shared.read_member(path).problems == []
    monkeypatch.setattr(shared, "FILE_MAX", size - 1)
    assert shared.read_member(path).problems == ["members/ed.json: 0.0 MB, more than the 0 MB a member's file may hold; left out"]


def test_reading_stops_at_the_cap_even_when_the_file_grows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size is checked on the open file, and no more than the cap is read whatever it says."""
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 10)
    assert shared.read_plain(path, 10) == b"x" * 10
    with pytest.raises(shared.LeftOut, match="more than the 0 MB"):
        shared.read_plain(path, 9)
    real_fstat = shared.os.fstat

    class Shrunk:
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 1

    monkeypatch.setattr(shared.os, "fstat", lambda fd: Shrunk(real_fstat(fd)))
    with pytest.raises(shared.LeftOut, match="^more than the 0 MB a member's file may hold$"):
        shared.read_plain(path, 9)


def test_a_link_is_never_read(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps({"member": "ed", "papers": [{"title": "T"}]}))
    (tmp_path / "members").mkdir()
    (tmp_path / "members" / "ed.json").symlink_to(target)
    read = shared.read_member(tmp_path / "members" / "ed.json")
    assert (read.papers, read.problems) == ([], ["members/ed.json: a link, not followed; left out"])


def test_cut_and_quoted() -> None:
    assert shared.cut("abc", 3) == "abc" and shared.cut("abcd", 3) == "ab…"
    assert shared.quoted("a\nb\x1b") == "'a\\nb\\x1b'" and len(shared.quoted("x" * 500)) == shared.QUOTED_MAX
    long_comment = " ".join(["word"] * 400)
    assert shared._comment(long_comment) == shared.cut(long_comment, shared.COMMENT_MAX)
    assert shared._comment("a\n\tb  c") == "a b c" and shared._comment(None) == ""
    assert shared._texts(["a" * 5000, 3, "b"]) == ("a" * (shared.TEXT_MAX - 1) + "…", "b")
    assert len(shared._texts(["t"] * 1000)) == shared.ITEMS_MAX and shared._texts("x") == ()
    doc = {"title": "T", "tags": ["g" * 500] * 100, "highlights": [{"text": "h"}] * 100}
    mark = shared._paper(doc, "x").mark  # type: ignore[union-attr]
    assert mark.tags == ("g" * (shared.TAG_CHARS - 1) + "…",) * shared.TAGS_MAX and len(mark.highlights) == shared.HIGHLIGHTS_MAX


def test_an_abstract_keeps_more_than_a_title(tmp_path: Path) -> None:
    doc = {"title": "T" * 5000, "abstract": "A" * 50_000, "notes": "N" * 50_000, "comment": "C" * 5000,
           "highlights": [{"text": "H" * 5000, "comment": "K" * 5000}]}
    (got,) = shared.read_member(write(tmp_path, "ed", {"member": "ed", "papers": [doc]})).papers
    assert len(got.title) == shared.TEXT_MAX and len(got.fields["abstract"]) == shared.NOTES_MAX
    assert len(got.mark.notes) == shared.NOTES_MAX and len(got.mark.comment) == shared.COMMENT_MAX
    assert got.mark.highlights == (("H" * (shared.TEXT_MAX - 1) + "…", "K" * (shared.COMMENT_MAX - 1) + "…"),)


# -- the board -----------------------------------------------------------------------------------------


def test_member_files_are_read_in_name_order_and_odd_entries_are_left_out(tmp_path: Path) -> None:
    write(tmp_path, "zed", {"member": "zed", "papers": []})
    write(tmp_path, "amy", {"member": "amy", "papers": []})
    (tmp_path / "members" / "notes.txt").write_text("not json")
    (tmp_path / "members" / "dir.json").mkdir()
    (tmp_path / "members" / "bad name.json").write_text("{}")
    files = board.member_files(tmp_path)
    assert [(f.name, f.named, f.problems) for f in files] == [
        ("amy", True, []),
        ("bad name", False, ["members/bad name.json: not a member's name; left out"]),
        ("dir", False, ["members/dir.json: a folder, not a member's file; left out"]),
        ("zed", True, []),
    ]
    assert board.member_files(tmp_path / "nowhere") == []


def test_members_that_is_a_file_or_a_link_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "members").write_text("../..")
    (only,) = board.member_files(tmp_path)
    assert (only.named, only.problems) == (False, ["members: not a folder in the group's repository, not followed; every member's file left out"])
    (tmp_path / "members").unlink()
    (tmp_path / "members").symlink_to(tmp_path)
    (only,) = board.member_files(tmp_path)
    assert only.problems == ["members: a link in the group's repository, not followed; every member's file left out"]


def test_the_board_meets_marks_with_papers_and_gathers_what_is_missing(tmp_path: Path) -> None:
    mine = [paper("Graphs", year="2024"), paper("Trees", doi="10.1/t")]
    write(tmp_path, "me", {"member": "me", "papers": [{"title": "Graphs", "rating": 1}]})
    write(tmp_path, "bo", {"member": "bo", "papers": [
        {"title": "graphs", "year": "2024", "rating": 5}, {"title": "Graphs", "rating": 2}, {"title": "Other", "doi": "10.1/t", "rating": 3},
        {"title": "Only Theirs", "rating": 4}, {"title": "only theirs", "rating": 1},
    ]})
    write(tmp_path, "al", {"member": "al", "papers": [{"title": "Only Theirs", "rating": 2, "comment": "hm"}, {"title": "Another", "rating": 0}]})
    (tmp_path / "members" / "x y.json").write_text("{}")
    got = board.read_board(tmp_path, "me", mine)
    assert got.others() == ["al", "bo"] and got.me == "me"
    assert [(m.member, m.rating) for m in got.marks_of(mine[0].id)] == [("bo", 5)]  # bo's duplicate: the first
    assert [(m.member, m.rating) for m in got.marks_of(mine[1].id)] == [("bo", 3)]
    assert got.marks_of("nothing") == ()
    assert [(m.paper.title, [(k.member, k.rating) for k in m.marks], m.votes) for m in got.missing] == [
        ("Only Theirs", [("al", 2), ("bo", 4)], 1), ("Another", [("al", 0)], 0),
    ]
    assert got.problems == ["members/x y.json: not a member's name; left out"]


# -- names, comments, group.json ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a", "A9", "a.b_c-d", "x" * 40, "0lead"])
def test_names_a_member_may_have(name: str) -> None:
    assert state.check_name(name) == name


@pytest.mark.parametrize("name", ["", "-a", ".a", "a b", "a/b", "x" * 41, "ana.json", "é", "a\n"])
def test_names_a_member_may_not_have(name: str) -> None:
    with pytest.raises(state.GroupError, match="cannot be a member's name: use up to 40 letters"):
        state.check_name(name)


def test_a_comment_is_one_line_of_at_most_200_characters() -> None:
    assert state.one_line_comment("  a \n b\t c ") == "a b c"
    assert state.one_line_comment("x" * 200) == "x" * 200
    cut = state.one_line_comment("word " * 100)
    assert len(cut) <= 200 and cut.endswith("word…") and not cut.endswith(" …")


def test_group_json_round_trips_and_damage_is_one_line(tmp_path: Path) -> None:
    assert state.load_state(tmp_path) is None
    with pytest.raises(state.NotInGroup, match="in no group"):
        state.require_state(tmp_path)
    kept = state.GroupState("git@x:g.git", "ana", "2026-01-01", {"p2": "b", "p1": "a"}, {"p9", "p3"})
    state.save_state(tmp_path, kept)
    doc = json.loads((tmp_path / "group.json").read_text())
    assert doc == {"format": 1, "remote": "git@x:g.git", "name": "ana", "joined": "2026-01-01", "comments": {"p1": "a", "p2": "b"},
                   "shared_notes": ["p3", "p9"]}
    assert list(doc["comments"]) == ["p1", "p2"]
    back = state.require_state(tmp_path)
    assert (back.remote, back.name, back.joined, back.comments, back.shared_notes) == ("git@x:g.git", "ana", "2026-01-01", {"p1": "a", "p2": "b"}, {"p3", "p9"})
    damaged = [("{oops", "not valid JSON"), ("[1]", "expected a JSON object"), ('{"remote": "", "name": "a"}', "needs a remote"),
               ('{"remote": "r", "name": "a b"}', "needs a remote"), ('{"remote": "r"}', "needs a remote"), ('{"remote": 1, "name": "a"}', "needs a remote")]
    for text, says in damaged:
        (tmp_path / "group.json").write_text(text)
        with pytest.raises(state.GroupError, match=says):
            state.load_state(tmp_path)
    (tmp_path / "group.json").write_text(json.dumps({"remote": "r", "name": "a", "comments": {"p": "  x\ny ", "q": "  ", "r": 3}, "shared_notes": ["p", 4],
                                                    "joined": 5}))
    odd = state.require_state(tmp_path)
    assert (odd.comments, odd.shared_notes, odd.joined) == ({"p": "x y"}, {"p"}, "")
    (tmp_path / "group.json").write_text(json.dumps({"remote": "r", "name": "a", "comments": [], "shared_notes": {}}))
    assert (state.require_state(tmp_path).comments, state.require_state(tmp_path).shared_notes) == ({}, set())


def test_the_sync_record_lives_in_the_clones_git_folder(tmp_path: Path) -> None:
    assert state.read_sync_record(tmp_path) == {}
    (tmp_path / ".git").mkdir()
    state.write_sync_record(tmp_path, {"last_sync": "t", "outcome": "synced"})
    assert state.read_sync_record(tmp_path) == {"last_sync": "t", "outcome": "synced"}
    (tmp_path / ".git" / state.SYNC_RECORD).write_text('{"last_sync": "t", "n": 1}')
    assert state.read_sync_record(tmp_path) == {"last_sync": "t"}
    (tmp_path / ".git" / state.SYNC_RECORD).write_text("[1]")
    assert state.read_sync_record(tmp_path) == {}
    state.write_sync_record(tmp_path / "missing", {"a": "b"})  # best effort: no error


def test_paths_of_the_membership() -> None:
    assert state.state_path(Path("/l")) == Path("/l/group.json") and state.clone_path(Path("/l")) == Path("/l/group")


# -- matching -----------------------------------------------------------------------------------------------


def test_identity_and_title_keys() -> None:
    assert title_key("") == "" and title_key("  ") == "" and title_key("TD-M(PC)$^2$") == title_key("TD-M(PC)²")
    assert year_of(" 2024-05") == "2024" and year_of("20x4") == "" and year_of("99") == ""
    ident = Identity(doi="https://doi.org/10.1/A", arxiv="2401.0001V2", citekey="Key", title="T", year="2024", pid="p")
    assert (ident.doi, ident.arxiv, ident.citekey, ident.year, ident.pid) == ("10.1/a", "2401.0001v2", "key", "2024", "p")
    assert Identity().doi == ""


def test_an_arxiv_id_matches_unless_two_dois_differ() -> None:
    mine = paper("Deep Nets", doi="10.1/a", url="https://arxiv.org/abs/2401.00001", year="2024")
    matcher = Matcher([mine])
    assert matcher.find(Identity(arxiv="2401.00001", year="1999", title="Other")) == mine.id
    assert matcher.find(Identity(arxiv="2401.00001", doi="10.1/b")) is None
    assert matcher.find(Identity(pid=mine.id, doi="10.1/b")) is None and matcher.find(Identity(pid=mine.id)) == mine.id
    assert matcher.find(Identity(pid=mine.id, year="1999")) is None


# -- the use case, without git --------------------------------------------------------------------------------


def test_what_this_member_shares_and_how_the_group_counts_it(tmp_path: Path) -> None:
    from tui.core.library import Library

    with Library.open(tmp_path / "lib") as lib:
        a, b, c, d = lib.papers[:4]
        lib.save_annotation(a.id, rating=5, tags=["group/x", "mine"])
        lib.save_annotation(b.id, notes="only notes")
        lib.save_annotation(d.id, rating=2, notes="n")
        st = state.GroupState("r", "me", "t", {c.id: "see this"}, {d.id})
        entries = shared_entries = grouping.shared_entries(lib, st, ["group"])
        assert [e["id"] for e in sorted(entries, key=lambda e: e["id"])] == sorted([a.id, c.id, d.id])
        by_id = {e["id"]: e for e in shared_entries}
        assert by_id[a.id]["tags"] == ["group/x"] and by_id[c.id]["comment"] == "see this" and by_id[d.id]["notes"] == "n"
        assert "notes" not in by_id[a.id]
        marks = {a.id: (MemberMark("bo", 4), MemberMark("cy", 3, notes="x", highlights=(("q", ""),)))}
        seen = grouping.Sight(st, board.Board("me", [], marks, []))
        assert seen.me == "me" and seen.comment_of(c.id) == "see this" and seen.comment_of(a.id) == ""
        assert [seen.votes(a.id, r) for r in (0, 3, 4, 5)] == [1, 1, 2, 2]
        assert seen.record(a.id, Annotation(a.id, rating=4)) == {"votes": 2, "members": [
            {"member": "me", "rating": 4, "status": "unread", "comment": ""},
            {"member": "bo", "rating": 4, "status": "unread", "tags": [], "comment": ""},
            {"member": "cy", "rating": 3, "status": "unread", "tags": [], "comment": "", "notes": "x", "highlights": [{"text": "q", "comment": ""}]},
        ]}
        assert seen.record(c.id, Annotation(c.id))["members"] == [{"member": "me", "rating": 0, "status": "unread", "comment": "see this"}]
        assert grouping.mark_record(MemberMark("dy", notes="only notes")) == {
            "member": "dy", "rating": 0, "status": "unread", "tags": [], "comment": "", "notes": "only notes", "highlights": []}


# -- the clone's paths ---------------------------------------------------------------------------------------


def test_a_path_is_inside_the_clone_only_without_links_on_its_way(tmp_path: Path) -> None:
    from tui.core.group.repo import inside

    root = tmp_path / "clone"
    (root / "members").mkdir(parents=True)
    assert inside(root, root / "members" / "ana.json")
    assert not inside(root, tmp_path / "elsewhere.json")
    assert not inside(root, root / "members" / ".." / ".." / "x.json")
    (root / "members" / "ana.json").symlink_to(tmp_path / "x.json")
    assert not inside(root, root / "members" / "ana.json")
    (root / "members" / "ana.json").unlink()
    (root / "members" / "ana.json").symlink_to(root / "members" / "real.json")  # a link, even to a path inside
    assert not inside(root, root / "members" / "ana.json")
    (root / "members" / "ana.json").unlink()
    (root / "members").rmdir()
    (root / "members").symlink_to(root / "inner")
    (root / "inner").mkdir()
    assert not inside(root, root / "members" / "ana.json")
    linked = tmp_path / "linked-root"
    linked.symlink_to(root)  # the clone itself reached through a link (the user's choice): its inside is inside
    assert inside(linked, linked / "inner" / "ana.json")


def test_the_attributes_file_is_written_when_it_differs(tmp_path: Path) -> None:
    from tui.core.group.repo import ATTRIBUTES, keep_attributes

    path = tmp_path / ".git" / "info" / "attributes"
    keep_attributes(tmp_path)
    assert path.read_text() == ATTRIBUTES and ATTRIBUTES.startswith("* -text") and ATTRIBUTES.endswith("\n")
    path.write_text("* text\n")
    keep_attributes(tmp_path)
    assert path.read_text() == ATTRIBUTES
    before = path.stat().st_mtime_ns
    keep_attributes(tmp_path)
    assert path.stat().st_mtime_ns == before  # the same: not written again
    path.unlink()
    path.symlink_to(tmp_path / "outside")
    keep_attributes(tmp_path)
    assert not path.is_symlink() and not (tmp_path / "outside").exists() and path.read_text() == ATTRIBUTES
    (tmp_path / "blocked" / ".git").mkdir(parents=True)
    (tmp_path / "blocked" / ".git" / "info").write_text("a file where the folder goes")
    with pytest.raises(state.GroupError, match=r"info/attributes: cannot be written \(.*\); nothing was synced"):
        keep_attributes(tmp_path / "blocked")


def test_entries_of_one_title_are_ordered_by_key_then_doi_and_keys_are_sorted() -> None:
    same = [{"title": "T", "citekey": "A", "rating": 1}, {"title": "T", "rating": 2}]
    assert [e["rating"] for e in json.loads(shared.member_text("m", same))["papers"]] == [2, 1]  # no key: ""
    dois = [{"title": "T", "doi": "10.1/Z", "rating": 1}, {"title": "T", "rating": 2}]
    assert [e["rating"] for e in json.loads(shared.member_text("m", dois))["papers"]] == [2, 1]  # no DOI: ""
    text = shared.member_text("m", [{"title": "T", "rating": 1, "abstract": "A", "status": "read"}])
    assert text.index('"format"') < text.index('"member"') < text.index('"papers"')
    assert text.index('"abstract"') < text.index('"rating"') < text.index('"status"') < text.index('"title"')


def test_entries_and_files_past_their_caps_are_left_out_and_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "members"
    folder.mkdir()
    entries = [{"title": t, "rating": 3} for t in TITLES[:5]]
    for name in ("ann", "ben", "cat"):
        (folder / f"{name}.json").write_text(member_doc(name, entries))
    monkeypatch.setattr(shared, "ENTRIES_MAX", 3)
    monkeypatch.setattr(board, "FILES_MAX", 2)
    ann, ben, past = board.member_files(tmp_path)
    assert [p.title for p in ann.papers] == TITLES[:3] and ann.problems == ["members/ann.json: 2 entries past the first 3 left out"]
    assert (past.named, past.problems) == (False, ["members: 1 files past the first 2 left out"])
    assert [f.name for f in board.member_files(tmp_path) if f.named] == ["ann", "ben"]


def test_a_member_file_that_is_a_fifo_or_unreadable_is_left_out(tmp_path: Path) -> None:
    folder = tmp_path / "members"
    folder.mkdir()
    os.mkfifo(folder / "pipe.json")
    (folder / "shut.json").write_text(member_doc("shut", []))
    (folder / "shut.json").chmod(0)
    (folder / "ok.json").write_text(member_doc("ok", [{"title": TITLES[0], "rating": 2}]))
    files = {f.name: f for f in board.member_files(tmp_path)}
    assert files["pipe"].problems == ["members/pipe.json: not a plain file; left out"]
    if os.geteuid() != 0:  # root reads it all the same
        assert files["shut"].problems == ["members/shut.json: cannot be read (Permission denied); left out"]
    assert [(p.mark.member, p.mark.rating) for p in files["ok"].papers] == [("ok", 2)]
    assert stat.S_ISFIFO((folder / "pipe.json").lstat().st_mode)


def test_title_keys_of_capped_titles_still_match() -> None:
    """A title cut at `TEXT_MAX` is still read as a title (the entry is a mark, not a problem)."""
    long_title = "T" * (shared.TEXT_MAX * 3)
    doc = {"title": long_title, "rating": 2}
    paper = shared._paper(doc, "x")
    assert paper is not None and len(paper.title) == shared.TEXT_MAX and title_key(paper.title)


def test_sizes_are_said_in_megabytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "ed", {"member": "ed", "papers": [], "pad": "x" * (3 << 19)})
    monkeypatch.setattr(shared, "FILE_MAX", 1 << 20)
    assert shared.read_member(path).problems == ["members/ed.json: 1.5 MB, more than the 1 MB a member's file may hold; left out"]


def test_a_link_is_never_opened_even_when_it_looks_like_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The open itself refuses links (O_NOFOLLOW): a link made between the look and the open is not followed."""
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps({"member": "ed", "papers": [{"title": "T"}]}))
    (tmp_path / "members").mkdir()
    (tmp_path / "members" / "ed.json").symlink_to(target)
    monkeypatch.setattr(Path, "is_symlink", lambda self: False)
    read = shared.read_member(tmp_path / "members" / "ed.json")
    assert read.papers == [] and read.problems == ["members/ed.json: cannot be read (Too many levels of symbolic links); left out"]


# -- what the first mutation run let live --------------------------------------------------------------------


def test_contradictions_between_two_identities() -> None:
    from rapidfuzz import fuzz

    from tui.core.group.match import ALL, BUT_TITLE

    same = Identity(citekey="k", arxiv="2401.1", title="Same Title", year="2024")
    assert not same.contradicts(Identity(citekey="k", arxiv="2401.1", title="Same Title", year="2024"), check=ALL)
    assert not Identity(pid="p", title="A Title").contradicts(Identity(pid="p", title="Nothing Alike At All"), check=BUT_TITLE)
    assert Identity(citekey="k", title="A Title").contradicts(Identity(citekey="k", title="Nothing Alike At All"), check=ALL)
    left, right = Identity(citekey="k", title="abcde"), Identity(citekey="k", title="abcdx")
    assert fuzz.ratio(left.title, right.title) == 80.0 and not left.contradicts(right, check=ALL)  # 80 is alike enough


def test_a_citation_key_meets_its_paper() -> None:
    mine = paper("Learning to Rank", citekey="smith2020", year="2020")
    matcher = Matcher([mine])
    assert matcher.find(Identity(citekey="SMITH2020")) == mine.id and matcher.find(Identity(citekey="jones")) is None


def test_every_member_after_this_one_is_read_and_two_members_marks_on_one_paper_are_kept(tmp_path: Path) -> None:
    mine = [paper("Graphs")]
    for name, stars in (("bo", 4), ("cy", 2)):
        write(tmp_path, name, {"member": name, "papers": [{"title": "Graphs", "rating": stars}]})
    write(tmp_path, "al", {"member": "al", "papers": [{"title": "Graphs", "rating": 5}]})
    got = board.read_board(tmp_path, "al", mine)  # this member first in name order: the others still read
    assert [(m.member, m.rating) for m in got.marks_of(mine[0].id)] == [("bo", 4), ("cy", 2)]


def test_caps_at_their_exact_bounds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared, "ENTRIES_MAX", 2)
    monkeypatch.setattr(board, "FILES_MAX", 2)
    entries = [{"title": t} for t in TITLES[:2]]
    write(tmp_path, "ann", {"member": "ann", "papers": entries})
    write(tmp_path, "ben", {"member": "ben", "papers": [*entries, {"title": "one more"}]})
    ann, ben = board.member_files(tmp_path)
    assert ann.problems == [] and ben.problems == ["members/ben.json: 1 entry past the first 2 left out"]
    (tmp_path / "members").rename(tmp_path / "away")
    (tmp_path / "members").symlink_to(tmp_path / "away")
    (link,) = board.member_files(tmp_path)
    assert (link.name, link.named, link.read) == ("members", False, False)


def test_a_member_file_and_its_defaults() -> None:
    assert shared.MemberFile("x").problems == [] and shared.MemberFile("x").papers == [] and shared.MemberFile("x").read
    assert not shared.MemberFile("x", problems=["p"]).read and not shared.MemberFile("x", named=False).read
    assert shared._paper({"title": "T"}, "m").mark == MemberMark("m")  # type: ignore[union-attr]
    spaced = "a" + " " * 900 + "b"  # read only so far before its spacing is folded: a line, cut
    assert shared._comment(spaced) == "a …"


def test_the_name_stays_on_a_left_out_file(tmp_path: Path) -> None:
    path = write(tmp_path, "ed", {})
    path.write_bytes(b"\xff")
    assert shared.read_member(path).name == "ed"
    path.chmod(0)
    path.unlink()
    path.mkdir()
    read = shared.read_member(path)
    assert read.name == "ed" and read.problems[0].startswith("members/ed.json: ")
    path.rmdir()
    path.symlink_to(tmp_path)
    assert shared.read_member(path).name == "ed"


def test_a_comment_cut_loses_its_trailing_space() -> None:
    assert state.one_line_comment("a" * 198 + " b" * 10) == "a" * 198 + "…"


def test_group_json_that_cannot_be_read_or_written_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "group.json").mkdir()
    with pytest.raises(state.GroupError, match=r"group.json: cannot be read \(.+\)$"):
        state.load_state(tmp_path)
    with pytest.raises(state.GroupError, match=r"group.json: cannot be written \(.+\); nothing changed$"):
        state.save_state(tmp_path, state.GroupState("r", "ana", "t", {"p": "café"}))
    (tmp_path / "group.json").rmdir()
    state.save_state(tmp_path, state.GroupState("r", "ana", "t", {"p": "café"}))
    assert '"p": "café"' in (tmp_path / "group.json").read_text(encoding="utf-8")
    (tmp_path / "group.json").write_text(json.dumps({"remote": "r", "name": "a", "shared_notes": {"p": 1}}))
    assert state.require_state(tmp_path).shared_notes == set()


def test_what_the_pure_run_let_live() -> None:
    empty = Identity()
    assert (empty.pid, empty.doi, empty.arxiv, empty.citekey, empty.title, empty.year) == ("", "", "", "", "", "")
    p = paper("Graphs", url="https://arxiv.org/abs/2401.00001v2")
    entry = shared.entry_of(p, Annotation(p.id, rating=3), comment="", group_tags=[], share_notes=False)
    assert entry is not None and entry["arxiv"] == "2401.00001"
    fresh = state.GroupState("r", "n", "t")
    assert (fresh.comments, fresh.shared_notes) == ({}, set())


def test_group_json_is_indented_by_two(tmp_path: Path) -> None:
    state.save_state(tmp_path, state.GroupState("r", "n", "t"))
    assert (tmp_path / "group.json").read_text().startswith('{\n  "format": 1,\n  "remote": "r",')


def test_the_past_cap_line_is_named_members(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ann", "ben"):
        write(tmp_path, name, {"member": name, "papers": []})
    monkeypatch.setattr(board, "FILES_MAX", 1)
    assert [f.name for f in board.member_files(tmp_path)] == ["ann", "members"]
