"""Another member of the group can commit anything: none of it writes outside the clone or breaks this member's sync.

Two paperdesk members (`papers`, a name that is also a file of the library folder, and `bob`) and a
hostile one pushing with plain git (`tests.robustness.group_world.Evil`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.built import built_copy
from tests.folders import reading, writing
from tests.robustness.group_world import (
    NOW,
    TITLES,
    Evil,
    bare_repo,
    binary,
    chatty,
    deep,
    folder_at,
    huge,
    make_library,
    member_doc,
    members_link,
    odd_names,
    papers_file,
    reencoding,
    wrong_shapes,
)
from tui.core.group import shared
from tui.core.group.state import GroupError, load_state
from tui.core.library import Library
from tui.core.usecases import group as grouping

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")

KEPT = ("papers.json", "annotations.json")


class World:
    def __init__(self, base: Path) -> None:
        self.base = base
        self.bare = bare_repo(base)
        source = papers_file(base)
        self.folders = {name: base / name for name in ("papers", "bob")}
        for stars, (name, folder) in enumerate(self.folders.items(), 4):
            make_library(folder, source)
            writing(folder, grouping.join, str(self.bare), name, now=NOW)
            self.rate(name, TITLES[0], stars)
        for name in ("papers", "bob", "papers"):
            reading(self.folders[name], grouping.sync, now=NOW)
        self.evil = Evil(base, self.bare)

    def rate(self, name: str, title: str, stars: int) -> None:
        with Library.open(self.folders[name], seed=False) as lib:
            lib.save_annotation(next(p.id for p in lib.papers if p.title == title), rating=stars)

    def sync(self, name: str) -> grouping.SyncReport:
        return reading(self.folders[name], grouping.sync, now=NOW)

    def marks(self, name: str) -> dict[str, list[tuple[str, int]]]:
        """What member `name` sees: per title, the other members' (name, rating)."""
        with Library.open(self.folders[name], seed=False, read_only=True) as lib:
            sight = grouping.sight(lib)
            assert sight is not None
            return {p.title: [(m.member, m.rating) for m in sight.marks_of(p.id)] for p in lib.papers if sight.marks_of(p.id)}

    def problems(self, name: str) -> list[str]:
        with Library.open(self.folders[name], seed=False, read_only=True) as lib:
            sight = grouping.sight(lib)
            assert sight is not None
            return sight.board.problems

    def kept(self, name: str) -> dict[str, bytes]:
        return {f: (self.folders[name] / f).read_bytes() for f in KEPT}

    def shared_file(self, name: str) -> bytes:
        done = subprocess.run(["git", "show", f"main:members/{name}.json"], cwd=self.bare, capture_output=True, check=True)
        return done.stdout


#: Where a world was built, written into it: git's config and logs and each `group.json` name the folder absolutely.
_BUILT_AT = ".built-at"


def _build_world(base: Path) -> None:
    World(base)
    (base / _BUILT_AT).write_text(str(base), encoding="utf-8")


def _moved(base: Path) -> World:
    """The world copied to `base`, every absolute path in it (remotes, `group.json`, git's logs) pointed at the copy,
    so no test reaches the kept build or another test's copy."""
    old = (base / _BUILT_AT).read_text(encoding="utf-8").encode()
    for path in base.rglob("*"):
        if path.is_file() and not path.is_symlink() and "objects" not in path.parts and old in (data := path.read_bytes()):
            path.write_bytes(data.replace(old, str(base).encode()))
    world = World.__new__(World)
    world.base, world.bare = base, base / "shared.git"
    world.folders = {name: base / name for name in ("papers", "bob")}
    world.evil = Evil.__new__(Evil)
    world.evil.root, world.evil.branch = base / "evil-clone", "main"
    return world


@pytest.fixture
def world(tmp_path: Path) -> World:
    """Two members who joined, rated and synced, and the hostile clone: built once per run and copied per test
    (`tests.built`; the build is 0.7 s of CPU in git and imports, a copy a twentieth of that)."""
    base = tmp_path / "world"
    built_copy(base, "group-hostile-world", _build_world)
    return _moved(base)


