"""Reading together: three members of one conference's reading group share ratings through a bare repository.

Two members imported the proceedings' BibTeX (tests/fixtures/pmlr_l4dc2026.bib), the third a titles-only
JSON of the same conference (tests/fixtures/l4dc2026_titles.json: the titles as the website shows them,
math rendered). Everything is local: a bare repository and three library folders in a temp folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.folders import reading, writing
from tui.core.errors import DamagedAnnotations
from tui.core.group.board import member_files
from tui.core.group.match import title_key
from tui.core.group.state import GroupError, NotInGroup
from tui.core.library import Library
from tui.core.usecases import group as grouping
from tui.core.usecases.imports import import_paths
from tui.core.usecases.list import papers_matching

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command line")

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BIB = FIXTURES / "pmlr_l4dc2026.bib"
TITLES = FIXTURES / "l4dc2026_titles.json"
NOW = "2026-06-01T12:00:00+00:00"
SECRET = "PRIVATE-NOTE-7f3a"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def commits(bare: Path) -> int:
    found = subprocess.run(["git", "rev-list", "--all", "--count"], cwd=bare, capture_output=True, text=True)
    return int(found.stdout.strip() or 0)


class Member:
    """One member's library, kept open as the app keeps it; papers named by their title key across members."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name, self.folder = name, folder
        self.lib = Library.open(folder, seed=False)
        self.by_title = {title_key(p.shown_title): p.id for p in self.lib.papers}

    def rate(self, key: str, stars: int) -> None:
        self.lib.save_annotation(self.by_title[key], rating=stars)

    def sync(self) -> grouping.SyncReport:
        return grouping.sync(self.lib, now=NOW)

    def query(self, text: str) -> set[str]:
        """The title keys of the papers `text` matches in this library, as the group stands after its last sync."""
        sight = grouping.sight(self.lib)
        return {title_key(p.shown_title) for p in papers_matching(self.lib, text, group=sight)}


def make_library(folder: Path, source: Path, count: int = 106) -> None:
    """A library holding only `source`'s papers (not the bundled examples)."""
    with Library.open(folder, seed=False) as lib:
        outcome = import_paths(lib, [source])
    assert outcome.reports and outcome.reports[0].added == count


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three libraries of the same conference, made once: ana and bob from BibTeX, cleo from titles only."""
    base = tmp_path_factory.mktemp("templates")
    sources = {"ana": BIB, "bob": BIB, "cleo": TITLES}
    for name, source in sources.items():
        make_library(base / name, source)
    return {name: base / name for name in sources}


def joined(tmp: Path, templates: dict[str, Path]) -> tuple[Path, list[Member]]:
    """A bare repository in `tmp` and the three members (copies of the templates), each joined."""
    bare = tmp / "shared.git"
    git(tmp, "init", "-q", "--bare", str(bare))
    members = []
    for name, template in templates.items():
        shutil.copytree(template, tmp / name)
        writing(tmp / name, grouping.join, str(bare), name, now=NOW)
        members.append(Member(name, tmp / name))
    return bare, members


@pytest.fixture
def group(tmp_path: Path, templates: dict[str, Path]):
    bare, members = joined(tmp_path, templates)
    yield bare, members
    for member in members:
        member.lib.close()


def test_the_three_libraries_meet_on_every_paper(templates: dict[str, Path]) -> None:
    keys = []
    for folder in templates.values():
        lib = Library.open(folder, seed=False, read_only=True)
        keys.append({title_key(p.shown_title) for p in lib.papers})
        lib.close()
    assert len(keys[0]) == 106 and keys[0] == keys[1] == keys[2]


def test_ratings_travel_and_votes_count_every_member(group) -> None:
    bare, (ana, bob, cleo) = group
    titles = sorted(ana.by_title)
    math = title_key("TD-M(PC)$^2$: Improving Temporal Difference MPC Through Policy Constraint")
    assert math in cleo.by_title  # the titles-only member's "TD-M(PC)²" is the BibTeX's "$^2$"
    for member, stars in ((ana, 5), (bob, 4), (cleo, 4)):
        member.rate(math, stars)
    ana.rate(titles[0], 4)
    cleo.rate(titles[0], 2)
    for member in (ana, bob, cleo, ana, bob):
        assert not member.sync().failed
    for member in (ana, bob, cleo):
        assert member.query("votes:3") == {math}
        assert member.query("votes:>=1") == {math, titles[0]}
        assert member.query("discuss:") == {math}
        assert member.query("group:cleo") == {math, titles[0]}
        assert member.query("-group:bob votes:1") == {titles[0]}
    marks = grouping.sight(ana.lib)
    assert marks is not None
    pid = ana.by_title[math]
    assert [(m.member, m.rating) for m in marks.marks_of(pid)] == [("bob", 4), ("cleo", 4)]
    assert [p.id for p in papers_matching(ana.lib, "", sort="group", group=marks)][:2] == [pid, ana.by_title[titles[0]]]


def test_a_sync_over_a_wiped_annotations_file_shares_nothing(group) -> None:
    """Read as empty, a wiped annotations.json would tell the group this member rated nothing: the sync refuses,
    naming the file and the way back, and the group keeps the member's last shared ratings."""
    bare, (ana, bob, _cleo) = group
    key = sorted(ana.by_title)[0]
    ana.rate(key, 5)
    assert not ana.sync().failed and not bob.sync().failed
    assert bob.query("votes:1") == {key}
    ana.lib.close()
    (ana.folder / "annotations.json").write_bytes(b"{}")
    ana.lib = Library.open(ana.folder, seed=False)
    assert ana.lib.damaged
    before = commits(bare)
    with pytest.raises(DamagedAnnotations) as refused:
        ana.sync()
    assert str(ana.folder / "annotations.json") in str(refused.value) and "nothing shared with the group" in str(refused.value)
    assert "paperdesk backups restore latest" in str(refused.value)
    assert commits(bare) == before and not bob.sync().failed
    assert bob.query("votes:1") == {key}


