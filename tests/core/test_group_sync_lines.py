"""What `paperdesk group` and the app say after each group verb (`core.usecases.group`), line by line, on two small
libraries: a sync's report, a sync or a write refused while another paperdesk holds the clone or the library,
the overview, the group's part of `show --json`, and what a member shares.

Fast on purpose (eight papers, a local bare repository): the mutation runs of `usecases/group.py` run this file with
the unit tests (benchmarks/mutation-41-group.md). The verbs take an open library; a member held only as a folder
is opened as the command line opens it (`tests.folders`: `writing` to write, `reading` for a sync or the overview).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.folders import reading, writing
from tests.robustness.group_world import NOW, TITLES, bare_repo, make_library, papers_file
from tui.core.errors import LibraryHeld, ReadOnlyLibrary
from tui.core.export.git_vault import GitError
from tui.core.group import repo
from tui.core.group.state import SYNC_RECORD, GroupError, load_state, read_sync_record
from tui.core.library import Library, opened
from tui.core.store.lock import release_write_lock, take_write_lock
from tui.core.store.lock_pid import forget_holder_pid
from tui.core.usecases import group as grouping
from tui.core.usecases.list import papers_matching

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")


class Pair:
    """ana and bob, each a library of the same eight papers, in one group; ana has rated the first paper 5."""

    def __init__(self, base: Path) -> None:
        self.base, self.bare = base, bare_repo(base)
        source = papers_file(base)
        self.ana, self.bob = base / "ana", base / "bob"
        for folder in (self.ana, self.bob):
            make_library(folder, source)
        with Library.open(self.ana, seed=False, read_only=True) as lib:
            self.ids = {p.title: p.id for p in lib.papers}
        self.joined = writing(self.ana, grouping.join, str(self.bare), "ana", now=NOW)
        self.rate(self.ana, 0, 5)

    def rate(self, folder: Path, title: int, stars: int, **more: object) -> None:
        with Library.open(folder, seed=False) as lib:
            lib.save_annotation(self.ids[TITLES[title]], rating=stars, **more)

    def sync(self, folder: Path) -> list[str]:
        return reading(folder, grouping.sync, now=NOW).lines


@pytest.fixture
def pair(tmp_path: Path) -> Pair:
    return Pair(tmp_path)


def test_each_sync_says_what_it_did(pair: Pair) -> None:
    remote = str(pair.bare)
    assert pair.joined == [f"joined {remote} as ana", "ana: 0 papers shared, changes committed", f"pushed to {remote}", "no other member has shared yet"]
    writing(pair.ana, grouping.set_comment, pair.ids[TITLES[1]], "read this first")
    assert pair.sync(pair.ana) == ["ana: 2 papers shared, changes committed", f"pushed to {remote}", "no other member has shared yet"]
    assert read_sync_record(pair.ana / "group") == {"last_sync": NOW, "outcome": "synced"}
    assert sh_log(pair.bare) == "ana: 2 papers shared"  # the commit says what this member shared
    assert writing(pair.bob, grouping.join, remote, "bob", now=NOW) == [
        f"joined {remote} as bob",
        "bob: 0 papers shared, changes committed",
        f"pushed to {remote}",
        "members: bob, ana",
    ]
    pair.rate(pair.bob, 2, 1)
    pair.sync(pair.bob)
    assert pair.sync(pair.ana) == ["ana: 2 papers shared, nothing new", "took in 2 commits from the group", "members: ana, bob"]
    assert pair.sync(pair.ana) == ["ana: 2 papers shared, nothing new", "members: ana, bob"]


def test_an_unreachable_group_is_said_and_recorded(pair: Pair) -> None:
    pair.rate(pair.ana, 1, 4)
    away = pair.bare.with_name("away.git")
    pair.bare.rename(away)
    report = reading(pair.ana, grouping.sync, now=NOW)
    assert report.failed and report.problems == []
    assert report.lines[0] == "ana: 2 papers shared, changes committed"
    assert report.lines[1].startswith(f"cannot reach {pair.bare} (") and report.lines[1].endswith(
        "); your ratings are committed in the clone and go out with the next sync"
    )
    assert report.lines[2:] == ["no other member has shared yet"]
    assert read_sync_record(pair.ana / "group") == {"last_sync": NOW, "outcome": "offline"}
    away.rename(pair.bare)
    again = reading(pair.ana, grouping.sync, now=NOW)
    assert not again.failed and again.lines == ["ana: 2 papers shared, nothing new", f"pushed to {pair.bare}", "no other member has shared yet"]


def test_a_race_a_rebuilt_clone_and_a_big_file_are_each_a_line(pair: Pair, monkeypatch: pytest.MonkeyPatch) -> None:
    writing(pair.bob, grouping.join, str(pair.bare), "bob", now=NOW)
    pair.sync(pair.ana)
    pair.rate(pair.bob, 3, 2)
    pair.rate(pair.ana, 1, 4)
    push = repo.GroupRepo.push
    raced: list[str] = []

    def racing(self: repo.GroupRepo, branch: str) -> subprocess.CompletedProcess[str]:
        if self.member == "ana" and not raced:
            raced.append(branch)
            pair.sync(pair.bob)
        return push(self, branch)

    monkeypatch.setattr(repo.GroupRepo, "push", racing)
    assert pair.sync(pair.ana) == [
        "ana: 2 papers shared, changes committed",
        "took in 1 commit from the group",
        "another member pushed first: tried again (1 time)",
        f"pushed to {pair.bare}",
        "members: ana, bob",
    ]
    clone = pair.ana / "group"
    (clone / "members" / "bob.json").write_text("{}\n", encoding="utf-8")  # a hand edit, then bob's next change
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@x.invalid", "commit", "-qam", "by hand"], cwd=clone, check=True)
    pair.rate(pair.bob, 3, 3)
    pair.sync(pair.bob)
    monkeypatch.setattr(grouping, "FILE_MAX", 100)
    lines = pair.sync(pair.ana)
    assert lines == [
        "ana: 2 papers shared, nothing new",
        "your file is more than the 0 MB the others read: they leave it out (share fewer papers)",
        "took in 1 commit from the group",
        "the clone could not be rebased (edited by hand?): it follows the group again, your file written anew",
        "members: ana, bob",
    ]


def test_a_sync_refused_is_one_line(pair: Pair) -> None:
    clone = pair.ana / "group"
    lock, refused = take_write_lock(clone / ".git")
    assert lock is not None and refused is None
    try:
        with pytest.raises(GroupError) as caught:
            reading(pair.ana, grouping.sync)
    finally:
        release_write_lock(lock, clone / ".git")
    assert str(caught.value).startswith(f"{clone}: another paperdesk (PID ") and str(caught.value).endswith(
        ") is syncing with the group; try again when it is done"
    )
    lock, refused = take_write_lock(clone / ".git")
    assert lock is not None
    forget_holder_pid(clone / ".git")  # a holder that has not written its PID (yet)
    try:
        with pytest.raises(GroupError) as caught:
            reading(pair.ana, grouping.sync)
    finally:
        release_write_lock(lock, clone / ".git")
    assert str(caught.value) == f"{clone}: another paperdesk is syncing with the group; try again when it is done"
    shutil.rmtree(clone)
    with pytest.raises(GroupError) as caught:
        reading(pair.ana, grouping.sync)
    assert str(caught.value) == f"{clone}: the group's clone is missing or cannot be written (leave the group by removing group.json, then join again)"


def test_writes_refused_while_another_paperdesk_holds_the_library_say_what_was_not_done(pair: Pair) -> None:
    pid = pair.ids[TITLES[1]]
    with Library.open(pair.ana, seed=False) as holder:
        assert not holder.held
        for call, outcome in (
            (lambda: writing(pair.ana, grouping.set_comment, pid, "x"), "the comment was not kept"),
            (lambda: writing(pair.ana, grouping.share_notes, pid, True), "nothing changed"),
            (lambda: writing(pair.ana, grouping.add_missing), "nothing added"),
        ):
            with pytest.raises(LibraryHeld) as caught:
                call()
            assert str(caught.value).endswith(f"is using this library; {outcome}"), caught.value
        fresh = pair.base / "fresh"
        shutil.copytree(pair.bob, fresh)
        with Library.open(fresh, seed=False) as other, pytest.raises(LibraryHeld, match="is using this library; not joined$"):
            writing(fresh, grouping.join, str(pair.bare), "dee")
        assert not other.held
    with Library.open(pair.ana, seed=False, read_only=True) as lib:
        with pytest.raises(ReadOnlyLibrary, match="; the comment was not kept$"):
            grouping.set_comment(lib, pid, "x")
        assert lib.papers  # a library the caller holds stays open
    assert reading(pair.ana, grouping.sync, now=NOW).lines[0] == "ana: 1 paper shared, changes committed"  # the rating of the set-up goes out


def test_what_a_member_shares_and_how_the_group_reads_it(pair: Pair) -> None:
    ana = pair.ids
    writing(pair.bob, grouping.join, str(pair.bare), "bob", now=NOW)
    pair.rate(pair.bob, 0, 4, status="read", tags=["group/ml", "private"], notes="bob's notes")
    pair.rate(pair.bob, 2, 0, notes="only notes: not shared")
    writing(pair.bob, grouping.set_comment, ana[TITLES[3]], "  worth\na look ")
    writing(pair.bob, grouping.share_notes, ana[TITLES[0]], True)
    pair.sync(pair.bob)
    doc = json.loads((pair.bob / "group" / "members" / "bob.json").read_text(encoding="utf-8"))
    assert sorted((e["title"], e.get("rating"), e.get("comment", ""), e.get("notes")) for e in doc["papers"]) == [
        (TITLES[0], 4, "", "bob's notes"),
        (TITLES[3], 0, "worth a look", None),
    ]
    writing(pair.bob, grouping.share_notes, ana[TITLES[0]], False)
    writing(pair.bob, grouping.set_comment, ana[TITLES[3]], "")
    pair.sync(pair.bob)
    doc = json.loads((pair.bob / "group" / "members" / "bob.json").read_text(encoding="utf-8"))
    assert [(e["title"], e.get("notes"), e.get("tags")) for e in doc["papers"]] == [(TITLES[0], None, ["group/ml"])]
    pair.sync(pair.ana)
    with Library.open(pair.ana, seed=False, read_only=True) as lib:
        sight = grouping.sight(lib, discuss=3)
        assert sight is not None and sight.me == "ana" and sight.discuss == 3
        first = ana[TITLES[0]]
        assert [(m.member, m.rating) for m in sight.marks_of(first)] == [("bob", 4)]
        assert (sight.votes(first, 5), sight.votes(first, 4), sight.votes(first, 3), sight.votes(ana[TITLES[1]], 4)) == (2, 2, 1, 1)
        writing(lib.folder, grouping.set_comment, first, "mine")
        sight = grouping.sight(lib)
        assert sight is not None and sight.comment_of(first) == "mine" and sight.comment_of(ana[TITLES[1]]) == ""
        assert sight.record(first, lib.annotation(first)) == {
            "votes": 2,
            "members": [
                {"member": "ana", "rating": 5, "status": "unread", "comment": "mine"},
                {"member": "bob", "rating": 4, "status": "read", "tags": ["group/ml"], "comment": ""},
            ],
        }
        matching = {q: [p.id for p in papers_matching(lib, q, group=sight)] for q in ("votes:2", "group:bob", "discuss:")}
        assert matching == {"votes:2": [first], "group:bob": [first], "discuss:": [first]}  # the index reads the group (attach)
        stricter = grouping.sight(lib, discuss=3)  # `discuss:` asks for two votes unless told otherwise
        assert [p.id for p in papers_matching(lib, "discuss:", group=stricter)] == []
    with Library.open(pair.base / "bob", seed=False, read_only=True) as lib:
        assert grouping.missing(lib) == []
    solo = pair.base / "solo"
    make_library(solo, papers_file(pair.base))
    with Library.open(solo, seed=False, read_only=True) as lib:
        assert grouping.sight(lib) is None and grouping.missing(lib) == []


def test_the_overview_lists_each_member_with_their_counts(pair: Pair, monkeypatch: pytest.MonkeyPatch) -> None:
    writing(pair.bob, grouping.join, str(pair.bare), "bob", now="2026-07-01T00:00:00+00:00")
    pair.rate(pair.bob, 0, 4)
    pair.rate(pair.bob, 1, 2)
    pair.rate(pair.bob, 2, 0, status="read")
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-07-02T09:00:00+00:00")
    reading(pair.bob, grouping.sync, now="2026-07-02T10:00:00+00:00")
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2030-01-01T00:00:00+00:00")
    pair.sync(pair.ana)
    state, lines, problems = reading(pair.ana, grouping.overview)
    assert (state.name, problems) == ("ana", [])
    assert [(m.name, m.shared, m.rated, m.votes, m.me) for m in lines] == [("ana", 1, 1, 1, True), ("bob", 3, 2, 1, False)]
    assert (lines[0].when, lines[1].when) == (NOW, "2026-07-02T09:00:00+00:00")  # mine: my last sync; bob's: his file's last commit
    reading(pair.bob, grouping.sync, now="2026-07-02T10:00:00+00:00")  # nothing new of bob's: no commit, ana's taken in
    with Library.open(pair.bob, seed=False, read_only=True) as lib:
        _state, lines, _problems = grouping.overview(lib)
    assert [(m.name, m.when, m.me) for m in lines] == [("ana", "2030-01-01T00:00:00+00:00", False), ("bob", "2026-07-02T10:00:00+00:00", True)]
    clone = pair.ana / "group"
    record = (clone / ".git" / SYNC_RECORD).read_bytes()
    (clone / ".git" / SYNC_RECORD).unlink()  # no record (a clone from before it was kept): my file's last commit
    assert [(m.name, m.when) for m in reading(pair.ana, grouping.overview)[1]] == [("ana", "2030-01-01T00:00:00+00:00"), ("bob", "2026-07-02T09:00:00+00:00")]
    (clone / ".git" / SYNC_RECORD).write_bytes(record)

    def broken(*_a: object, **_k: object) -> None:
        raise GitError("git log: timed out")

    with monkeypatch.context() as patched:
        patched.setattr(repo, "group_git", broken)
        assert [(m.name, m.when) for m in reading(pair.ana, grouping.overview)[1]] == [("ana", NOW), ("bob", "")]  # a git that fails: no date
    (clone / "members" / "ana.json").unlink()  # not shared yet (a newcomer's first sync failed): first, from the sync record
    (clone / "members" / "bad.json").write_text("[1, 2]\n", encoding="utf-8")  # read before bob's: left out, not the end of the list
    _state, lines, problems = reading(pair.ana, grouping.overview)
    assert [(m.name, m.when, m.shared, m.rated, m.votes, m.me) for m in lines] == [
        ("ana", NOW, 0, 0, 0, True),
        ("bob", "2026-07-02T09:00:00+00:00", 3, 2, 1, False),
    ]
    assert problems == ["members/bad.json: not a member's file (no papers list); left out"]
    (clone / ".git" / SYNC_RECORD).unlink()  # never synced at all
    assert [(m.name, m.when) for m in reading(pair.ana, grouping.overview)[1]][0] == ("ana", "")


def test_a_comment_never_given_can_be_removed(pair: Pair) -> None:
    assert writing(pair.ana, grouping.set_comment, pair.ids[TITLES[5]], "   ") == ""
    assert reading(pair.ana, grouping.sync, now=NOW).lines[0] == "ana: 1 paper shared, changes committed"


def test_an_empty_library_joins_and_comments_without_the_example_papers(pair: Pair) -> None:
    empty = pair.base / "empty"  # opened unseeded, as the command line opens it (its own test: tests/cli/test_cli_group.py)
    assert writing(empty, grouping.join, str(pair.bare), "dee", now=NOW)[1] == "dee: 0 papers shared, changes committed"
    writing(empty, grouping.set_comment, "0123456789ab", "a paper dee has not got yet")
    writing(empty, grouping.share_notes, "0123456789ab", True)
    with Library.open(empty, seed=False, read_only=True) as lib:
        assert lib.papers == []  # never seeded with the bundled list by a group verb


def test_a_sync_leaves_the_library_the_caller_holds_open(pair: Pair) -> None:
    with Library.open(pair.ana, seed=False) as lib:  # the app's library, open to write, as the app syncs it
        with opened(lib, read_only=True, seed=False) as same:  # a caller that opens what it is given hands it back open
            assert same is lib and grouping.sync(same, now=NOW).lines[0] == "ana: 1 paper shared, changes committed"
        lib.save_annotation(pair.ids[TITLES[4]], rating=4)  # the app goes on writing its library
        assert grouping.sync(lib, now=NOW).lines[0] == "ana: 2 papers shared, changes committed"


def test_a_join_shares_at_once_with_its_tags_and_date_and_refusals_leave_nothing(pair: Pair) -> None:
    remote = str(pair.bare)
    pair.rate(pair.bob, 6, 4, tags=["reading/now", "group/x", "private"])
    writing(pair.bob, grouping.join, remote, "bob", group_tags=("reading",), now="2026-07-03T00:00:00+00:00")
    doc = json.loads(sh_show(pair.bare, "bob"))
    assert [(e["title"], e["rating"], e.get("tags")) for e in doc["papers"]] == [(TITLES[6], 4, ["reading/now"])]
    assert read_sync_record(pair.bob / "group")["last_sync"] == "2026-07-03T00:00:00+00:00"
    assert load_state(pair.bob).joined == "2026-07-03T00:00:00+00:00"  # type: ignore[union-attr]
    with pytest.raises(GroupError) as caught:
        writing(pair.ana, grouping.join, remote, "other")
    assert str(caught.value) == f"{pair.ana}: already in a group ({remote}) as ana"
    fresh = pair.base / "fresh"
    make_library(fresh, papers_file(pair.base))
    (fresh / "group").mkdir()
    with pytest.raises(GroupError) as caught:
        writing(fresh, grouping.join, remote, "dee")
    assert str(caught.value) == f"{fresh / 'group'}: already exists; move it away to join a group"
    (fresh / "group").rmdir()
    with pytest.raises(GroupError) as caught:
        writing(fresh, grouping.join, remote, "ana")
    assert str(caught.value) == f"ana is already a member of {remote}: choose another name (or --rejoin to take their place from this library)"
    assert not (fresh / "group").exists() and not (fresh / "group.json").exists()
    assert writing(fresh, grouping.join, remote, "ana", rejoin=True, now=NOW)[:2] == [f"joined {remote} as ana", "ana: 0 papers shared, nothing new"]


def sh_show(bare: Path, member: str) -> str:
    return subprocess.run(["git", "show", f"main:members/{member}.json"], cwd=bare, check=True, capture_output=True, text=True).stdout


def sh_log(bare: Path) -> str:
    return subprocess.run(["git", "log", "-1", "--format=%s", "main"], cwd=bare, check=True, capture_output=True, text=True).stdout.strip()


def test_the_size_line_names_the_cap_and_a_file_at_the_cap_is_read(pair: Pair, monkeypatch: pytest.MonkeyPatch) -> None:
    pid = pair.ids[TITLES[0]]
    pair.rate(pair.ana, 0, 5, notes="n" * (2 << 20))
    writing(pair.ana, grouping.share_notes, pid, True)
    monkeypatch.setattr(grouping, "FILE_MAX", 2 << 20)
    lines = pair.sync(pair.ana)
    assert "your file is more than the 2 MB the others read: they leave it out (share fewer papers)" in lines
    size = (pair.ana / "group" / "members" / "ana.json").stat().st_size
    monkeypatch.setattr(grouping, "FILE_MAX", size)  # exactly at the cap: the others read it
    assert not any("more than" in line for line in pair.sync(pair.ana))