def one_line_each(lines: list[str]) -> None:
    for line in lines:
        assert "\n" not in line and "\r" not in line and not any(ord(c) < 32 or c == "\x7f" for c in line), line
        assert len(line) < 400, line


def test_members_as_a_link_to_the_library_is_never_written_through(world: World) -> None:
    before = world.kept("papers")
    world.rate("papers", TITLES[2], 3)
    world.evil.push(members_link(".."))
    report = world.sync("papers")
    assert world.kept("papers")["papers.json"] == before["papers.json"]
    assert any(line.startswith("members: a link") and "taken out" in line for line in report.lines), report.lines
    assert json.loads(world.shared_file("papers"))["member"] == "papers"  # the group has a members folder again
    world.sync("bob")
    assert world.marks("bob")[TITLES[2]] == [("papers", 3)]


def test_a_link_an_older_clone_checked_out_is_never_followed(world: World) -> None:
    """A clone checked out before links became plain files may hold real links: read and written past, never through."""
    clone = world.folders["papers"] / "group"
    (world.base / "outside.json").write_text(member_doc("zed", [{"title": TITLES[3], "rating": 5}]), encoding="utf-8")
    os.symlink(world.base / "outside.json", clone / "members" / "zed.json")
    assert "zed" not in {m for marks in world.marks("papers").values() for m, _ in marks}
    assert any(line.startswith("members/zed.json: a link, not followed") for line in world.problems("papers"))
    before = world.kept("papers")
    shutil.rmtree(clone / "members")
    os.symlink("..", clone / "members")
    assert world.problems("papers") == ["members: a link in the group's repository, not followed; every member's file left out"]
    world.rate("papers", TITLES[2], 2)
    away = world.base / "away.git"
    world.bare.rename(away)  # offline: no fetch puts the folder back first, the file is written at once
    report = world.sync("papers")
    assert report.failed and world.kept("papers")["papers.json"] == before["papers.json"]
    assert "members: a link in the group's repository, not followed; taken out for your file" in report.lines
    assert not (clone / "members").is_symlink()
    away.rename(world.bare)
    assert not world.sync("papers").failed
    world.sync("bob")
    assert world.marks("bob")[TITLES[2]] == [("papers", 2)]
    assert world.kept("papers")["papers.json"] == before["papers.json"]


def test_a_folder_where_my_file_goes_gives_way_to_my_file(world: World) -> None:
    world.evil.push(folder_at("papers"))
    world.rate("papers", TITLES[4], 5)
    report = world.sync("papers")
    assert any(line.startswith("members/papers.json: a folder, not a file") for line in report.lines), report.lines
    world.sync("bob")
    assert world.marks("bob")[TITLES[4]] == [("papers", 5)]


def test_attributes_in_the_tree_change_no_byte_of_any_file(world: World) -> None:
    world.evil.push(reencoding)
    world.rate("papers", TITLES[5], 1)
    world.sync("papers")
    blob = world.shared_file("papers")
    assert b"\r" not in blob and json.loads(blob.decode("utf-8"))["member"] == "papers"
    world.rate("bob", TITLES[5], 4)
    world.sync("bob")
    world.sync("papers")
    assert (world.folders["papers"] / "group" / "members" / "bob.json").read_bytes() == world.shared_file("bob")
    assert world.marks("papers")[TITLES[5]] == [("bob", 4)] and world.marks("bob")[TITLES[5]] == [("papers", 1)]


def test_a_file_nested_200000_deep_is_one_left_out_line_and_the_rest_still_syncs(world: World) -> None:
    world.evil.push(deep("deep"))
    report = world.sync("bob")
    (line,) = [line for line in report.lines if line.startswith("members/deep")]
    assert line.startswith("members/deep.json: not valid JSON") and "left out" in line
    assert world.marks("bob")[TITLES[0]] == [("papers", 4)]
    _state, members, problems = reading(world.folders["bob"], grouping.overview)
    assert problems == [line] and "deep" not in [m.name for m in members]  # left out: a problem line, not a member
    assert [m.name for m in members] == ["bob", "papers"]