def test_a_vote_counts_at_once_for_its_member_before_any_sync(group) -> None:
    _, (ana, _bob, _cleo) = group
    key = sorted(ana.by_title)[3]
    ana.rate(key, 5)
    assert ana.query("votes:1") == {key}


def test_an_idle_sync_makes_no_commit_and_says_so(group) -> None:
    bare, (ana, bob, _cleo) = group
    ana.rate(sorted(ana.by_title)[0], 3)
    ana.sync()
    bob.sync()
    before = commits(bare)
    report = ana.sync()
    again = bob.sync()
    assert commits(bare) == before
    assert "nothing new" in report.lines[0] and "nothing new" in again.lines[0]


def test_private_notes_and_unshared_tags_never_reach_the_repository(group) -> None:
    bare, (ana, bob, _cleo) = group
    keys = sorted(ana.by_title)
    ana.lib.save_annotation(ana.by_title[keys[0]], rating=5, notes=f"{SECRET} my own thoughts", tags=["private-tag", "group/theory"])
    ana.lib.save_annotation(ana.by_title[keys[1]], notes=f"{SECRET} on a paper I did not rate")
    ana.sync()
    history = git(bare, "log", "-p", "--all")
    assert SECRET not in history and "private-tag" not in history
    assert "group/theory" in history  # a shared tag is shared
    bob.sync()
    sight = grouping.sight(bob.lib)
    assert sight is not None
    (mark,) = sight.marks_of(bob.by_title[keys[0]])
    assert (mark.rating, mark.tags, mark.notes) == (5, ("group/theory",), "")


def test_an_opted_in_paper_shares_its_notes_and_highlights(group) -> None:
    bare, (ana, bob, _cleo) = group
    key = sorted(ana.by_title)[0]
    pid = ana.by_title[key]
    ana.lib.save_annotation(pid, rating=4, notes=f"{SECRET} shared on purpose")
    grouping.share_notes(ana.lib, pid, True)
    grouping.set_comment(ana.lib, pid, "  let's read\nthis one  ")
    ana.sync()
    assert SECRET in git(bare, "log", "-p", "--all")
    bob.sync()
    sight = grouping.sight(bob.lib)
    assert sight is not None
    (mark,) = sight.marks_of(bob.by_title[key])
    assert (mark.comment, mark.notes) == ("let's read this one", f"{SECRET} shared on purpose")


def test_a_push_race_is_retried(group, monkeypatch: pytest.MonkeyPatch) -> None:
    """Just before bob's first push, cleo syncs in another process (as another machine would): bob's push is
    refused, and bob takes cleo's commit and pushes again. (No hook: the clone runs none.)"""
    from tui.core.group import repo

    bare, (ana, bob, cleo) = group
    key = sorted(ana.by_title)[0]
    bob.rate(key, 5)
    cleo.rate(key, 4)
    code = (
        "from tui.core.library import Library; from tui.core.usecases import group; "
        f"group.sync(Library.open({str(cleo.folder)!r}, read_only=True, seed=False))"
    )
    raced: list[str] = []
    push = repo.GroupRepo.push

    def racing(self: repo.GroupRepo, branch: str) -> subprocess.CompletedProcess[str]:
        if not raced:
            raced.append(self.member)
            subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
        return push(self, branch)

    monkeypatch.setattr(repo.GroupRepo, "push", racing)
    cleo.lib.close()  # cleo's sync runs in another process
    try:
        report = bob.sync()
    finally:
        cleo.lib = Library.open(cleo.folder, seed=False)
    assert raced == ["bob"]
    assert any("pushed first" in line for line in report.lines) and any(line.startswith("pushed") for line in report.lines)
    ana.sync()
    sight = grouping.sight(ana.lib)
    assert sight is not None
    assert [(m.member, m.rating) for m in sight.marks_of(ana.by_title[key])] == [("bob", 5), ("cleo", 4)]