def test_a_23_mb_member_file_is_left_out_by_its_size(world: World) -> None:
    world.evil.push(huge("big"))
    report = world.sync("bob")
    (line,) = [line for line in report.lines if line.startswith("members/big")]
    assert line.startswith("members/big.json: 23.0 MB, more than the 8 MB") and line.endswith("left out")
    assert world.marks("bob")[TITLES[0]] == [("papers", 4)]


def test_long_comments_tags_notes_and_fields_are_cut_when_read(world: World) -> None:
    world.evil.push(chatty("chatty"))
    world.sync("bob")
    with Library.open(world.folders["bob"], seed=False, read_only=True) as lib:
        sight = grouping.sight(lib)
        assert sight is not None
        (entry,) = next(m for m in sight.board.members if m.name == "chatty").papers
    mark = entry.mark
    assert len(mark.comment) == shared.COMMENT_MAX and mark.comment.endswith("…")
    assert len(mark.notes) == shared.NOTES_MAX and len(mark.tags) == shared.TAGS_MAX
    assert [(len(t), len(c)) for t, c in mark.highlights] == [(shared.TEXT_MAX, shared.COMMENT_MAX)] * 3
    assert len(entry.fields["authors"]) == shared.ITEMS_MAX and len(entry.fields["venue"]) == shared.TEXT_MAX
    assert (mark.rating, entry.title) == (4, TITLES[1])


def test_binary_wrong_shapes_and_odd_names_are_one_clean_line_each(world: World) -> None:
    for change in (binary("bin"), wrong_shapes, odd_names):
        world.evil.push(change)
    report = world.sync("bob")
    one_line_each(report.lines)
    print("\n".join(report.lines))
    assert [line.split(":")[0] for line in report.problems] == [
        "members/␛[31mred.json", "members/bin.json", "members/has space.json", "members/shape1.json", "members/shape2.json",
        "members/shape3.json", "members/shape4.json", "members/two lines.json",
    ]
    assert all(line.endswith("left out") for line in report.problems)
    assert "members/shape3.json: names member '\\x1b]0;pwned\\x07\\n" in "\n".join(report.problems)
    assert report.lines[-9] == "members: bob, papers"  # no name a member cannot have, no member whose file is left out
    assert world.marks("bob")[TITLES[0]] == [("papers", 4)]


def test_hooks_in_the_clone_never_run(world: World) -> None:
    marker = world.base / "hooked"
    hooks = world.folders["papers"] / "group" / ".git" / "hooks"
    for hook in ("pre-commit", "post-commit", "pre-push", "post-checkout", "post-merge", "post-rewrite", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\necho {hook} >> '{marker}'\n")
        (hooks / hook).chmod(0o755)
    clone = world.folders["papers"] / "group"
    monitor = world.base / "monitor.sh"
    monitor.write_text(f"#!/bin/sh\necho fsmonitor >> '{marker}'\n")
    monitor.chmod(0o755)
    subprocess.run(["git", "-C", str(clone), "config", "core.fsmonitor", str(monitor)], check=True)  # a setting of the user's
    world.rate("papers", TITLES[6], 5)
    report = world.sync("papers")
    assert any(line.startswith("pushed") for line in report.lines) and not marker.exists()


def test_a_group_json_nested_deep_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "group.json").write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(GroupError, match=r"group.json: not valid JSON \(depth limit exceeded"):
        load_state(tmp_path)


def test_only_tags_with_the_shared_prefix_leave_the_machine(world: World) -> None:
    tags = ["group", "group/theory", "Group/Loud", "groupwork", "grouping/x", "mygroup", "x/group", "private", "group-ish"]
    assert shared.shared_tags(tags, ["group"]) == ("group", "group/theory", "Group/Loud")
    assert shared.shared_tags(tags, ["GROUP", "private"]) == ("group", "group/theory", "Group/Loud", "private")
    with Library.open(world.folders["papers"], seed=False) as lib:
        lib.save_annotation(next(p.id for p in lib.papers if p.title == TITLES[7]), tags=tags)
    world.sync("papers")
    (entry,) = [e for e in json.loads(world.shared_file("papers"))["papers"] if e["title"] == TITLES[7]]
    assert entry["tags"] == ["group", "group/theory", "Group/Loud"]


def test_a_file_of_mine_too_big_for_the_others_is_said(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grouping, "FILE_MAX", 3 << 20)
    assert not any("more than the" in line for line in world.sync("papers").lines)
    monkeypatch.setattr(grouping, "FILE_MAX", 100)
    report = world.sync("papers")
    assert "your file is more than the 0 MB the others read: they leave it out (share fewer papers)" in report.lines


def test_the_members_overview_counts_each_readable_members_file(world: World) -> None:
    world.rate("bob", TITLES[1], 2)
    pid = _ids(world, "bob", TITLES[3])[0]
    assert writing(world.folders["bob"], grouping.set_comment, _ids(world, "bob", TITLES[2])[0], "  gone\nsoon ") == "gone soon"
    assert writing(world.folders["bob"], grouping.set_comment, _ids(world, "bob", TITLES[2])[0], "") == ""
    writing(world.folders["bob"], grouping.set_comment, pid, "see this")
    assert load_state(world.folders["bob"]).comments == {pid: "see this"}  # type: ignore[union-attr]
    world.sync("bob")
    world.evil.push(odd_names)
    world.sync("papers")
    state, lines, problems = reading(world.folders["papers"], grouping.overview)
    assert (state.name, state.remote) == ("papers", str(world.bare))
    assert [(m.name, m.shared, m.rated, m.votes, m.me) for m in lines] == [("bob", 3, 2, 1, False), ("papers", 1, 1, 1, True)]
    bob, me = lines
    assert me.when == NOW and bob.when.startswith("20") and "T" in bob.when and bob.when != NOW and "\n" not in bob.when  # the last change
    assert len(problems) == 3 and all(p.endswith("not a member's name; left out") for p in problems)
    (world.folders["papers"] / "group" / "members" / "papers.json").unlink()  # not shared yet: first, from the sync record
    _state, lines, _problems = reading(world.folders["papers"], grouping.overview)
    assert [(m.name, m.shared, m.when, m.me) for m in lines] == [("papers", 0, NOW, True), ("bob", 3, bob.when, False)]


def _ids(world: World, name: str, title: str) -> list[str]:
    with Library.open(world.folders[name], seed=False, read_only=True) as lib:
        return [p.id for p in lib.papers if p.title == title]


def test_papers_only_others_have_are_listed_most_votes_first_and_added_as_shared(world: World) -> None:
    zebra_bib = world.base / "zebra.bib"
    zebra_bib.write_text(
        "@article{bobsOwnKey,\n  title = {Zebra Paper Only Bob Has},\n  author = {Bra, Z.},\n  year = {2026},\n"
        "  journal = {ZooConf},\n  url = {https://arxiv.org/abs/2601.00001},\n  abstract = {Stripes as features.}\n}\n"
    )
    extra = world.base / "extra.json"
    extra.write_text(json.dumps([{"title": "Aardvark Paper Only Bob Has", "abstract": "Ants as data.", "year": "2025", "doi": "10.1/aard",
                                 "url": "https://zoo.example/aard"}]))
    with Library.open(world.folders["bob"], seed=False) as lib:
        from tui.core.usecases.imports import import_paths

        import_paths(lib, [zebra_bib, extra])
        for p in lib.papers:
            if "Only Bob" in p.title:
                lib.save_annotation(p.id, rating=5 if p.title.startswith("Zebra") else 3)
        key = next(p.citekey for p in lib.papers if p.title.startswith("Zebra"))
    world.sync("bob")
    world.sync("papers")
    with Library.open(world.folders["papers"], seed=False) as lib:
        found = grouping.missing(lib)
        assert [(m.paper.title, m.votes) for m in found] == [("Zebra Paper Only Bob Has", 1), ("Aardvark Paper Only Bob Has", 0)]
        assert grouping.add_missing(lib, []) == ["no paper to add: this library has every paper the others shared"]
        assert grouping.add_missing(lib) == ["added 2 papers the group shared, 0 merged with papers already here"]
        added = {p.title: p for p in lib.papers if "Only Bob" in p.title}
        zebra, aard = added["Zebra Paper Only Bob Has"], added["Aardvark Paper Only Bob Has"]
        assert (zebra.citekey, zebra.url, zebra.authors, zebra.year, zebra.abstract) == (
            key, "https://arxiv.org/abs/2601.00001", ("Z. Bra",), "2026", "Stripes as features.")
        assert key == "bobsOwnKey" and zebra.citekey == key  # the key bob's source gave, not one made here
        assert (aard.doi, aard.list, aard.year, aard.url, zebra.venue) == ("10.1/aard", "extra", "2025", "https://zoo.example/aard", "ZooConf")
        assert grouping.missing(lib) == []
        sight = grouping.sight(lib)
        assert sight is not None and [(m.member, m.rating) for m in sight.marks_of(zebra.id)] == [("bob", 5)]