def test_an_unreachable_remote_keeps_everything_and_the_next_sync_sends_it(group, tmp_path: Path) -> None:
    bare, (ana, bob, _cleo) = group
    key = sorted(ana.by_title)[0]
    ana.rate(key, 5)
    away = tmp_path / "moved.git"
    bare.rename(away)
    report = ana.sync()
    assert report.failed and any("cannot reach" in line and "next sync" in line for line in report.lines)
    assert ana.lib.annotation(ana.by_title[key]).rating == 5
    assert '"rating": 5' in git(ana.folder / "group", "show", "HEAD:members/ana.json")
    away.rename(bare)
    again = ana.sync()
    assert not again.failed and any(line.startswith("pushed") for line in again.lines)
    bob.sync()
    assert bob.query("votes:1") == {key}


def test_joining_twice_or_under_a_taken_name_is_refused(group, tmp_path: Path, templates: dict[str, Path]) -> None:
    bare, (ana, *_rest) = group
    with pytest.raises(GroupError, match="already in a group"):
        grouping.join(ana.lib, str(bare), "other")
    shutil.copytree(templates["bob"], tmp_path / "newcomer")
    with pytest.raises(GroupError, match="already a member"):
        writing(tmp_path / "newcomer", grouping.join, str(bare), "bob")
    assert not (tmp_path / "newcomer" / "group").exists() and not (tmp_path / "newcomer" / "group.json").exists()
    with pytest.raises(GroupError, match="cannot be a member's name"):
        writing(tmp_path / "newcomer", grouping.join, str(bare), "../evil")
    with pytest.raises(GroupError, match="cannot join"):
        writing(tmp_path / "newcomer", grouping.join, str(tmp_path / "nowhere.git"), "dee")
    with pytest.raises(NotInGroup):
        reading(tmp_path / "newcomer", grouping.sync)


def test_a_paper_only_others_have_can_be_added_from_their_file(group, tmp_path: Path) -> None:
    bare, (ana, _bob, _cleo) = group
    lone = tmp_path / "lone.json"
    lone.write_text('[{"title": "A Paper Only Dee Has", "abstract": "We study things only one member read.", "year": "2026", "authors": ["Dee Dee"]}]')
    dee = tmp_path / "dee"
    make_library(dee, lone, 1)
    writing(dee, grouping.join, str(bare), "dee", now=NOW)
    with Library.open(dee, seed=False) as lib:
        lib.save_annotation(lib.papers[-1].id, rating=5)
    reading(dee, grouping.sync)
    ana.sync()
    (item,) = [m for m in grouping.missing(ana.lib) if m.paper.title == "A Paper Only Dee Has"]
    assert [(m.member, m.rating) for m in item.marks] == [("dee", 5)]
    assert grouping.add_missing(ana.lib, [item])[0].startswith("added 1 paper")
    added = next(p for p in ana.lib.papers if p.title == "A Paper Only Dee Has")
    assert added.abstract == "We study things only one member read." and added.authors == ("Dee Dee",)
    assert [m.member for m in grouping.sight(ana.lib).marks_of(added.id)] == ["dee"]  # type: ignore[union-attr]
    assert not [m for m in grouping.missing(ana.lib) if m.paper.title == "A Paper Only Dee Has"]