def test_the_url_of_a_shared_paper_is_made_from_its_arxiv_id_when_it_has_none() -> None:
    from tui.core.group.board import Missing
    from tui.core.models import MemberMark

    item = Missing(shared.SharedPaper({"title": "T", "arxiv": "2601.00002", "url": "", "list": "", "doi": ""}, MemberMark("bo")))
    assert grouping._record(item) == {"title": "T", "url": "https://arxiv.org/abs/2601.00002", "list": "Group"}
    item = Missing(shared.SharedPaper({"title": "T", "arxiv": "", "list": "ICML", "abstract": "A"}, MemberMark("bo")))
    assert grouping._record(item) == {"title": "T", "abstract": "A", "list": "ICML"}


def test_notes_are_shared_only_while_opted_in_and_joining_again_is_refused(world: World) -> None:
    pid = _ids(world, "papers", TITLES[0])[0]
    with Library.open(world.folders["papers"], seed=False) as lib:
        lib.save_annotation(pid, notes="my notes")
    writing(world.folders["papers"], grouping.share_notes, pid, True)
    world.sync("papers")
    assert [e.get("notes") for e in json.loads(world.shared_file("papers"))["papers"]] == ["my notes"]
    writing(world.folders["papers"], grouping.share_notes, pid, False)
    world.sync("papers")
    assert [e.get("notes") for e in json.loads(world.shared_file("papers"))["papers"]] == [None]
    with pytest.raises(GroupError, match=r"already in a group \(.*shared.git\) as papers"):
        writing(world.folders["papers"], grouping.join, str(world.bare), "other")
    fresh = world.base / "fresh"
    shutil.copytree(world.folders["bob"], fresh, ignore=shutil.ignore_patterns("group", "group.json"))
    (fresh / "group").mkdir()
    with pytest.raises(GroupError, match="group: already exists; move it away to join a group"):
        writing(fresh, grouping.join, str(world.bare), "dee")
    (fresh / "group").rmdir()
    with pytest.raises(GroupError, match="bob is already a member of .*: choose another name"):
        writing(fresh, grouping.join, str(world.bare), "bob")
    assert not (fresh / "group").exists() and not (fresh / "group.json").exists()
    lines = writing(fresh, grouping.join, str(world.bare), "bob", rejoin=True, now=NOW)
    assert lines[0] == f"joined {world.bare} as bob" and load_state(fresh).joined == NOW  # type: ignore[union-attr]


def test_a_newcomer_checks_out_every_file_byte_for_byte_and_links_as_plain_files(world: World) -> None:
    """Even the first checkout of a join ignores the tree's `.gitattributes`, and a link is a plain file."""
    from tests.robustness.group_world import member_link

    world.evil.push(reencoding)
    world.evil.push(member_link("linked", "../../papers.json"))
    world.rate("bob", TITLES[6], 3)
    world.sync("bob")
    fresh = world.base / "fresh"
    shutil.copytree(world.folders["bob"], fresh, ignore=shutil.ignore_patterns("group", "group.json"))
    writing(fresh, grouping.join, str(world.bare), "dee", now=NOW)
    members = fresh / "group" / "members"
    assert (members / "bob.json").read_bytes() == world.shared_file("bob")
    assert not (members / "linked.json").is_symlink() and (members / "linked.json").read_text() == "../../papers.json"
    assert (fresh / "group" / ".git" / "info" / "attributes").read_text().startswith("* -text")