def test_a_damaged_member_file_is_one_line_and_the_others_still_count(group) -> None:
    bare, (ana, bob, cleo) = group
    key = sorted(ana.by_title)[0]
    cleo.rate(key, 5)
    cleo.sync()
    bob.sync()
    clone = bob.folder / "group"
    (clone / "members" / "ana.json").write_text("{not json", encoding="utf-8")
    git(clone, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-qam", "broken by hand")
    git(clone, "push", "-q", "origin", "HEAD")
    report = cleo.sync()
    assert "members/ana.json: not valid JSON" in "\n".join(report.lines) and cleo.query("votes:1") == {key}
    ana.rate(key, 4)
    report = ana.sync()  # ana's own file is written anew from the library
    assert not report.failed
    report = cleo.sync()
    assert cleo.query("votes:2") == {key}
    assert not any("not valid JSON" in line for line in report.lines)


def test_a_member_file_under_a_name_join_would_refuse_is_left_out_and_shown_safely(tmp_path: Path) -> None:
    """Another clone may push any file name: one holding terminal escapes is never printed or painted as such."""
    members = tmp_path / "members"
    members.mkdir()
    hostile = "\x1b]0;pwned\x07ana"
    (members / f"{hostile}.json").write_text(json.dumps({"member": hostile, "papers": []}), encoding="utf-8")
    (members / "bob.json").write_text(json.dumps({"member": "bob", "papers": []}), encoding="utf-8")
    bad, bob = member_files(tmp_path)
    assert (bob.name, bob.problems) == ("bob", [])
    assert bad.papers == [] and len(bad.problems) == 1 and "not a member's name; left out" in bad.problems[0]
    assert not any(ch in bad.name + bad.problems[0] for ch in "\x1b\x07")


# -- randomised sync orders -----------------------------------------------------------------------

RATE = st.tuples(st.just("rate"), st.integers(0, 2), st.integers(0, 11), st.integers(0, 5))
NOTE = st.tuples(st.just("note"), st.integers(0, 2), st.integers(0, 11), st.just(0))
SYNC = st.tuples(st.just("sync"), st.integers(0, 2), st.just(0), st.just(0))


@seed(34)
@settings(max_examples=int(os.environ.get("PAPERDESK_GROUP_EXAMPLES", "5")), deadline=None, derandomize=False,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(st.one_of(RATE, RATE, NOTE, SYNC, SYNC), min_size=4, max_size=14))
def test_any_sync_order_ends_with_the_same_votes_everywhere(
    steps: list[tuple[str, int, int, int]], tmp_path_factory: pytest.TempPathFactory, templates: dict[str, Path]
) -> None:
    bare, members = joined(tmp_path_factory.mktemp("orders"), templates)
    try:
        keys = sorted(members[0].by_title)[:12]
        ratings: dict[tuple[int, str], int] = {}
        for action, who, paper, stars in steps:
            member = members[who]
            if action == "rate":
                member.rate(keys[paper], stars)
                ratings[who, keys[paper]] = stars
            elif action == "note":
                member.lib.save_annotation(member.by_title[keys[paper]], notes=f"{SECRET} {member.name}")
            else:
                assert not member.sync().failed
        for member in members + members[:2]:  # everyone's last change reaches everyone
            member.sync()
        for least in (1, 2, 3):
            expected = {k for k in keys if sum(1 for w in range(3) if ratings.get((w, k), 0) >= 4) >= least}
            assert [m.query(f"votes:>={least}") for m in members] == [expected] * 3
        assert SECRET not in git(bare, "log", "-p", "--all")
    finally:
        for member in members:
            member.lib.close()


# -- meeting papers across libraries ------------------------------------------------------------------


def _paper(abstract: str, title: str = "", **fields):
    from tui.core.models import Paper, paper_id

    return Paper(id=paper_id(abstract, title), abstract=abstract, list="L", title=title, **fields)


def test_papers_with_the_same_title_are_told_apart_by_their_abstracts() -> None:
    from tui.core.group.match import Identity, Matcher

    first = _paper("We study how reading groups choose papers, with a survey of forty labs and their voting habits.", "Introduction")
    second = _paper("We prove lower bounds for streaming algorithms that estimate frequency moments in one pass.", "Introduction")
    assert first.id != second.id
    matcher = Matcher([first, second])
    assert matcher.find(Identity.of(second)) == second.id
    assert matcher.find(Identity(title="Introduction")) == first.id  # by title alone: the first of them


def test_a_citation_key_yields_to_a_different_title_year_or_doi() -> None:
    from tui.core.group.match import Identity, Matcher

    mine = _paper("Abstract A.", "Learning to Rank with Graphs", citekey="smith2020learning", year="2020", doi="10.1/a")
    matcher = Matcher([mine])
    assert matcher.find(Identity(citekey="Smith2020Learning", title="Learning to rank with graphs")) == mine.id
    assert matcher.find(Identity(citekey="smith2020learning", title="Learning Curves of Deep Nets")) is None
    assert matcher.find(Identity(citekey="smith2020learning", year="2021")) is None
    assert matcher.find(Identity(citekey="smith2020learning", doi="10.1/b")) is None
    assert matcher.find(Identity(doi="https://doi.org/10.1/A", year="1999")) == mine.id  # a DOI is the paper
    assert matcher.find(Identity(title="Learning to Rank with Graphs", year="2021")) is None  # a title needs the same year
    assert matcher.find(Identity(title="LEARNING TO RANK — with graphs!")) == mine.id