def test_a_members_link_beside_other_files_is_named_a_link(world: World) -> None:
    world.evil.push(reencoding)  # `.gitattributes` comes before `members` in the index
    world.evil.push(members_link(".."))
    report = world.sync("bob")
    assert "members: a link in the group's repository, not followed; taken out for your file" in report.lines


def test_a_folder_made_by_hand_where_my_file_goes_gives_way_too(world: World) -> None:
    clone = world.folders["bob"] / "group"
    subprocess.run(["git", "-C", str(clone), "rm", "-q", "--cached", "members/bob.json"], check=True)
    (clone / "members" / "bob.json").unlink()
    (clone / "members" / "bob.json").mkdir()
    (clone / "members" / "bob.json" / "mine.txt").write_text("never in git")
    world.bare.rename(world.base / "away.git")  # offline: nothing puts the clone back first
    report = world.sync("bob")
    assert "members/bob.json: a folder, not a file in the group's repository, not followed; taken out for your file" in report.lines
    assert json.loads((clone / "members" / "bob.json").read_text())["member"] == "bob"


def test_a_remote_that_looks_like_an_option_is_a_path(world: World) -> None:
    marker = world.base / "injected"
    fresh = world.base / "fresh"
    shutil.copytree(world.folders["bob"], fresh, ignore=shutil.ignore_patterns("group", "group.json"))
    with pytest.raises(GroupError, match="cannot join --upload-pack="):
        writing(fresh, grouping.join, f"--upload-pack=touch {marker}", "dee")
    assert not marker.exists()


def test_a_member_without_a_git_identity_commits_under_their_name(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "/dev/null")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    world.rate("papers", TITLES[3], 2)
    assert not world.sync("papers").failed
    author = subprocess.run(["git", "log", "-1", "--format=%an <%ae>", "main"], cwd=world.bare, capture_output=True, text=True, check=True)
    assert author.stdout.strip() == "papers <papers@paperdesk.invalid>"
    clone = world.folders["papers"] / "group"
    for key, value in (("user.name", "Pat Papers"), ("user.email", "pat@example.org")):
        subprocess.run(["git", "-C", str(clone), "config", key, value], check=True)
    world.rate("papers", TITLES[3], 4)
    world.sync("papers")
    author = subprocess.run(["git", "log", "-1", "--format=%an <%ae>", "main"], cwd=world.bare, capture_output=True, text=True, check=True)
    assert author.stdout.strip() == "Pat Papers <pat@example.org>"  # the user's own identity when they have one


def test_a_join_checks_the_group_out_at_once(world: World) -> None:
    fresh = world.base / "fresh"
    shutil.copytree(world.folders["bob"], fresh, ignore=shutil.ignore_patterns("group", "group.json"))
    lines = writing(fresh, grouping.join, str(world.bare), "dee", now=NOW)
    assert not any("could not be rebased" in line for line in lines), lines
    assert (fresh / "group" / "members" / "papers.json").is_file()


def test_an_idle_sync_says_so_in_two_lines(world: World) -> None:
    world.sync("bob")
    assert world.sync("bob").lines == ["bob: 1 paper shared, nothing new", "members: bob, papers"]
    from tui.core.group.repo import Exchange

    fresh = Exchange()
    assert (fresh.committed, fresh.pushed, fresh.retries, fresh.received, fresh.unreachable, fresh.rebuilt, fresh.cleared) == (
        False, False, 0, 0, "", False, [])


def test_a_lock_left_by_a_killed_git_is_taken_away_and_a_missing_clone_is_one_line(world: World, tmp_path: Path) -> None:
    from tui.core.group.repo import exchange

    (world.folders["bob"] / "group" / ".git" / "index.lock").write_text("")
    world.rate("bob", TITLES[4], 1)
    assert any(line.startswith("pushed") for line in world.sync("bob").lines)
    assert not (world.folders["bob"] / "group" / ".git" / "index.lock").exists()
    with pytest.raises(GroupError, match=r"nowhere: the group's clone is missing \(leave the group by removing group.json"):
        exchange(tmp_path / "nowhere", "bob", "{}", "m")
